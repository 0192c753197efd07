package searchtest

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// countdown is a stand-in game: a position is a number, a move takes one
// or two from it, and at 0 there is no move.
type countdown struct{ n int }

func (c *countdown) moves() []int {
	return [][]int{nil, {1}, {1, 2}}[min(c.n, 2)]
}

func TestRandomGame(t *testing.T) {
	play := func(c *countdown, m int) { c.n -= m }
	tests := []struct {
		name   string
		start  int
		plies  int
		stopAt int // visit stops the game here; -1: never
		want   int // where the game stands
	}{
		{"no bound plays to the end", 10, -1, -1, 0},
		{"zero plies", 10, 0, -1, 10},
		{"visit stops", 10, -1, 10, 10},
	}
	for _, tc := range tests {
		c := &countdown{tc.start}
		var seen []int
		visit := func(c *countdown) bool { seen = append(seen, c.n); return c.n != tc.stopAt }
		RandomGame(rand.New(rand.NewPCG(1, 2)), c, tc.plies, (*countdown).moves, play, visit)
		if c.n != tc.want || (tc.plies < 0 && tc.stopAt < 0 && !slices.IsSortedFunc(seen, func(a, b int) int { return b - a })) {
			t.Errorf("%s: stopped at %d having seen %v; want %d", tc.name, c.n, seen, tc.want)
		}
	}
	c := &countdown{10}
	RandomGame(rand.New(rand.NewPCG(1, 2)), c, 3, (*countdown).moves, play, nil)
	if c.n < 4 || c.n > 7 {
		t.Errorf("three plies from 10 stood at %d; want 4 to 7", c.n)
	}
}

func TestRandomPositions(t *testing.T) {
	play := func(c *countdown, m int) { c.n -= m }
	over := func(c *countdown) bool { return c.n == 0 }
	start := func(i int) countdown { return countdown{i % 4} }
	got := RandomPositions(rand.New(rand.NewPCG(1, 2)), 20, 3, start, (*countdown).moves, play, over)
	if len(got) != 20 {
		t.Fatalf("RandomPositions(20) returned %d", len(got))
	}
	for _, c := range got {
		if c.n < 1 || c.n > 3 {
			t.Errorf("RandomPositions kept %d; want a game still going (1 to 3)", c.n)
		}
	}
}

func TestStarts(t *testing.T) {
	parse := func(s string) (countdown, error) { return countdown{len(s)}, nil }
	start := Starts(parse, "a", "bbb")
	if got := []int{start(0).n, start(1).n, start(2).n}; !slices.Equal(got, []int{1, 3, 1}) {
		t.Errorf("starts = %v; want [1 3 1]", got)
	}
}
