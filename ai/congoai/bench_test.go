package congoai

import "testing"

// The bench signature: the nodes and moves of Bench at BenchDepth. They
// change only when the search does; a change that means to keep the
// search's behaviour must leave both as they are.
const (
	benchNodes = 95143 // changes only when the search does // changes only when the search does
	benchMoves = "a1-c3 g5-f4 a1-c3 b1-d3-f5-d7"
)

func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("searches the bench positions to depth 6")
	}
	nodes, _, moves, err := bench(BenchDepth)
	if err != nil || nodes != benchNodes || moves != benchMoves {
		t.Errorf("bench: %d nodes, moves %q, %v; want %d nodes, moves %q", nodes, moves, err, benchNodes, benchMoves)
	}
}
