package congogame

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// The picture's geometry and colours.
const (
	cell   = 64
	margin = 30
)

var (
	land     = [2]color.RGBA{picture.RGB(0xcf, 0xe0, 0xb0), picture.RGB(0xbd, 0xd3, 0x9a)}
	river    = [2]color.RGBA{picture.RGB(0x9c, 0xc8, 0xe8), picture.RGB(0x8a, 0xbb, 0xe0)}
	gridLine = picture.RGB(0x6f, 0x86, 0x55)
	lastTo   = picture.RGB(0xf3, 0xd6, 0x5f)
	path     = picture.RGBA(0x50, 0x38, 0x00, 0xa0)
	taken    = picture.RGB(0xd0, 0x20, 0x20)
	// sides: the piece's fill, rim and letter, White's then Black's.
	sides = [2][3]color.RGBA{
		{picture.RGB(0xfb, 0xf8, 0xee), picture.RGB(0x55, 0x50, 0x45), picture.RGB(0x22, 0x22, 0x22)},
		{picture.RGB(0x2a, 0x2a, 0x2a), picture.RGB(0x0c, 0x0c, 0x0c), picture.RGB(0xf2, 0xf2, 0xf2)},
	}
)

var _ bot.Picturer = (*state)(nil)

// kit is what Congo draws with: the toolkit, and each piece drawn once.
type kit struct {
	tk     *picture.Toolkit
	pieces [2][8]*picture.Sprite // by colour and kind
}

const spriteSize = 54

func newKit() (*kit, error) {
	tk, err := picture.New()
	if err != nil {
		return nil, err
	}
	k := &kit{tk: tk}
	for col := range 2 {
		for kind := range 8 {
			pc := congo.NewPiece(congo.Color(col), congo.Kind(kind))
			k.pieces[col][kind] = tk.Sprite(spriteSize, spriteSize, func(c *picture.Canvas) {
				const m = spriteSize / 2
				side := sides[col]
				c.Disc(m, m, cell*0.4, side[1])
				c.Disc(m, m, cell*0.4-2.5, side[0])
				c.Text(m, m, string(rune(pc.Kind().Letter()-'a'+'A')), picture.Piece, side[2], picture.Center)
			})
		}
	}
	return k, nil
}

// lastTurn is the last turn played: its acts (a monkey's jumps taken one
// at a time are several), the position before it, the squares it
// visited, and the squares whose pieces it took or drowned.
type lastTurn struct {
	by     congo.Color
	before congo.Position
	path   []congo.Square
	text   string
	gone   []congo.Square // pieces that left the board, not the mover's origin
	took   bool           // the mover took the piece on its last square
}

func (s *state) lastTurn() (lastTurn, bool) {
	n := len(s.acts)
	if n == 0 {
		return lastTurn{}, false
	}
	i := n - 1
	for i > 0 && s.acts[i-1].by == s.acts[i].by && s.acts[i-1].move.IsOpen() {
		i--
	}
	t := lastTurn{by: s.acts[i].by, before: s.history[i]}
	var words []string
	for _, a := range s.acts[i:] {
		p := a.move.Path()
		if len(t.path) > 0 && p[0] == t.path[len(t.path)-1] {
			p = p[1:]
		}
		t.path = append(t.path, p...)
		words = append(words, a.move.String())
	}
	t.text = strings.Join(words, " ")
	for sq := congo.Square(0); sq < congo.NumSquares; sq++ {
		if t.before.PieceAt(sq) != congo.NoPiece && s.pos.PieceAt(sq) == congo.NoPiece && sq != t.path[0] {
			t.gone = append(t.gone, sq)
		}
	}
	end := t.path[len(t.path)-1]
	if pc := t.before.PieceAt(end); pc != congo.NoPiece && pc.Color() != t.by && end != t.path[0] {
		t.took = true
	}
	return t, true
}

// Picture draws the board from White's side with its coordinates, the
// river, the last turn's squares and path (a monkey's jumps one by one),
// the pieces it took crossed out, and under it whose turn it is, the
// pieces each side has left and lost, and the host's caption. Congo hides
// nothing: every viewer gets the same picture.
func (s *state) Picture(viewer int, caption string) (image.Image, error) {
	return s.game.pictures.Draw(newKit, func(k *kit) *picture.Image { return s.draw(k, caption) })
}

