package clock

import (
	"fmt"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

const day = 24 * time.Hour

// newGameClock is a clock for n seats under tc, not yet running.
func newGameClock(tc bot.TimeControl, n int) *bot.GameClock {
	c := &bot.GameClock{Control: tc, LeftMS: make([]int64, n), Turn: -1}
	for i := range c.LeftMS {
		c.LeftMS[i] = tc.Base.Milliseconds()
	}
	return c
}

// running reports whether a seat's time runs on c.
func running(c *bot.GameClock) bool {
	return c != nil && !c.Since.IsZero() && c.Turn >= 0 && c.Turn < len(c.LeftMS)
}

// left is seat's time left at now.
func left(c *bot.GameClock, seat int, now time.Time) time.Duration {
	if seat < 0 || seat >= len(c.LeftMS) {
		return 0
	}
	d := time.Duration(c.LeftMS[seat]) * time.Millisecond
	if running(c) && seat == c.Turn {
		d -= now.Sub(c.Since)
	}
	return d
}

// deadline is when the seat to move runs out of time; zero when no time
// runs.
func deadline(c *bot.GameClock) time.Time {
	if !running(c) {
		return time.Time{}
	}
	return c.Since.Add(time.Duration(c.LeftMS[c.Turn]) * time.Millisecond)
}

// flagged reports whether the seat to move has run out of time at now.
func flagged(c *bot.GameClock, now time.Time) bool {
	return running(c) && !now.Before(deadline(c))
}

// stop charges the seat whose time ran for the time it used, and stops
// the clock; moved says that seat ended its turn with a move (Fischer
// adds the increment; correspondence gives the full time back).
func stop(c *bot.GameClock, now time.Time, moved bool) {
	if !running(c) {
		c.Since = time.Time{}
		return
	}
	seat := c.Turn
	l := left(c, seat, now)
	if moved {
		if c.Control.PerMove {
			l = c.Control.Base
		} else {
			l += c.Control.Increment
		}
	}
	c.LeftMS[seat] = max(l, 0).Milliseconds()
	c.Since, c.Turn = time.Time{}, -1
}

// start runs seat's time from now; correspondence gives it a full move's
// time.
func start(c *bot.GameClock, seat int, now time.Time) {
	if seat < 0 || seat >= len(c.LeftMS) {
		return
	}
	if c.Control.PerMove {
		c.LeftMS[seat] = c.Control.Base.Milliseconds()
	}
	c.Turn, c.Since = seat, now.UTC()
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
