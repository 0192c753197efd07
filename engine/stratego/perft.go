package stratego

// Perft returns the number of leaf nodes of the legal move tree of the
// given depth from a full-information position: the standard check of a
// move generator. A finished game has no moves.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var l MoveList
	p.GenerateMoves(&l)
	if depth == 1 {
		return uint64(l.Len)
	}
	var n uint64
	for _, m := range l.Moves[:l.Len] {
		u := p.MakeMove(m)
		n += Perft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return n
}
