package search

// Pick moves the best-scored move from i onwards to i and returns it:
// a selection sort done lazily, since a cut-off mostly comes before the
// moves are all tried. The first of equal scores wins. It looks for the
// best score first, then for where it is: two loops without a branch to
// mispredict or a register to shuffle are faster than one with both.
// It is kept out of line: inlined into Negamax.Search, its loops lost
// their registers to the node's other values, with a spill and reloads
// on every turn, which cost more than the call does (Ataxx's search ran
// some 4 % more instructions so).
//
//go:noinline
func Pick[M any](moves []M, scores []int32, i int) M {
	rest := scores[i:len(moves)]
	top := rest[0]
	for _, v := range rest {
		top = max(top, v)
	}
	best := i
	for j, v := range rest {
		if v == top {
			best += j
			break
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = top, scores[i]
	return moves[i]
}

// Mix is a 64-bit finaliser: key ^= key>>A; key *= Mul; key ^= key>>B.
// Each game keeps its own constants, so that its weak levels play as
// they always have.
type Mix struct {
	A   uint
	Mul uint64
	B   uint
}

// Jitter returns a value from -noise to noise drawn from key (a
// position's hash mixed with the search's seed) through mix: the same
// position gets the same noise throughout one search.
func Jitter(key uint64, noise int, mix Mix) int {
	key ^= key >> mix.A
	key *= mix.Mul
	key ^= key >> mix.B
	return int(key%uint64(2*noise+1)) - noise
}

// MateIn converts a score to moves to the end of the game (0: none), a
// won game scoring mate less the plies to the win and scores beyond
// ±bound counting as won or lost.
func MateIn(score, mate, bound int) int {
	switch {
	case score > bound:
		return (mate - score + 1) / 2
	case score < -bound:
		return -(mate + score + 1) / 2
	}
	return 0
}

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Raise takes a move's score into a node's best score and alpha, and
// reports whether it cuts the node off, reaching beta: the step every
// plain alpha-beta loop ends a move with. It needs alpha below beta, as
// a node's window always is.
func Raise(score, best, alpha, beta int) (newBest, newAlpha int, cut bool) {
	if score <= best {
		return best, alpha, false
	}
	return score, max(alpha, score), score >= beta
}

// Child copies p to children[ply+1] and returns the copy: the position a
// game whose positions are so small that copying one costs less than
// taking a move back (Negamax.CopyMake) makes the move at ply on, or its
// null move.
func Child[P any](children []P, p *P, ply int) *P {
	q := &children[ply+1]
	*q = *p
	return q
}

// CopyMade gives the hooks (Game) of a game that plays each move on a copy
// (Negamax.CopyMake) their Unmake, which the loop never calls: embedded,
// it says so once instead of each such game keeping an empty method.
type CopyMade[P, M any] struct{}

// Unmake does nothing: the move was played on a copy.
func (CopyMade[P, M]) Unmake(P, M, int) {}
