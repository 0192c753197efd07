package search

// Game is what a game's search supplies to the shared node loop
// (Negamax.Search): its position P (a pointer, changed in place) and
// move M, and the rules that are the game's own. The loop
// keeps what every game does alike: the table, the clock, the line, the
// window, null move, late-move reductions and the principal-variation
// re-search.
type Game[P any, M comparable] interface {
	// Settle returns the score of a node the loop need not search: a
	// game that has ended, or a node at the horizon (depth 0 or below,
	// or ply Negamax.MaxPly), which the game searches its own way (a
	// quiescence search, say); settled is false otherwise, and key is
	// then p's key in the table. One call answers all three, since most
	// nodes are leaves and a call to a hook costs more than a direct one.
	Settle(p P, depth, ply, alpha, beta int) (key uint64, score int, settled bool)
	// Danger reports a threat like check: the node is searched a ply
	// deeper (below MaxPly/2), is not given a null move, and none of its
	// moves counts as quiet. Only asked when Negamax.Threats is set.
	Danger(p P) bool
	// Pass returns the position after the side to move passes at ply,
	// and the reduction of the null-move search, when the game allows a
	// null move there (beta no win, say) and its evaluation holds beta;
	// ok false otherwise. The loop has checked it is no
	// principal-variation node, not in danger and at least NullDepth
	// deep, and asks before it generates the node's moves, which a null
	// move that cuts off spares. p itself must not change.
	Pass(p P, ply, depth, beta int) (q P, r int, ok bool)
	// Moves generates the legal moves at ply into the game's buffer and
	// scores them for picking (hashMove, the table's move, first), the
	// scores in a buffer of the same length.
	Moves(p P, ply int, hashMove M) ([]M, []int32)
	// End returns the score of the node at ply that has no legal move:
	// the end of the game.
	End(p P, ply int) int
	// Make plays m at ply and returns the position after it: p itself,
	// keeping what Unmake needs to take m back (the game's undo record,
	// by ply: no record crosses the loop), or, when Negamax.CopyMake is
	// set, a copy, p left as it was and Unmake never called.
	Make(p P, m M, ply int) P
	Unmake(p P, m M, ply int)
	// Cut hears that the quiet move m cut off at ply, depth deep (the
	// game's killers and history).
	Cut(p P, m M, ply, depth int)
	// Root hears of each root move fully searched, and whether it raised
	// alpha: the move to play if the clock stops the iteration.
	Root(m M, raised bool)
}

// Negamax is the shared alpha-beta (principal-variation) node loop over a
// game's hooks G, which Congo and Abalone search through: a node in
// danger is extended, a null move tried from NullDepth on, late quiet
// moves reduced by one ply from the fifth move and depth 3, by two from
// move LateMove+1 and depth 5, and a move that beats alpha searched
// again at full depth. Where the games' rules differ only in a detail,
// a field says which (NullWindowFirst, CopyMake, VisitFirst). Ataxx
// searches with a loop of its own (ai/ataxxai), since its pruning and
// reductions are its own.
type Negamax[P any, M comparable, G Game[P, M]] struct {
	Game  G
	Clock *Clock
	Table *Table[M]
	PV    *PV[M]
	// MaxPly is the deepest node; Infinity bounds every score; Win is
	// the least score the table stores as a win (see ToTT).
	MaxPly, Infinity, Win int
	// Quiet is the ordering score below which a move is quiet: it may be
	// reduced, and when it cuts off the game hears of it (Game.Cut).
	Quiet int32
	// Threats says the game has a threat like check (Game.Danger).
	Threats bool
	// NullDepth is the least depth given a null move.
	NullDepth int
	// LateMove is the index from which a late quiet move is reduced by
	// two plies (from depth 5).
	LateMove int
	// NullWindowFirst searches a reduced move that beat alpha again at
	// full depth with the null window before the full one (as Abalone
	// does); otherwise straight with the full window (as Congo does).
	NullWindowFirst bool
	// CopyMake says Game.Make leaves p alone and returns a copy with the
	// move made: cheaper than a move taken back where a position is a
	// few words, since it spares a call to Unmake for every node.
	CopyMake bool
	// VisitFirst counts the node (Clock.Visit) before asking whether the
	// game is over; otherwise only nodes above the horizon are counted
	// here, and the game's search below the horizon counts its own.
	VisitFirst bool
}

