package congoai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
)

// TestBenchSignature: the nodes and moves of Bench at BenchDepth change
// only when the search does.
func TestBenchSignature(t *testing.T) {
	searchtest.BenchSignature(t, Bench, BenchDepth, 95143, "a1-c3 g5-f4 a1-c3 b1-d3-f5-d7")
}
