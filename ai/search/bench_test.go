package search

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"
)

// square is a stand-in move: the number it was parsed from, squared.
type square int

func (m square) String() string { return strconv.Itoa(int(m)) }

// squarer is a stand-in searcher over numbers: it answers a position's
// square in as many nodes and nanoseconds as the position, plus what it
// adds (its table), and counts its clears.
type squarer struct {
	add    int
	clears int
	lim    Limits // of the last search
}

func (s *squarer) Search(_ context.Context, n int, lim Limits, _ Options, _ func(Info[square])) Result[square] {
	s.lim = lim
	return Result[square]{Move: square(n*n + s.add), Info: Info[square]{Nodes: uint64(n), Time: time.Duration(n)}}
}

func (s *squarer) Clear() { s.clears++ }

// TestBench: the nodes and times add up, the moves join in order, each
// search is cleared first and fixed to the depth, and a position that
// does not parse stops the bench with its error and the moves chosen
// before it.
func TestBench(t *testing.T) {
	s := &squarer{}
	nodes, elapsed, moves, err := Bench([]string{"2", "3", "4"}, strconv.Atoi, 5, s)
	if nodes != 9 || elapsed != 9 || moves != "4 9 16" || err != nil {
		t.Errorf("Bench = %d, %v, %q, %v; want 9, 9ns, \"4 9 16\", nil", nodes, elapsed, moves, err)
	}
	if s.clears != 3 || s.lim != (Limits{Depth: 5}) {
		t.Errorf("Bench cleared %d times, last limits %+v; want 3, depth 5", s.clears, s.lim)
	}
	_, _, moves, err = Bench([]string{"2", "x", "4"}, strconv.Atoi, 5, s)
	if moves != "4" || !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("Bench with a bad position: %q, %v; want \"4\" and a syntax error", moves, err)
	}
}
