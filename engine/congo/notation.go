package congo

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// LegalMoves returns the legal moves of the side to move, sorted the way
// the guide's program lists them: by origin in FEN order (rank 7 first,
// a to g), then by the squares of the path in the same order, a path
// before its longer continuations.
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.GenerateMoves(&l)
	out := append([]Move(nil), l.Slice()...)
	slices.SortFunc(out, compareMoves)
	return out
}

func compareMoves(a, b Move) int {
	// A monkey's stop comes first: it is the one move that ends the turn.
	if sa, sb := a.From() == a.To() && a.Jumps() == 0, b.From() == b.To() && b.Jumps() == 0; sa != sb {
		if sa {
			return -1
		}
		return 1
	}
	if c := cmp.Compare(a.From().FENIndex(), b.From().FENIndex()); c != 0 {
		return c
	}
	// Walk both paths together.
	ca, cb := a.From(), b.From()
	na, nb := max(a.Jumps(), 1), max(b.Jumps(), 1)
	for i := 0; i < na && i < nb; i++ {
		ca, cb = nextSquare(a, ca, i), nextSquare(b, cb, i)
		if c := cmp.Compare(ca.FENIndex(), cb.FENIndex()); c != 0 {
			return c
		}
	}
	return cmp.Compare(na, nb)
}

func nextSquare(m Move, cur Square, i int) Square {
	if m.Jumps() == 0 {
		return m.To()
	}
	s, _ := m.JumpDir(i).Step(cur, 2)
	return s
}

// IsLegal reports whether m is a legal move here. An open move is legal
// when its closed form is.
func (p *Position) IsLegal(m Move) bool {
	var l MoveList
	p.GenerateMoves(&l)
	return slices.Contains(l.Slice(), m.Closed())
}

// Play checks that m is legal and plays it.
func (p *Position) Play(m Move) error {
	if p.lionsOutcome() != Ongoing {
		return fmt.Errorf("%w: %v", ErrGameOver, m)
	}
	if !p.IsLegal(m) {
		return fmt.Errorf("%w: %v", ErrIllegalMove, m)
	}
	p.MakeMove(m)
	return nil
}

// splitSquares reads "a2 a3", "a2-a3", "a2a3", "(a2,a3)" or a path
// "b1-d3-f5-d7" into its squares.
func splitSquares(s string) ([]Square, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimPrefix(t, "(")
	t = strings.TrimSuffix(t, ")")
	var out []Square
	for i := 0; i < len(t); {
		switch t[i] {
		case ' ', '-', ',', '\t':
			i++
			continue
		}
		if i+2 > len(t) {
			return nil, fmt.Errorf("%w: %q", ErrInvalidMove, s)
		}
		sq, err := ParseSquare(t[i : i+2])
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
		}
		out = append(out, sq)
		i += 2
		if len(out) > MaxJumps+1 {
			return nil, fmt.Errorf("%w: %q: too many squares", ErrInvalidMove, s)
		}
	}
	if len(out) < 2 {
		return nil, fmt.Errorf("%w: %q: want two squares or a monkey's path, like a2-a3 or b1-d3-f5", ErrInvalidMove, s)
	}
	return out, nil
}

// ParseMove reads a whole turn: "a2 a3", "a2-a3", "a2a3", the guide's
// "(a2,a3)", or a monkey's path "b1-d3-f5-d7" (its turn ends where the
// path does). While a monkey's jump is unfinished, "d3-d3" stops it and
// a path from its square continues and ends it. The move must be legal.
func (p *Position) ParseMove(s string) (Move, error) {
	m, err := p.moveFromText(s)
	if err != nil {
		return NoMove, err
	}
	if !p.IsLegal(m) {
		return NoMove, fmt.Errorf("%w: %q", ErrIllegalMove, s)
	}
	return m, nil
}

// ParseStep reads a move as the guide's program takes it, one jump at a
// time: a from-to that is a monkey's jump leaves the turn with the
// monkey (an open move) as long as it can jump again, and the monkey's
// square twice ("d3 d3") stops it. Everything else reads as ParseMove.
func (p *Position) ParseStep(s string) (Move, error) {
	m, err := p.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	if m.Jumps() == 1 {
		m = m.Open()
	}
	return m, nil
}

// moveFromText turns squares into the Move they spell, without checking
// legality beyond the shape of a path.
func (p *Position) moveFromText(s string) (Move, error) {
	if p.lionsOutcome() != Ongoing {
		return NoMove, fmt.Errorf("%w: %q", ErrGameOver, s)
	}
	sq, err := splitSquares(s)
	if err != nil {
		return NoMove, err
	}
	from := sq[0]
	monkey := p.board[from] != NoPiece && p.board[from].Kind() == Monkey
	if len(sq) == 2 && (!monkey || sq[0] == sq[1]) {
		return NewMove(from, sq[1]), nil
	}
	if len(sq) == 2 {
		if _, ok := jumpDirection(sq[0], sq[1]); !ok {
			return NewMove(from, sq[1]), nil // a monkey's step
		}
	}
	dirs := make([]Direction, 0, len(sq)-1)
	for i := 1; i < len(sq); i++ {
		d, ok := jumpDirection(sq[i-1], sq[i])
		if !ok {
			return NoMove, fmt.Errorf("%w: %q: %v to %v is not a monkey's jump", ErrIllegalMove, s, sq[i-1], sq[i])
		}
		dirs = append(dirs, d)
	}
	return PathMove(from, dirs...), nil
}
