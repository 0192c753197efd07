package strategogame

import (
	"fmt"
	"image"
	"image/color"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// The picture's geometry and colours.
const (
	cell       = 48
	margin     = 30
	spriteSize = 42
)

var (
	land     = [2]color.RGBA{picture.RGB(0xd9, 0xe6, 0xb8), picture.RGB(0xcf, 0xdf, 0xab)}
	lake     = picture.RGB(0x7d, 0xb3, 0xe0)
	wave     = picture.RGB(0xa9, 0xcd, 0xee)
	gridLine = picture.RGB(0x8f, 0x9e, 0x74)
	lastTo   = picture.RGB(0xf3, 0xc8, 0x3a)
	lastEdge = picture.RGB(0xe0, 0x8a, 0x00)
	mark     = picture.RGB(0xff, 0xd7, 0x40)
	// armies: the tile, its rim and its rank's ink, Red's then Blue's.
	armies = [2][3]color.RGBA{
		{picture.RGB(0xc8, 0x38, 0x2e), picture.RGB(0x7a, 0x1c, 0x16), picture.RGB(0xff, 0xff, 0xff)},
		{picture.RGB(0x2e, 0x5f, 0xb8), picture.RGB(0x17, 0x32, 0x6e), picture.RGB(0xff, 0xff, 0xff)},
	}
)

var _ bot.Picturer = (*state)(nil)

// kit is what Stratego draws with: the toolkit and every tile drawn once,
// by colour, rank (NoRank: a tile whose rank the viewer does not know,
// drawn blank) and whether combat revealed it.
type kit struct {
	tk    *picture.Toolkit
	tiles [2][stratego.NumRanks][2]*picture.Sprite
}

// rankText is what a tile shows for a rank: the text board's letters,
// with a capital S for the Spy, and nothing for an unknown piece.
func rankText(r stratego.Rank) string {
	switch r {
	case stratego.NoRank:
		return ""
	case stratego.Spy:
		return "S"
	}
	return string(r.Token())
}

func newKit() (*kit, error) {
	tk, err := picture.New()
	if err != nil {
		return nil, err
	}
	k := &kit{tk: tk}
	for col := range 2 {
		for r := range stratego.Rank(stratego.NumRanks) {
			for rev := range 2 {
				k.tiles[col][r][rev] = tk.Sprite(spriteSize, spriteSize, func(c *picture.Canvas) {
					tile(c, col, r, rev == 1)
				})
			}
		}
	}
	return k, nil
}

// tile draws a piece: a rounded tile in its army's colour, its rank when
// known, and a gold corner when combat revealed it.
func tile(c *picture.Canvas, col int, r stratego.Rank, revealed bool) {
	a := armies[col]
	b := c.Img.Rect
	c.RoundRect(b, 7, a[1])
	c.RoundRect(b.Inset(2), 6, a[0])
	if t := rankText(r); t != "" {
		c.Text(b.Dx()/2, b.Dy()/2, t, picture.Big, a[2], picture.Center)
	}
	if revealed {
		c.Polygon(mark, picture.Pt(float32(b.Max.X)-16, 2), picture.Pt(float32(b.Max.X)-2, 2), picture.Pt(float32(b.Max.X)-2, 16))
	}
}

// Picture draws the board viewer may see (the one Board shows), from the
// viewer's side (a spectator's from Red's): a seat's own ranks, an enemy
// piece blank unless combat revealed it, a revealed piece with a gold
// corner; the last move's squares tinted; and under it whose move it is,
// the last move with its combat (public), the pieces left, a key, and the
// host's caption. In the setup a seat sees its own army once sent, and a
// spectator an empty board.
func (s *state) Picture(viewer int, caption string) (image.Image, error) {
	return s.kind.pictures.Draw(newKit, func(k *kit) *picture.Image { return s.draw(k, viewer, caption) })
}

func (s *state) draw(k *kit, viewer int, caption string) *picture.Image {
	tk := k.tk
	v, from, _ := s.boardView(viewer)
	g := picture.Grid{Files: stratego.Width, Ranks: stratego.Height, Cell: cell, Origin: image.Pt(margin, margin), Turned: from == stratego.Blue}
	var last stratego.Result
	var mover stratego.Colour
	moved := false
	if s.game != nil {
		if h := s.game.History(); len(h) > 0 {
			last, mover, moved = h[len(h)-1], stratego.Colour((len(h)-1)%2), true
		}
	}
	c := tk.NewBoard(2*margin+stratego.Width*cell, 2*margin+stratego.Height*cell, s.captionLines(last, mover, moved), caption)
	c.Squares(g, func(f, r int) color.RGBA {
		sq := stratego.SquareAt(f, r)
		switch {
		case sq.IsLake():
			return lake
		case moved && sq == last.Move.To():
			return lastTo
		case moved && sq == last.Move.From():
			return picture.LastFrom()
		}
		return land[(f+r)&1]
	})
	c.Lines(g, 1, gridLine)
	for f := range stratego.Width {
		for r := range stratego.Height {
			if stratego.SquareAt(f, r).IsLake() {
				p := g.Center(f, r)
				c.Line(picture.Pt(p.X-12, p.Y-6), picture.Pt(p.X+12, p.Y-6), 2, wave)
				c.Line(picture.Pt(p.X-12, p.Y+6), picture.Pt(p.X+12, p.Y+6), 2, wave)
			}
		}
	}
	files, ranks := picture.Letters(stratego.Width), picture.Numbers(stratego.Height)
	c.Coordinates(g, files, ranks, 9, picture.Ink())
	for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
		pc := v.At(sq)
		if !pc.IsPiece() {
			continue
		}
		rev := 0
		if pc.Revealed() {
			rev = 1
		}
		c.Stamp(k.tiles[pc.Colour()][pc.Rank()][rev], g.Center(sq.X(), sq.Y()))
	}
	if moved {
		// The tile on the destination hides its tint: frame the square.
		to := last.Move.To()
		c.Frame(g.Rect(to.X(), to.Y()), 3, lastEdge)
	}
	return c.Image()
}

// captionLines, over the host's caption: the status (whose move, the
// setup's readiness, or the result), the last move and its combat, the
// pieces left, and a key. Everything here is public.
func (s *state) captionLines(last stratego.Result, mover stratego.Colour, moved bool) []picture.Line {
	head := picture.TextLine(picture.Bold, "")
	switch {
	case s.game == nil && !s.over():
		head.Text = fmt.Sprintf("Setup: %s.", s.readiness())
	case s.game == nil:
		head.Text = s.status()
	default:
		p := s.game.Position()
		head.Text = fmt.Sprintf("Turn %d: %s", p.Turn(), s.status())
		if !s.over() {
			head.Swatch, head.Ring = &armies[p.Side()][0], &armies[p.Side()][1]
		}
	}
	lines := []picture.Line{head}
	if moved {
		text := fmt.Sprintf("Last: %s %v.", colourName(int(mover)), last.Move)
		if t := combatText(last, mover); t != "" {
			text += " " + t
		}
		lines = append(lines, picture.TextLine(picture.Body, text))
	}
	if t := s.score(); t != "" {
		lines = append(lines, picture.TextLine(picture.Body, t))
	}
	lines = append(lines, picture.TextLine(picture.Small,
		"1 Marshal ... 9 Scout, S Spy, B Bomb, F Flag; a blank tile: unknown; a gold corner: revealed in combat"))
	return lines
}
