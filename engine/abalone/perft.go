package abalone

// Perft returns the number of leaf nodes of the legal move tree of the
// given depth: the standard check of a move generator. Each distinct move
// (a group of marbles and a direction) counts once; a finished game has no
// moves. The last ply is counted, not made.
func Perft(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountMoves())
	}
	var l MoveList
	p.GenerateMoves(&l)
	var n uint64
	for _, m := range l.Moves[:l.Len] {
		u := p.MakeMove(m)
		n += Perft(p, depth-1)
		p.UnmakeMove(u)
	}
	return n
}

// Divide returns the perft count of depth-1 below each legal move.
func Divide(p *Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		out[m] = Perft(p, depth-1)
		p.UnmakeMove(u)
	}
	return out
}
