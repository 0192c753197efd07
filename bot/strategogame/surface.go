package strategogame

import (
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

var (
	_ bot.Surfacer = (*state)(nil)
	_ bot.Replayer = (*state)(nil)
)

// surfaceSquares are the board's squares in the order of a Surface's
// Cells: the rows from 10 (Blue's back row, at the top) down to 1, each
// from a to j, so that a1 is the bottom left as the chat names it.
var surfaceSquares = func() (out [stratego.NumSquares]stratego.Square) {
	i := 0
	for y := stratego.Height - 1; y >= 0; y-- {
		for x := range stratego.Width {
			out[i] = stratego.SquareAt(x, y)
			i++
		}
	}
	return out
}()

// pieceText is a square's content as the text board prints it (Board:
// the owner's r or b and the rank's letter, # for a rank the viewer does
// not know); "" for an empty square or a lake.
func pieceText(pc stratego.Piece) string {
	if !pc.IsPiece() {
		return ""
	}
	o, t := byte('r'), byte('#')
	if pc.Colour() == stratego.Blue {
		o = 'b'
	}
	if r := pc.Rank(); r != stratego.NoRank {
		t = r.Token()
	}
	return string([]byte{o, t})
}

// pieceLook is how a piece text is drawn: its army, and its rank's
// letter as the picture writes it (nothing for a hidden piece).
func pieceLook(pc stratego.Piece) bot.PieceLook {
	side := strings.ToLower(colourName(int(pc.Colour())))
	r := pc.Rank()
	if r == stratego.NoRank {
		return bot.PieceLook{Label: "hidden " + side + " piece", Side: int(pc.Colour())}
	}
	return bot.PieceLook{Label: side + " " + strings.ToLower(r.String()), Side: int(pc.Colour()), Glyph: rankText(r)}
}

// Surface is the board viewer may see, the one Board prints: in the
// setup a seat's own army once sent (an empty board before, and for a
// spectator); in play the seat's own army and every enemy piece combat
// revealed, an unknown one as its army's hidden mark (a spectator sees
// only what combat revealed); after the game everything. Pieces holds
// the looks of the pieces on it and nothing else, so it tells no more
// than the cells; once the game is over it holds every look, for the
// replay's frames. Moves are the side to move's legal moves, for its
// seat only, marked "attack" onto an enemy piece (whose place is public).
// Tools offer a seat that has sent an army and is not ready to swap two
// of its pieces. Blue's army is at the top as the cells are laid out, so
// Flip is set for Blue.
func (s *state) Surface(viewer int) bot.Surface {
	v, _, _ := s.boardView(viewer)
	sf := bot.Surface{
		Shape: "square", Width: stratego.Width, Height: stratego.Height,
		Cells:  make([]bot.Cell, 0, stratego.NumSquares),
		Pieces: map[string]bot.PieceLook{},
		Turn:   -1,
		Flip:   viewer == int(stratego.Blue),
	}
	for _, sq := range surfaceSquares {
		c := bot.Cell{Name: sq.String(), X: float64(sq.X()) + 0.5, Y: float64(stratego.Height-1-sq.Y()) + 0.5}
		pc := v.At(sq)
		if sq.IsLake() {
			c.Class = "water"
		}
		if c.Piece = pieceText(pc); c.Piece != "" {
			sf.Pieces[c.Piece] = pieceLook(pc)
		}
		sf.Cells = append(sf.Cells, c)
	}
	if s.game == nil {
		if s.canSwap(viewer) == nil {
			sf.Tools = []bot.Tool{{Label: "Swap", Command: "swap {1} {2}", Squares: 2, Private: true}}
		}
		return sf
	}
	if h := s.game.History(); len(h) > 0 {
		m := h[len(h)-1].Move
		sf.Last = []string{m.From().String(), m.To().String()}
	}
	if s.over() {
		for c := stratego.Red; c <= stratego.Blue; c++ {
			for r := stratego.NoRank; r < stratego.NumRanks; r++ {
				pc := stratego.NewPiece(c, r)
				sf.Pieces[pieceText(pc)] = pieceLook(pc)
			}
		}
		return sf
	}
	pos := s.game.Position()
	side := pos.Side()
	sf.Turn = int(side)
	if viewer != int(side) {
		return sf
	}
	// The seat's own view generates the same moves as the position (enemy
	// ranks play no part in where a piece may go).
	for _, m := range v.LegalMoves() {
		cm := bot.ClickMove{Select: []string{m.From().String()}, Path: []string{m.To().String()}, Text: m.String()}
		if v.At(m.To()).IsPiece() {
			cm.Mark = "attack"
		}
		sf.Moves = append(sf.Moves, cm)
	}
	return sf
}

// Frames are the finished game's positions from both armies placed
// (frame 0) to the end, each after one move, the pieces in the order of
// Surface's Cells. hide[s] draws seat s's pieces whose rank combat had
// not revealed by that frame as hidden, as the opponent saw them; with
// no hide everything shows. A running game has none: its armies are
// secret.
func (s *state) Frames(hide []bool) ([]bot.Frame, error) {
	switch {
	case !s.over():
		return nil, fmt.Errorf("%w: the game is not over, and its armies are secret", bot.ErrIllegal)
	case s.game == nil:
		return nil, fmt.Errorf("%w: the game ended in the setup, before any play", bot.ErrIllegal)
	}
	hidden := func(c stratego.Colour) bool { return int(c) < len(hide) && hide[c] }
	p := s.game.Start()
	frame := func() []string {
		out := make([]string, len(surfaceSquares))
		for i, sq := range surfaceSquares {
			pc := p.At(sq)
			if pc.IsPiece() && !pc.Revealed() && hidden(pc.Colour()) {
				pc = pc.Hidden()
			}
			out[i] = pieceText(pc)
		}
		return out
	}
	hist := s.game.History()
	frames := make([]bot.Frame, 0, len(hist)+1)
	frames = append(frames, bot.Frame{Pieces: frame()})
	for _, r := range hist {
		if _, err := p.Play(r.Move); err != nil {
			return nil, fmt.Errorf("%w: replaying %v: %w", ErrRecord, r.Move, err)
		}
		frames = append(frames, bot.Frame{
			Pieces: frame(),
			Last:   []string{r.Move.From().String(), r.Move.To().String()},
			Move:   r.Move.String(),
		})
	}
	return frames, nil
}

// canSwap says why seat may not swap pieces of its army now, or nil: it
// must hold a seat of a game in its setup, have sent an army and not be
// ready.
func (s *state) canSwap(seat int) error {
	switch {
	case seat < 0 || seat > 1:
		return fmt.Errorf("%w: no seat %d", bot.ErrNotSeated, seat)
	case !s.rec.Began || s.over() || s.game != nil:
		return fmt.Errorf("%w: pieces are swapped only in the setup", bot.ErrIllegal)
	case s.rec.Ready[seat]:
		return fmt.Errorf("%w: %s is ready; the army is final", bot.ErrIllegal, colourName(seat))
	case s.rec.Setups[seat] == "":
		return fmt.Errorf("%w: set up your army first, privately: setup random, setup NAME or setup ROW ROW ROW ROW", bot.ErrIllegal)
	}
	return nil
}

// swap exchanges the pieces of seat's army on two squares of its own
// rows (Red's 1 to 4, Blue's 7 to 10): the army keeps its pieces, so it
// stays legal.
func (s *state) swap(seat int, args []string) (bot.Played, error) {
	if err := s.canSwap(seat); err != nil {
		return bot.Played{}, err
	}
	if len(args) != 2 {
		return bot.Played{}, fmt.Errorf("%w: say swap A B, two squares of your rows (%s)", bot.ErrBadCommand, rowRange(stratego.Colour(seat)))
	}
	c := stratego.Colour(seat)
	army := s.setups[seat]
	var at [2]*stratego.Rank
	var names [2]string
	for i, a := range args {
		sq, err := stratego.ParseSquare(a)
		if err != nil {
			return bot.Played{}, fmt.Errorf("%w: %q is not a square; say swap A B, two squares of your rows (%s)", bot.ErrBadCommand, clip(a), rowRange(c))
		}
		row := sq.Y() // Red's row i is y = i; Blue's is y = 9-i
		if c == stratego.Blue {
			row = stratego.Height - 1 - sq.Y()
		}
		if row < 0 || row >= len(army.Rows) {
			return bot.Played{}, fmt.Errorf("%w: %v is not in your rows (%s)", bot.ErrIllegal, sq, rowRange(c))
		}
		at[i], names[i] = &army.Rows[row][sq.X()], sq.String()
	}
	if names[0] == names[1] {
		return bot.Played{}, fmt.Errorf("%w: swap two different squares", bot.ErrIllegal)
	}
	*at[0], *at[1] = *at[1], *at[0]
	s.setups[seat] = army
	lines := army.Lines(c)
	s.rec.Setups[seat] = strings.Join(lines[:], "/")
	return bot.Played{Private: fmt.Sprintf("Your %v is on %s and your %v on %s. Your army (%s): %s. Say ready when it is final.",
		*at[0], names[0], *at[1], names[1], rowOrder(c), strings.Join(lines[:], " "))}, nil
}

// rowRange names a colour's setup rows.
func rowRange(c stratego.Colour) string {
	if c == stratego.Blue {
		return "rows 7 to 10"
	}
	return "rows 1 to 4"
}

// clip shortens what a user typed for an error message.
func clip(s string) string {
	if r := []rune(s); len(r) > 12 {
		return string(r[:12]) + "…"
	}
	return s
}
