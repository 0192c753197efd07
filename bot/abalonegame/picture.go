package abalonegame

import (
	"fmt"
	"image"
	"image/color"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// The picture's geometry: cells cellStep pixels apart, the board's centre
// cell (E5) boardMidY down from the top, centred across; below row A room
// for the numbers of diagonals 1–5.
const (
	cellStep   = 56
	boardW     = 9*cellStep + 2*70 // nine cells across, room for labels and trays
	boardMidY  = 250
	boardH     = 2*boardMidY + 44
	spriteSize = 50
)

var (
	wood     = picture.RGB(0xc9, 0xa2, 0x66)
	woodRim  = picture.RGB(0x8a, 0x64, 0x30)
	hole     = picture.RGB(0xa8, 0x80, 0x48)
	holeInk  = picture.RGB(0x4a, 0x34, 0x18)
	lastTo   = picture.RGB(0xf3, 0xc8, 0x3a)
	arrow    = picture.RGBA(0x30, 0x20, 0x00, 0xb0)
	lostMark = picture.RGB(0xd0, 0x20, 0x20)
	// marbles: fill, rim and a shine, Black's then White's; and the ink
	// of a cell name written on one.
	marbles = [2][4]color.RGBA{
		{picture.RGB(0x2a, 0x2a, 0x2a), picture.RGB(0x08, 0x08, 0x08), picture.RGB(0x6a, 0x6a, 0x6a), picture.RGB(0xee, 0xee, 0xee)},
		{picture.RGB(0xf6, 0xf4, 0xee), picture.RGB(0x70, 0x6a, 0x60), picture.RGB(0xff, 0xff, 0xff), picture.RGB(0x33, 0x33, 0x33)},
	}
)

var _ bot.Picturer = (*state)(nil)

// kit is what Abalone draws with: the toolkit and each marble drawn once.
type kit struct {
	tk      *picture.Toolkit
	marbles [2]*picture.Sprite
	boards  [2]*picture.Sprite // the empty board by notation: Standard, AMalone
}

func newKit() (*kit, error) {
	tk, err := picture.New()
	if err != nil {
		return nil, err
	}
	k := &kit{tk: tk}
	for side := range 2 {
		k.marbles[side] = tk.Sprite(spriteSize, spriteSize, func(c *picture.Canvas) {
			const m = spriteSize / 2
			col := marbles[side]
			c.Disc(m, m, cellStep*0.43, col[1])
			c.Disc(m, m, cellStep*0.43-2, col[0])
			c.Disc(m-cellStep*0.13, m-cellStep*0.13, cellStep*0.09, col[2])
		})
	}
	for _, n := range []abalone.Notation{abalone.Standard, abalone.AMalone} {
		k.boards[n] = tk.Sprite(boardW, boardH, func(c *picture.Canvas) { emptyBoard(c, n) })
	}
	return k, nil
}

// emptyBoard draws the board with no marble: a hexagon through the six
// corner cells, pushed out, its holes, and its coordinates (aMalone: the
// names in the holes).
func emptyBoard(c *picture.Canvas, n abalone.Notation) {
	c.Fill(c.Img.Rect, picture.Paper())
	h := grid()
	at := func(cl abalone.Cell) picture.Point { return h.Center(cl.Row(), cl.Diag()) }
	centre := at(abalone.NewCell(4, 4))
	var corners []picture.Point
	for _, cl := range []abalone.Cell{abalone.NewCell(0, 0), abalone.NewCell(0, 4), abalone.NewCell(4, 8),
		abalone.NewCell(8, 8), abalone.NewCell(8, 4), abalone.NewCell(4, 0)} {
		corners = append(corners, picture.Toward(at(cl), centre, -cellStep*0.85))
	}
	c.Polygon(woodRim, corners...)
	for i := range corners {
		corners[i] = picture.Toward(corners[i], centre, 5)
	}
	c.Polygon(wood, corners...)
	for _, cl := range abalone.AllCells() {
		p := at(cl)
		c.Disc(p.X, p.Y, cellStep*0.36, hole)
		if n == abalone.AMalone {
			c.Text(int(p.X), int(p.Y)+1, cl.AMalone(), picture.Small, holeInk, picture.Center)
		}
	}
	if n != abalone.AMalone {
		labels(c, h)
	}
}

// grid places the cells: row A at the bottom, as the text board.
func grid() picture.HexGrid {
	// E5 (row 4, diagonal 4) is at (2·cellStep, -4·rowHeight) from A1.
	h := picture.HexGrid{Step: cellStep, Span: 8}
	h.Origin = picture.Pt(float32(boardW)/2-2*cellStep, boardMidY+4*h.RowHeight())
	return h
}

// Picture draws the hexagon as the text board does, Black's edge (row A)
// at the bottom: the row letters and diagonal numbers around it, or in
// aMalone notation each cell's name; the last move's marbles from and to
// tinted with an arrow each; a marble pushed off marked where it stood;
// each side's marbles lost in a tray; and under it whose move it is, the
// last move, and the host's caption. Abalone hides nothing: every viewer
// gets the same picture.
func (s *state) Picture(viewer int, caption string) (image.Image, error) {
	return s.game.pictures.Draw(newKit, func(k *kit) *picture.Image { return s.draw(k, caption) })
}

// lastMove is the last move and the position before it.
func (s *state) lastMove() (abalone.Move, abalone.Position, bool) {
	k := len(s.moves)
	if k == 0 {
		return abalone.NoMove, abalone.Position{}, false
	}
	prev, err := abalone.Replay(s.start, s.moves[:k-1])
	if err != nil {
		return abalone.NoMove, abalone.Position{}, false
	}
	return s.moves[k-1], prev, true
}

func (s *state) draw(k *kit, caption string) *picture.Image {
	tk := k.tk
	m, prev, moved := s.lastMove()
	c := tk.NewBoard(boardW, boardH, s.captionLines(m, prev, moved), caption)
	h := grid()
	at := func(cl abalone.Cell) picture.Point { return h.Center(cl.Row(), cl.Diag()) }

	c.Paste(k.boards[s.notation&1], image.Point{})
	tint := map[abalone.Cell]color.RGBA{}
	var eff abalone.Effect
	if moved {
		for _, cl := range m.Group() {
			tint[cl] = picture.LastFrom()
		}
		for _, cl := range m.Group() {
			tint[cl.Neighbor(m.Dir())] = lastTo
		}
		eff = prev.Effect(m)
	}
	for _, cl := range abalone.AllCells() {
		p := at(cl)
		if col, ok := tint[cl]; ok {
			c.Disc(p.X, p.Y, cellStep*0.36, col)
			if s.notation == abalone.AMalone {
				c.Text(int(p.X), int(p.Y)+1, cl.AMalone(), picture.Small, holeInk, picture.Center)
			}
		}
		if col, ok := s.pos.At(cl).Color(); ok {
			if tint[cl] == lastTo {
				c.Disc(p.X, p.Y, cellStep*0.5, lastTo) // a halo: the marble hides its hole
			}
			c.Stamp(k.marbles[col], p)
		}
		if col, ok := s.pos.At(cl).Color(); ok && s.notation == abalone.AMalone {
			c.Text(int(p.X), int(p.Y)+1, cl.AMalone(), picture.Small, marbles[col][3], picture.Center)
		}
	}
	if moved {
		for _, cl := range m.Group() {
			a, b := at(cl), at(cl.Neighbor(m.Dir()))
			c.Arrow(picture.Toward(a, b, cellStep*0.15), picture.Toward(b, a, cellStep*0.2), 4, arrow)
		}
		if eff.Ejected && eff.LostCell != abalone.NoCell {
			p := at(eff.LostCell)
			// Where the lost marble went: one cellStep on, off the board.
			off := h.Center(eff.LostCell.Row()+dRow(m.Dir()), eff.LostCell.Diag()+dDiag(m.Dir()))
			c.Cross(off.X, off.Y, cellStep*0.2, 5, lostMark)
			c.Ring(p.X, p.Y, cellStep*0.47, 3, lostMark)
		}
	}
	s.trays(c.Canvas)
	return c.Image()
}

// dRow and dDiag are a direction's cellStep in rows and diagonals.
func dRow(d abalone.Direction) int {
	return [6]int{0, 1, 1, 0, -1, -1}[d%6]
}

func dDiag(d abalone.Direction) int {
	return [6]int{1, 1, 0, -1, -1, 0}[d%6]
}

// labels writes the standard coordinates: each row's letter left of its
// first cell, each diagonal's number past its lowest cell.
func labels(c *picture.Canvas, h picture.HexGrid) {
	for r := range 9 {
		first := max(0, r-4)
		a, b := h.Center(r, first), h.Center(r, first-1)
		p := picture.Toward(a, b, cellStep*1.3)
		c.Text(int(p.X), int(p.Y), string(rune('A'+r)), picture.Label, picture.Ink(), picture.Center)
	}
	for d := range 9 {
		low := max(0, d-4)
		a, b := h.Center(low, d), h.Center(low-1, d)
		p := picture.Toward(a, b, cellStep*1.3)
		c.Text(int(p.X), int(p.Y), string(rune('1'+d)), picture.Label, picture.Ink(), picture.Center)
	}
}

// trays show each side's lost marbles, out of the six that lose: White's
// top left (its edge is the top), Black's bottom left.
func (s *state) trays(c *picture.Canvas) {
	for _, col := range []abalone.Color{abalone.White, abalone.Black} {
		y, ty := 36, 14
		if col == abalone.Black {
			y, ty = boardH-36, boardH-14
		}
		c.Text(12, ty, capital(col.String())+" lost", picture.Small, picture.Ink(), picture.Left)
		for i := range abalone.WinningLosses {
			cx := float32(22 + i*22)
			if i < s.pos.Lost(col) {
				c.Disc(cx, float32(y), 9, marbles[col][1])
				c.Disc(cx, float32(y), 8, marbles[col][0])
			} else {
				c.Ring(cx, float32(y), 9, 1.5, woodRim)
			}
		}
	}
}

// captionLines, over the host's caption: whose move it is (or the
// result), the last move and what it pushed, and the marbles lost.
func (s *state) captionLines(m abalone.Move, prev abalone.Position, moved bool) []picture.Line {
	head := picture.TextLine(picture.Bold, "")
	if s.ended != nil {
		head.Text = bot.OverText(seats(), *s.ended)
	} else if o := s.pos.Outcome(); o != abalone.Ongoing {
		head.Text = "Game over: " + o.String() + "."
	} else {
		turn := s.pos.Turn()
		head.Text = fmt.Sprintf("%s to move.", capital(turn.String()))
		head.Swatch, head.Ring = &marbles[turn][0], &marbles[turn][1]
	}
	lines := []picture.Line{head}
	if moved {
		text := fmt.Sprintf("Last, ply %d: %v %s", len(s.moves), prev.Turn(), prev.FormatMove(m, s.notation))
		if eff := prev.Effect(m); eff.Ejected {
			text += ", pushed a marble off"
		} else if eff.Pushed > 0 {
			text += fmt.Sprintf(", pushed %d", eff.Pushed)
		}
		lines = append(lines, picture.TextLine(picture.Body, text+"."))
	}
	lines = append(lines, picture.TextLine(picture.Body, fmt.Sprintf("Lost: black %d, white %d (six lose).",
		s.pos.Lost(abalone.Black), s.pos.Lost(abalone.White))))
	return lines
}
