// Package searchtest holds the checks every game's search runs in its
// own tests, written once: a game's AI package calls them from its
// _test.go files.
package searchtest

import (
	"testing"
	"time"
)

// BenchSignature checks a game's bench signature: bench at depth must
// visit nodes nodes and choose moves. Both change only when the search
// does; a change that means to keep the search's behaviour must leave
// them as they are. It is skipped in short mode, since the bench searches
// deep.
func BenchSignature(t *testing.T, bench func(depth int) (uint64, time.Duration, string, error), depth int, nodes uint64, moves string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("searches the bench positions to depth %d", depth)
	}
	gotNodes, _, gotMoves, err := bench(depth)
	if err != nil || gotNodes != nodes || gotMoves != moves {
		t.Errorf("bench: %d nodes, moves %q, %v; want %d nodes, moves %q", gotNodes, gotMoves, err, nodes, moves)
	}
}
