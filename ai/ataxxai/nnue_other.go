//go:build !amd64

package ataxxai

import "github.com/ataxxbot/ataxxbot/engine/ataxx"

// Elsewhere than amd64 the accumulator's arithmetic is the portable code.
type simd bool

func haveSIMD() simd { return false }

func (simd) window(a *accumulator, redPlus, redMinus, bluePlus, blueMinus *[NetHidden]int16) {
	addSub(a[ataxx.Red][:], redPlus[:], redMinus[:])
	addSub(a[ataxx.Blue][:], bluePlus[:], blueMinus[:])
}

func (simd) dot(view, w *[NetHidden]int16) int { return dot(view[:], w[:]) }
