package ataxxgame

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// The board for a play page (bot.Surfacer) and a finished game's
// positions for its replay (bot.Replayer).
//
// The cells are the 49 squares as the text board prints them: row 7 at
// the top, a7 top left, g1 bottom right; each holds the dump's letter
// (r, b, X) or nothing. A move is clicked as the guide's GUI plays it
// (V.C): the piece, then the square it goes to; the page then says the
// move as players type it, "a7-b6". A clone is known by where it lands,
// but the host writes and the players type it from a piece, so each
// piece that can clone to a square gives its own ClickMove. A pass is no
// click: Actions offers the Pass button when it is the only move.
//
// Setup (the guide's Set Blocks and Set Moves, V.A.9) is by tools: Block
// says "block SQ", which blocks the square and its reflections (IV.A.2.c),
// and Move says "move FROM-TO", a setup move for the side the rules put
// to move, which the host takes from whoever may set the game up. The
// record keeps no phase (the host does), so the state offers the tools
// until the game is over and the host keeps them from anyone who may not
// configure: everyone once play has begun, but for a CS61B table before
// its first move, where blocks are still allowed.

var (
	_ bot.Surfacer = (*state)(nil)
	_ bot.Replayer = (*state)(nil)
)

// boardSize is the board's width and height in squares.
const boardSize = 7

// Surface is the board as every viewer sees it (Ataxx hides nothing),
// with the moves viewer may click when it is their turn.
func (s *state) Surface(viewer int) bot.Surface {
	sf := bot.Surface{
		Shape:  "square",
		Width:  boardSize,
		Height: boardSize,
		Cells:  cells(&s.pos),
		Pieces: pieceLooks(),
		Turn:   -1,
	}
	if n := len(s.moves); n > 0 {
		sf.Last = lastSquares(s.prev.ManualNotation(s.moves[n-1]))
	}
	if s.over() {
		return sf
	}
	sf.Turn = int(s.pos.Turn())
	if viewer == sf.Turn {
		sf.Moves = clickMoves(&s.pos)
	}
	sf.Tools = setupTools()
	return sf
}

// over reports whether the game has ended, by the rules or by the host.
func (s *state) over() bool {
	return s.ended != nil || s.pos.Outcome() != ataxx.Ongoing
}

// Frames are the positions since play began: the one play began from
// (after the blocks and any setup moves), then one after each move of
// play. Ataxx hides nothing, so hide is ignored.
func (s *state) Frames(hide []bool) ([]bot.Frame, error) {
	pos, err := s.startOfPlay()
	if err != nil {
		return nil, err
	}
	played := s.moves[s.Began:]
	frames := make([]bot.Frame, 0, len(played)+1)
	frames = append(frames, bot.Frame{Pieces: pieceTexts(&pos)})
	for i, m := range played {
		before := pos
		if _, _, err := pos.Play(m); err != nil {
			return nil, fmt.Errorf("ataxx replay: move %d %s: %w", i+1, m, err)
		}
		text := before.ManualNotation(m)
		frames = append(frames, bot.Frame{Pieces: pieceTexts(&pos), Last: lastSquares(text), Move: text})
	}
	return frames, nil
}

// startOfPlay is the position play began from: the start with its rules,
// after the setup moves.
func (s *state) startOfPlay() (ataxx.Position, error) {
	rules, err := ataxx.ParseRules(s.Rules)
	if err != nil {
		return ataxx.Position{}, fmt.Errorf("ataxx replay: %w", err)
	}
	pos, err := ataxx.ParseFEN(s.Start)
	if err != nil {
		return ataxx.Position{}, fmt.Errorf("ataxx replay: %w", err)
	}
	pos.SetRules(rules)
	for i, m := range s.moves[:s.Began] {
		if _, _, err := pos.Play(m); err != nil {
			return ataxx.Position{}, fmt.Errorf("ataxx replay: setup move %d %s: %w", i+1, m, err)
		}
	}
	return pos, nil
}

// cellSquare is the square of the i-th cell: the rows from 7 down to 1,
// each from a to g, as the text board prints them.
func cellSquare(i int) ataxx.Square {
	return ataxx.NewSquare(i%boardSize, boardSize-1-i/boardSize)
}

// cells are pos's squares in the text board's order, with their centres
// (a7 at 0.5, 0.5) and what stands on them.
func cells(pos *ataxx.Position) []bot.Cell {
	out := make([]bot.Cell, ataxx.NumSquares)
	for i := range out {
		sq := cellSquare(i)
		c := bot.Cell{
			Name:  sq.String(),
			X:     float64(sq.File()) + 0.5,
			Y:     float64(boardSize-1-sq.Rank()) + 0.5,
			Piece: pieceText(pos.At(sq)),
		}
		if pos.At(sq) == ataxx.Block {
			c.Class = "block"
		}
		out[i] = c
	}
	return out
}

// pieceTexts are the pieces of cells(pos), in the same order.
func pieceTexts(pos *ataxx.Position) []string {
	out := make([]string, ataxx.NumSquares)
	for i := range out {
		out[i] = pieceText(pos.At(cellSquare(i)))
	}
	return out
}

// pieceText is what the text board prints for pc, "" for an empty square
// (where the dump prints "-").
func pieceText(pc ataxx.Piece) string {
	if pc == ataxx.Empty {
		return ""
	}
	return pc.String()
}

// pieceLooks says how each piece text is drawn: the two sides' discs and
// the blocks, which belong to nobody.
func pieceLooks() map[string]bot.PieceLook {
	return map[string]bot.PieceLook{
		ataxx.RedPiece.String():  {Label: "red piece", Side: int(ataxx.Red)},
		ataxx.BluePiece.String(): {Label: "blue piece", Side: int(ataxx.Blue)},
		ataxx.Block.String():     {Label: "block", Side: -1},
	}
}

// lastSquares are the squares of a move written "a7-b6": its origin and
// its destination; none for a pass ("-").
func lastSquares(text string) []string {
	if len(text) != 5 || text[2] != '-' {
		return nil
	}
	return []string{text[:2], text[3:]}
}

// clickMoves are the legal moves of pos's side to move as clicks, in the
// generator's order: each clone once from every piece next to its square
// (by origin), then each jump. A forced pass gives none.
func clickMoves(pos *ataxx.Position) []bot.ClickMove {
	var l ataxx.MoveList
	pos.GenerateMoves(&l)
	us := pos.Pieces(pos.Turn())
	var out []bot.ClickMove
	for _, m := range l.Slice() {
		switch {
		case m.IsJump():
			out = append(out, clickMove(m.From(), m.To(), "jump"))
		case m.IsClone():
			for b := ataxx.Adjacent(m.To()) & us; b != 0; b &= b - 1 {
				out = append(out, clickMove(b.First(), m.To(), "clone"))
			}
		}
	}
	return out
}

// clickMove is the move from from to to as clicks: the piece, then the
// square, said as the guide writes moves.
func clickMove(from, to ataxx.Square, mark string) bot.ClickMove {
	return bot.ClickMove{
		Select: []string{from.String()},
		Path:   []string{to.String()},
		Text:   from.String() + "-" + to.String(),
		Mark:   mark,
	}
}

// setupTools are the guide's Set Blocks and Set Moves by clicking: a
// block with its reflections (a right click), and a setup move from one
// square to another.
func setupTools() []bot.Tool {
	return []bot.Tool{
		{Label: "Block", Command: "block {1}", Squares: 1, Button: "right"},
		{Label: "Move", Command: "move {1}-{2}", Squares: 2},
	}
}
