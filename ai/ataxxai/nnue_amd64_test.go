package ataxxai

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestVectorKernelsAtWidths: the vector kernels add and weigh the units
// as the portable code does at the widths a build may compile (128 and
// 256 units, and the most, 1024), on units reaching past both ends of
// the clip and output weights at both ends of their bound.
func TestVectorKernelsAtWidths(t *testing.T) {
	if !haveSIMD() {
		t.Skip("no vector kernels on this machine")
	}
	rng := rand.New(rand.NewPCG(8, 8))
	random := func(n, lo, hi int) []int16 {
		s := make([]int16, n)
		for i := range s {
			s[i] = int16(lo + rng.IntN(hi-lo+1))
		}
		return s
	}
	for _, width := range []int{NetHidden, 128, 256, netMaxWidth} {
		for i := range 300 {
			red, blue := random(width, -600, 600), random(width, -600, 600)
			rp, rm, bp, bm := random(width, -300, 300), random(width, -300, 300), random(width, -300, 300), random(width, -300, 300)
			wantRed, wantBlue := slices.Clone(red), slices.Clone(blue)
			addSub(wantRed, rp, rm)
			addSub(wantBlue, bp, bm)
			windowAVX2(&red[0], &blue[0], &rp[0], &rm[0], &bp[0], &bm[0], width/16)
			if !slices.Equal(red, wantRed) || !slices.Equal(blue, wantBlue) {
				t.Fatalf("width %d, case %d: window: got %v, %v; want %v, %v", width, i, red, blue, wantRed, wantBlue)
			}
			units, w := random(width, -100, NetQA+100), random(width, -maxOut, maxOut)
			if i == 0 { // the largest sum: every unit saturated, every weight at the bound
				for j := range units {
					units[j], w[j] = NetQA, maxOut
				}
			}
			var sums [8]int32
			dotAVX2(&units[0], &w[0], width/16, &sums)
			got := 0
			for _, s := range sums {
				got += int(s)
			}
			if want := dot(units, w); got != want {
				t.Fatalf("width %d, case %d: dot: got %d; want %d", width, i, got, want)
			}
		}
	}
}
