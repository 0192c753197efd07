package ataxxai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search or the shipped network does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 207327, "a1c1 g1e1 b6 f6 b6 f6 b6 f6 f2 b6 b2 d3 d3 0000 0000 d4 d4 b2")
}
