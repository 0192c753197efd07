//go:build !amd64

package ataxxai

// Elsewhere than amd64 the accumulator's arithmetic is the portable code.
type simd bool

func haveSIMD() simd { return false }

func (simd) rows(dst, src *[NetHidden]int16, feat *[NetFeatures][NetHidden]int16, plus, minus []uint32) {
	addRows(dst, src, feat, plus, minus)
}

func (simd) dot(view, w *[NetHidden]int16) int { return dot(view[:], w[:]) }