// Search returns the score of p for the side to move, searched depth
// plies at ply within (alpha, beta); 0 when the clock stopped it.
func (n *Negamax[P, M, G]) Search(p P, depth, ply, alpha, beta int) int {
	g := n.Game
	n.PV.Start(ply)
	if n.VisitFirst && n.Clock.Visit() {
		return 0
	}
	key, score, settled := g.Settle(p, depth, ply, alpha, beta)
	if settled {
		return score
	}
	if !n.VisitFirst && n.Clock.Visit() {
		return 0
	}
	pvNode := beta-alpha > 1
	hashMove, score, hit := n.Table.Lookup(key, ply > 0 && !pvNode, depth, ply, alpha, beta, n.Win)
	if hit {
		return score
	}
	danger := n.Threats && g.Danger(p)
	if danger && ply < n.MaxPly/2 {
		depth++
	}
	if !pvNode && !danger && depth >= n.NullDepth {
		if score, done := n.null(p, depth, ply, beta); done {
			return score
		}
	}
	moves, sc := g.Moves(p, ply, hashMove)
	if len(moves) == 0 {
		return g.End(p, ply)
	}
	// The scores cut to the moves' length: Pick, whose loop is the
	// node's hottest, then checks no index of them.
	sc = sc[:len(moves)]
	w := NewWindow(n.PV, ply, alpha, beta, n.Infinity)
	for i := range moves {
		m := Pick(moves, sc, i)
		quiet := sc[i] < n.Quiet && !danger
		q := g.Make(p, m, ply)
		var score int
		if i == 0 {
			score = -n.Search(q, depth-1, ply+1, -beta, -w.Alpha)
		} else {
			// Late quiet moves are searched shallower first.
			r := 0
			if depth >= 3 && i >= 4 && quiet {
				r = 1
				if i >= n.LateMove && depth >= 5 {
					r = 2
				}
			}
			score = -n.Search(q, depth-1-r, ply+1, -w.Alpha-1, -w.Alpha)
			if n.NullWindowFirst {
				if score > w.Alpha && r > 0 {
					score = -n.Search(q, depth-1, ply+1, -w.Alpha-1, -w.Alpha)
				}
				if score > w.Alpha && score < beta {
					score = -n.Search(q, depth-1, ply+1, -beta, -w.Alpha)
				}
			} else if score > w.Alpha && (r > 0 || score < beta) {
				score = -n.Search(q, depth-1, ply+1, -beta, -w.Alpha)
			}
		}
		if !n.CopyMake {
			g.Unmake(p, m, ply)
		}
		if n.Clock.Stopped() {
			return 0
		}
		raised, cut := w.Add(m, score)
		if ply == 0 {
			g.Root(m, raised)
		}
		if cut {
			if quiet {
				g.Cut(p, m, ply, depth)
			}
			break
		}
	}
	n.Table.Store(key, w.Move, ToTT(w.Best, ply, n.Win), depth, w.Bound())
	return w.Best
}

// null tries the null move at ply: done when passing still holds beta,
// since a real move will too (score beta), or when the clock stopped the
// search below (score 0).
func (n *Negamax[P, M, G]) null(p P, depth, ply, beta int) (score int, done bool) {
	q, r, ok := n.Game.Pass(p, ply, depth, beta)
	if !ok {
		return 0, false
	}
	score = -n.Search(q, depth-1-r, ply+1, -beta, -beta+1)
	if n.Clock.Stopped() {
		return 0, true
	}
	if score >= beta {
		return beta, true
	}
	return 0, false
}
