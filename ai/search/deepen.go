package search

import "time"

// Info reports one finished iteration of a search.
type Info[M any] struct {
	Depth    int
	SelDepth int // the deepest ply reached, where the game counts it
	Score    int // for the side to move
	Mate     int // moves to the end: >0 the mover wins, <0 loses, 0 not found
	Nodes    uint64
	Time     time.Duration
	PV       []M
}

// Result is what a search found.
type Result[M any] struct {
	Move   M
	Info   Info[M]
	Ponder M // the expected reply, or M's zero value
}

// Deepener runs iterative deepening for a game's search: depth 1, 2, ...
// each iteration searching the previous best move first, until a limit
// of the Clock, the depth asked for, or a proven end.
type Deepener[M comparable] struct {
	Clock *Clock
	PV    *PV[M]
	// MaxDepth is the deepest iteration the game's search allows.
	MaxDepth int
	// Mate and MateBound are the game's score of a win at the root and
	// the least score counted as a win (see MateIn).
	Mate, MateBound int
	// Predict starts an iteration only when, growing as the last one did,
	// it should finish in time (Clock.Another); otherwise any iteration
	// starts before the soft limit.
	Predict bool
	// SelDepth, when not nil, reports the deepest ply of the iteration.
	SelDepth func() int
	// RootDone counts the root moves fully searched in the iteration
	// under way; the game's search adds to it (and may reset it when it
	// searches the root again with another window).
	RootDone int
	// Proven, when not nil, says whether an iteration to depth that
	// scored score has proven the end, so that no deeper one is needed;
	// otherwise an end is proven when a mate in n moves was found at
	// depth 2n+2 or more.
	Proven func(depth, score int) bool
	// Best is the move Run would answer with now: the first root move
	// until an iteration finishes, then that iteration's best. A game
	// that does not trust its table to keep it may search it first.
	Best M
}

// Run searches root (the legal moves, at least one) to depth plies (0:
// as deep as MaxDepth and the clock allow): iterate(depth, prev) searches the root to depth, prev being the
// last iteration's score, and returns the score. With only one move and
// no fixed depth or node count (fixed false) it stops after depth 1.
// info, if not nil, hears each finished iteration.
func (d *Deepener[M]) Run(root []M, depth int, fixed bool, iterate func(depth, prev int) int, info func(Info[M])) Result[M] {
	maxDepth := d.MaxDepth
	if depth > 0 {
		maxDepth = min(depth, maxDepth)
	}
	res := Result[M]{Move: root[0]}
	d.Best = res.Move
	var lastIter time.Duration // how long the previous iteration took
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := time.Now()
		d.Clock.MustFinish(depth == 1) // so that there is a move
		if depth > 1 {
			if d.Clock.Check(); d.Clock.Stopped() {
				break
			}
		}
		d.RootDone = 0
		score := iterate(depth, res.Info.Score)
		if d.Clock.Stopped() {
			// The previous best is searched first: a root move that was
			// fully searched and became best is at least as good.
			if d.RootDone > 0 && len(d.PV.Line()) > 0 {
				res.Move = d.PV.First()
			}
			break
		}
		line := d.PV.Line()
		var none M
		res.Ponder = none
		if len(line) > 0 {
			res.Move = line[0]
		}
		if len(line) > 1 {
			res.Ponder = line[1]
		}
		d.Best = res.Move
		res.Info = Info[M]{
			Depth: depth, Score: score, Mate: MateIn(score, d.Mate, d.MateBound),
			Nodes: d.Clock.Nodes(), Time: d.Clock.Elapsed(),
			PV: append([]M(nil), line...),
		}
		if d.SelDepth != nil {
			res.Info.SelDepth = d.SelDepth()
		}
		if info != nil {
			info(res.Info)
		}
		if len(root) == 1 && !fixed {
			break // the only move: no need to think
		}
		if d.proven(depth, score, res.Info.Mate) {
			break
		}
		iter := time.Since(iterStart)
		if d.Predict && !d.Clock.Another(d.Clock.Elapsed(), iter, lastIter) || !d.Predict && d.Clock.PastSoft() {
			break
		}
		lastIter = iter
	}
	res.Info.Nodes = d.Clock.Nodes()
	return res
}

// proven reports whether an iteration to depth that scored score, mate
// moves from the end, has proven the end (see Proven).
func (d *Deepener[M]) proven(depth, score, mate int) bool {
	if d.Proven != nil {
		return d.Proven(depth, score)
	}
	return mate != 0 && depth >= 2*Abs(mate)+2
}
