package abaloneai

import (
	"strings"
	"testing"
)

// The bench signature: the nodes and moves of Bench at BenchDepth. They
// change only when the search does; a change that means to keep the
// search's behaviour must leave both as they are.
const (
	benchNodes = 117202 // changes only when the search does // changes only when the search does
	benchMoves = "a1b2 a1b2 c1d2 g6f5"
)

func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions to depth 5")
	}
	res, err := benchResults(BenchDepth)
	if err != nil {
		t.Fatal(err)
	}
	var nodes uint64
	var moves []string
	for _, r := range res {
		nodes += r.Nodes
		moves = append(moves, r.Move.String())
	}
	if got := strings.Join(moves, " "); got != benchMoves {
		t.Errorf("bench moves %q; want %q", got, benchMoves)
	}
	if nodes != benchNodes {
		t.Errorf("bench nodes %d; want %d", nodes, benchNodes)
	}
}
