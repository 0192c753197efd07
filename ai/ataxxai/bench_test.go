package ataxxai

import "testing"

// The bench signature: the nodes and moves of Bench at BenchDepth. They
// change only when the search does; a change that means to keep the
// search's behaviour must leave both as they are.
const (
	benchNodes = 823917 // changes only when the search does
	benchMoves = "a6 b6 b7 f2 b6 d4f2 c4e6 f3f1"
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
