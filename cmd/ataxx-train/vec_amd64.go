package main

import "golang.org/x/sys/cpu"

// On amd64 with AVX the trainer's row sums run eight floats at a time
// (vec_amd64.s), giving exactly the portable code's sums.

//go:noescape
func addRowAVX(dst, src *float32, blocks int)

// addRow adds src to dst, element by element (src has at least
// len(dst) elements).
func addRow(dst, src []float32) {
	blocks := len(dst) / 8
	if !cpu.X86.HasAVX || blocks == 0 {
		addRowGo(dst, src)
		return
	}
	src = src[:len(dst)]
	addRowAVX(&dst[0], &src[0], blocks)
	addRowGo(dst[blocks*8:], src[blocks*8:])
}
