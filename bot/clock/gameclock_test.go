package clock

import (
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

func TestClockText(t *testing.T) {
	cases := []struct {
		name string
		d    time.Duration
		want string
	}{
		{"minutes and seconds", 9*time.Minute + 41*time.Second, "9:41"},
		{"under a second shows a second", 400 * time.Millisecond, "0:01"},
		{"hours", time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
		{"days", 27 * time.Hour, "1d 3h"},
		{"never negative", -time.Second, "0:00"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := clockText(c.d); got != c.want {
				t.Fatalf("clockText(%v): got %q; want %q", c.d, got, c.want)
			}
		})
	}
}

func TestStopCharges(t *testing.T) {
	t0 := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	cases := []struct {
		name   string
		tc     bot.TimeControl
		used   time.Duration
		moved  bool
		wantMS int64
	}{
		{"fischer adds the increment after a move", bot.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}, time.Minute, true, 545_000},
		{"fischer adds nothing without a move", bot.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}, time.Minute, false, 540_000},
		{"correspondence gives the move's time back", bot.TimeControl{Base: 24 * time.Hour, PerMove: true}, 20 * time.Hour, true, 86_400_000},
		{"never below zero", bot.TimeControl{Base: time.Minute}, 2 * time.Minute, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := newGameClock(c.tc, 2)
			start(k, 0, t0)
			if got := deadline(k); !got.Equal(t0.Add(c.tc.Base)) {
				t.Fatalf("deadline: got %v; want %v", got, t0.Add(c.tc.Base))
			}
			stop(k, t0.Add(c.used), c.moved)
			if running(k) || k.LeftMS[0] != c.wantMS || k.LeftMS[1] != c.tc.Base.Milliseconds() {
				t.Fatalf("after stop: got %+v; want stopped, seat 0 at %d ms, seat 1 untouched", k, c.wantMS)
			}
		})
	}
}
