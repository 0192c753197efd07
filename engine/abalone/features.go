package abalone

// Geometry and threat queries for evaluation functions: they read the
// bitboards, so a search can ask them at every node without allocating.

// rings[k] holds the cells at distance k from the centre E5, k = 0..4.
var rings = func() (r [5]bitboard) {
	for _, c := range allCells {
		r[Distance(c, NewCell(4, 4))] = r[Distance(c, NewCell(4, 4))].or(bit(int(c)))
	}
	return r
}()

// Distance returns the number of steps between cells a and b.
func Distance(a, b Cell) int {
	dr, dc := b.Row()-a.Row(), b.Diag()-a.Diag()
	if (dr >= 0) == (dc >= 0) {
		return max(abs(dr), abs(dc))
	}
	return abs(dr) + abs(dc)
}

// RingCounts returns how many marbles of colour c stand at each distance
// 0 (the centre) to 4 (the edge) from the centre.
func (p *Position) RingCounts(c Color) (n [5]int) {
	b := p.marbles[c&1]
	for k := range n {
		n[k] = b.and(rings[k]).count()
	}
	return n
}

// Links returns the number of pairs of neighbouring marbles of colour c:
// how closely the side holds together.
func (p *Position) Links(c Color) int {
	b := p.marbles[c&1]
	return b.and(b.step(East)).count() + b.and(b.step(NorthEast)).count() + b.and(b.step(NorthWest)).count()
}

// ejectionHeads returns, for direction d, the heads of colour c's in-line
// moves of 2 and of 3 marbles in direction d that push an opposing marble
// off the board. A head can lead both a move of 2 and one of 3.
func (p *Position) ejectionHeads(c Color, d Direction) (two, three bitboard) {
	own, opp := p.marbles[c&1], p.marbles[c&1^1]
	h2 := own.and(own.step(d))
	h3 := h2.and(h2.step(d))
	oppAhead := opp.back(d)
	valid2 := validCells.back(d).back(d)
	// One opposing marble with the edge behind it, or two.
	off1 := oppAhead.andNot(valid2)
	off2 := oppAhead.and(opp.back(d).back(d)).andNot(valid2.back(d))
	return h2.and(off1), h3.and(off1.or(off2))
}

// Ejections returns the number of in-line moves of colour c that would
// push a marble off the board if c were to move: its threats at the edge.
func (p *Position) Ejections(c Color) int {
	if p.decided() {
		return 0
	}
	n := 0
	for d := range Direction(NumDirections) {
		two, three := p.ejectionHeads(c, d)
		n += two.count() + three.count()
	}
	return n
}

// GenerateEjections fills l with the legal moves of the side to move that
// push a marble off the board. It does not allocate.
func (p *Position) GenerateEjections(l *MoveList) {
	l.Len = 0
	if p.decided() {
		return
	}
	for d := range Direction(NumDirections) {
		two, three := p.ejectionHeads(p.turn, d)
		for b := two; !b.empty(); b = b.dropFirst() {
			l.Moves[l.Len] = InLine(Cell(b.first()-offset[d]), d, 2)
			l.Len++
		}
		for b := three; !b.empty(); b = b.dropFirst() {
			l.Moves[l.Len] = InLine(Cell(b.first()-2*offset[d]), d, 3)
			l.Len++
		}
	}
}
