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

// Limits bound a search. Zero values mean no limit of that kind; a search
// with no limit at all runs until its context is done.
type Limits struct {
	Depth    int           // plies
	Nodes    uint64        // positions visited (checked every 1024)
	MoveTime time.Duration // hard deadline for this move
	Noise    int           // up to this much is added to or taken from each evaluation (weak levels)
	Seed     uint64        // chooses the noise
}

// Result is what a search found.
type Result struct {
	Move  abalone.Move // NoMove only when the game is over
	Score int          // for the side to move; beyond ±(WinScore-MaxPly) a won or lost game
	Depth int          // the last fully searched depth
	Nodes uint64
	Time  time.Duration
	PV    []abalone.Move
}

// Searcher searches positions. It is not safe for concurrent use; give
// each concurrent search its own (see Pool).
type Searcher struct {
	// Weights are what the search evaluates with; NewSearcher sets
	// DefaultWeights.
	Weights Weights

	tt    *search.Table[abalone.Move]
	clock search.Clock

	noise     int
	seed      uint64
	rootFirst abalone.Move // the previous iteration's best, searched first
	rootBest  abalone.Move // best root move fully searched in this iteration

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
	s.nm = search.Negamax[*abalone.Position, abalone.Move, game]{
		Game: game{s}, Clock: &s.clock, Table: s.tt, PV: &s.pv,
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

// Search finds a move for the side to move of pos within lim. It returns
// NoMove only if the game is over; stopped early (context done, deadline,
// node limit) it returns the best move of the deepest search finished, or
// failing that the first move it would have searched.
func (s *Searcher) Search(ctx context.Context, pos abalone.Position, lim Limits) Result {
	// The move time is the hard stop (a context's deadline stops the
	// search as surely); no iteration starts after two fifths of it.
	s.clock.Start(ctx, time.Time{}, lim.MoveTime, lim.MoveTime*2/5, lim.Nodes)
	s.noise, s.seed = lim.Noise, lim.Seed
	s.killers.Reset()
	for c := range s.history {
		for i := range s.history[c] {
			for d := range s.history[c][i] {
				s.history[c][i][d] /= 8
			}
		}
	}
	var res Result
	if pos.IsOver() {
		return res
	}
	root := &s.lists[0]
	pos.GenerateMoves(root)
	s.order(&pos, root, 0, abalone.NoMove)
	res.Move = search.Pick(root.Moves[:root.Len], s.scores[0][:root.Len], 0)
	maxDepth := MaxPly
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, MaxPly)
	}
	prev := res.Move
	for depth := 1; depth <= maxDepth; depth++ {
		s.rootFirst, s.rootBest = prev, abalone.NoMove
		score := s.nm.Search(&pos, depth, 0, -Infinity, Infinity)
		if s.clock.Stopped() {
			// The previous best is searched first, so a root move fully
			// searched in this iteration that became best is at least as
			// good as it.
			if s.rootBest != abalone.NoMove {
				res.Move = s.rootBest
			}
			break
		}
		prev = s.pv.First()
		res.Move, res.Score, res.Depth = prev, score, depth
		res.PV = append(res.PV[:0], s.pv.Line()...)
		if root.Len == 1 && lim.Depth == 0 && lim.Nodes == 0 {
			break // the only move: no need to think
		}
		if search.Abs(score) >= winBound && depth > WinScore-search.Abs(score) {
			break // the end is proven
		}
		if s.clock.PastSoft() {
			break // the next iteration would not finish
		}
	}
	res.Nodes, res.Time = s.clock.Nodes(), s.clock.Elapsed()
	return res
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
type game struct{ s *Searcher }

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
	q := &g.s.child[ply+1]
	*q = *p
	q.SetTurn(q.Turn().Other())
	return q, 2 + depth/4, true
}

// Moves puts the previous iteration's best move first at the root.
func (g game) Moves(p *abalone.Position, ply int, hashMove abalone.Move) ([]abalone.Move, []int32) {
	s := g.s
	l := &s.lists[ply]
	p.GenerateMoves(l)
	if ply == 0 && s.rootFirst != abalone.NoMove {
		hashMove = s.rootFirst
	}
	s.order(p, l, ply, hashMove)
	return l.Moves[:l.Len], s.scores[ply][:l.Len]
}

// Order is never asked: Moves scores the moves.
func (g game) Order(*abalone.Position, int, abalone.Move) []int32 { return nil }

// End is a side without a move, which has lost.
func (g game) End(_ *abalone.Position, ply int) int { return -WinScore + ply }

// Futile is never asked (Negamax.Futility 0), nor Prune.
func (g game) Futile(*abalone.Position, int, int, int, int) bool              { return false }
func (g game) Prune(*abalone.Position, abalone.Move, int, int, int, int) bool { return false }

// Make plays m on a copy of p (see Searcher.child): Unmake is never
// called.
func (g game) Make(p *abalone.Position, m abalone.Move, ply int) *abalone.Position {
	q := &g.s.child[ply+1]
	*q = *p
	q.MakeMove(m)
	return q
}

func (g game) Unmake(*abalone.Position, abalone.Move, int) {}

func (g game) Cut(p *abalone.Position, m abalone.Move, ply, depth int) {
	g.s.killers.Add(ply, m)
	h := &g.s.history[p.Turn()][m.From()][m.Dir()]
	*h = min(*h+int32(depth*depth), orderKiller/2)
}

func (g game) Root(m abalone.Move, raised bool) {
	if raised {
		g.s.rootBest = m
	}
}

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
