package abalonegame

import (
	"fmt"
	"math"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

var (
	_ bot.Surfacer = (*state)(nil)
	_ bot.Replayer = (*state)(nil)
)

// The hexagon as a page draws it: pointy-top cells of unit width, each
// row half a cell to the side of the next and sqrt(3)/2 below it, White's
// edge (row I) at the top as the text board draws it, so a row of nine
// cells (E) spans the width and the nine rows the height.
var (
	rowStep   = math.Sqrt(3) / 2 // between the centres of two rows
	hexHeight = 2 / math.Sqrt(3) // a pointy-top hexagon of unit width
)

// Surface is the board as viewer may see it (Abalone hides nothing) and
// the moves viewer may make now as clicks.
//
// A move is clicked in two steps: select the one to three marbles that
// move, then click the cell that says where they go.
// An in-line move is told by the cell ahead of its leading marble, the
// one it moves into (empty, or the opponent's marble it pushes: Mark
// "push", "capture" when one goes off the board). A broadside is told by
// the cell any one of its marbles moves to, one ClickMove per marble;
// but where two broadsides of the same marbles both go to a cell (the
// group sliding up-left or up-right along a row shares all but one cell),
// that cell means neither and is left out, so each broadside keeps at
// least its outer cell. Own marbles are never targets, only selected.
// Last marks the last move (see lastSquares), a move before play too.
//
// Moves go to the seat to move while the game goes on; Tools (aMalone's
// set-up clicks) until play is known to have begun. A state decoded from
// a record whose play began with no move before it cannot tell that from
// a setup and gives the tools as well: the host, which keeps the phase,
// strips them from viewers who may not configure.
func (s *state) Surface(viewer int) bot.Surface {
	sf := bot.Surface{
		Shape:  "hex",
		Width:  9,
		Height: 8*rowStep + hexHeight,
		Cells:  s.cells(&s.pos),
		Pieces: pieceLooks(),
		Turn:   -1,
		Flip:   viewer == seatWhite,
	}
	if k := len(s.moves); k > 0 {
		sf.Last = s.lastSquares(s.moves[k-1])
	}
	if !s.playing && s.ended == nil {
		// A setup may hold no legal move yet (an empty board), which
		// the rules would call a game over: the tools stay.
		sf.Tools = s.tools()
	}
	if s.over() {
		return sf
	}
	sf.Turn = int(s.pos.Turn())
	if viewer == sf.Turn {
		sf.Moves = s.clickMoves()
	}
	return sf
}

// cellOrder is the 61 cells as the board reads: rows I down to A, each
// from its lowest diagonal, as the text board and aMalone's table list
// them.
func cellOrder() [abalone.NumCells]abalone.Cell {
	var cs [abalone.NumCells]abalone.Cell
	i := 0
	for r := 8; r >= 0; r-- {
		for d := max(0, r-4); d <= min(8, r+4); d++ {
			cs[i] = abalone.NewCell(r, d)
			i++
		}
	}
	return cs
}

// cells are the board's cells in cellOrder with the marbles of p.
func (s *state) cells(p *abalone.Position) []bot.Cell {
	out := make([]bot.Cell, 0, abalone.NumCells)
	for _, c := range cellOrder() {
		r, d := float64(c.Row()), float64(c.Diag())
		out = append(out, bot.Cell{
			Name:  s.name(c),
			X:     d - r/2 + 2.5,
			Y:     hexHeight/2 + (8-r)*rowStep,
			Piece: pieceText(p.At(c)),
		})
	}
	return out
}

// pieces are the marbles of p in cellOrder, for a frame.
func pieces(p *abalone.Position) []string {
	out := make([]string, 0, abalone.NumCells)
	for _, c := range cellOrder() {
		out = append(out, pieceText(p.At(c)))
	}
	return out
}

// pieceText is a marble as the text board prints it; "" for an empty
// cell, which the text board prints as ".".
func pieceText(pc abalone.Piece) string {
	if pc == abalone.Empty {
		return ""
	}
	return pc.String()
}

func pieceLooks() map[string]bot.PieceLook {
	return map[string]bot.PieceLook{
		abalone.BlackMarble.String(): {Label: "black marble", Side: seatBlack},
		abalone.WhiteMarble.String(): {Label: "white marble", Side: seatWhite},
	}
}

// name is cell c as the table writes it: standard "e5" (lower case, as
// moves are written), or aMalone's "GG".
func (s *state) name(c abalone.Cell) string {
	if s.notation == abalone.AMalone {
		return c.AMalone()
	}
	return strings.ToLower(c.String())
}

func (s *state) names(cs ...abalone.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = s.name(c)
	}
	return out
}

