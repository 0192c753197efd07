package guessgame

import (
	"image"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
)

var _ bot.Picturer = (*state)(nil)

// Picture draws the board viewer may see, Board's lines, over the host's
// caption: the toy kind's picture, so that the host's own tests have a
// hidden kind that draws.
func (s *state) Picture(viewer int, caption string) (image.Image, error) {
	k := s.kind
	if k == nil {
		k = New(Options{})
	}
	tk, err := k.pictures.Get(picture.New)
	if err != nil {
		return nil, err
	}
	const width = 320
	var lines []picture.Line
	for _, l := range strings.Split(strings.TrimRight(s.Board(viewer).Text, "\n"), "\n") {
		lines = append(lines, picture.TextLine(picture.Body, l))
	}
	board := tk.Layout(lines, width-16)
	var cp picture.Caption
	if caption != "" {
		cp = tk.Layout([]picture.Line{picture.TextLine(picture.Body, caption)}, width-16)
	}
	c := tk.NewCanvas(width, board.Height()+cp.Height(), picture.Paper())
	c.DrawCaption(board, image.Rect(0, 0, width, board.Height()), picture.Paper())
	if caption != "" {
		c.DrawCaption(cp, image.Rect(0, board.Height(), width, c.Img.Rect.Max.Y), picture.Strip())
	}
	return c.Image(), nil
}
