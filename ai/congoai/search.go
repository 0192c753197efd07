package congoai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// Score bounds. A won game is MateScore minus the plies to the win, so
// the search prefers the fastest win and the slowest loss.
const (
	MaxPly    = 64
	Infinity  = 32000
	MateScore = 30000
	mateBound = MateScore - MaxPly
)

// maxQPly bounds the capture search below the horizon.
const maxQPly = 12

// mustFinishNodes bounds the part of depth 1 that ignores the clock.
const mustFinishNodes = 200_000

// Searcher searches Congo positions. It is not safe for concurrent use;
// give each concurrent search its own (see Pool).
type Searcher struct {
	tt    *search.Table[congo.Move]
	clock search.Clock

	deepen search.Deepener[congo.Move]
	noise  int
	seed   uint64

	killers search.Killers[congo.Move]
	history [2][congo.NumSquares][congo.NumSquares]int32
	pv      search.PV[congo.Move]
	lists   [MaxPly + maxQPly + 2]congo.MoveList
	scores  [MaxPly + maxQPly + 2][congo.MaxMoves]int32
	passed  [MaxPly]congo.Position // the positions after a null move, by ply
	undo    [MaxPly]congo.Undo     // what takes back the move made at each ply

	nm search.Negamax[*congo.Position, congo.Move, game]
}

// NewSearcher returns a searcher with a transposition table of hashMB
// megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{tt: search.NewTable[congo.Move](hashMB), killers: search.NewKillers[congo.Move](MaxPly), pv: search.NewPV[congo.Move](MaxPly)}
	s.clock.SetFinishNodes(mustFinishNodes)
	s.deepen = search.Deepener[congo.Move]{Clock: &s.clock, PV: &s.pv, MaxDepth: MaxPly - 1, Mate: MateScore, MateBound: mateBound}
	s.nm = search.Negamax[*congo.Position, congo.Move, game]{
		Game: game{s}, Clock: &s.clock, Table: s.tt, PV: &s.pv,
		MaxPly: MaxPly, Infinity: Infinity, Win: mateBound + 1,
		Quiet: scoreKiller, Threats: true, NullDepth: 3, LateMove: 12,
	}
	return s
}

// Clear empties the transposition table, so the next search starts
// afresh (and repeats exactly).
func (s *Searcher) Clear() { s.tt.Clear() }

// Search finds a move for the side to move of pos within lim, calling
// info (if not nil) after each finished iteration. If the game is over it
// returns NoMove. A search always finishes depth 1, so a move comes back
// even when ctx is already done.
//
// Of lim it reads Depth, Nodes, MoveTime, Time, Inc and Cap, and keeps
// its own margins (see budget), so MovesToGo, Overhead and Start are not
// used. opts weakens the search for low levels. Scores are in hundredths
// of a pawn, mates in turns.
func (s *Searcher) Search(ctx context.Context, pos congo.Position, lim search.Limits, opts search.Options, info func(search.Info[congo.Move])) search.Result[congo.Move] {
	s.prepare(ctx, lim, opts)
	var root congo.MoveList
	pos.GenerateMoves(&root)
	if root.Len == 0 {
		return search.Result[congo.Move]{}
	}
	iterate := func(depth, _ int) int { return s.nm.Search(&pos, depth, 0, -Infinity, Infinity) }
	return s.deepen.Run(root.Moves[:root.Len], lim.Depth, lim.Depth != 0 || lim.Nodes != 0, iterate, info)
}

func (s *Searcher) prepare(ctx context.Context, lim search.Limits, opts search.Options) {
	s.noise, s.seed = opts.Noise, opts.Seed
	s.killers.Reset()
	s.history = [2][congo.NumSquares][congo.NumSquares]int32{}
	hard, soft := budget(lim)
	s.clock.Start(ctx, time.Time{}, hard, soft, lim.Nodes)
}

