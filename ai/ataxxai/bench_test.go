package ataxxai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 971033, "b7 a6 a6 g1e3 g2 d4f2 d3 f4g2")
}