// lastSquares are the cells of move m: the cells its marbles
// left and entered; for an in-line move that is the line from the
// trailing marble to the cell the leading one entered, where a pushed
// marble stood.
func (s *state) lastSquares(m abalone.Move) []string {
	group := m.Group()
	if !m.IsBroadside() {
		return s.names(append(group, group[len(group)-1].Neighbor(m.Dir()))...)
	}
	cs := append([]abalone.Cell(nil), group...)
	for _, c := range group {
		cs = append(cs, c.Neighbor(m.Dir()))
	}
	return s.names(cs...)
}

// broadsideTarget is a cell a group's broadside moves one of its marbles
// to: the group by its Move fields, and the cell.
type broadsideTarget struct {
	from  abalone.Cell
	along abalone.Direction
	count int
	to    abalone.Cell
}

// clickMoves are the legal moves of the side to move as clicks (see
// Surface), in the engine's order, written in the table's notation.
func (s *state) clickMoves() []bot.ClickMove {
	var l abalone.MoveList
	s.pos.GenerateMoves(&l)
	// How many broadsides of each group move a marble to each cell.
	shared := map[broadsideTarget]int{}
	for _, m := range l.Slice() {
		if m.IsBroadside() {
			for _, c := range m.Group() {
				shared[broadsideTarget{m.From(), m.Along(), m.Count(), c.Neighbor(m.Dir())}]++
			}
		}
	}
	out := make([]bot.ClickMove, 0, l.Len)
	for _, m := range l.Slice() {
		group := m.Group()
		sel, text := s.names(group...), s.pos.FormatMove(m, s.notation)
		if !m.IsBroadside() {
			mark := ""
			switch e := s.pos.Effect(m); {
			case e.Ejected:
				mark = "capture"
			case e.Pushed > 0:
				mark = "push"
			}
			ahead := group[len(group)-1].Neighbor(m.Dir())
			out = append(out, bot.ClickMove{Select: sel, Path: s.names(ahead), Text: text, Mark: mark})
			continue
		}
		for _, c := range group {
			to := c.Neighbor(m.Dir())
			if shared[broadsideTarget{m.From(), m.Along(), m.Count(), to}] > 1 {
				continue
			}
			out = append(out, bot.ClickMove{Select: sel, Path: s.names(to), Text: text})
		}
	}
	return out
}

// tools are aMalone's set-up clicks: the left button puts a marble of
// the side that begins, the right one the opponent's; and a tool that
// empties a cell (aMalone's second click on a marble).
func (s *state) tools() []bot.Tool {
	first := s.pos.Turn()
	return []bot.Tool{
		{Label: capital(first.String()) + " marble", Command: "put " + first.String() + " {1}", Squares: 1, Button: "left"},
		{Label: capital(first.Other().String()) + " marble", Command: "put " + first.Other().String() + " {1}", Squares: 1, Button: "right"},
		{Label: "Empty", Command: "remove {1}", Squares: 1},
	}
}

// Frames are the positions since play began: the first as play began,
// then one after each move, with its cells (the move's marbles and where
// they went, as Surface's Last) and the move in the table's notation as
// it is now, as the cells are named. Abalone hides nothing: hide is not
// read.
func (s *state) Frames(hide []bool) ([]bot.Frame, error) {
	p, err := abalone.Replay(s.start, s.moves[:s.began])
	if err != nil {
		return nil, fmt.Errorf("%w: %w", abalone.ErrInvalidGame, err)
	}
	frames := make([]bot.Frame, 0, len(s.moves)-s.began+1)
	frames = append(frames, bot.Frame{Pieces: pieces(&p)})
	for i, m := range s.moves[s.began:] {
		f := bot.Frame{Last: s.lastSquares(m), Move: p.FormatMove(m, s.notation)}
		if _, _, err := p.Play(m); err != nil {
			return nil, fmt.Errorf("%w: ply %d: %w", abalone.ErrInvalidGame, s.began+i+1, err)
		}
		f.Pieces = pieces(&p)
		frames = append(frames, f)
	}
	return frames, nil
}
