package abalone

import "fmt"

// Undo holds what MakeMove needs to take its move back.
type Undo struct {
	marbles [2]bitboard
	lost    [2]uint8
	hash    uint64
}

// Effect is what a move did besides moving its own marbles.
type Effect struct {
	Pushed   int  // opposing marbles pushed, 0 to 2
	Ejected  bool // the last pushed marble went off the board
	LostCell Cell // where the ejected marble stood, or NoCell
}

// effect returns what legal move m would push; it does not move anything.
func (p *Position) effect(m Move) Effect {
	e := Effect{LostCell: NoCell}
	if m.IsBroadside() {
		return e
	}
	opp := p.marbles[p.turn^1]
	off := offset[m.Dir()]
	c := int(m.last()) + off
	for opp.has(c) {
		e.Pushed++
		c += off
	}
	if e.Pushed > 0 && !validCells.has(c) {
		e.Ejected, e.LostCell = true, Cell(c-off)
	}
	return e
}

// Effect returns what legal move m pushes and whether it ejects a marble.
func (p *Position) Effect(m Move) Effect { return p.effect(m) }

// MakeMove plays legal move m and returns what UnmakeMove needs to take
// it back. It does not check legality (see Play); a Move that is not even
// well formed (cells in line on the board, going to cells on the board)
// only passes the turn, so that no input can make it fail.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{p.marbles, p.lost, p.hash}
	us, them := p.turn, p.turn^1
	if !m.valid() || !m.landsOnBoard() {
		p.turn = them
		p.hash ^= zobristWhite
		return u
	}
	off := offset[m.Dir()]
	from := int(m.From())
	if m.IsBroadside() {
		aoff := offset[m.Along()]
		for i, c := 0, from; i < m.Count(); i, c = i+1, c+aoff {
			p.hash ^= zobristMarble[us][c] ^ zobristMarble[us][c+off]
			p.marbles[us] = p.marbles[us].xor(bit(c)).or(bit(c + off))
		}
		// The group moves sideways onto empty cells, so a cell left by one
		// marble is never entered by another: xor then or is exact.
	} else {
		ahead := from + m.Count()*off
		if p.marbles[them].has(ahead) {
			c := ahead
			for p.marbles[them].has(c + off) {
				c += off
			}
			p.marbles[them] = p.marbles[them].xor(bit(ahead))
			p.hash ^= zobristMarble[them][ahead]
			if beyond := c + off; validCells.has(beyond) {
				p.marbles[them] = p.marbles[them].or(bit(beyond))
				p.hash ^= zobristMarble[them][beyond]
			} else {
				p.hash ^= zobristLost[them][p.lost[them]] ^ zobristLost[them][p.lost[them]+1]
				p.lost[them]++
			}
		}
		p.marbles[us] = p.marbles[us].xor(bit(from)).or(bit(ahead))
		p.hash ^= zobristMarble[us][from] ^ zobristMarble[us][ahead]
	}
	p.turn = them
	p.hash ^= zobristWhite
	return u
}

// landsOnBoard reports whether every marble of well-formed m goes to a
// cell of the board.
func (m Move) landsOnBoard() bool {
	off := offset[m.Dir()]
	if !m.IsBroadside() {
		return validCells.has(int(m.last()) + off)
	}
	c, aoff := int(m.From()), offset[m.Along()%6]
	for range m.Count() {
		if !validCells.has(c + off) {
			return false
		}
		c += aoff
	}
	return true
}

// UnmakeMove takes back the move that returned u.
func (p *Position) UnmakeMove(u Undo) {
	p.marbles, p.lost, p.hash = u.marbles, u.lost, u.hash
	p.turn ^= 1
}

// Play checks that m is legal, plays it and returns what it pushed. It
// refuses with ErrGameOver after the end and ErrIllegalMove otherwise.
func (p *Position) Play(m Move) (Effect, Undo, error) {
	if o := p.Outcome(); o != Ongoing {
		return Effect{LostCell: NoCell}, Undo{}, fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	if !p.IsLegal(m) {
		return Effect{LostCell: NoCell}, Undo{}, fmt.Errorf("%w: %v is not a move of %v here", ErrIllegalMove, m, p.turn)
	}
	e := p.effect(m)
	return e, p.MakeMove(m), nil
}
