package ataxxai

import (
	"golang.org/x/sys/cpu"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// On amd64 with AVX2 the accumulator's arithmetic runs sixteen units at a
// time (nnue_amd64.s).

//go:noescape
func windowAVX2(red, blue, redPlus, redMinus, bluePlus, blueMinus *int16, blocks int)

//go:noescape
func dotAVX2(x, w *int16, blocks int, sums *[8]int32)

// simd reports whether the vector kernels run; tests turn it off to
// compare them with the portable code.
type simd bool

func haveSIMD() simd { return simd(cpu.X86.HasAVX2) }

const blocks = NetHidden / 16

func (v simd) window(a *accumulator, redPlus, redMinus, bluePlus, blueMinus *[NetHidden]int16) {
	if !v {
		addSub(a[ataxx.Red][:], redPlus[:], redMinus[:])
		addSub(a[ataxx.Blue][:], bluePlus[:], blueMinus[:])
		return
	}
	windowAVX2(&a[ataxx.Red][0], &a[ataxx.Blue][0], &redPlus[0], &redMinus[0], &bluePlus[0], &blueMinus[0], blocks)
}

func (v simd) dot(view, w *[NetHidden]int16) int {
	if !v {
		return dot(view[:], w[:])
	}
	var sums [8]int32
	dotAVX2(&view[0], &w[0], blocks, &sums)
	total := 0
	for _, s := range sums {
		total += int(s)
	}
	return total
}
