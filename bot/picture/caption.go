package picture

import (
	"image"
	"image/color"
	"strings"
)

// Line is one line of a caption strip: its text, face and colour, and
// optionally a swatch (a disc of that colour) before it, to show a side.
type Line struct {
	Text   string
	Size   Size
	Color  color.RGBA
	Swatch *color.RGBA
	// Ring outlines the swatch (a white disc on a light strip).
	Ring *color.RGBA
}

// Caption is lines laid out to a width: each line wrapped at spaces.
type Caption struct {
	lines   []Line
	wrapped [][]string
	lead    []int // line heights
	height  int
}

// captionPad is the space above, below and between a caption's lines.
const captionPad = 8

// Layout wraps lines to width pixels (a swatch takes its room first).
func (tk *Toolkit) Layout(lines []Line, width int) Caption {
	c := Caption{lines: lines, height: captionPad}
	for _, l := range lines {
		_, asc, desc := tk.Measure("Hg", l.Size)
		room := width
		if l.Swatch != nil {
			room -= asc + 6
		}
		w := tk.wrap(l.Text, l.Size, room)
		c.wrapped = append(c.wrapped, w)
		h := asc + desc + 2
		c.lead = append(c.lead, h)
		c.height += h*len(w) + captionPad/2
	}
	c.height += captionPad / 2
	return c
}

// Height is the caption's height in pixels.
func (c Caption) Height() int { return c.height }

// wrap breaks s into lines no wider than width, at spaces; a word wider
// than width is cut.
func (tk *Toolkit) wrap(s string, size Size, width int) []string {
	s = strings.Join(strings.Fields(strings.ToValidUTF8(s, "\uFFFD")), " ")
	if s == "" {
		return []string{""}
	}
	fits := func(t string) bool { w, _, _ := tk.Measure(t, size); return w <= width }
	var out []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		if line != "" && fits(line+" "+word) {
			line += " " + word
			continue
		}
		if line != "" {
			out = append(out, line)
		}
		line = word
		// A word wider than the line is cut, a character at the least.
		for r := []rune(line); len(r) > 1 && !fits(line); r = []rune(line) {
			cut := len(r) - 1
			for cut > 1 && !fits(string(r[:cut])) {
				cut--
			}
			out = append(out, string(r[:cut]))
			line = string(r[cut:])
		}
	}
	return append(out, line)
}

// DrawCaption draws c in the band of r (as tall as c.Height()), with bg
// behind it.
func (c *Canvas) DrawCaption(cp Caption, r image.Rectangle, bg color.RGBA) {
	c.Fill(r, bg)
	y := r.Min.Y + captionPad
	for i, l := range cp.lines {
		x := r.Min.X + captionPad
		_, asc, _ := c.tk.Measure("Hg", l.Size)
		for j, text := range cp.wrapped[i] {
			tx := x
			if l.Swatch != nil {
				if j == 0 {
					rad := float32(asc) / 2
					cx, cy := float32(x)+rad, float32(y)+float32(cp.lead[i])/2
					if l.Ring != nil {
						c.Disc(cx, cy, rad, *l.Ring)
						rad--
					}
					c.Disc(cx, cy, rad, *l.Swatch)
				}
				tx += asc + 6
			}
			c.TextBaseline(tx, y+asc, text, l.Size, l.Color)
			y += cp.lead[i]
		}
		y += captionPad / 2
	}
}
