package ataxxai

import "testing"

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
	nodes, _, moves, err := bench(BenchDepth)
	if err != nil || nodes != benchNodes || moves != benchMoves {
		t.Errorf("bench: %d nodes, moves %q, %v; want %d nodes, moves %q", nodes, moves, err, benchNodes, benchMoves)
	}
}
