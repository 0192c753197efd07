package abaloneai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// Score bounds. A won game is WinScore minus the plies to the win, so the
// search prefers the fastest win and the slowest loss.
const (
	MaxPly   = 64
	Infinity = 1 << 20
	WinScore = 1 << 19
	winBound = WinScore - MaxPly
	qsPlies  = 8 // at most this many ejections deep in quiescence
)

// mustFinishNodes bounds the part of depth 1 that ignores the clock: its
// pushes off, searched to qsPlies, could in a position built for it
// grow past what a move may take.
const mustFinishNodes = 200_000

// Searcher searches positions. It is not safe for concurrent use; give
// each concurrent search its own (see Pool).
type Searcher struct {
	// Weights are what the search evaluates with; NewSearcher sets
	// DefaultWeights.
	Weights Weights

	tt    *search.Table[abalone.Move]
	clock search.Clock

	// deepen runs the iterations; its Best, the previous iteration's
	// best move, is searched first at the root.
	deepen search.Deepener[abalone.Move]
	noise  int
	seed   uint64

	path    [MaxPly + qsPlies + 2]uint64 // hashes along the current line
	killers search.Killers[abalone.Move]
	history [2][128][abalone.NumDirections]int32
	pv      search.PV[abalone.Move]
	lists   [MaxPly + qsPlies + 2]abalone.MoveList
	scores  [MaxPly + 1][abalone.MaxMoves]int32
	// child holds, by ply, the position after the move made (or the
	// null move) at the ply before: a position is so small that copying
	// it costs less than taking a move back.
	child [MaxPly + 1]abalone.Position

	nm search.Negamax[*abalone.Position, abalone.Move, game]
}

// NewSearcher returns a searcher with a transposition table of hashMB
// megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{
		Weights: defaultWeights, tt: search.NewTable[abalone.Move](hashMB),
		killers: search.NewKillers[abalone.Move](MaxPly), pv: search.NewPV[abalone.Move](MaxPly),
	}
	s.clock.SetFinishNodes(mustFinishNodes)
	s.deepen = search.Deepener[abalone.Move]{
		Clock: &s.clock, PV: &s.pv, MaxDepth: MaxPly, Mate: WinScore, MateBound: winBound - 1,
		Proven: proven,
	}
	s.nm = search.Negamax[*abalone.Position, abalone.Move, game]{
		Game: game{s: s}, Clock: &s.clock, Table: s.tt, PV: &s.pv,
		MaxPly: MaxPly, Infinity: Infinity, Win: winBound,
		Quiet: orderKiller, NullDepth: 3, LateMove: 16,
		NullWindowFirst: true, VisitFirst: true, CopyMake: true,
	}
	return s
}

// Clear forgets what earlier searches learned (a new game, or a search
// that must not depend on the ones before it).
func (s *Searcher) Clear() {
	s.tt.Clear()
	s.history = [2][128][abalone.NumDirections]int32{}
}

// Search finds a move for the side to move of pos within lim, calling
// info (if not nil) after each finished iteration. It returns NoMove only
// if the game is over; stopped early (context done, deadline, node limit)
// it returns the best move of the deepest search finished, or failing
// that the move it would have searched first. A search finishes depth 1
// (up to mustFinishNodes nodes), so a searched move comes back even when
// ctx is already done.
//
// Of lim it reads Depth, Nodes, MoveTime, Time, Inc and Cap, and keeps
// its own margins (see budget), so MovesToGo, Overhead and Start are not
// used. opts weakens the search for low levels. Info's and Result's
// scores give mates in plies to the end, halved (moves of the side to
// move); a score beyond ±(WinScore-MaxPly) is a won or lost game.
func (s *Searcher) Search(ctx context.Context, pos abalone.Position, lim search.Limits, opts search.Options, info func(search.Info[abalone.Move])) search.Result[abalone.Move] {
	hard, soft := budget(lim)
	s.clock.Start(ctx, time.Time{}, hard, soft, lim.Nodes)
	s.noise, s.seed = opts.Noise, opts.Seed
	s.killers.Reset()
	for c := range s.history {
		for i := range s.history[c] {
			for d := range s.history[c][i] {
				s.history[c][i][d] /= 8
			}
		}
	}
	if pos.IsOver() {
		return search.Result[abalone.Move]{}
	}
	// The root's moves in the order the search would try them, so that
	// the first is the best guess before any iteration.
	var root abalone.MoveList
	pos.GenerateMoves(&root)
	s.order(&pos, &root, 0, abalone.NoMove)
	moves := root.Moves[:root.Len]
	search.Pick(moves, s.scores[0][:root.Len], 0)
	iterate := func(depth, _ int) int { return s.nm.Search(&pos, depth, 0, -Infinity, Infinity) }
	return s.deepen.Run(moves, lim.Depth, lim.Depth != 0 || lim.Nodes != 0, iterate, info)
}

// budget turns limits into a hard stop and a soft one (no iteration
// starts after it). Zero means none. The move time is the hard stop (a
// context's deadline stops the search as surely), and no iteration
// starts after two fifths of it; a clock gives a move time of a
// thirtieth of what is left plus most of the increment, never more than
// a quarter of what is left.
func budget(lim search.Limits) (hard, soft time.Duration) {
	move := lim.MoveTime
	if move <= 0 && lim.Time > 0 {
		move = max(min(lim.Time/30+lim.Inc*3/4, lim.Time/4), time.Millisecond)
	}
	return search.CapBudget(move, move*2/5, lim.Cap)
}

// proven reports whether an iteration to depth that scored score has
// proven the end: it found a won or lost game fewer plies away than it
// searched.
func proven(depth, score int) bool {
	return search.Abs(score) >= winBound && depth > WinScore-search.Abs(score)
}

