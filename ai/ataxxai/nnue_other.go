//go:build !amd64

package ataxxai

// Elsewhere than amd64 the accumulator's arithmetic is the portable code.
type simd bool

func haveSIMD() simd { return false }

func (simd) add(a, d *[NetHidden]int16) { add(a, d) }

func (simd) addSub(a, plus, minus *[NetHidden]int16) { addSub(a, plus, minus) }

func (simd) dot(view, w *[NetHidden]int16) int { return dot(view, w) }