// budget turns limits into a hard stop and a soft one (do not start
// another iteration after it). Zero means none. Congo's clock is its own:
// a 50th of a move time and up to 100 ms of a clock kept back.
func budget(lim search.Limits) (hard, soft time.Duration) {
	switch {
	case lim.MoveTime > 0:
		hard = lim.MoveTime - lim.MoveTime/50 - time.Millisecond // margin for the answer
		soft = hard * 6 / 10
	case lim.Time > 0:
		safety := min(lim.Time/10, 100*time.Millisecond)
		left := max(lim.Time-safety, time.Millisecond)
		soft = left/25 + lim.Inc*3/4
		hard = min(soft*3, left/2+lim.Inc/2)
		soft = min(soft, hard)
	}
	return search.CapBudget(hard, soft, lim.Cap)
}

// ended reports whether the game has ended at ply, a lion lost, and if
// so scores it for the side to move: lost when its own lion is gone, won
// when only the other's is (a board set up that way).
func ended(p *congo.Position, ply int) (score int, over bool) {
	us := p.Turn()
	switch {
	case p.Pieces(us, congo.Lion) == 0:
		return -MateScore + ply, true
	case p.Pieces(us.Other(), congo.Lion) == 0:
		return MateScore - ply, true
	}
	return 0, false
}

func (s *Searcher) evaluate(p *congo.Position) int {
	v := Evaluate(p)
	if s.noise > 0 {
		v += search.Jitter(p.Hash()^s.seed, s.noise, search.Mix{A: 29, Mul: 0xbf58476d1ce4e5b9, B: 32})
	}
	return v
}

// lionInDanger reports whether the opponent could take the lion of the
// side to move if it were the opponent's turn.
func lionInDanger(p *congo.Position) bool {
	q := *p
	q.SetTurn(q.Turn().Other())
	return q.CanTakeLion()
}

// hasPieces reports whether the side to move has a piece besides its
// lion and pawns.
func hasPieces(p *congo.Position) bool {
	us := p.Turn()
	return p.Occupied(us)&^p.Pieces(us, congo.Lion)&^p.Pieces(us, congo.Pawn) != 0
}

// captureValue returns the value of what m captures, and whether it takes
// a lion.
func captureValue(p *congo.Position, m congo.Move) (int, bool) {
	if m.Jumps() == 0 {
		c := p.PieceAt(m.To())
		if c == congo.NoPiece || m.From() == m.To() {
			return 0, false
		}
		return pieceValue[c.Kind()], c.Kind() == congo.Lion
	}
	v, lion := 0, false
	cur := m.From()
	for i := range m.Jumps() {
		d := m.JumpDir(i)
		mid, _ := d.Step(cur, 1)
		if c := p.PieceAt(mid); c != congo.NoPiece {
			v += pieceValue[c.Kind()]
			lion = lion || c.Kind() == congo.Lion
		}
		cur, _ = d.Step(cur, 2)
	}
	return v, lion
}

const (
	scoreHash    = 1 << 30
	scoreLion    = 1 << 29
	scoreCapture = 1 << 24
	scoreKiller  = 1 << 22
)

// orderMoves scores the moves for picking: the table's move, lion
// captures, other captures by value, killers, then history.
func (s *Searcher) orderMoves(p *congo.Position, l *congo.MoveList, sc *[congo.MaxMoves]int32, ply int, hashMove congo.Move) {
	us := p.Turn()
	for i, m := range l.Moves[:l.Len] {
		var v int32
		switch cv, lion := captureValue(p, m); {
		case m == hashMove:
			v = scoreHash
		case lion:
			v = scoreLion
		case cv > 0:
			v = scoreCapture + int32(cv)*16 - int32(pieceValue[p.PieceAt(m.From()).Kind()]/16)
		case ply <= MaxPly && s.killers.Is(ply, m):
			v = scoreKiller
		default:
			v = s.history[us][m.From()][m.To()]
		}
		sc[i] = v
	}
}

// game is the Searcher seen as the shared node loop's hooks
// (search.Game): Congo's ends, danger, null move, moves and history.
type game struct{ s *Searcher }

