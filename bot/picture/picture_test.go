package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"
)

func toolkit(t testing.TB) *Toolkit {
	t.Helper()
	tk, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// TestEncodeLossless: a picture of at most 256 colours comes back from
// its PNG pixel for pixel.
func TestEncodeLossless(t *testing.T) {
	tk := toolkit(t)
	c := tk.NewCanvas(64, 48, RGB(250, 248, 242))
	for i := range 200 {
		c.Fill(image.Rect(i%64, i/64*8, i%64+1, i/64*8+8), RGB(uint8(i), uint8(255-i), uint8(i*7)))
	}
	back := roundTrip(t, tk, c.Image())
	for y := range 48 {
		for x := range 64 {
			got := color.RGBAModel.Convert(back.At(x, y)).(color.RGBA)
			if want := c.Img.RGBAAt(x, y); got != want {
				t.Fatalf("(%d, %d): got %v; want %v", x, y, got, want)
			}
		}
	}
}

// TestEncodeManyColours: past 256 colours, the canvas's own colours stay
// exact and every other pixel takes a near one.
func TestEncodeManyColours(t *testing.T) {
	tk := toolkit(t)
	c := tk.NewCanvas(256, 64, RGB(10, 20, 30))
	c.Fill(image.Rect(0, 0, 256, 8), RGB(200, 30, 30))
	for x := range 256 {
		for y := 8; y < 64; y++ {
			c.Img.SetRGBA(x, y, color.RGBA{uint8(x), uint8(y * 4), 128, 255})
		}
	}
	back := roundTrip(t, tk, c.Image())
	if got := color.RGBAModel.Convert(back.At(5, 3)); got != RGB(200, 30, 30) {
		t.Errorf("a canvas colour: got %v; want %v", got, RGB(200, 30, 30))
	}
	if n, worst := diff(back, c.Img, 64); n > 0 {
		t.Errorf("%d pixels differ by more than 64 (worst %d); want none", n, worst)
	}
}

// roundTrip writes img as a PNG with tk and reads it back.
func roundTrip(t *testing.T, tk *Toolkit, img *Image) image.Image {
	t.Helper()
	data, err := tk.PNG(img)
	if err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func diff(a, b image.Image, limit int) (n, worst int) {
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			p := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA)
			q := color.RGBAModel.Convert(b.At(x, y)).(color.RGBA)
			d := max(abs(int(p.R)-int(q.R)), abs(int(p.G)-int(q.G)), abs(int(p.B)-int(q.B)))
			worst = max(worst, d)
			if d > limit {
				n++
			}
		}
	}
	return n, worst
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

var wrapCases = []struct {
	name  string
	text  string
	width int
}{
	{"short", "Red: alice · Blue: bob", 400},
	{"wraps", "Red: alice (4:12) · Blue: bob (3:58) · a very long line of words that must wrap", 160},
	{"long word", strings.Repeat("W", 80), 100},
	{"spaces", "  many   spaces\tand\ttabs  ", 300},
	{"empty", "", 100},
	{"unicode", "Zoë · 山田 · Ωμέγα · 🙂", 120},
	{"narrow", "abc def", 1},
}

// TestWrap: a caption keeps every word, in order, and no line is wider
// than the width unless it is one character.
func TestWrap(t *testing.T) {
	tk := toolkit(t)
	for _, tc := range wrapCases {
		t.Run(tc.name, func(t *testing.T) {
			checkWrap(t, tk, tc.text, tc.width)
		})
	}
}

func checkWrap(t *testing.T, tk *Toolkit, text string, width int) {
	lines := tk.wrap(text, Body, width)
	if got, want := strings.Join(strings.Fields(strings.Join(lines, " ")), ""), strings.Join(strings.Fields(strings.ToValidUTF8(text, "\uFFFD")), ""); got != want {
		t.Errorf("wrap(%q, %d): got %q; want the words %q", text, width, lines, want)
	}
	for _, l := range lines {
		if w, _, _ := tk.Measure(l, Body); w > width && len([]rune(l)) > 1 {
			t.Errorf("wrap(%q, %d): line %q is %d wide; want at most %d", text, width, l, w, width)
		}
	}
}

