package ataxx

import "fmt"

// Undo holds what MakeMove cannot recompute, so that UnmakeMove restores
// the position exactly.
type Undo struct {
	hash     uint64
	captured Bitboard
	halfmove int
}

// MakeMove plays m, which must be legal (from GenerateMoves, or checked by
// Legal), and returns what UnmakeMove needs to take it back.
func (p *Position) MakeMove(m Move) Undo {
	u := Undo{hash: p.hash, halfmove: p.halfmove}
	us := p.turn
	if m != Pass {
		to := m.To()
		them := us.Other()
		captured := adjacent[to] & p.pieces[them]
		u.captured = captured
		p.pieces[us] |= to.Bit() | captured
		p.pieces[them] &^= captured
		h := p.hash ^ zobristPiece[us][to]
		for ; captured != 0; captured &= captured - 1 {
			h ^= zobristFlip[captured.First()]
		}
		if m.IsJump() {
			from := m.From()
			p.pieces[us] &^= from.Bit()
			h ^= zobristPiece[us][from]
			p.halfmove++
		} else {
			p.halfmove = 0
		}
		p.hash = h
	} else {
		p.halfmove++
	}
	if us == Blue {
		p.fullmove++
	}
	p.turn = us.Other()
	p.hash ^= zobristBlue
	return u
}

// UnmakeMove takes back m, the last move made, given the Undo that its
// MakeMove returned.
func (p *Position) UnmakeMove(m Move, u Undo) {
	p.turn = p.turn.Other()
	us := p.turn
	if us == Blue {
		p.fullmove--
	}
	if m != Pass {
		them := us.Other()
		to := m.To()
		p.pieces[us] &^= to.Bit() | u.captured
		p.pieces[them] |= u.captured
		if m.IsJump() {
			p.pieces[us] |= m.From().Bit()
		}
	}
	p.hash = u.hash
	p.halfmove = u.halfmove
}

// Legal checks m against the position and returns nil or an error that
// wraps ErrIllegalMove (or ErrGameOver) and says what is wrong in words a
// player understands.
func (p *Position) Legal(m Move) error {
	if o := p.Outcome(); o != Ongoing {
		return fmt.Errorf("%w: the game has ended (%v)", ErrGameOver, o)
	}
	us := p.turn
	if m == Pass {
		if p.HasMoves(us) {
			return fmt.Errorf("%w: %v has a move, so cannot pass", ErrIllegalMove, us)
		}
		return nil
	}
	if m&moveReal == 0 || m&^(moveReal|moveJump|0xfff) != 0 || !m.To().Valid() || !m.From().Valid() {
		return fmt.Errorf("%w: not a move", ErrIllegalMove)
	}
	from, to := m.From(), m.To()
	if p.At(to) != Empty {
		return fmt.Errorf("%w: %v is not empty", ErrIllegalMove, to)
	}
	switch {
	case m.IsJump():
		if Distance(from, to) != 2 {
			return fmt.Errorf("%w: a jump goes exactly 2 squares", ErrIllegalMove)
		}
	case from == to:
		if adjacent[to]&p.pieces[us] == 0 {
			return fmt.Errorf("%w: %v has no %v piece next to it", ErrIllegalMove, to, us)
		}
		return nil
	case Distance(from, to) != 1:
		return fmt.Errorf("%w: a clone goes exactly 1 square", ErrIllegalMove)
	}
	if !p.pieces[us].Has(from) {
		return fmt.Errorf("%w: %v holds no %v piece", ErrIllegalMove, from, us)
	}
	return nil
}

// Play checks m and, if it is legal, makes it; it returns the move as
// made (Canonical) and the Undo to take it back.
func (p *Position) Play(m Move) (Move, Undo, error) {
	if err := p.Legal(m); err != nil {
		return NoMove, Undo{}, err
	}
	m = m.Canonical()
	return m, p.MakeMove(m), nil
}

// ManualNotation returns m as the users' guide writes it, "a7-b6" (from-to
// for both kinds of move) or "-" for a pass. A generated clone does not
// record its origin, so ManualNotation picks one of the mover's pieces next
// to the destination: call it on the position before m is made.
func (p *Position) ManualNotation(m Move) string {
	switch {
	case m == Pass:
		return "-"
	case m&moveReal == 0:
		return m.String()
	}
	from := m.From()
	if m.IsClone() && from == m.To() {
		if src := adjacent[m.To()] & p.pieces[p.turn]; src != 0 {
			from = src.First()
		}
	}
	return from.String() + "-" + m.To().String()
}
