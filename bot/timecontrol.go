package bot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Clocks. A game may be played on a clock: Fischer (a base time for the
// whole game and an increment added after each move, "10m+5s") or
// correspondence (a fixed time for each move, not accumulated, "1d"). The
// record keeps the clock as timestamps (GameClock): each seat's time left
// as of the last turn change, and when the current turn began. Time
// therefore runs while no process is up, and any process reads the same
// deadline from the store. The host claims a flag itself (a timer per
// clocked table, and a check before every command at the table).

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

// looksLikeClock reports whether a word of start is meant as a clock: it
// begins with a digit, or is one of the words for no clock.
func looksLikeClock(w string) bool {
	switch strings.ToLower(w) {
	case "none", "untimed", "noclock", "off":
		return true
	}
	return w != "" && w[0] >= '0' && w[0] <= '9'
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

// clockText shows time left as a clock does: "9:41", "1:02:03", "1d 3h";
// never negative.
func clockText(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d >= day {
		days, hours := d/day, (d%day)/time.Hour
		return fmt.Sprintf("%dd %dh", days, hours)
	}
	secs := int64((d + time.Second - 1) / time.Second) // 0.4s left shows 0:01, not 0:00
	h, m, s := secs/3600, secs/60%60, secs%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%d:%02d", m, s)
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

// newGameClock is a clock for n seats under tc, not yet running.
func newGameClock(tc TimeControl, n int) *GameClock {
	c := &GameClock{Control: tc, LeftMS: make([]int64, n), Turn: -1}
	for i := range c.LeftMS {
		c.LeftMS[i] = tc.Base.Milliseconds()
	}
	return c
}

func (c *GameClock) running() bool {
	return c != nil && !c.Since.IsZero() && c.Turn >= 0 && c.Turn < len(c.LeftMS)
}

// left is seat's time left at now.
func (c *GameClock) left(seat int, now time.Time) time.Duration {
	if seat < 0 || seat >= len(c.LeftMS) {
		return 0
	}
	d := time.Duration(c.LeftMS[seat]) * time.Millisecond
	if c.running() && seat == c.Turn {
		d -= now.Sub(c.Since)
	}
	return d
}

// Deadline is when the seat to move runs out of time; zero when no time
// runs.
func (c *GameClock) Deadline() time.Time {
	if !c.running() {
		return time.Time{}
	}
	return c.Since.Add(time.Duration(c.LeftMS[c.Turn]) * time.Millisecond)
}

// flagged reports whether the seat to move has run out of time at now.
func (c *GameClock) flagged(now time.Time) bool {
	return c.running() && !now.Before(c.Deadline())
}

// stop charges the seat whose time ran for the time it used, and stops
// the clock; moved says that seat ended its turn with a move (Fischer
// adds the increment; correspondence gives the full time back).
func (c *GameClock) stop(now time.Time, moved bool) {
	if !c.running() {
		c.Since = time.Time{}
		return
	}
	seat := c.Turn
	left := c.left(seat, now)
	if moved {
		if c.Control.PerMove {
			left = c.Control.Base
		} else {
			left += c.Control.Increment
		}
	}
	c.LeftMS[seat] = max(left, 0).Milliseconds()
	c.Since, c.Turn = time.Time{}, -1
}

// start runs seat's time from now; correspondence gives it a full move's
// time.
func (c *GameClock) start(seat int, now time.Time) {
	if seat < 0 || seat >= len(c.LeftMS) {
		return
	}
	if c.Control.PerMove {
		c.LeftMS[seat] = c.Control.Base.Milliseconds()
	}
	c.Turn, c.Since = seat, now.UTC()
}

// SetupPhaser is implemented by a State whose play begins with a setup
// inside the playing phase (hidden armies, hidden numbers): no clock runs
// while InSetup reports true.
type SetupPhaser interface {
	InSetup() bool
}

// clockSeat is the seat whose time should run in t's game now, or -1:
// exactly one seat owes an action, in play, past any setup.
func clockSeat(t *tx) int {
	if t.rec.Phase != PhasePlaying || t.st.Result().Over {
		return -1
	}
	if sp, ok := t.st.(SetupPhaser); ok && sp.InSetup() {
		return -1
	}
	pending := t.st.Pending()
	if len(pending) != 1 || pending[0] < 0 || pending[0] >= len(t.rec.Seats) {
		return -1
	}
	return pending[0]
}

// syncClock brings the game's clock up to date after a change: when the
// seat whose time runs is no longer the one to act, its time stops (with
// the increment when moved says it moved) and the next one's starts.
func (b *Bot) syncClock(t *tx, moved bool) {
	c := t.rec.Clock
	if c == nil || t.st == nil {
		return
	}
	if len(c.LeftMS) != len(t.rec.Seats) {
		*c = *newGameClock(c.Control, len(t.rec.Seats))
	}
	now := b.clock.Now()
	next := clockSeat(t)
	if c.running() && c.Turn == next {
		return // the same seat still acts: its time runs on
	}
	c.stop(now, moved)
	if next >= 0 {
		c.start(next, now)
	}
}

// flagDue reports whether the loaded game's side to move has run out of
// time.
func (b *Bot) flagDue(t *tx) bool {
	return t != nil && !t.empty() && t.damaged == nil && t.rec != nil && t.rec.Phase == PhasePlaying &&
		t.rec.Clock.flagged(b.clock.Now())
}

// claimFlag ends the game on time: the seat to move loses. The message
// names seats only (a hidden kind's secrets are not in it).
func (b *Bot) claimFlag(t *tx) {
	c := t.rec.Clock
	seat := c.Turn
	c.LeftMS[seat] = 0
	c.Since, c.Turn = time.Time{}, -1
	winner := -1
	text := fmt.Sprintf("%s loses on time.", t.spec.SeatName(seat))
	if n := len(t.rec.Seats); n > 1 {
		winner = (seat + 1) % n
		text += fmt.Sprintf(" %s wins.", t.spec.SeatName(winner))
	}
	t.rec.DrawBy, t.rec.DrawAt, t.rec.UndoBy = 0, time.Time{}, -1
	b.end(t, Result{Over: true, Winner: winner, Ending: EndTime}, text)
}

// clockLine shows both clocks: "Clock (10m + 5s a move): Red 9:41,
// Blue 10:05 (to move)."; "" for a game without a clock.
func (b *Bot) clockLine(t *tx) string {
	times := b.clockTimes(t)
	if times == "" {
		return ""
	}
	return fmt.Sprintf("Clock (%s): %s.", t.rec.Clock.Control.Describe(), times)
}

// clockTimes is each seat's time left: "Red 9:41, Blue 10:05 (to
// move)"; "" for a game without a clock.
func (b *Bot) clockTimes(t *tx) string {
	c := t.rec.Clock
	if c == nil || t.empty() || t.rec.Phase == PhaseSetup {
		return ""
	}
	now := b.clock.Now()
	var parts []string
	for i := range c.LeftMS {
		p := t.spec.SeatName(i) + " " + clockText(c.left(i, now))
		if c.running() && c.Turn == i {
			p += " (to move)"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// withClock is the board r with the clock line under it, for a clocked
// game; r itself otherwise.
func (b *Bot) withClock(t *tx, r Reply) Reply {
	if line := b.clockLine(t); line != "" {
		r.Text = strings.TrimRight(r.Text, "\n") + "\n" + line
	}
	return r
}

// aiBudget is how long the AI playing seat may think on this move: a
// share of its time (a thirtieth of what is left, plus most of the
// increment; for correspondence a tenth of the move's time), never more
// than a third of what is left; 0 without a clock (the level's own).
func (b *Bot) aiBudget(t *tx, seat int) time.Duration {
	c := t.rec.Clock
	if c == nil || !c.running() || c.Turn != seat {
		return 0
	}
	left := c.left(seat, b.clock.Now())
	var share time.Duration
	if c.Control.PerMove {
		share = left / 10
	} else {
		share = left/30 + c.Control.Increment*8/10
	}
	share = min(share, left/3)
	return max(share, time.Millisecond)
}

// clockRuns reports whether t's game has a clock running.
func clockRuns(t *tx) bool {
	return t.rec != nil && t.rec.Phase == PhasePlaying && t.rec.Clock.running()
}

// armFlag sets the table's flag timer for the saved record's deadline, or
// stops it when no clock runs there. Only a bot that delivers through a
// Sender (Async) keeps timers; without one, the next command claims.
func (b *Bot) armFlag(table Table, rec *Record) {
	if b.sender == nil {
		return
	}
	var deadline time.Time
	if rec != nil && rec.Phase == PhasePlaying && rec.Link == "" {
		deadline = rec.Clock.Deadline()
	}
	key := table.Key()
	b.mu.Lock()
	defer b.mu.Unlock()
	if old, ok := b.flags[key]; ok {
		old.Stop()
		delete(b.flags, key)
	}
	if deadline.IsZero() || b.ctx.Err() != nil {
		return
	}
	wait := max(deadline.Sub(b.clock.Now()), 0)
	b.flags[key] = time.AfterFunc(wait, func() { b.flagTimer(table) })
}

// flagTimer claims the table's flag when its timer fires, and says so
// through the Sender; when the flag has not fallen (a move came first,
// or the clock says it is not yet time) the timer is set again from the
// record.
func (b *Bot) flagTimer(table Table) {
	b.mu.Lock()
	if b.ctx.Err() != nil {
		b.mu.Unlock()
		return
	}
	b.workers.Add(1)
	b.mu.Unlock()
	defer b.workers.Done()
	ctx := b.ctx
	none := Message{Network: table.Network, Channel: table.Channel}
	t, err := b.update(ctx, table, none, func(t *tx) error {
		t.replies = nil
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return
		}
		// The store is away: the owed mark stays, and the timer tries
		// again shortly.
		b.log.Warn("claiming a flag", "table", table.Key(), "err", err)
		b.mu.Lock()
		if b.ctx.Err() == nil {
			b.flags[table.Key()] = time.AfterFunc(time.Second, func() { b.flagTimer(table) })
		}
		b.mu.Unlock()
		return
	}
	if len(t.replies) > 0 {
		b.log.Info("flag claimed", "table", table.Key())
		if err := b.sender.Send(ctx, b.finish(none, table, t.replies)); err != nil {
			b.log.Warn("sending a flag", "table", table.Key(), "err", err)
		}
		return
	}
	if t.table == table && !t.empty() && t.damaged == nil {
		b.armFlag(table, t.rec)
	}
}
