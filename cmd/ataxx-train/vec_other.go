//go:build !amd64

package main

// addRow adds src to dst, element by element.
func addRow(dst, src []float32) { addRowGo(dst, src) }