// FuzzCaption: any text a player's name or the host's caption holds lays
// out and draws without panicking, and wraps as TestWrap says.
func FuzzCaption(f *testing.F) {
	for _, tc := range wrapCases {
		f.Add(tc.text, tc.width)
	}
	tk := toolkit(f)
	f.Fuzz(func(t *testing.T, text string, width int) {
		if width < 1 || width > 2000 || len(text) > 400 {
			return
		}
		checkWrap(t, tk, text, width)
		cp := tk.Layout([]Line{{Text: text, Size: Bold, Color: RGB(0, 0, 0), Swatch: &color.RGBA{255, 0, 0, 255}}}, width)
		c := tk.NewCanvas(width+16, cp.Height(), RGB(255, 255, 255))
		c.DrawCaption(cp, c.Img.Rect, RGB(238, 235, 226))
		c.Text(0, 0, text, Small, RGB(0, 0, 0), Center)
	})
}

// TestShapesOffTheCanvas: shapes partly or wholly outside the canvas are
// clipped, never written past its pixels.
func TestShapesOffTheCanvas(t *testing.T) {
	tk := toolkit(t)
	c := tk.NewCanvas(40, 30, RGB(255, 255, 255))
	red := RGB(255, 0, 0)
	c.Disc(0, 0, 12, red)
	c.Disc(39, 29, 50, red)
	c.Disc(-100, -100, 5, red)
	c.Ring(20, 15, 40, 3, red)
	c.Arrow(Pt(-10, -10), Pt(60, 50), 4, red)
	c.Hexagon(40, 0, 20, true, red)
	c.RoundRect(image.Rect(-5, -5, 10, 10), 4, red)
	c.Stamp(tk.Sprite(20, 20, func(s *Canvas) { s.Disc(10, 10, 9, red) }), Pt(38, 28))
	if got := c.Img.RGBAAt(1, 1); got != red {
		t.Errorf("inside a disc at the corner: got %v; want %v", got, red)
	}
}

// TestConcurrentPictures: one toolkit draws and encodes on many
// goroutines at once, each getting the bytes it gets alone.
func TestConcurrentPictures(t *testing.T) {
	tk := toolkit(t)
	sprite := tk.Sprite(30, 30, func(c *Canvas) { c.Disc(15, 15, 13, RGB(40, 90, 200)) })
	draw := func(i int) []byte {
		c := tk.NewCanvas(200, 120, RGB(250, 248, 242))
		g := Grid{Files: 4, Ranks: 3, Cell: 30, Origin: image.Pt(20, 10)}
		c.Squares(g, func(f, r int) color.RGBA { return RGB(uint8(200+f*10), uint8(220-r*10), 180) })
		c.Coordinates(g, Letters(4), Numbers(3), 6, RGB(0, 0, 0))
		c.Stamp(sprite, g.Center(i%4, i%3))
		c.Text(150, 60, "Zoë 山田 "+Numbers(i + 1)[i], Body, RGB(0, 0, 0), Center)
		img := c.Image()
		data, err := tk.PNG(img)
		if err != nil {
			t.Error(err)
		}
		img.Release() // the next canvas may take its pixels
		return data
	}
	want := make([][]byte, 8)
	for i := range want {
		want[i] = draw(i)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 8 {
				if got := draw((i + g) % 8); !bytes.Equal(got, want[(i+g)%8]) {
					t.Errorf("picture %d drawn at once with others: got %d bytes unlike its %d alone", (i+g)%8, len(got), len(want[(i+g)%8]))
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkNew is what a kind's first picture pays once: the fonts parsed
// and their ASCII glyphs drawn at every size.
func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(); err != nil {
			b.Fatal(err)
		}
	}
}
