package picture

import (
	"errors"
	"testing"
)

// TestBoard: the board's area is paper, the caption strip under it has
// the strip's colour, and the host's caption, when there is one, makes
// the strip taller by a line.
func TestBoard(t *testing.T) {
	tk := toolkit(t)
	const w, h = 200, 120
	lines := []Line{TextLine(Bold, "Red to move."), TextLine(Body, "Last: a1-b2.")}
	heights := map[string]int{}
	for _, tc := range []struct {
		name    string
		caption string
	}{
		{name: "no caption", caption: ""},
		{name: "caption", caption: "Red: alice · Blue: bob"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := tk.NewBoard(w, h, lines, tc.caption)
			img := b.Image()
			if got := img.Bounds().Dx(); got != w {
				t.Errorf("width: got %d; want %d", got, w)
			}
			if got := img.Bounds().Dy(); got <= h {
				t.Errorf("height: got %d; want more than the board's %d", got, h)
			}
			heights[tc.name] = img.Bounds().Dy()
			if got := img.RGBAAt(1, 1); got != Paper() {
				t.Errorf("board area: got %v; want paper %v", got, Paper())
			}
			if got := img.RGBAAt(w-1, h+1); got != Strip() {
				t.Errorf("strip: got %v; want %v", got, Strip())
			}
			if got := img.RGBAAt(w-1, h-1); got != Paper() {
				t.Errorf("the board's last row: got %v; want paper %v", got, Paper())
			}
		})
	}
	if heights["caption"] <= heights["no caption"] {
		t.Errorf("height with a caption: got %d; want more than %d without", heights["caption"], heights["no caption"])
	}
}

// TestLazyDraw: Draw makes the value once and hands it to draw, and a
// failure to make it comes back as the error, with no picture.
func TestLazyDraw(t *testing.T) {
	tk := toolkit(t)
	var l Lazy[int]
	made := 0
	mk := func() (int, error) { made++; return 7, nil }
	for range 2 {
		img, err := l.Draw(mk, func(v int) *Image {
			if v != 7 {
				t.Errorf("value: got %d; want 7", v)
			}
			return tk.NewCanvas(4, 4, Paper()).Image()
		})
		if err != nil || img == nil {
			t.Fatalf("got %v, %v; want a picture and no error", img, err)
		}
	}
	if made != 1 {
		t.Errorf("made: got %d times; want 1", made)
	}
	errNoKit := errors.New("no kit")
	var bad Lazy[int]
	img, err := bad.Draw(func() (int, error) { return 0, errNoKit }, func(int) *Image {
		t.Error("draw called after a failure to make the value")
		return nil
	})
	if !errors.Is(err, errNoKit) || img != nil {
		t.Errorf("got %v, %v; want no picture and %v", img, err, errNoKit)
	}
}
