// Package picturetest compares pictures with golden PNG files, with a
// tolerance for antialiased edges that another font rasterizer version
// may shade a little differently.
package picturetest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// Tolerance is how different two pictures may be and still match: a
// pixel differs when any channel differs by more than Channel, and at
// most Pixels pixels may differ.
type Tolerance struct {
	Channel uint8
	Pixels  int
}

// Default allows antialiasing to move (another version of the
// rasterizer, another CPU's arithmetic): channels within 32, and 100
// pixels beyond that, fewer than a square's one-pixel outline, so that a
// mark added or lost on one square fails.
func Default() Tolerance { return Tolerance{Channel: 32, Pixels: 100} }

// Diff counts the pixels of a and b whose channels differ by more than
// channel, and reports the largest difference seen. Pictures of
// different sizes differ everywhere.
func Diff(a, b image.Image, channel uint8) (pixels int, worst uint8) {
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Size() != rb.Size() {
		return max(ra.Dx()*ra.Dy(), rb.Dx()*rb.Dy()), 255
	}
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			ca := color.NRGBAModel.Convert(a.At(ra.Min.X+x, ra.Min.Y+y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(rb.Min.X+x, rb.Min.Y+y)).(color.NRGBA)
			d := max(absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B), absDiff(ca.A, cb.A))
			worst = max(worst, d)
			if d > channel {
				pixels++
			}
		}
	}
	return pixels, worst
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}

// Golden checks that data, a PNG, decodes and matches the golden file
// testdata/golden/NAME.png within tol; with update it writes the file
// instead. A mismatch writes the picture beside the golden one as
// NAME.got.png for a person to look at.
func Golden(t testing.TB, name string, data []byte, tol Tolerance, update bool) {
	t.Helper()
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: decode the picture: %v", name, err)
	}
	path := filepath.Join("testdata", "golden", name+".png")
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (run the test with -update to write it)", name, err)
	}
	want, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatalf("%s: decode the golden file: %v", name, err)
	}
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Errorf("%s: size got %v; want %v", name, got.Bounds().Size(), want.Bounds().Size())
		keep(t, path, data)
		return
	}
	if n, worst := Diff(got, want, tol.Channel); n > tol.Pixels {
		t.Errorf("%s: %d pixels differ by more than %d (worst %d); want at most %d", name, n, tol.Channel, worst, tol.Pixels)
		keep(t, path, data)
	}
}

func keep(t testing.TB, golden string, data []byte) {
	got := golden[:len(golden)-len(".png")] + ".got.png"
	if err := os.WriteFile(got, data, 0o644); err == nil {
		t.Logf("wrote %s", got)
	}
}

// Describe is a picture's size and bytes, for a log line.
func Describe(data []byte) string {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return fmt.Sprintf("%d bytes, not a PNG: %v", len(data), err)
	}
	return fmt.Sprintf("%dx%d, %d bytes", cfg.Width, cfg.Height, len(data))
}
