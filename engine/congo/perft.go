package congo

// Perft returns the number of leaf nodes of the legal move tree of the
// given depth: "turn perft" as the project's vectors define it. A
// monkey's multi-capture is one move and each prefix of its path another;
// taking a lion ends the game, so that node has no moves; drowning
// happens at the end of each turn. The last ply is counted, not made.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	lists := make([]MoveList, depth)
	return perft(p, depth, lists)
}

func perft(p *Position, depth int, lists []MoveList) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	l := &lists[0]
	p.GenerateMoves(l)
	var n uint64
	for _, m := range l.Moves[:l.Len] {
		u := p.MakeMove(m)
		n += perft(p, depth-1, lists[1:])
		p.UnmakeMove(m, u)
	}
	return n
}

// Divide returns the perft count of depth-1 below each legal move.
func Divide(p *Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		out[m] = Perft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return out
}
