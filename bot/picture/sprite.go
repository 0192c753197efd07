package picture

import (
	"image"
	"image/color"
	"image/draw"
	"sync"
)

// Sprite is a small picture drawn once and stamped many times (a piece):
// stamping copies its pixels, which is several times cheaper than
// rasterizing its shapes again on every board.
type Sprite struct {
	img    *image.RGBA
	colors []color.RGBA
}

// Sprite draws a w by h sprite on a transparent canvas with paint.
func (tk *Toolkit) Sprite(w, h int, paint func(c *Canvas)) *Sprite {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h)), tk: tk}
	paint(c)
	return &Sprite{img: c.Img, colors: c.used}
}

// Size is the sprite's size.
func (s *Sprite) Size() image.Point { return s.img.Rect.Size() }

// Stamp draws s centred on p (rounded to whole pixels).
func (c *Canvas) Stamp(s *Sprite, p Point) {
	for _, col := range s.colors {
		c.use(col)
	}
	sz := s.img.Rect.Size()
	at := image.Pt(int(p.X+0.5)-sz.X/2, int(p.Y+0.5)-sz.Y/2)
	r := image.Rectangle{Min: at, Max: at.Add(sz)}
	if !r.In(c.Img.Rect) {
		draw.Draw(c.Img, r, s.img, image.Point{}, draw.Over)
		return
	}
	// Most of a sprite is clear or opaque: those pixels are skipped or
	// copied, and only its edges are blended (premultiplied "over").
	for y := range sz.Y {
		src := s.img.Pix[y*s.img.Stride : y*s.img.Stride+4*sz.X]
		o := c.Img.PixOffset(at.X, at.Y+y)
		dst := c.Img.Pix[o : o+4*sz.X]
		for i := 0; i < len(src); i += 4 {
			switch a := src[i+3]; a {
			case 0:
			case 255:
				copy(dst[i:i+4], src[i:i+4])
			default:
				k := 255 - uint32(a)
				for j := range 4 {
					dst[i+j] = uint8(uint32(src[i+j]) + (uint32(dst[i+j])*k+127)/255)
				}
			}
		}
	}
}

// Lazy holds a value made on first use: a kind's drawing kit (its
// toolkit and sprites), so that a kind that never draws never makes one.
type Lazy[T any] struct {
	once sync.Once
	v    T
	err  error
}

// Get returns the value, making it with make on the first call.
func (l *Lazy[T]) Get(make func() (T, error)) (T, error) {
	l.once.Do(func() { l.v, l.err = make() })
	return l.v, l.err
}

// Paste copies s onto the canvas with its top left at p, replacing what
// was there: a background drawn once (an empty board).
func (c *Canvas) Paste(s *Sprite, p image.Point) {
	for _, col := range s.colors {
		c.use(col)
	}
	draw.Draw(c.Img, s.img.Rect.Add(p), s.img, image.Point{}, draw.Src)
}

// At is the sprite's pixel at (x, y), for tests that read pictures back.
func (s *Sprite) At(x, y int) color.Color { return s.img.At(x, y) }
