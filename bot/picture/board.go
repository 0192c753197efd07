package picture

import (
	"image"
	"image/color"
)

// The house colours every kind's picture shares (functions, so that no
// kind can change them for the others).

// Paper is the background under the board.
func Paper() color.RGBA { return RGB(0xfa, 0xf8, 0xf2) }

// Ink is the colour of coordinates and captions.
func Ink() color.RGBA { return RGB(0x33, 0x33, 0x33) }

// Strip is the caption strip's background.
func Strip() color.RGBA { return RGB(0xee, 0xeb, 0xe2) }

// LastFrom tints the square the last move left.
func LastFrom() color.RGBA { return RGB(0xf7, 0xe7, 0xa4) }

// TextLine is a caption line of text in the house ink.
func TextLine(size Size, text string) Line {
	return Line{Text: text, Size: size, Color: Ink()}
}

// Board is a canvas on the house paper for a board with a caption strip
// under it: draw the board on it, then take its Image.
type Board struct {
	*Canvas
	caption Caption
	top     int // the strip's top: the board's height
}

// NewBoard makes a canvas w pixels wide for a board h pixels high and,
// under it, lines and then the host's caption when there is one.
func (tk *Toolkit) NewBoard(w, h int, lines []Line, caption string) Board {
	if caption != "" {
		lines = append(lines, TextLine(Body, caption))
	}
	cp := tk.Layout(lines, w-2*captionPad)
	return Board{Canvas: tk.NewCanvas(w, h+cp.Height(), Paper()), caption: cp, top: h}
}

// Image draws the caption strip under the board and returns the picture.
func (b *Board) Image() *Image {
	b.DrawCaption(b.caption, image.Rect(0, b.top, b.Img.Rect.Dx(), b.Img.Rect.Max.Y), Strip())
	return b.Canvas.Image()
}

// Draw draws a picture with the value Get makes once (a kind's kit):
// draw's picture, or the error making the value.
func (l *Lazy[T]) Draw(make func() (T, error), draw func(T) *Image) (image.Image, error) {
	v, err := l.Get(make)
	if err != nil {
		return nil, err
	}
	return draw(v), nil
}
