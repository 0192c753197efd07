package tourney

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ataxxbot/ataxxbot/bot/picture"
)

// The most a Picture draws: far more than a crosstable of MaxEntrants.
const (
	maxPictureLines = 200
	maxPictureRunes = 400 // a line
)

// Picture draws title over text (StandingsText or CrosstableText) as a
// PNG in the house ink on the house paper, sized to fit. The toolkit has
// no monospaced face, so the text is drawn a character a cell, each
// cell as wide as a "0" and the character centred in it: the columns of
// the tables stay straight.
func Picture(tk *picture.Toolkit, title, text string) ([]byte, error) {
	if tk == nil {
		return nil, errors.New("tourney: picture: no toolkit")
	}
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if text == "" {
		lines = nil
	}
	cols := 0
	for _, l := range lines {
		cols = max(cols, utf8.RuneCountInString(l))
	}
	if len(lines) > maxPictureLines || cols > maxPictureRunes {
		return nil, fmt.Errorf("%w: a picture of %d lines of up to %d characters; at most %d of %d", ErrTournament, len(lines), cols, maxPictureLines, maxPictureRunes)
	}
	title = cut(title, maxPictureRunes/4)

	const margin = 16
	cell, asc, desc := tk.Measure("0", picture.Body)
	cell++ // a pixel between digits, some room for wider letters
	lineH := asc + desc + 3
	titleW, tAsc, tDesc := tk.Measure(title, picture.Bold)
	titleH := 0
	if title != "" {
		titleH = tAsc + tDesc + 8
	}
	w := 2*margin + max(titleW, cols*cell)
	h := 2*margin + titleH + len(lines)*lineH

	c := tk.NewCanvas(w, h, picture.Paper())
	ink := picture.Ink()
	y := margin
	if title != "" {
		c.TextBaseline(margin, y+tAsc, title, picture.Bold, ink)
		y += titleH
	}
	for _, l := range lines {
		x := margin
		for _, r := range l {
			if r != ' ' {
				s := string(r)
				rw, _, _ := tk.Measure(s, picture.Body)
				c.TextBaseline(x+(cell-rw)/2, y+asc, s, picture.Body, ink)
			}
			x += cell
		}
		y += lineH
	}
	img := c.Image()
	defer img.Release()
	return tk.PNG(img)
}
