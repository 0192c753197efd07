package search

// Game is what a game's search supplies to the shared node loop
// (Negamax.Search): its position P (a pointer, changed in place), move M
// and undo record U, and the rules that are the game's own. The loop
// keeps what every game does alike: the table, the clock, the line, the
// window, null move, late-move reductions and the principal-variation
// re-search.
type Game[P any, M comparable, U any] interface {
	// Over returns the score of an ended game for the side to move at
	// ply; over is false while the game goes on.
	Over(p P, ply int) (score int, over bool)
	// Quiesce searches below the horizon (depth 0 or MaxPly).
	Quiesce(p P, ply, alpha, beta int) int
	// Hash returns the key of p in the table.
	Hash(p P) uint64
	// Danger reports a threat like check: the node is searched a ply
	// deeper (below MaxPly/2), is not given a null move, and none of its
	// moves counts as quiet.
	Danger(p P) bool
	// Pass returns the position after the side to move passes at ply,
	// and the reduction of the null-move search, when the game allows a
	// null move there and its evaluation holds beta; ok false otherwise.
	// The loop has checked it is no principal-variation node, not in
	// danger, at least NullDepth deep and beta no win.
	Pass(p P, ply, depth, beta int) (q P, r int, ok bool)
	// Moves generates the legal moves at ply into the game's buffer and
	// scores them for picking (hashMove, the table's move, first), the
	// scores in a buffer of the same length.
	Moves(p P, ply int, hashMove M) ([]M, []int32)
	// Make plays m; Unmake takes it back with Make's undo record.
	Make(p P, m M) U
	Unmake(p P, m M, u U)
	// Cut hears that the quiet move m cut off at ply, depth deep (the
	// game's killers and history).
	Cut(p P, m M, ply, depth int)
}

// Negamax is the shared alpha-beta (principal-variation) node loop over a
// game's hooks G. Its rules are Congo's: a node in danger is extended, a
// null move from NullDepth on, late quiet moves reduced by one ply from
// the fifth move and depth 3, by two from the thirteenth and depth 5,
// and a move that beats alpha searched again at full depth and window.
type Negamax[P any, M comparable, U any, G Game[P, M, U]] struct {
	Game   G
	Clock  *Clock
	Table  *Table[M]
	PV     *PV[M]
	Deepen *Deepener[M]
	// MaxPly is the deepest node; Infinity bounds every score; Mate is a
	// won game's score less the plies to it, MateBound the least score
	// counted as a win.
	MaxPly, Infinity, Mate, MateBound int
	// Quiet is the ordering score below which a move is quiet: it may be
	// reduced, and when it cuts off the game hears of it (Game.Cut).
	Quiet int32
	// NullDepth is the least depth given a null move.
	NullDepth int
}

// Search returns the score of p for the side to move, searched depth
// plies at ply within (alpha, beta); 0 when the clock stopped it.
func (n *Negamax[P, M, U, G]) Search(p P, depth, ply, alpha, beta int) int {
	g := n.Game
	n.PV.Start(ply)
	if score, over := g.Over(p, ply); over {
		return score
	}
	if depth <= 0 || ply >= n.MaxPly {
		return g.Quiesce(p, ply, alpha, beta)
	}
	if n.Clock.Visit() {
		return 0
	}
	pvNode := beta-alpha > 1
	var hashMove M
	key := g.Hash(p)
	if e, ok := n.Table.Probe(key); ok {
		hashMove = e.Move
		if ply > 0 && int(e.Depth) >= depth && !pvNode {
			sc := FromTT(int(e.Score), ply, n.MateBound+1)
			switch {
			case e.Bound == BoundExact,
				e.Bound == BoundLower && sc >= beta,
				e.Bound == BoundUpper && sc <= alpha:
				return sc
			}
		}
	}
	danger := g.Danger(p)
	if danger && ply < n.MaxPly/2 {
		depth++
	}
	// Null move: if passing still holds beta, a real move will too.
	if !pvNode && !danger && depth >= n.NullDepth && beta < n.MateBound {
		if q, r, ok := g.Pass(p, ply, depth, beta); ok {
			score := -n.Search(q, depth-1-r, ply+1, -beta, -beta+1)
			if n.Clock.Stopped() {
				return 0
			}
			if score >= beta {
				return beta
			}
		}
	}
	moves, sc := g.Moves(p, ply, hashMove)
	if len(moves) == 0 {
		return -n.Mate + ply // no move: lost
	}
	w := NewWindow(n.PV, ply, alpha, beta, n.Infinity)
	for i := range moves {
		m := Pick(moves, sc, i)
		quiet := sc[i] < n.Quiet && !danger
		u := g.Make(p, m)
		var score int
		if i == 0 {
			score = -n.Search(p, depth-1, ply+1, -beta, -w.Alpha)
		} else {
			// Late quiet moves are searched shallower first.
			r := 0
			if depth >= 3 && i >= 4 && quiet {
				r = 1
				if i >= 12 && depth >= 5 {
					r = 2
				}
			}
			score = -n.Search(p, depth-1-r, ply+1, -w.Alpha-1, -w.Alpha)
			if score > w.Alpha && (r > 0 || score < beta) {
				score = -n.Search(p, depth-1, ply+1, -beta, -w.Alpha)
			}
		}
		g.Unmake(p, m, u)
		if n.Clock.Stopped() {
			return 0
		}
		if ply == 0 {
			n.Deepen.RootDone++
		}
		if _, cut := w.Add(m, score); cut {
			if quiet {
				g.Cut(p, m, ply, depth)
			}
			break
		}
	}
	n.Table.Store(key, w.Move, ToTT(w.Best, ply, n.MateBound+1), depth, w.Bound())
	return w.Best
}
