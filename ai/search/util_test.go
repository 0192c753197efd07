package search

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// pickPlain is Pick as first written, one loop over the scores: Pick must
// choose as it does, ties and all, or every bench signature would change.
func pickPlain(moves []int, scores []int32, i int) int {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return moves[i]
}

func TestPickAsPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		n := 1 + r.IntN(60)
		moves, scores := make([]int, n), make([]int32, n+r.IntN(3)) // scores may be longer
		for k := range moves {
			moves[k], scores[k] = k, int32(r.IntN(5)) // few values: many ties
		}
		want, wantScores := slices.Clone(moves), slices.Clone(scores)
		for i := range n {
			if got, w := Pick(moves, scores, i), pickPlain(want, wantScores, i); got != w {
				t.Fatalf("pick %d of %v: %d; want %d", i, scores, got, w)
			}
		}
		if !slices.Equal(moves, want) || !slices.Equal(scores, wantScores) {
			t.Fatalf("after picking all: %v %v; want %v %v", moves, scores, want, wantScores)
		}
	}
}
