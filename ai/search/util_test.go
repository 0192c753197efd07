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

func TestRaise(t *testing.T) {
	tests := []struct {
		name                string
		score, best, alpha  int
		wantBest, wantAlpha int
		wantCut             bool
	}{
		{"no better", 5, 7, 10, 7, 10, false},
		{"better, below alpha", 8, 7, 10, 8, 10, false},
		{"raises alpha", 12, 7, 10, 12, 12, false},
		{"reaches beta", 20, 7, 10, 20, 20, true},
		{"beyond beta", 25, 7, 10, 25, 25, true},
	}
	for _, tc := range tests {
		best, alpha, cut := Raise(tc.score, tc.best, tc.alpha, 20)
		if best != tc.wantBest || alpha != tc.wantAlpha || cut != tc.wantCut {
			t.Errorf("%s: Raise(%d, %d, %d, 20) = %d, %d, %v; want %d, %d, %v", tc.name, tc.score, tc.best, tc.alpha, best, alpha, cut, tc.wantBest, tc.wantAlpha, tc.wantCut)
		}
	}
}

func TestChild(t *testing.T) {
	children := make([]int, 3)
	p := 7
	q := Child(children, &p, 1)
	*q++
	if p != 7 || children[2] != 8 || q != &children[2] {
		t.Errorf("Child at ply 1 of 7: p %d, children %v; want 7 and the copy at 2", p, children)
	}
}
