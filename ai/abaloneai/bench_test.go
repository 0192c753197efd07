package abaloneai

import "testing"

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
	nodes, _, moves, err := bench(BenchDepth)
	if err != nil || nodes != benchNodes || moves != benchMoves {
		t.Errorf("bench: %d nodes, moves %q, %v; want %d nodes, moves %q", nodes, moves, err, benchNodes, benchMoves)
	}
}
