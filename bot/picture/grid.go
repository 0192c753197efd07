package picture

import (
	"image"
	"image/color"
)

// Grid is a board of squares: Files columns and Ranks rows of Cell pixels
// with its top left corner at Origin. File 0 is at the left and rank 0 at
// the bottom, as a player sitting at the first seat sees the board;
// Turned turns it half round (file 0 at the right, rank 0 at the top), as
// the second seat sees it.
type Grid struct {
	Files, Ranks int
	Cell         int
	Origin       image.Point
	Turned       bool
}

// Rect is the square of file f and rank r on the picture.
func (g Grid) Rect(f, r int) image.Rectangle {
	col, row := f, g.Ranks-1-r
	if g.Turned {
		col, row = g.Files-1-f, r
	}
	min := g.Origin.Add(image.Pt(col*g.Cell, row*g.Cell))
	return image.Rectangle{Min: min, Max: min.Add(image.Pt(g.Cell, g.Cell))}
}

// Center is the middle of the square of file f and rank r.
func (g Grid) Center(f, r int) Point {
	s := g.Rect(f, r)
	return Pt(float32(s.Min.X)+float32(g.Cell)/2, float32(s.Min.Y)+float32(g.Cell)/2)
}

// Bounds is the whole board.
func (g Grid) Bounds() image.Rectangle {
	return image.Rectangle{Min: g.Origin, Max: g.Origin.Add(image.Pt(g.Files*g.Cell, g.Ranks*g.Cell))}
}

// Squares paints every square with shade(f, r).
func (c *Canvas) Squares(g Grid, shade func(f, r int) color.RGBA) {
	for f := range g.Files {
		for r := range g.Ranks {
			c.Fill(g.Rect(f, r), shade(f, r))
		}
	}
}

// Lines draws the lines between squares and around the board, w pixels
// wide, centred on the squares' edges (the outer ones outside the board).
func (c *Canvas) Lines(g Grid, w int, col color.RGBA) {
	b := g.Bounds()
	h := w / 2
	for i := 0; i <= g.Files; i++ {
		x := b.Min.X + i*g.Cell
		c.Fill(image.Rect(x-h, b.Min.Y-h, x-h+w, b.Max.Y-h+w), col)
	}
	for i := 0; i <= g.Ranks; i++ {
		y := b.Min.Y + i*g.Cell
		c.Fill(image.Rect(b.Min.X-h, y-h, b.Max.X-h+w, y-h+w), col)
	}
}

// Coordinates writes files[f] under and over each column and ranks[r]
// left and right of each row, gap pixels from the board.
func (c *Canvas) Coordinates(g Grid, files, ranks []string, gap int, col color.RGBA) {
	b := g.Bounds()
	_, asc, _ := c.tk.Measure("0", Label)
	for f := 0; f < g.Files && f < len(files); f++ {
		p := g.Center(f, 0)
		x := int(p.X)
		c.Text(x, b.Max.Y+gap+asc/2, files[f], Label, col, Center)
		c.Text(x, b.Min.Y-gap-asc/2, files[f], Label, col, Center)
	}
	for r := 0; r < g.Ranks && r < len(ranks); r++ {
		p := g.Center(0, r)
		y := int(p.Y)
		c.Text(b.Min.X-gap, y, ranks[r], Label, col, Right)
		c.Text(b.Max.X+gap, y, ranks[r], Label, col, Left)
	}
}

// Letters returns the first n lower-case letters, one a string: file
// names "a", "b", ...
func Letters(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('a' + i))
	}
	return out
}

// Numbers returns "1" .. "n": rank names.
func Numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = itoa(i + 1)
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
