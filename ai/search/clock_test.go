package search

import (
	"context"
	"testing"
	"time"
)

func TestBudget(t *testing.T) {
	tests := []struct {
		name             string
		lim              Limits
		wantHardAtMost   time.Duration
		wantSoftPositive bool
	}{
		{"movetime", Limits{MoveTime: time.Second}, time.Second, true},
		{"clock", Limits{Time: 60 * time.Second, Inc: time.Second}, 30 * time.Second, true},
		{"low clock", Limits{Time: 50 * time.Millisecond}, 25 * time.Millisecond, true},
		{"cap", Limits{MoveTime: time.Minute, Cap: 10 * time.Second}, 10 * time.Second, true},
		{"none", Limits{}, 0, false},
	}
	for _, tt := range tests {
		hard, soft := Budget(tt.lim, 0)
		if hard > tt.wantHardAtMost || (soft > 0) != tt.wantSoftPositive || soft > hard {
			t.Errorf("%s: budget = %v, %v; want hard <= %v, soft > 0: %v, soft <= hard", tt.name, hard, soft, tt.wantHardAtMost, tt.wantSoftPositive)
		}
	}
}

// TestBudgetKeepsTheClock: for every clock from 1 ms to 10 minutes, with
// and without increment and moves to go, the hard stop leaves the
// overhead (or half of a clock shorter than twice that) on the clock,
// and the soft limit is at most the hard one.
func TestBudgetKeepsTheClock(t *testing.T) {
	for ms := 1; ms <= 600_000; ms = ms*11/10 + 1 {
		for _, inc := range []time.Duration{0, 10 * time.Millisecond, 20 * time.Millisecond, time.Second} {
			for _, mtg := range []int{0, 1, 2, 40} {
				for _, moves := range []int{0, 1, 12, 25} {
					lim := Limits{Time: time.Duration(ms) * time.Millisecond, Inc: inc, MovesToGo: mtg}
					hard, soft := Budget(lim, moves)
					keep := min(DefaultOverhead, lim.Time/2)
					if hard+keep > lim.Time || hard > lim.Time/2 || soft > hard || soft <= 0 {
						t.Fatalf("Budget(%+v, %d) = %v, %v; want hard + %v <= %v, hard <= half the clock, 0 < soft <= hard", lim, moves, hard, soft, keep, lim.Time)
					}
				}
			}
		}
	}
}

// TestAnother: another iteration starts only when, growing as the last
// one did, it would end within one and a half soft limits and before the
// hard stop.
func TestAnother(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	start := time.Now()
	c := &Clock{start: start, soft: ms(100), deadline: start.Add(ms(400))}
	tests := []struct {
		name                string
		elapsed, iter, prev time.Duration
		want                bool
	}{
		{"early, small iterations", ms(10), ms(6), ms(2), true},     // 10 + 18 = 28
		{"past the soft limit", ms(101), ms(1), ms(1), false},       // soft reached
		{"would end past 1.5 soft", ms(60), ms(40), ms(10), false},  // 60 + 160 = 220 > 150
		{"would end within 1.5 soft", ms(60), ms(30), ms(20), true}, // 60 + 45 = 105
		{"growth clamped to 1.5", ms(40), ms(40), ms(80), true},     // 40 + 60 = 100
		{"unknown growth counts double", ms(50), ms(60), 0, false},  // 50 + 120 = 170 > 150
	}
	for _, tt := range tests {
		if got := c.Another(tt.elapsed, tt.iter, tt.prev); got != tt.want {
			t.Errorf("%s: another(%v, %v, %v) = %v; want %v", tt.name, tt.elapsed, tt.iter, tt.prev, got, tt.want)
		}
	}
	c.deadline = start.Add(ms(100)) // a hard stop before 1.5 soft
	if c.Another(ms(60), ms(30), ms(20)) {
		t.Errorf("an iteration expected to end at 105 ms started with the hard stop at 100 ms")
	}
}

// TestClockStops: the clock stops a search at its node limit exactly, at
// its hard stop, and when its context is done, but not while a search
// must finish.
func TestClockStops(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name       string
		hard       time.Duration
		nodes      uint64
		ctx        context.Context
		mustFinish bool
		visits     int
		want       bool
	}{
		{name: "no limit", ctx: context.Background(), visits: 5000, want: false},
		{name: "node limit reached", ctx: context.Background(), nodes: 10, visits: 10, want: true},
		{name: "node limit not reached", ctx: context.Background(), nodes: 10, visits: 9, want: false},
		{name: "context done", ctx: done, visits: 1024, want: true},
		{name: "hard stop passed", ctx: context.Background(), hard: time.Nanosecond, visits: 1024, want: true},
		{name: "must finish", ctx: done, mustFinish: true, visits: 2048, want: false},
	}
	for _, tt := range tests {
		var c Clock
		c.Start(tt.ctx, time.Time{}, tt.hard, 0, tt.nodes)
		c.MustFinish(tt.mustFinish)
		time.Sleep(time.Microsecond)
		for range tt.visits {
			c.Visit()
		}
		if got := c.Stopped(); got != tt.want {
			t.Errorf("%s: Stopped() after %d visits = %v; want %v", tt.name, tt.visits, got, tt.want)
		}
	}
}

// TestBudgetMovesShareTheClock: fewer moves to share a sudden-death clock
// over give each move more of it; none asked (0 or less) means DefaultMoves.
func TestBudgetMovesShareTheClock(t *testing.T) {
	lim := Limits{Time: time.Minute}
	_, few := Budget(lim, 12)
	_, many := Budget(lim, 40)
	_, def := Budget(lim, DefaultMoves)
	if few <= def || def <= many {
		t.Errorf("soft limits for 12, %d and 40 moves = %v, %v, %v; want each longer than the next", DefaultMoves, few, def, many)
	}
	for _, moves := range []int{0, -5} {
		if hard, soft := Budget(lim, moves); soft != def || hard <= 0 {
			t.Errorf("Budget for %d moves = hard %v, soft %v; want soft %v, as for %d, and a hard stop", moves, hard, soft, def, DefaultMoves)
		}
	}
}
