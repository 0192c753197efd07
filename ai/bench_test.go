package ai

import (
	"strings"
	"testing"
)

// The bench signature: the nodes and moves of Bench at BenchDepth. They
// change only when the search does; a change that means to keep the
// search's behaviour must leave both as they are.
const (
	benchNodes = 971033 // changes only when the search does
	benchMoves = "b7 a6 a6 g1e3 g2 d4f2 d3 f4g2"
)

func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions to depth 7")
	}
	res, err := benchResults(BenchDepth)
	if err != nil {
		t.Fatal(err)
	}
	var nodes uint64
	var moves []string
	for _, r := range res {
		nodes += r.Info.Nodes
		moves = append(moves, r.Move.String())
	}
	if got := strings.Join(moves, " "); got != benchMoves {
		t.Errorf("bench moves %q; want %q", got, benchMoves)
	}
	if nodes != benchNodes {
		t.Errorf("bench nodes %d; want %d", nodes, benchNodes)
	}
}
