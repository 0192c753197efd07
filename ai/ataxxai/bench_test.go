package ataxxai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search or the shipped network does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 209759, "a1c1 g1e1 b6 f6 b6 f6 b6 f6 f2 f2 f6 d3 d3 0000 0000 b4 b4 b2")
}
