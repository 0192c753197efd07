package ataxxai

import "golang.org/x/sys/cpu"

// On amd64 with AVX2 the accumulator's arithmetic runs sixteen units at a
// time (nnue_amd64.s).

//go:noescape
func rowsAVX2(dst, src, base *int16, plus *uint32, nplus int, minus *uint32, nminus int, blocks int)

//go:noescape
func dotAVX2(x, w *int16, blocks int, sums *[8]int32)

// simd reports whether the vector kernels run; tests turn it off to
// compare them with the portable code.
type simd bool

func haveSIMD() simd { return simd(cpu.X86.HasAVX2) }

const blocks = NetHidden / 16

func (v simd) rows(dst, src *[NetHidden]int16, feat *[NetFeatures][NetHidden]int16, plus, minus []uint32) {
	if !v {
		addRows(dst, src, feat, plus, minus)
		return
	}
	rowsAVX2(&dst[0], &src[0], &feat[0][0], first(plus), len(plus), first(minus), len(minus), blocks)
}

// first is the address of s's first element, or nil if s is empty.
func first(s []uint32) *uint32 {
	if len(s) == 0 {
		return nil
	}
	return &s[0]
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
