package picture

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Canvas is one picture being drawn. It is not safe for concurrent use;
// make one per picture.
type Canvas struct {
	Img *image.RGBA
	tk  *Toolkit
	z   vector.Rasterizer
	pts []Point
	// used are the opaque colours drawn with, in order, for the palette.
	used []color.RGBA
}

// use notes col for the palette.
func (c *Canvas) use(col color.RGBA) {
	if col.A != 255 || len(c.used) >= 128 {
		return
	}
	for _, u := range c.used {
		if u == col {
			return
		}
	}
	c.used = append(c.used, col)
}

// Point is a position in pixels; fractions are antialiased.
type Point struct{ X, Y float32 }

// Pt is shorthand for Point{x, y}.
func Pt(x, y float32) Point { return Point{x, y} }

// NewCanvas returns a w by h canvas filled with bg.
func (tk *Toolkit) NewCanvas(w, h int, bg color.RGBA) *Canvas {
	c := &Canvas{Img: tk.pixels(w, h), tk: tk}
	c.Fill(c.Img.Rect, bg)
	return c
}

// pixels returns a w by h picture, its pixels from one a finished Image
// gave back (Release) when one is big enough: a board's pixels are a
// megabyte or two, most of the garbage a picture would leave.
func (tk *Toolkit) pixels(w, h int) *image.RGBA {
	if p, ok := tk.spare.Get().(*[]uint8); ok && cap(*p) >= 4*w*h {
		return &image.RGBA{Pix: (*p)[:4*w*h], Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// Toolkit returns the toolkit the canvas draws with.
func (c *Canvas) Toolkit() *Toolkit { return c.tk }

// Fill paints r with col, replacing what was there.
func (c *Canvas) Fill(r image.Rectangle, col color.RGBA) {
	c.use(col)
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Src)
}

// Blend paints r with col over what is there (col may be translucent).
func (c *Canvas) Blend(r image.Rectangle, col color.RGBA) {
	draw.Draw(c.Img, r, image.NewUniform(col), image.Point{}, draw.Over)
}

// Align says where a text stands against the point it is drawn at.
type Align int

// The alignments: horizontally left, centre or right of x; the text's
// cap height is centred on y for every alignment but Baseline ones.
const (
	Left Align = iota
	Center
	Right
)

// Text draws s horizontally aligned on x and vertically centred on y,
// and returns its width.
func (c *Canvas) Text(x, y int, s string, size Size, col color.RGBA, a Align) int {
	c.use(col)
	w, asc, desc := c.tk.Measure(s, size)
	switch a {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	// Centre the digits and capitals, which fill the ascent less the
	// accent room: about 0.72 of it in the Go fonts.
	base := y + int(math.Round(float64(asc)*0.72/2))
	_ = desc
	c.tk.text(c.Img, x, base, s, size, col)
	return w
}

// TextBaseline draws s with its baseline at y, from x, and returns the
// pen's x after it.
func (c *Canvas) TextBaseline(x, y int, s string, size Size, col color.RGBA) int {
	c.use(col)
	return c.tk.text(c.Img, x, y, s, size, col)
}

// Polygon fills the polygon through pts (closed) with col, antialiased.
// Polygons drawn one after the other with opposite windings do not cut
// each other: each call fills its own.
func (c *Canvas) Polygon(col color.RGBA, pts ...Point) {
	if len(pts) < 3 {
		return
	}
	r := bounds(pts)
	if r.Empty() {
		return
	}
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	c.z.Reset(r.Dx(), r.Dy())
	c.z.MoveTo(pts[0].X-ox, pts[0].Y-oy)
	for _, p := range pts[1:] {
		c.z.LineTo(p.X-ox, p.Y-oy)
	}
	c.z.ClosePath()
	c.draw(r, col)
}

// bounds is the pixel rectangle covering pts, clipped to nothing
// negative by the caller's drawing (Draw clips to the image).
func bounds(pts []Point) image.Rectangle {
	minX, minY, maxX, maxY := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		minX, minY = min(minX, p.X), min(minY, p.Y)
		maxX, maxY = max(maxX, p.X), max(maxY, p.Y)
	}
	return image.Rect(int(math.Floor(float64(minX))), int(math.Floor(float64(minY))),
		int(math.Ceil(float64(maxX))), int(math.Ceil(float64(maxY))))
}

// kappa places the control points of a cubic Bézier quarter circle.
const kappa = 0.5522848

// circle adds a circle of radius r around (x, y) to the rasterizer, its
// coordinates less (ox, oy); reverse runs it the other way round, to cut
// a hole in a shape run the first way.
func (c *Canvas) circle(x, y, r, ox, oy float32, reverse bool) {
	x, y = x-ox, y-oy
	k := r * kappa
	z := &c.z
	if !reverse {
		z.MoveTo(x+r, y)
		z.CubeTo(x+r, y+k, x+k, y+r, x, y+r)
		z.CubeTo(x-k, y+r, x-r, y+k, x-r, y)
		z.CubeTo(x-r, y-k, x-k, y-r, x, y-r)
		z.CubeTo(x+k, y-r, x+r, y-k, x+r, y)
	} else {
		z.MoveTo(x+r, y)
		z.CubeTo(x+r, y-k, x+k, y-r, x, y-r)
		z.CubeTo(x-k, y-r, x-r, y-k, x-r, y)
		z.CubeTo(x-r, y+k, x-k, y+r, x, y+r)
		z.CubeTo(x+k, y+r, x+r, y+k, x+r, y)
	}
	z.ClosePath()
}

// Disc fills a circle of radius r around (x, y) with col.
func (c *Canvas) Disc(x, y, r float32, col color.RGBA) {
	b := circleBounds(x, y, r)
	c.z.Reset(b.Dx(), b.Dy())
	c.circle(x, y, r, float32(b.Min.X), float32(b.Min.Y), false)
	c.draw(b, col)
}

// Ring draws a circle's outline of width w, its outer edge at radius r.
func (c *Canvas) Ring(x, y, r, w float32, col color.RGBA) {
	b := circleBounds(x, y, r)
	c.z.Reset(b.Dx(), b.Dy())
	c.circle(x, y, r, float32(b.Min.X), float32(b.Min.Y), false)
	c.circle(x, y, r-w, float32(b.Min.X), float32(b.Min.Y), true)
	c.draw(b, col)
}

func circleBounds(x, y, r float32) image.Rectangle {
	return image.Rect(int(math.Floor(float64(x-r))), int(math.Floor(float64(y-r))),
		int(math.Ceil(float64(x+r))), int(math.Ceil(float64(y+r))))
}

// Line draws a straight line of width w from a to b with square ends.
func (c *Canvas) Line(a, b Point, w float32, col color.RGBA) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	nx, ny := -dy/l*w/2, dx/l*w/2
	c.Polygon(col, Pt(a.X+nx, a.Y+ny), Pt(b.X+nx, b.Y+ny), Pt(b.X-nx, b.Y-ny), Pt(a.X-nx, a.Y-ny))
}

// Arrow draws a line of width w from a to b ending in a head at b.
func (c *Canvas) Arrow(a, b Point, w float32, col color.RGBA) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	head := 3 * w
	base := Pt(b.X-ux*head, b.Y-uy*head)
	c.Line(a, base, w, col)
	c.Polygon(col, b, Pt(base.X-uy*head*0.7, base.Y+ux*head*0.7), Pt(base.X+uy*head*0.7, base.Y-ux*head*0.7))
}

