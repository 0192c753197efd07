package search

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func TestLevelsAt(t *testing.T) {
	ladder := Levels{{Random: true}, {Depth: 1, Noise: 50}, {TimeDiv: 1}}
	tests := []struct {
		name  string
		level int
		want  Level
	}{
		{name: "below the ladder", level: -3, want: Level{Random: true}},
		{name: "first", level: 1, want: Level{Random: true}},
		{name: "middle", level: 2, want: Level{Depth: 1, Noise: 50}},
		{name: "top", level: 3, want: Level{TimeDiv: 1}},
		{name: "beyond the ladder", level: 99, want: Level{TimeDiv: 1}},
	}
	for _, tt := range tests {
		if got := ladder.At(tt.level); got != tt.want {
			t.Errorf("%s: At(%d) = %+v; want %+v", tt.name, tt.level, got, tt.want)
		}
	}
	if got, want := (Level{TimeDiv: 8}).MoveTime(time.Second), time.Second/8; got != want {
		t.Errorf("MoveTime of an eighth of 1s = %v; want %v", got, want)
	}
	if got := (Level{Depth: 3}).MoveTime(time.Second); got != 0 {
		t.Errorf("MoveTime of a fixed-depth level = %v; want 0", got)
	}
}

func TestPool(t *testing.T) {
	made := 0
	p := NewPool(1, time.Second, func() *int { made++; return new(int) })
	tests := []struct {
		name   string
		budget time.Duration
		want   time.Duration
	}{
		{name: "none", budget: 0, want: time.Second},
		{name: "less", budget: time.Millisecond, want: time.Millisecond},
		{name: "more", budget: time.Minute, want: time.Second},
	}
	for _, tt := range tests {
		if got := p.Budget(tt.budget); got != tt.want {
			t.Errorf("%s: Budget(%v) = %v; want %v", tt.name, tt.budget, got, tt.want)
		}
	}
	s, err := p.Lend(context.Background())
	if err != nil || s == nil {
		t.Fatalf("Lend = %v, %v; want a searcher", s, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Lend(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Lend from an empty pool with a done context: %v; want context.Canceled", err)
	}
	p.Return(s)
	again, _ := p.Lend(context.Background())
	if again != s || made != 1 {
		t.Errorf("second Lend made %d searchers, same one %v; want 1, true", made, again == s)
	}
}

// TestPlayer: a random level answers without a searcher, even from a
// pool whose searchers are all lent; the others choose with a lent one
// within the pool's budget, cleared by the ladder's rule.
func TestPlayer(t *testing.T) {
	over := errors.New("over")
	ladder := Ladder[int, square]{
		Levels: Levels{{Random: true}, {Depth: 2}, {TimeDiv: 1}},
		Random: func(pos int, seed int64) (square, error) { return square(-pos), nil },
		Clear:  ClearFixedDepth,
		Over:   over,
	}
	p := NewPlayer(NewPool(1, time.Second, func() *squarer { return &squarer{add: 100} }), ladder)
	lent, _ := p.Searchers().Lend(context.Background())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if m, err := p.ChooseMove(ctx, 5, 1, 0); m != -5 || err != nil {
		t.Errorf("random level with every searcher lent: %d, %v; want -5, nil", m, err)
	}
	if _, err := p.ChooseMove(ctx, 5, 2, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("searching level with every searcher lent and ctx done: %v; want context.Canceled", err)
	}
	p.Searchers().Return(lent)
	if m, err := p.ChooseMoveWithin(context.Background(), 5, 3, time.Minute, 0); m != 125 || err != nil || lent.lim.MoveTime != time.Second || lent.clears != 0 {
		t.Errorf("timed level: %d, %v within %v after %d clears; want 125, nil within 1s after none", m, err, lent.lim.MoveTime, lent.clears)
	}
	if m, err := p.ChooseMove(context.Background(), 5, 2, 0); m != 125 || err != nil || lent.lim.Depth != 2 || lent.clears != 1 {
		t.Errorf("fixed-depth level: %d, %v at depth %d after %d clears; want 125, nil at 2 after 1", m, err, lent.lim.Depth, lent.clears)
	}
}

// TestLadderChoose: Choose fails with the ladder's error when the search
// finds no move, and always clears under ClearAlways.
func TestLadderChoose(t *testing.T) {
	over := errors.New("over")
	ladder := Ladder[int, square]{Levels: Levels{{TimeDiv: 1}}, Clear: ClearAlways, Over: over}
	s := &squarer{}
	if _, err := ladder.Choose(context.Background(), s, 0, 1, time.Second, 3); !errors.Is(err, over) || s.clears != 1 {
		t.Errorf("Choose without a move: %v after %d clears; want %v after 1", err, s.clears, over)
	}
}

// TestJitter: Jitter is the finaliser mix names, reduced to ±noise.
func TestJitter(t *testing.T) {
	mix := Mix{A: 33, Mul: 0xff51afd7ed558ccd, B: 33}
	for _, key := range []uint64{0, 1, 0xdeadbeef, 1<<63 | 12345} {
		h := key
		h ^= h >> 33
		h *= 0xff51afd7ed558ccd
		h ^= h >> 33
		want := int(h%uint64(2*20+1)) - 20
		if got := Jitter(key, 20, mix); got != want || got < -20 || got > 20 {
			t.Errorf("Jitter(%#x, 20) = %d; want %d", key, got, want)
		}
	}
}

func TestLevelsLimits(t *testing.T) {
	ladder := Levels{{Random: true}, {Depth: 2, Noise: 50}, {TimeDiv: 2}}
	budget := 4 * time.Second
	tests := []struct {
		name   string
		level  int
		lim    Limits
		opts   Options
		random bool
	}{
		{"random", 1, Limits{Cap: budget}, Options{}, true},
		{"fixed depth with noise", 2, Limits{Depth: 2, Cap: budget}, Options{Noise: 50}, false},
		{"half the budget", 3, Limits{MoveTime: budget / 2, Cap: budget}, Options{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lim, opts, random := ladder.Limits(tc.level, budget)
			if lim != tc.lim || opts != tc.opts || random != tc.random {
				t.Errorf("Limits(%d) = %+v, %+v, %v; want %+v, %+v, %v", tc.level, lim, opts, random, tc.lim, tc.opts, tc.random)
			}
		})
	}
}

func TestRandomMoveAndChosen(t *testing.T) {
	over := errors.New("over")
	if _, err := RandomMove([]int(nil), 1, 7, over); !errors.Is(err, over) {
		t.Errorf("RandomMove(none) error = %v; want %v", err, over)
	}
	a, _ := RandomMove([]int{1, 2, 3}, 5, 7, over)
	b, _ := RandomMove([]int{1, 2, 3}, 5, 7, over)
	if a != b || a == 0 {
		t.Errorf("RandomMove twice with one seed = %d, %d; want the same legal move", a, b)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tests := []struct {
		name string
		ctx  context.Context
		m    int
		want int
		err  error
	}{
		{"a move", context.Background(), 3, 3, nil},
		{"no move", context.Background(), 0, 0, over},
		{"cut short", ctx, 3, 0, context.Canceled},
	}
	cancel()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Chosen(tc.ctx, tc.m, over)
			if got != tc.want || !errors.Is(err, tc.err) {
				t.Errorf("Chosen(%d) = %d, %v; want %d, %v", tc.m, got, err, tc.want, tc.err)
			}
		})
	}
}

func TestClimb(t *testing.T) {
	got := Climb(1, []int{400, 150}, []int{1, 2, 3}, []int{2, 1})
	want := Levels{
		{Random: true, TimeDiv: 1},
		{Depth: 1, Noise: 400, TimeDiv: 1}, {Depth: 2, Noise: 150, TimeDiv: 1}, {Depth: 3, TimeDiv: 1},
		{TimeDiv: 2}, {TimeDiv: 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Climb = %v; want %v", got, want)
	}
}
