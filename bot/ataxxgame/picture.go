package ataxxgame

import (
	"fmt"
	"image"
	"image/color"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// The picture's geometry and colours.
const (
	cell   = 64
	margin = 30
)

var (
	square    = picture.RGB(0xe9, 0xe4, 0xd4)
	gridLine  = picture.RGB(0x9a, 0x93, 0x80)
	lastMove  = picture.RGB(0xf3, 0xd6, 0x5f)
	blockFill = picture.RGB(0x5a, 0x5a, 0x5a)
	blockMark = picture.RGB(0x78, 0x78, 0x78)
	turned    = picture.RGB(0xff, 0xa5, 0x00)
	arrow     = picture.RGBA(0x40, 0x30, 0x00, 0x90)
	white     = picture.RGB(0xff, 0xff, 0xff)
	// stones: fill and rim of Red's and Blue's.
	stone = [2][2]color.RGBA{
		{picture.RGB(0xd6, 0x3a, 0x3a), picture.RGB(0x8e, 0x1f, 0x1f)},
		{picture.RGB(0x2f, 0x6f, 0xd6), picture.RGB(0x1a, 0x3f, 0x85)},
	}
)

var _ bot.Picturer = (*state)(nil)

// kit is what Ataxx draws with: the toolkit, and each side's stone drawn
// once.
type kit struct {
	tk     *picture.Toolkit
	stones [2]*picture.Sprite
}

const spriteSize = 52

func newKit() (*kit, error) {
	tk, err := picture.New()
	if err != nil {
		return nil, err
	}
	k := &kit{tk: tk}
	for side := range 2 {
		k.stones[side] = tk.Sprite(spriteSize, spriteSize, func(c *picture.Canvas) {
			const m = spriteSize / 2
			c.Disc(m, m, cell*0.38, stone[side][1])
			c.Disc(m, m, cell*0.38-3, stone[side][0])
		})
	}
	return k, nil
}

// Picture draws the board: coordinates a-g and 1-7 around it, the last
// move's squares tinted (a jump's origin too, with an arrow), the stones
// it turned ringed, and under it the score, whose move it is, the last
// move, and the host's caption. Ataxx hides nothing: every viewer gets
// the same picture.
func (s *state) Picture(viewer int, caption string) (image.Image, error) {
	return s.game.pictures.Draw(newKit, func(k *kit) *picture.Image { return s.draw(k, caption) })
}

func (s *state) draw(k *kit, caption string) *picture.Image {
	tk := k.tk
	g := picture.Grid{Files: 7, Ranks: 7, Cell: cell, Origin: image.Pt(margin, margin)}
	c := tk.NewBoard(2*margin+7*cell, 2*margin+7*cell, s.captionLines(), caption)

	var from, to ataxx.Square = ataxx.NumSquares, ataxx.NumSquares
	var flipped ataxx.Bitboard
	n := len(s.moves)
	if n > 0 && !s.moves[n-1].IsPass() {
		m := s.moves[n-1]
		to = m.To()
		if m.IsJump() {
			from = m.From()
		}
		mover := s.prev.Turn()
		flipped = ataxx.Adjacent(to) & s.prev.Pieces(mover.Other()) & s.pos.Pieces(mover)
	}
	c.Squares(g, func(f, r int) color.RGBA {
		switch ataxx.NewSquare(f, r) {
		case to:
			return lastMove
		case from:
			return picture.LastFrom()
		}
		return square
	})
	c.Lines(g, 2, gridLine)
	c.Coordinates(g, picture.Letters(7), picture.Numbers(7), 9, picture.Ink())
	for f := range 7 {
		for r := range 7 {
			sq := ataxx.NewSquare(f, r)
			p := g.Center(f, r)
			switch pc := s.pos.At(sq); pc {
			case ataxx.RedPiece, ataxx.BluePiece:
				side := 0
				if pc == ataxx.BluePiece {
					side = 1
				}
				c.Stamp(k.stones[side], p)
				if flipped.Has(sq) {
					c.Ring(p.X, p.Y, cell*0.47, 4, turned)
				}
			case ataxx.Block:
				b := g.Rect(f, r).Inset(5)
				c.Fill(b, blockFill)
				c.Cross(p.X, p.Y, cell*0.22, 5, blockMark)
			}
		}
	}
	if from != ataxx.NumSquares {
		a, b := g.Center(from.File(), from.Rank()), g.Center(to.File(), to.Rank())
		c.Arrow(a, picture.Toward(b, a, cell*0.38), 5, arrow) // to the stone's rim

	}
	return c.Image()
}

// captionLines are the lines under the board, over the host's caption:
// the score and whose move it is (or the result), and the last move.
func (s *state) captionLines() []picture.Line {
	red, blue := s.pos.Count(ataxx.Red), s.pos.Count(ataxx.Blue)
	head := picture.TextLine(picture.Bold, "")
	if s.ended != nil {
		head.Text = fmt.Sprintf("Red %d, Blue %d. %s", red, blue, bot.OverText(seats(), *s.ended))
	} else if o := s.pos.Outcome(); o != ataxx.Ongoing {
		head.Text = fmt.Sprintf("Red %d, Blue %d. Game over: %v.", red, blue, o)
	} else {
		turn := s.pos.Turn()
		head.Text = fmt.Sprintf("Red %d, Blue %d. %v to move.", red, blue, turn)
		head.Swatch = &stone[turn][0]
	}
	lines := []picture.Line{head}
	if n := len(s.moves); n > 0 {
		m := s.moves[n-1]
		text := fmt.Sprintf("Move %d: %v %s", n, s.prev.Turn(), s.prev.ManualNotation(m))
		switch {
		case m.IsPass():
			text = fmt.Sprintf("Move %d: %v passed", s.pos.Fullmove(), s.prev.Turn())
		default:
			mover := s.prev.Turn()
			k := (ataxx.Adjacent(m.To()) & s.prev.Pieces(mover.Other()) & s.pos.Pieces(mover)).Count()
			if k > 0 {
				text += fmt.Sprintf(", turned %d (ringed)", k)
			}
		}
		lines = append(lines, picture.TextLine(picture.Body, text+". Rules "+s.Rules+"."))
	}
	return lines
}