// Cross draws an X of arm half-length r and width w around (x, y).
func (c *Canvas) Cross(x, y, r, w float32, col color.RGBA) {
	c.Line(Pt(x-r, y-r), Pt(x+r, y+r), w, col)
	c.Line(Pt(x-r, y+r), Pt(x+r, y-r), w, col)
}

// RoundRect fills r with corners rounded by radius rad.
func (c *Canvas) RoundRect(r image.Rectangle, rad float32, col color.RGBA) {
	x0, y0, x1, y1 := float32(r.Min.X), float32(r.Min.Y), float32(r.Max.X), float32(r.Max.Y)
	k := rad * (1 - kappa)
	z := &c.z
	z.Reset(r.Dx(), r.Dy())
	x1, y1 = x1-x0, y1-y0
	x0, y0 = 0, 0
	z.MoveTo(x0+rad, y0)
	z.LineTo(x1-rad, y0)
	z.CubeTo(x1-k, y0, x1, y0+k, x1, y0+rad)
	z.LineTo(x1, y1-rad)
	z.CubeTo(x1, y1-k, x1-k, y1, x1-rad, y1)
	z.LineTo(x0+rad, y1)
	z.CubeTo(x0+k, y1, x0, y1-k, x0, y1-rad)
	z.LineTo(x0, y0+rad)
	z.CubeTo(x0, y0+k, x0+k, y0, x0+rad, y0)
	z.ClosePath()
	c.draw(r, col)
}

// Frame draws the border of r, w pixels wide, inside r.
func (c *Canvas) Frame(r image.Rectangle, w int, col color.RGBA) {
	c.Blend(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), col)
	c.Blend(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), col)
	c.Blend(image.Rect(r.Min.X, r.Min.Y+w, r.Min.X+w, r.Max.Y-w), col)
	c.Blend(image.Rect(r.Max.X-w, r.Min.Y+w, r.Max.X, r.Max.Y-w), col)
}

// Hexagon fills a regular hexagon around (x, y) with corners at radius r;
// pointy puts a corner at the top, else a flat side.
func (c *Canvas) Hexagon(x, y, r float32, pointy bool, col color.RGBA) {
	c.pts = c.pts[:0]
	for i := range 6 {
		a := float64(i) * math.Pi / 3
		if pointy {
			a += math.Pi / 6
		}
		c.pts = append(c.pts, Pt(x+r*float32(math.Cos(a)), y+r*float32(math.Sin(a))))
	}
	c.Polygon(col, c.pts...)
}

// draw paints col through the rasterizer's shape, which covers r. A shape
// partly off the canvas goes through a mask, which draw clips; the
// rasterizer's own fast path does not clip.
func (c *Canvas) draw(r image.Rectangle, col color.RGBA) {
	c.use(col)
	if r.In(c.Img.Rect) {
		c.z.Draw(c.Img, r, image.NewUniform(col), image.Point{})
		return
	}
	m := image.NewAlpha(image.Rect(0, 0, r.Dx(), r.Dy()))
	c.z.Draw(m, m.Rect, image.Opaque, image.Point{})
	draw.DrawMask(c.Img, r, image.NewUniform(col), image.Point{}, m, image.Point{}, draw.Over)
}

// RGB is an opaque colour.
func RGB(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// RGBA is a colour of alpha a (0 transparent, 255 opaque), premultiplied
// as image/color wants.
func RGBA(r, g, b, a uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8(uint16(v) * uint16(a) / 255) }
	return color.RGBA{m(r), m(g), m(b), a}
}

// Toward returns the point d pixels from p on the way to q (p itself
// when they meet).
func Toward(p, q Point, d float32) Point {
	dx, dy := q.X-p.X, q.Y-p.Y
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return p
	}
	return Pt(p.X+dx/l*d, p.Y+dy/l*d)
}
