package main

// addRowGo adds src to dst, element by element: the portable addRow.
func addRowGo(dst, src []float32) {
	src = src[:len(dst)]
	for i := range dst {
		dst[i] += src[i]
	}
}
