package ataxx

// GenerateMoves fills l with every legal move of the side to move: each
// clone once (by destination), then each jump. When the side has no move
// and the game is not over, the only move is Pass; when the game is over,
// there are none. It does not allocate.
func (p *Position) GenerateMoves(l *MoveList) {
	l.Len = 0
	us, them := p.pieces[p.turn], p.pieces[p.turn.Other()]
	if us == 0 || them == 0 || p.halfmove >= p.rules.JumpLimit() {
		return
	}
	empty := p.Empty()
	for b := us.Dilate() & empty; b != 0; b &= b - 1 {
		l.add(Clone(b.First()))
	}
	for b := us; b != 0; b &= b - 1 {
		from := b.First()
		for t := ring[from] & empty; t != 0; t &= t - 1 {
			l.add(Jump(from, t.First()))
		}
	}
	if l.Len == 0 && p.HasMoves(p.turn.Other()) {
		l.add(Pass)
	}
}

// CountMoves returns the number of moves GenerateMoves would make, without
// making them: the leaf count of a perft of depth 1.
func (p *Position) CountMoves() int {
	us, them := p.pieces[p.turn], p.pieces[p.turn.Other()]
	if us == 0 || them == 0 || p.halfmove >= p.rules.JumpLimit() {
		return 0
	}
	empty := p.Empty()
	n := (us.Dilate() & empty).Count()
	for b := us; b != 0; b &= b - 1 {
		n += (ring[b.First()] & empty).Count()
	}
	if n == 0 && p.HasMoves(p.turn.Other()) {
		return 1
	}
	return n
}

// LegalMoves returns the legal moves of the side to move, in the order of
// GenerateMoves.
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.GenerateMoves(&l)
	return append([]Move(nil), l.Slice()...)
}
