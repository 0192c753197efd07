package abaloneai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 117202, "a1b2 a1b2 c1d2 g6f5")
}