func (s *state) draw(k *kit, caption string) *picture.Image {
	tk := k.tk
	g := picture.Grid{Files: 7, Ranks: 7, Cell: cell, Origin: image.Pt(margin, margin)}
	last, moved := s.lastTurn()
	c := tk.NewBoard(2*margin+7*cell, 2*margin+7*cell, s.captionLines(last, moved), caption)
	c.Squares(g, func(f, r int) color.RGBA {
		if r == 3 {
			return river[(f+r)&1]
		}
		return land[(f+r)&1]
	})
	if moved {
		for i, sq := range last.path {
			col := picture.LastFrom()
			if i == len(last.path)-1 {
				col = lastTo
			}
			c.Fill(g.Rect(sq.File(), sq.Rank()), col)
		}
	}
	c.Lines(g, 1, gridLine)
	c.Coordinates(g, picture.Letters(7), picture.Numbers(7), 9, picture.Ink())
	for sq := congo.Square(0); sq < congo.NumSquares; sq++ {
		pc := s.pos.PieceAt(sq)
		if pc == congo.NoPiece {
			continue
		}
		c.Stamp(k.pieces[pc.Color()][pc.Kind()], g.Center(sq.File(), sq.Rank()))
	}
	if moved {
		for i := 1; i < len(last.path); i++ {
			a, b := last.path[i-1], last.path[i]
			if a == b {
				continue
			}
			from, to := g.Center(a.File(), a.Rank()), g.Center(b.File(), b.Rank())
			if i == len(last.path)-1 {
				to = picture.Toward(to, from, cell*0.4) // stop at the piece's rim
			}
			c.Arrow(from, to, 4, path)
		}
		for _, sq := range last.gone {
			p := g.Center(sq.File(), sq.Rank())
			c.Cross(p.X, p.Y, cell*0.28, 6, taken)
		}
		if last.took {
			end := last.path[len(last.path)-1]
			r := g.Rect(end.File(), end.Rank())
			c.Disc(float32(r.Max.X)-11, float32(r.Min.Y)+11, 9, taken)
			c.Cross(float32(r.Max.X)-11, float32(r.Min.Y)+11, 4, 2.5, picture.Paper())
		}
	}
	return c.Image()
}

// captionLines, over the host's caption: whose turn it is (or the
// result), the last turn and what it took, the pieces left and lost, and
// a key to the letters.
func (s *state) captionLines(last lastTurn, moved bool) []picture.Line {
	head := picture.TextLine(picture.Bold, "")
	if s.ended != nil {
		head.Text = bot.OverText(seats(), *s.ended)
	} else if o := s.pos.Outcome(); o != congo.Ongoing {
		head.Text = "Game over: " + o.String() + "."
	} else {
		turn := s.pos.Turn()
		head.Text = fmt.Sprintf("Turn %d: %s to move.", s.turnNumber(), capital(turn.String()))
		if s.pos.Jumping() {
			head.Text += fmt.Sprintf(" The monkey on %v is jumping.", s.pos.Jumper())
		}
		head.Swatch, head.Ring = &sides[turn][0], &sides[turn][1]
	}
	lines := []picture.Line{head}
	if moved {
		text := fmt.Sprintf("Last: %s %s", last.by, last.text)
		if n := len(last.gone) + btoi(last.took); n > 0 {
			text += fmt.Sprintf(", %d taken (crossed out)", n)
		}
		lines = append(lines, picture.TextLine(picture.Body, text+"."))
	}
	start, _ := congo.ParseFEN(s.Start) // replay read it
	var left [2]int
	var lost [2]int
	for _, col := range [2]congo.Color{congo.White, congo.Black} {
		left[col] = s.pos.Occupied(col).Count()
		lost[col] = max(0, start.Occupied(col).Count()-left[col])
	}
	lines = append(lines,
		picture.TextLine(picture.Body, fmt.Sprintf("Pieces: white %d (lost %d), black %d (lost %d).", left[0], lost[0], left[1], lost[1])),
		picture.TextLine(picture.Small, "L lion, E elephant, Z zebra, G giraffe, C crocodile, M monkey, P pawn, S superpawn"))
	return lines
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
