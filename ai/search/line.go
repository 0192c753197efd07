package search

// PV is the triangular table of principal variations: row ply holds, from
// index ply on, the best line found below the node at ply, so a node's
// line is its best move followed by its child's.
type PV[M any] struct {
	line [][]M
	n    []int // the end of each row's line
}

// NewPV returns a table for nodes at plies 0 to plies.
func NewPV[M any](plies int) PV[M] {
	pv := PV[M]{line: make([][]M, plies+1), n: make([]int, plies+1)}
	for i := range pv.line {
		pv.line[i] = make([]M, plies+1)
	}
	return pv
}

// Start empties the line of the node at ply, as its search begins.
func (pv *PV[M]) Start(ply int) { pv.n[ply] = ply }

// Update makes m, then the line of the child at ply+1, the line of the
// node at ply.
func (pv *PV[M]) Update(ply int, m M) {
	row := pv.line[ply]
	row[ply] = m
	n := pv.n[ply+1]
	copy(row[ply+1:], pv.line[ply+1][ply+1:n])
	pv.n[ply] = max(n, ply+1)
}

// Line returns the root's line (valid until the next search).
func (pv *PV[M]) Line() []M { return pv.line[0][:pv.n[0]] }

// First returns the first move of the root's row, set by the last Update
// at the root.
func (pv *PV[M]) First() M { return pv.line[0][0] }

// Killers holds, for each ply, the last two quiet moves that caused a
// beta cut-off there: likely to cut off again in a sibling position.
type Killers[M comparable] [][2]M

// NewKillers returns killers for plies 0 to plies.
func NewKillers[M comparable](plies int) Killers[M] { return make(Killers[M], plies+1) }

// Add records m as the newest killer at ply.
func (k Killers[M]) Add(ply int, m M) {
	if k[ply][0] != m {
		k[ply][1], k[ply][0] = k[ply][0], m
	}
}

// Is reports whether m is a killer at ply.
func (k Killers[M]) Is(ply int, m M) bool { return m == k[ply][0] || m == k[ply][1] }

// Reset forgets every killer (a new search).
func (k Killers[M]) Reset() { clear(k) }

// BoundOf returns what a node's best score says, its window having
// opened at alpha and closed at beta.
func BoundOf(best, alpha, beta int) Bound {
	switch {
	case best >= beta:
		return BoundLower
	case best <= alpha:
		return BoundUpper
	}
	return BoundExact
}

// Window is one node's alpha-beta window and the best move found there:
// each searched move's score goes through Add, which keeps the best,
// raises alpha and the node's line, and says when the move cut off.
type Window[M comparable] struct {
	Alpha, Beta int
	Best        int // the best score so far; -infinity before the first move
	Move        M   // the move that scored Best
	alpha0      int
	pv          *PV[M]
	ply         int
}

// NewWindow opens the window (alpha, beta) at the node at ply, whose
// line pv keeps; infinity is the game's bound on every score.
func NewWindow[M comparable](pv *PV[M], ply, alpha, beta, infinity int) Window[M] {
	return Window[M]{Alpha: alpha, Beta: beta, Best: -infinity, alpha0: alpha, pv: pv, ply: ply}
}

// Add takes the score of m and reports whether it raised alpha (m then
// leads the node's line) and whether it reached beta: a cut-off, after
// which no other move need be tried.
func (w *Window[M]) Add(m M, score int) (raised, cut bool) {
	if score <= w.Best {
		return false, false
	}
	w.Best, w.Move = score, m
	if score <= w.Alpha {
		return false, false
	}
	w.Alpha = score
	w.pv.Update(w.ply, m)
	return true, score >= w.Beta
}

// Bound returns what Best says of the node's true score.
func (w *Window[M]) Bound() Bound { return BoundOf(w.Best, w.alpha0, w.Beta) }
