package ataxxai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 823917, "a6 b6 b7 f2 b6 d4f2 c4e6 f3f1")
}
