package record

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Clocks as a record keeps them. A game may be played on a clock: Fischer
// (a base time for the whole game and an increment added after each move,
// "10m+5s") or correspondence (a fixed time for each move, not
// accumulated, "1d"). The record keeps the clock as timestamps
// (GameClock): each seat's time left as of the last turn change, and when
// the current turn began. Time therefore runs while no process is up, and
// any process reads the same deadline from the store. The rules that run
// a clock and claim its flag are a feature's (a Referee); the record keeps
// only these types, so its format is its own.

// ErrBadClock: a clock spec that cannot be read or is out of range.
var ErrBadClock = errors.New("bad clock")

// Limits of a time control.
const (
	MinClock     = time.Second
	MaxClock     = 30 * 24 * time.Hour
	MaxIncrement = 24 * time.Hour
	day          = 24 * time.Hour
)

// TimeControl is how a game is timed. The zero value is no clock.
type TimeControl struct {
	// Base is the time each seat starts with (Fischer), or the time for
	// each move (correspondence).
	Base time.Duration
	// Increment is added to a seat's time after each of its moves
	// (Fischer only).
	Increment time.Duration
	// PerMove makes it correspondence: every turn has Base, whatever the
	// earlier turns used.
	PerMove bool
}

// IsZero reports whether tc is no clock.
func (tc TimeControl) IsZero() bool { return tc.Base == 0 }

// String writes tc as ParseTimeControl reads it: "10m+5s", "5m", "1d",
// "12h/move"; "none" for no clock.
func (tc TimeControl) String() string {
	switch {
	case tc.IsZero():
		return "none"
	case tc.PerMove && tc.Base%day == 0:
		return spanText(tc.Base)
	case tc.PerMove:
		return spanText(tc.Base) + "/move"
	case tc.Increment > 0:
		return spanText(tc.Base) + "+" + spanText(tc.Increment)
	case tc.Base%day == 0:
		return spanText(tc.Base) + "+0s" // a whole number of days alone is correspondence
	}
	return spanText(tc.Base)
}

// Describe is tc for people: "10m + 5s a move", "1d a move".
func (tc TimeControl) Describe() string {
	switch {
	case tc.IsZero():
		return "no clock"
	case tc.PerMove:
		return spanText(tc.Base) + " a move"
	case tc.Increment > 0:
		return spanText(tc.Base) + " + " + spanText(tc.Increment) + " a move"
	}
	return spanText(tc.Base) + " each"
}

// MarshalText writes tc as String does.
func (tc TimeControl) MarshalText() ([]byte, error) { return []byte(tc.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (tc *TimeControl) UnmarshalText(b []byte) error {
	v, err := ParseTimeControl(string(b))
	if err != nil {
		return err
	}
	*tc = v
	return nil
}

// ParseTimeControl reads a clock spec:
//
//	10m+5s    Fischer: 10 minutes each, 5 seconds added after each move
//	5m        Fischer without increment
//	1h30m+30s sums of units (ms, s, m, h, d) in any part
//	2s+20ms   an engine match's clock
//	1d, 3d    a whole number of days alone: correspondence, that long a move
//	12h/move  correspondence with any time a move
//	none      no clock (also "untimed", "noclock", "off")
//
// Times are from 1s to 30 days; an increment at most a day.
func ParseTimeControl(s string) (TimeControl, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	switch w {
	case "none", "untimed", "noclock", "off":
		return TimeControl{}, nil
	case "":
		return TimeControl{}, fmt.Errorf("%w: empty clock; say like 10m+5s, 5m or 1d", ErrBadClock)
	}
	var tc TimeControl
	if rest, ok := strings.CutSuffix(w, "/move"); ok {
		base, err := parseSpan(rest)
		if err != nil {
			return TimeControl{}, err
		}
		tc = TimeControl{Base: base, PerMove: true}
	} else {
		baseText, incText, hasInc := strings.Cut(w, "+")
		base, err := parseSpan(baseText)
		if err != nil {
			return TimeControl{}, err
		}
		tc.Base = base
		if hasInc {
			if tc.Increment, err = parseSpan(incText); err != nil {
				return TimeControl{}, err
			}
		} else if strings.HasSuffix(baseText, "d") && base%day == 0 && strings.Count(baseText, "d") == 1 && onlyDays(baseText) {
			tc.PerMove = true
		}
	}
	if tc.Base < MinClock || tc.Base > MaxClock {
		return TimeControl{}, fmt.Errorf("%w: %q is out of range: a clock is from 1s to 30d", ErrBadClock, cut(w, 20))
	}
	if tc.Increment < 0 || tc.Increment > MaxIncrement {
		return TimeControl{}, fmt.Errorf("%w: increment %s is out of range: at most 1d", ErrBadClock, spanText(tc.Increment))
	}
	return tc, nil
}

// onlyDays reports whether a span text is digits and one final "d".
func onlyDays(s string) bool {
	for _, r := range strings.TrimSuffix(s, "d") {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// parseSpan reads a sum of whole numbers with units: "1h30m", "45s",
// "0s", "20ms". A bare "0" is zero (an increment of nothing).
func parseSpan(s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	if s == "" || len(s) > 32 {
		return 0, fmt.Errorf("%w: %q is not a time; say like 10m+5s, 5m or 1d", ErrBadClock, cut(s, 20))
	}
	var total time.Duration
	seen := map[byte]bool{}
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i == len(s) || i > 7 {
			return 0, fmt.Errorf("%w: %q is not a time; say like 10m+5s, 5m or 1d", ErrBadClock, cut(s, 20))
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil {
			return 0, fmt.Errorf("%w: %q is not a time", ErrBadClock, cut(s, 20))
		}
		sym, width := s[i], 1
		if strings.HasPrefix(s[i:], "ms") {
			sym, width = 'u', 2 // milliseconds: an engine match's increment, "2s+20ms"
		}
		unit := map[byte]time.Duration{'u': time.Millisecond, 's': time.Second, 'm': time.Minute, 'h': time.Hour, 'd': day}[sym]
		if unit == 0 || seen[sym] {
			return 0, fmt.Errorf("%w: %q is not a time: units are ms, s, m, h and d, each once", ErrBadClock, cut(s, 20))
		}
		seen[sym] = true
		total += time.Duration(n) * unit
		if total > 10*MaxClock {
			return 0, fmt.Errorf("%w: %q is out of range: a clock is from 1s to 30d", ErrBadClock, cut(s, 20))
		}
		s = s[i+width:]
	}
	return total, nil
}

// spanText writes d briefly with units: "1h30m", "5s", "1d", "20ms".
func spanText(d time.Duration) string {
	if d <= 0 {
		return "0s"
	}
	var sb strings.Builder
	for _, u := range []struct {
		unit time.Duration
		name string
	}{{day, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}, {time.Millisecond, "ms"}} {
		if n := d / u.unit; n > 0 {
			fmt.Fprintf(&sb, "%d%s", n, u.name)
			d -= n * u.unit
		}
	}
	if sb.Len() == 0 {
		return "0s"
	}
	return sb.String()
}

// GameClock is a game's clock in its record.
type GameClock struct {
	Control TimeControl `json:"control"`
	// LeftMS is each seat's time left, in milliseconds, as of the last
	// turn change (the seat to move has used time since Since).
	LeftMS []int64 `json:"left_ms"`
	// Turn is the seat whose time runs, and Since when its turn began;
	// Since is zero while no time runs (before play, in a setup, over).
	Turn  int       `json:"turn"`
	Since time.Time `json:"since,omitzero"`
}

// cut shortens s to at most n bytes at a character boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
