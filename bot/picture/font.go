package picture

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Size is one of the toolkit's type faces: a typeface at a size.
type Size int

// The faces a Toolkit holds. Every board uses the same few, so their
// glyphs are drawn once, when the toolkit is made.
const (
	Small Size = iota // cell names inside cells
	Label             // coordinates around a board
	Body              // caption lines
	Bold              // the caption's first line
	Piece             // a letter on a piece
	Big               // a rank on a Stratego piece
	numSizes
)

// faceSpec is how each Size is made: bold or not, and its size in pixels.
var faceSpecs = [numSizes]struct {
	bold bool
	px   float64
}{
	Small: {false, 11},
	Label: {true, 15},
	Body:  {false, 16},
	Bold:  {true, 17},
	Piece: {true, 24},
	Big:   {true, 22},
}

// glyph is one character of the atlas (ASCII and Latin-1) drawn once:
// its coverage, where the mask's top left goes from the pen, and how far
// the pen moves after it.
type glyph struct {
	mask    *image.Alpha
	off     image.Point
	advance int // pixels, rounded
}

// face is a typeface at one size: the atlas's glyphs drawn once (read-only
// afterwards, so any number of renders share them), and a pool of
// opentype faces for the other characters a caption may hold (a player's
// name in any script): an opentype face is not safe for concurrent use.
type face struct {
	ascent, descent int
	atlas           [256]glyph // ASCII and Latin-1: names, "·"
	fallback        sync.Pool  // of font.Face
}

func newFace(f *opentype.Font, px float64) (*face, error) {
	opts := &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingFull}
	of, err := opentype.NewFace(f, opts)
	if err != nil {
		return nil, err
	}
	m := of.Metrics()
	fc := &face{ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil()}
	for r := rune(32); r < 256; r++ {
		if r >= 127 && r < 160 {
			continue // controls
		}
		dr, mask, mp, adv, ok := of.Glyph(fixed.Point26_6{}, r)
		if !ok {
			continue
		}
		a := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		draw.Draw(a, a.Bounds(), mask, mp, draw.Src)
		fc.atlas[r] = glyph{mask: a, off: dr.Min, advance: adv.Round()}
	}
	fc.fallback.New = func() any {
		f2, _ := opentype.NewFace(f, opts) // the same options worked above
		return f2
	}
	return fc, nil
}

// Toolkit holds what every picture needs and nothing that changes: the
// faces with their glyphs, and a pool of PNG encoder buffers. Make one
// with New and share it; it is safe for concurrent use.
type Toolkit struct {
	faces [numSizes]*face
	enc   Encoder
	spare sync.Pool // of *[]uint8: pixels given back by Image.Release
}

// New parses the Go fonts and draws their ASCII and Latin-1 glyphs at
// every Size.
func New() (*Toolkit, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("picture: regular font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("picture: bold font: %w", err)
	}
	tk := &Toolkit{}
	for s, spec := range faceSpecs {
		f := regular
		if spec.bold {
			f = bold
		}
		if tk.faces[s], err = newFace(f, spec.px); err != nil {
			return nil, fmt.Errorf("picture: face %d: %w", s, err)
		}
	}
	return tk, nil
}

// Measure returns the width in pixels of s in size, and its ascent and
// descent.
func (tk *Toolkit) Measure(s string, size Size) (w, ascent, descent int) {
	f := tk.faces[size]
	var of font.Face
	for _, r := range s {
		if inAtlas(r) {
			w += f.atlas[r].advance
			continue
		}
		if of == nil {
			of = f.fallback.Get().(font.Face)
			defer f.fallback.Put(of)
		}
		if adv, ok := of.GlyphAdvance(r); ok {
			w += adv.Round()
		}
	}
	return w, f.ascent, f.descent
}

// text draws s with its baseline starting at (x, y) in col; it returns
// the pen's x after the last character.
func (tk *Toolkit) text(dst *image.RGBA, x, y int, s string, size Size, col color.Color) int {
	f := tk.faces[size]
	src := image.NewUniform(col)
	var of font.Face
	for _, r := range s {
		if inAtlas(r) {
			g := f.atlas[r]
			if g.mask != nil {
				at := image.Pt(x, y).Add(g.off)
				draw.DrawMask(dst, g.mask.Bounds().Add(at), src, image.Point{}, g.mask, image.Point{}, draw.Over)
			}
			x += g.advance
			continue
		}
		if of == nil {
			of = f.fallback.Get().(font.Face)
			defer f.fallback.Put(of)
		}
		dr, mask, mp, adv, ok := of.Glyph(fixed.P(x, y), r)
		if !ok {
			if dr, mask, mp, adv, ok = of.Glyph(fixed.P(x, y), '?'); !ok {
				continue
			}
		}
		draw.DrawMask(dst, dr, src, image.Point{}, mask, mp, draw.Over)
		x += adv.Round()
	}
	return x
}

// inAtlas says r's glyph was drawn when the face was made: printable
// ASCII and Latin-1.
func inAtlas(r rune) bool { return r >= 32 && r < 127 || r >= 160 && r < 256 }