// Settle scores a lost lion as the end of the game; at the horizon it
// searches the captures (quiesce).
func (g game) Settle(p *congo.Position, depth, ply, alpha, beta int) (uint64, int, bool) {
	if score, over := ended(p, ply); over {
		return 0, score, true
	}
	if depth <= 0 || ply >= MaxPly {
		return 0, g.s.quiesce(p, ply, 0, alpha, beta), true
	}
	return p.Hash(), 0, false
}

// Danger is a lion the opponent could take next turn, like a king in
// check: look one turn further, and never pass.
func (g game) Danger(p *congo.Position) bool { return lionInDanger(p) }

// Pass is no null move when beta is a win, nor while a monkey's jump is
// unfinished (no one may pass then), nor with pawns alone (zugzwang).
func (g game) Pass(p *congo.Position, ply, depth, beta int) (*congo.Position, int, bool) {
	if beta >= mateBound || p.Jumping() || !hasPieces(p) || g.s.evaluate(p) < beta {
		return nil, 0, false
	}
	q := &g.s.passed[ply]
	*q = *p
	q.SetTurn(q.Turn().Other())
	r := 2
	if depth >= 6 {
		r = 3
	}
	return q, r, true
}

func (g game) Moves(p *congo.Position, ply int, hashMove congo.Move) ([]congo.Move, []int32) {
	l := &g.s.lists[ply]
	p.GenerateMoves(l)
	sc := &g.s.scores[ply]
	if l.Len > 0 {
		g.s.orderMoves(p, l, sc, ply, hashMove)
	}
	return l.Moves[:l.Len], sc[:l.Len]
}

// End is a side without a move, which has lost.
func (g game) End(_ *congo.Position, ply int) int { return -MateScore + ply }

func (g game) Make(p *congo.Position, m congo.Move, ply int) *congo.Position {
	g.s.undo[ply] = p.MakeMove(m)
	return p
}

func (g game) Unmake(p *congo.Position, m congo.Move, ply int) { p.UnmakeMove(m, g.s.undo[ply]) }

func (g game) Cut(p *congo.Position, m congo.Move, ply, depth int) {
	g.s.killers.Add(ply, m)
	h := &g.s.history[p.Turn()][m.From()][m.To()]
	*h = min(*h+int32(depth*depth), scoreKiller-1)
}

func (g game) Root(congo.Move, bool) { g.s.deepen.RootDone++ }

// quiesce searches captures only, so the evaluation is not taken in the
// middle of an exchange.
func (s *Searcher) quiesce(p *congo.Position, ply, qply, alpha, beta int) int {
	if ply <= MaxPly {
		s.pv.Start(ply)
	}
	if s.clock.Visit() {
		return 0
	}
	if score, over := ended(p, ply); over {
		return score
	}
	stand := s.evaluate(p)
	if stand >= beta || qply >= maxQPly || ply+qply >= MaxPly+maxQPly {
		return stand
	}
	alpha = max(alpha, stand)
	l := &s.lists[min(ply+qply, len(s.lists)-1)]
	p.GenerateMoves(l)
	sc := &s.scores[min(ply+qply, len(s.scores)-1)]
	n := 0
	for _, m := range l.Moves[:l.Len] {
		cv, lion := captureValue(p, m)
		if lion {
			return MateScore - ply - 1
		}
		if cv == 0 {
			continue
		}
		l.Moves[n], sc[n] = m, int32(cv)
		n++
	}
	l.Len = n
	best := stand
	for i := 0; i < l.Len; i++ {
		m := search.Pick(l.Moves[:l.Len], sc[:l.Len], i)
		u := p.MakeMove(m)
		score := -s.quiesce(p, ply+1, qply+1, -beta, -alpha)
		p.UnmakeMove(m, u)
		if s.clock.Stopped() {
			return 0
		}
		var cut bool
		if best, alpha, cut = search.Raise(score, best, alpha, beta); cut {
			break
		}
	}
	return best
}
