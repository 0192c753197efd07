package abalone

import "fmt"

// StartMarbles is the number of marbles each side starts with; a side that
// has lost WinningLosses of them has lost the game.
const (
	StartMarbles  = 14
	WinningLosses = 6
)

// Position is a board, the side to move and the Zobrist hash of both. The
// zero value is an empty board with Black to move. Positions are values:
// copy them freely, compare them with ==.
//
// A position counts the marbles each side has lost (pushed off) apart
// from the board, so a position set up by hand with few marbles is not
// over until six more are pushed off, as in aMalone; the position text
// and the marble list can give the counts.
type Position struct {
	marbles [2]bitboard // by Color
	lost    [2]uint8    // by Color
	turn    Color
	hash    uint64
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Hash returns the Zobrist hash of the position (board and side to move).
func (p *Position) Hash() uint64 { return p.hash }

// At returns what cell c holds; Empty for a cell off the board.
func (p *Position) At(c Cell) Piece {
	if !c.Valid() {
		return Empty
	}
	switch {
	case p.marbles[Black].has(int(c)):
		return BlackMarble
	case p.marbles[White].has(int(c)):
		return WhiteMarble
	}
	return Empty
}

// Count returns the number of marbles of colour c on the board.
func (p *Position) Count(c Color) int { return p.marbles[c&1].count() }

// Lost returns the number of marbles colour c has lost (pushed off).
func (p *Position) Lost(c Color) int { return int(p.lost[c&1]) }

// SetLost sets the number of marbles colour c has lost, for a position
// set up by hand: 0 to 6, and with the marbles on the board at most 14.
func (p *Position) SetLost(c Color, n int) error {
	c &= 1
	if n < 0 || n > WinningLosses || n+p.Count(c) > StartMarbles {
		return fmt.Errorf("%w: %v cannot have lost %d marbles with %d on the board", ErrInvalidPosition, c, n, p.Count(c))
	}
	p.hash ^= zobristLost[c][p.lost[c]] ^ zobristLost[c][n]
	p.lost[c] = uint8(n)
	return nil
}

// Marbles returns the cells that hold marbles of colour c, from A1 to I9.
func (p *Position) Marbles(c Color) []Cell {
	var out []Cell
	for b := p.marbles[c&1]; !b.empty(); b = b.dropFirst() {
		out = append(out, Cell(b.first()))
	}
	return out
}

// SetTurn sets the side to move: who begins a position set up by hand.
func (p *Position) SetTurn(c Color) {
	if c&1 != p.turn {
		p.turn = c & 1
		p.hash ^= zobristWhite
	}
}

// Put places a marble of colour c on cell cl, replacing what was there.
// It refuses a cell off the board and more marbles of one colour than
// 14 less those it has lost.
func (p *Position) Put(cl Cell, c Color) error {
	if !cl.Valid() {
		return fmt.Errorf("%w: cell %d is off the board", ErrInvalidCell, cl)
	}
	c &= 1
	if p.At(cl) == MarbleOf(c) {
		return nil
	}
	if p.Count(c)+p.Lost(c) >= StartMarbles {
		return fmt.Errorf("%w: %v already has %d marbles and has lost %d", ErrInvalidPosition, c, p.Count(c), p.Lost(c))
	}
	p.Remove(cl)
	p.marbles[c] = p.marbles[c].or(bit(int(cl)))
	p.hash ^= zobristMarble[c][cl]
	return nil
}

// Remove takes away the marble on cell cl, if any, and returns what was
// there.
func (p *Position) Remove(cl Cell) Piece {
	was := p.At(cl)
	if c, ok := was.Color(); ok {
		p.marbles[c] = p.marbles[c].andNot(bit(int(cl)))
		p.hash ^= zobristMarble[c][cl]
	}
	return was
}

// Toggle is aMalone's set-up click: a marble of colour c appears on cl, or
// disappears if one of that colour was there. It returns what cl holds
// afterwards.
func (p *Position) Toggle(cl Cell, c Color) (Piece, error) {
	if p.At(cl) == MarbleOf(c&1) {
		p.Remove(cl)
		return Empty, nil
	}
	if err := p.Put(cl, c); err != nil {
		return p.At(cl), err
	}
	return MarbleOf(c & 1), nil
}

// Outcome is how a game stands.
type Outcome uint8

const (
	Ongoing Outcome = iota
	BlackWins
	WhiteWins
)

// String returns "ongoing", "black wins" or "white wins".
func (o Outcome) String() string {
	switch o {
	case BlackWins:
		return "black wins"
	case WhiteWins:
		return "white wins"
	}
	return "ongoing"
}

// Winner returns the winning colour; ok is false while the game goes on.
func (o Outcome) Winner() (c Color, ok bool) {
	switch o {
	case BlackWins:
		return Black, true
	case WhiteWins:
		return White, true
	}
	return Black, false
}

// winOf returns the outcome where c wins.
func winOf(c Color) Outcome { return BlackWins + Outcome(c&1) }

// Outcome returns the state of the game: a side that has lost six marbles
// has lost; a side to move that has no legal move (possible only in a
// position set up by hand) has lost too.
func (p *Position) Outcome() Outcome {
	switch {
	case p.Lost(Black) >= WinningLosses:
		return WhiteWins
	case p.Lost(White) >= WinningLosses:
		return BlackWins
	case p.CountMoves() == 0:
		return winOf(p.turn.Other())
	}
	return Ongoing
}

// IsOver reports whether the game has ended.
func (p *Position) IsOver() bool { return p.Outcome() != Ongoing }

// decided reports whether a side has lost six marbles: the cheap part of
// the end-of-game test, which the move generator makes.
func (p *Position) decided() bool {
	return p.lost[0] >= WinningLosses || p.lost[1] >= WinningLosses
}
