package main

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAddRow: addRow sums exactly as the portable loop does, at every
// length around the vector width.
func TestAddRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for n := range 70 {
		dst, src := make([]float32, n), make([]float32, n+3)
		for i := range dst {
			dst[i] = float32(rng.NormFloat64())
		}
		for i := range src {
			src[i] = float32(rng.NormFloat64())
		}
		want := slices.Clone(dst)
		addRowGo(want, src)
		addRow(dst, src)
		if !slices.Equal(dst, want) {
			t.Fatalf("length %d: got %v; want %v", n, dst, want)
		}
	}
}
