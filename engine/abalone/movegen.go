package abalone

// Move generation works on whole boards at once. For an in-line move in
// direction d, the k marbles of the group end at a head h (own, with k-1
// own marbles behind it) and the cell ahead of h decides: empty, or one
// or two opposing marbles fewer than k followed by a free cell or the
// edge. The free cells and edge need no masks: a step off the hexagon
// lands on a bit that is never a marble (see bitboard).
// A broadside group of 2 or 3 along an axis e moves in each of the four
// other directions when every cell ahead of it is empty.

// lineSets holds, for one direction, the heads of the in-line moves.
type lineSets struct {
	h [4]bitboard // h[k]: heads of k-marble moves, k = 1..3
}

func (p *Position) inLine(d Direction, own, opp, empty, occ bitboard) (s lineSets) {
	h2 := own.and(own.step(d))
	h3 := h2.and(h2.step(d))
	emptyAhead := empty.back(d)
	oppAhead := opp.back(d)
	occ2 := occ.back(d).back(d)    // the cell two ahead is occupied
	occ3 := occ2.back(d)           // the cell three ahead is occupied
	push1 := oppAhead.andNot(occ2) // one opposing marble, then free or edge
	push2 := oppAhead.and(opp.back(d).back(d)).andNot(occ3)
	s.h[1] = own.and(emptyAhead)
	s.h[2] = h2.and(emptyAhead.or(push1))
	s.h[3] = h3.and(emptyAhead.or(push1).or(push2))
	return s
}

// sideSets returns, for axis e and a direction d off it, the first cells
// of the groups of 2 and 3 that can go broadside in direction d.
func sideSets(e, d Direction, pairs, triples, empty bitboard) (two, three bitboard) {
	ed := empty.back(d) // the d-neighbour is empty
	x := ed.back(e)     // the e-neighbour's d-neighbour is empty
	c2 := ed.and(x)
	two = pairs.and(c2)
	three = triples.and(c2.and(x.back(e)))
	return two, three
}

// sideDirs are the four directions off each axis.
var sideDirs = [3][4]Direction{
	{NorthEast, NorthWest, SouthWest, SouthEast},
	{East, NorthWest, West, SouthEast},
	{East, NorthEast, West, SouthWest},
}

// GenerateMoves fills l with every legal move of the side to move: the
// in-line moves direction by direction, then the broadside moves. A game
// that is over has none. It does not allocate.
func (p *Position) GenerateMoves(l *MoveList) {
	l.Len = 0
	if p.decided() {
		return
	}
	own, opp := p.marbles[p.turn], p.marbles[p.turn^1]
	occ := own.or(opp)
	empty := validCells.andNot(occ)
	for d := range Direction(NumDirections) {
		s := p.inLine(d, own, opp, empty, occ)
		for k := 1; k <= 3; k++ {
			back := (k - 1) * offset[d]
			for b := s.h[k]; !b.empty(); b = b.dropFirst() {
				l.Moves[l.Len] = InLine(Cell(b.first()-back), d, k)
				l.Len++
			}
		}
	}
	for e := range Direction(3) {
		pairs := own.and(own.back(e))
		if pairs.empty() {
			continue
		}
		triples := pairs.and(pairs.back(e))
		for _, d := range sideDirs[e] {
			two, three := sideSets(e, d, pairs, triples, empty)
			for b := two; !b.empty(); b = b.dropFirst() {
				l.Moves[l.Len] = Broadside(Cell(b.first()), e, 2, d)
				l.Len++
			}
			for b := three; !b.empty(); b = b.dropFirst() {
				l.Moves[l.Len] = Broadside(Cell(b.first()), e, 3, d)
				l.Len++
			}
		}
	}
}

// CountMoves returns the number of moves GenerateMoves would make, without
// making them: the leaf count of a perft of depth 1.
func (p *Position) CountMoves() int {
	if p.decided() {
		return 0
	}
	own, opp := p.marbles[p.turn], p.marbles[p.turn^1]
	occ := own.or(opp)
	empty := validCells.andNot(occ)
	n := 0
	for d := range Direction(NumDirections) {
		s := p.inLine(d, own, opp, empty, occ)
		n += s.h[1].count() + s.h[2].count() + s.h[3].count()
	}
	for e := range Direction(3) {
		pairs := own.and(own.back(e))
		if pairs.empty() {
			continue
		}
		triples := pairs.and(pairs.back(e))
		for _, d := range sideDirs[e] {
			two, three := sideSets(e, d, pairs, triples, empty)
			n += two.count() + three.count()
		}
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

// IsLegal reports whether m is a legal move of the side to move.
func (p *Position) IsLegal(m Move) bool {
	if !m.valid() {
		return false
	}
	var l MoveList
	p.GenerateMoves(&l)
	return l.Contains(m)
}
