package search

import (
	"errors"
	"strconv"
	"testing"
	"time"
)

// square is a stand-in move: the number it was parsed from, squared.
type square int

func (m square) String() string { return strconv.Itoa(int(m)) }

// TestBench: the nodes and times add up, the moves join in order, and a
// position that does not parse stops the bench with its error and the
// moves chosen before it.
func TestBench(t *testing.T) {
	run := func(n int) Result[square] {
		return Result[square]{Move: square(n * n), Info: Info[square]{Nodes: uint64(n), Time: time.Duration(n)}}
	}
	nodes, elapsed, moves, err := Bench([]string{"2", "3", "4"}, strconv.Atoi, run)
	if nodes != 9 || elapsed != 9 || moves != "4 9 16" || err != nil {
		t.Errorf("Bench = %d, %v, %q, %v; want 9, 9ns, \"4 9 16\", nil", nodes, elapsed, moves, err)
	}
	_, _, moves, err = Bench([]string{"2", "x", "4"}, strconv.Atoi, run)
	if moves != "4" || !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("Bench with a bad position: %q, %v; want \"4\" and a syntax error", moves, err)
	}
}
