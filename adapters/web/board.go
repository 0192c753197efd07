package web

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

// boardView is a Surface as the templates draw it: an inline SVG whose
// every cell is an element named by its square (data-square), read out by
// its aria-label, its piece named by data-piece. Positions are computed
// here (a flipped board turned 180°), so the template only writes them.
type boardView struct {
	Shape   string // "square" or "hex"
	ViewBox string
	// Play says the cells are controls (the play page): focusable,
	// buttons; on a spectator's page they are pictures.
	Play  bool
	Flip  bool
	Label string // the board's own aria-label
	Cells []cellView
}

// cellView is one cell of a boardView.
type cellView struct {
	Name      string
	Class     string // the element's classes: "cell", the Surface's class, "last"
	Transform string // "translate(X Y)": the cell's centre
	Label     string // "a7, red piece"
	Base      string // the label without the marks, for the page to extend
	Piece     *pieceView
	// Rank and File are the coordinates written on the board's edge, as
	// a printed board has them: the rank on the left column's cells, the
	// file on the bottom row's ("" elsewhere).
	Rank, File string
}

// pieceView is a piece drawn on a cell.
type pieceView struct {
	Text  string // the Cell's Piece: data-piece
	Class string // "piece side-0 c-red"
	Glyph string
	Disc  bool // a disc (a seat's piece); false: a square block (Side -1)
}

// hexPoints is a pointy-top hexagon of unit width about its centre: its
// flat sides 0.5 from the centre, its corners 0.5/cos 30° = 0.577, the
// top corner first, clockwise.
const hexPoints = "0,-0.577 0.5,-0.289 0.5,0.289 0,0.577 -0.5,0.289 -0.5,-0.289"

// HexPoints is the hexagon's outline for the templates.
func (boardView) HexPoints() string { return hexPoints }

// num writes a coordinate briefly: 3, 0.5, 2.866.
func num(f float64) string {
	f = math.Round(f*1000) / 1000
	if f == 0 {
		f = 0 // no "-0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// colours are the colour words a piece's Label may name, for its class.
var colours = []string{"red", "blue", "black", "white", "green", "yellow"}

// colourClass is "c-red" when label names a colour ("red piece", "hidden
// blue piece"), so each kind's pieces look like their names; "" when it
// names none (the seat's colour is used).
func colourClass(label string) string {
	for _, w := range strings.Fields(strings.ToLower(label)) {
		for _, c := range colours {
			if w == c {
				return "c-" + c
			}
		}
	}
	return ""
}

// pieceClass is the classes of a piece of look l.
func pieceClass(l bot.PieceLook) string {
	c := "piece side-none"
	if l.Side >= 0 {
		c = "piece side-" + strconv.Itoa(l.Side)
	}
	if cc := colourClass(l.Label); cc != "" {
		c += " " + cc
	}
	return c
}

// cellLabel reads a cell out: its name, then its piece or what it is.
func cellLabel(c bot.Cell, looks map[string]bot.PieceLook) string {
	switch {
	case c.Piece != "":
		if l, ok := looks[c.Piece]; ok && l.Label != "" {
			return c.Name + ", " + l.Label
		}
		return c.Name + ", " + c.Piece
	case c.Class != "":
		return c.Name + ", " + c.Class
	}
	return c.Name + ", empty"
}

// drawBoard makes a Surface's drawing; play makes its cells controls.
func drawBoard(sf bot.Surface, play bool) boardView {
	b := boardView{Shape: sf.Shape, Play: play, Flip: sf.Flip, Label: "The board"}
	if b.Shape != "hex" {
		b.Shape = "square"
	}
	w, h := sf.Width, sf.Height
	if !(w > 0) || !(h > 0) || w > 1000 || h > 1000 {
		w, h = 1, 1
	}
	b.ViewBox = "0 0 " + num(w) + " " + num(h)
	last := map[string]bool{}
	for _, sq := range sf.Last {
		last[sq] = true
	}
	for _, c := range sf.Cells {
		x, y := c.X, c.Y
		if sf.Flip {
			x, y = w-x, h-y
		}
		cv := cellView{Name: c.Name, Class: "cell", Transform: "translate(" + num(x) + " " + num(y) + ")"}
		if c.Class != "" {
			cv.Class += " " + c.Class
		}
		cv.Base = cellLabel(c, sf.Pieces)
		cv.Label = cv.Base
		if last[c.Name] {
			cv.Class += " last"
			cv.Label += ", last move"
		}
		if c.Piece != "" {
			l, ok := sf.Pieces[c.Piece]
			if !ok {
				l = bot.PieceLook{Label: c.Piece, Side: -1}
			}
			cv.Piece = &pieceView{Text: c.Piece, Class: pieceClass(l), Glyph: l.Glyph, Disc: l.Side >= 0}
		}
		b.Cells = append(b.Cells, cv)
	}
	if b.Shape == "square" {
		coordinates(b.Cells)
	}
	return b
}

// squareName reads a square's name as a file and a rank: "a7", "j10".
var squareName = regexp.MustCompile(`^([a-zA-Z]+)([0-9]+)$`)

// coordinates writes each rank on the left column's cells and each file
// on the bottom row's, as drawn (after a flip), for a square board whose
// cells are named file and rank.
func coordinates(cells []cellView) {
	left, bottom := math.Inf(1), math.Inf(-1)
	pos := make([][2]float64, len(cells))
	for i, c := range cells {
		var x, y float64
		if _, err := fmt.Sscanf(c.Transform, "translate(%g %g)", &x, &y); err != nil {
			return
		}
		pos[i] = [2]float64{x, y}
		left, bottom = min(left, x), max(bottom, y)
	}
	for i := range cells {
		m := squareName.FindStringSubmatch(cells[i].Name)
		if m == nil {
			continue
		}
		if pos[i][0] == left {
			cells[i].Rank = m[2]
		}
		if pos[i][1] == bottom {
			cells[i].File = m[1]
		}
	}
}
