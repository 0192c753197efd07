package congogame

import (
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

var (
	_ bot.Surfacer = (*state)(nil)
	_ bot.Replayer = (*state)(nil)
)

// Surface is the board for a page: the 7×7 squares as the text board
// lays them out (a7 top left, g1 bottom right, White below the river),
// the river and the lions' castles marked, and the moves viewer may make
// now as clicks. Congo hides nothing, so every viewer sees the same
// board; only the seat to move gets moves. A kind whose setup is a
// position by FEN ("position standard|FEN") has no setup by clicking: no
// Tools.
func (s *state) Surface(viewer int) bot.Surface {
	sf := bot.Surface{
		Shape: "square", Width: 7, Height: 7,
		Cells:  make([]bot.Cell, congo.NumSquares),
		Pieces: pieceLooks(),
		Last:   turnSquares(s.acts, len(s.acts)),
		Turn:   -1,
		// White sits below the river; Black's viewer has their side at
		// the top and may turn the board.
		Flip: viewer == int(congo.Black),
	}
	for i := range sf.Cells {
		sq := congo.SquareFromFENIndex(i)
		sf.Cells[i] = bot.Cell{
			Name:  sq.String(),
			X:     float64(sq.File()) + 0.5,
			Y:     float64(6-sq.Rank()) + 0.5,
			Piece: pieceText(s.pos.PieceAt(sq)),
			Class: squareClass(sq),
		}
	}
	if s.pos.Outcome() != congo.Ongoing || s.ended != nil {
		return sf
	}
	sf.Turn = int(s.pos.Turn())
	if viewer == sf.Turn {
		sf.Moves = clickMoves(&s.pos)
	}
	return sf
}

// Frames gives every position since play began: the position play began
// from, then the one after each action of the record (a monkey's jump
// taken on its own and its stop are actions of their own, as the record
// writes them). Congo hides nothing: hide is ignored.
func (s *state) Frames(hide []bool) ([]bot.Frame, error) {
	frames := make([]bot.Frame, 0, len(s.acts)-s.Began+1)
	for i := s.Began; i <= len(s.acts); i++ {
		pos := &s.pos
		if i < len(s.acts) {
			pos = &s.history[i]
		}
		f := bot.Frame{Pieces: make([]string, congo.NumSquares)}
		for j := range f.Pieces {
			f.Pieces[j] = pieceText(pos.PieceAt(congo.SquareFromFENIndex(j)))
		}
		if i > s.Began {
			f.Move = s.acts[i-1].move.String()
			f.Last = turnSquares(s.acts, i)
		}
		frames = append(frames, f)
	}
	return frames, nil
}

// pieceText is a piece as the text board prints it, its FEN letter; ""
// for an empty square (the board's '-' and the river's '+' are the
// drawing's).
func pieceText(pc congo.Piece) string {
	if pc == congo.NoPiece {
		return ""
	}
	return pc.String()
}

// squareClass is what a square is for the drawing: the river (rank 4),
// a lion's castle (c–e of ranks 1–3 and 5–7), or plain land.
func squareClass(sq congo.Square) string {
	switch {
	case sq.IsRiver():
		return "river"
	case congo.WhiteCastle.Has(sq), congo.BlackCastle.Has(sq):
		return "castle"
	}
	return ""
}

// pieceLooks tells how each of the sixteen pieces is drawn: its side by
// the seats' order (white, black), its name, and its letter upper case
// on it.
func pieceLooks() map[string]bot.PieceLook {
	looks := make(map[string]bot.PieceLook, 16)
	for _, c := range [2]congo.Color{congo.White, congo.Black} {
		for k := congo.Pawn; k <= congo.Lion; k++ {
			pc := congo.NewPiece(c, k)
			looks[pc.String()] = bot.PieceLook{
				Label: c.String() + " " + k.String(),
				Side:  int(c),
				Glyph: strings.ToUpper(string(k.Letter())),
			}
		}
	}
	return looks
}

// clickMoves are the legal moves of pos as clicks: the piece, then its
// target, or each landing of a monkey's path in turn. Every stopping
// point of a monkey's multi-capture is a move of its own. Its texts are
// what the kind reads as that whole turn: a path ("b1-d3-f5") ends the
// turn where it ends; a single jump the monkey could follow up is said
// with stop ("b1-d3 stop"), since alone it would leave the turn with the
// monkey. While a monkey's jumps are taken one at a time, its stop is the
// monkey clicked twice, said "stop".
func clickMoves(pos *congo.Position) []bot.ClickMove {
	moves := pos.LegalMoves()
	out := make([]bot.ClickMove, 0, len(moves))
	for _, m := range moves {
		from := m.From()
		cm := bot.ClickMove{Select: []string{from.String()}, Text: m.String()}
		switch {
		case m.Jumps() > 0:
			for _, sq := range m.Path()[1:] {
				cm.Path = append(cm.Path, sq.String())
			}
			// A monkey captures by every jump.
			cm.Mark = "capture"
			if m.Jumps() == 1 && extended(moves, m) {
				cm.Text += " stop"
			}
		case from == m.To():
			cm.Path, cm.Text = []string{from.String()}, "stop"
		default:
			cm.Path = []string{m.To().String()}
			if pos.PieceAt(m.To()) != congo.NoPiece {
				cm.Mark = "capture"
			}
		}
		out = append(out, cm)
	}
	return out
}

// extended reports whether a longer path among moves begins with m's
// one jump: the monkey could jump on from where m lands.
func extended(moves []congo.Move, m congo.Move) bool {
	for _, o := range moves {
		if o.From() == m.From() && o.Jumps() > 1 && o.JumpDir(0) == m.JumpDir(0) {
			return true
		}
	}
	return false
}

// turnSquares are the squares of the turn that action k-1 of acts ends or
// carries on: its origin and every square it reached, a monkey's jumps
// taken one at a time (and its stop) together; none when k is 0.
func turnSquares(acts []act, k int) []string {
	if k == 0 {
		return nil
	}
	first := k - 1
	for first > 0 && acts[first-1].by == acts[k-1].by && acts[first-1].move.IsOpen() {
		first--
	}
	var out []string
	for _, a := range acts[first:k] {
		for _, sq := range a.move.Path() {
			if name := sq.String(); len(out) == 0 || out[len(out)-1] != name {
				out = append(out, name)
			}
		}
	}
	return out
}