// evaluate is the static score with the level's noise, if any.
func (s *Searcher) evaluate(p *abalone.Position) int {
	e := s.Weights.Evaluate(p)
	if s.noise > 0 {
		e += search.Jitter(p.Hash()^s.seed*0x9e3779b97f4a7c15, s.noise, search.Mix{A: 31, Mul: 0xbf58476d1ce4e5b9, B: 29})
	}
	return e
}

// Move ordering: the hash move, moves that push a marble off, other
// pushes (more pushed first), killers, then history.
const (
	orderHash   = 1 << 30
	orderEject  = 1 << 28
	orderPush   = 1 << 27
	orderKiller = 1 << 26
)

func (s *Searcher) order(p *abalone.Position, l *abalone.MoveList, ply int, hashMove abalone.Move) {
	sc := &s.scores[min(ply, MaxPly)]
	turn := p.Turn()
	for i, m := range l.Slice() {
		var v int32
		switch {
		case m == hashMove:
			v = orderHash
		case !m.IsBroadside() && m.Count() >= 2 && p.Effect(m).Pushed > 0:
			e := p.Effect(m)
			v = orderPush + int32(e.Pushed)
			if e.Ejected {
				v = orderEject
			}
		case ply <= MaxPly && s.killers.Is(ply, m):
			v = orderKiller
		default:
			v = s.history[turn][m.From()][m.Dir()] + int32(m.Count())
		}
		sc[i] = v
	}
}

// repeated reports whether the position at ply already stood on the line
// searched (a shuffle back and forth), which scores as even.
func (s *Searcher) repeated(ply int) bool {
	h := s.path[ply]
	for i := ply - 2; i >= 0; i -= 2 {
		if s.path[i] == h {
			return true
		}
	}
	return false
}

// game is the Searcher seen as the shared node loop's hooks
// (search.Game): Abalone's end, its repetitions, its null move, its moves
// and their order, and its history.
type game struct {
	// CopyMade comes first, since Go pads a zero-size last field.
	search.CopyMade[*abalone.Position, abalone.Move]
	s *Searcher
}

// Settle scores a side that has lost six marbles as the end of the game
// and a position already on the line (a shuffle back and forth) as even;
// at the horizon it searches the pushes off (quiesce).
func (g game) Settle(p *abalone.Position, depth, ply, alpha, beta int) (uint64, int, bool) {
	s := g.s
	if p.Lost(p.Turn()) >= abalone.WinningLosses {
		return 0, -WinScore + ply, true
	}
	h := p.Hash()
	s.path[ply] = h
	if ply > 0 && s.repeated(ply) {
		return 0, 0, true
	}
	if depth <= 0 || ply >= MaxPly {
		return 0, s.quiesce(p, ply, alpha, beta, 0), true
	}
	return h, 0, false
}

// Danger is never asked: Abalone has no threat like check.
func (g game) Danger(*abalone.Position) bool { return false }

// Pass is no null move at the root, nor when beta is a win or a loss.
func (g game) Pass(p *abalone.Position, ply, depth, beta int) (*abalone.Position, int, bool) {
	if ply == 0 || search.Abs(beta) >= winBound || g.s.evaluate(p) < beta {
		return nil, 0, false
	}
	q := search.Child(g.s.child[:], p, ply)
	q.SetTurn(q.Turn().Other())
	return q, 2 + depth/4, true
}

// Moves puts the previous iteration's best move first at the root.
func (g game) Moves(p *abalone.Position, ply int, hashMove abalone.Move) ([]abalone.Move, []int32) {
	s := g.s
	l := &s.lists[ply]
	p.GenerateMoves(l)
	if ply == 0 {
		hashMove = s.deepen.Best
	}
	s.order(p, l, ply, hashMove)
	return l.Moves[:l.Len], s.scores[ply][:l.Len]
}

// End is a side without a move, which has lost.
func (g game) End(_ *abalone.Position, ply int) int { return -WinScore + ply }

// Make plays m on a copy of p (see Searcher.child), so the game has no
// Unmake of its own (search.CopyMade).
func (g game) Make(p *abalone.Position, m abalone.Move, ply int) *abalone.Position {
	q := search.Child(g.s.child[:], p, ply)
	q.MakeMove(m)
	return q
}

func (g game) Cut(p *abalone.Position, m abalone.Move, ply, depth int) {
	g.s.killers.Add(ply, m)
	h := &g.s.history[p.Turn()][m.From()][m.Dir()]
	*h = min(*h+int32(depth*depth), orderKiller/2)
}

func (g game) Root(abalone.Move, bool) { g.s.deepen.RootDone++ }

// quiesce searches only the moves that push a marble off, so that no
// evaluation is taken in the middle of an exchange at the edge.
func (s *Searcher) quiesce(p *abalone.Position, ply, alpha, beta, qply int) int {
	if s.clock.Visit() {
		return 0
	}
	if p.Lost(p.Turn()) >= abalone.WinningLosses {
		return -WinScore + ply
	}
	stand := s.evaluate(p)
	if stand >= beta || qply >= qsPlies {
		return stand
	}
	alpha = max(alpha, stand)
	l := &s.lists[min(ply, len(s.lists)-1)]
	p.GenerateEjections(l)
	for _, m := range l.Slice() {
		u := p.MakeMove(m)
		v := -s.quiesce(p, ply+1, -beta, -alpha, qply+1)
		p.UnmakeMove(u)
		if s.clock.Stopped() {
			return 0
		}
		if v > alpha {
			alpha = v
			if v >= beta {
				break
			}
		}
	}
	return alpha
}
