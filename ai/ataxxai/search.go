package ataxxai

import (
	"context"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Score bounds. A won game is MateScore minus the plies to the win, so
// the search prefers the fastest win and the slowest loss.
const (
	MaxPly    = 128
	Infinity  = 32000
	MateScore = 30000
	mateBound = MateScore - MaxPly
)

// Limits bound a search: depth, nodes, a move time or a clock (see
// search.Limits).
type Limits = search.Limits

// DefaultOverhead is the time kept back on every move for what happens
// outside the search (see Limits.Overhead).
const DefaultOverhead = search.DefaultOverhead

// Info reports one finished iteration of the search (scores in
// hundredths of a piece).
type Info = search.Info[ataxx.Move]

// Result is what a search found: the move, the last finished iteration,
// and the expected reply (or NoMove).
type Result = search.Result[ataxx.Move]

// Searcher searches positions. It is not safe for concurrent use; give
// each concurrent search its own (see Pool).
type Searcher struct {
	// Tuning is what the search evaluates and prunes with; NewSearcher
	// sets DefaultTuning.
	Tuning Tuning

	tt     *search.Table[ataxx.Move] // nil until the first search: see NewSearcher
	hashMB int                       // the size of tt, allocated or not
	clock  search.Clock

	deepen      search.Deepener[ataxx.Move]
	seldepth    int
	noise       int
	seed        uint64
	killers     search.Killers[ataxx.Move]
	history     [2][ataxx.NumSquares][ataxx.NumSquares]int32
	pv          search.PV[ataxx.Move]
	net         *Net     // the neural evaluation of this search, or nil
	nets        netStack // its accumulators along the line
	lists       [MaxPly + 1]ataxx.MoveList
	orderScores [MaxPly + 1][ataxx.MaxMoves]int32
}

// NewSearcher returns a searcher with a transposition table of hashMB
// megabytes. The table is allocated by the first Search, not here: a
// program that makes a searcher but only counts perft, or only answers
// uai and quits, never pays for its megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{
		Tuning: DefaultTuning, hashMB: hashMB,
		killers: search.NewKillers[ataxx.Move](MaxPly), pv: search.NewPV[ataxx.Move](MaxPly),
	}
	s.deepen = search.Deepener[ataxx.Move]{
		Clock: &s.clock, PV: &s.pv, MaxDepth: MaxPly - 1, Mate: MateScore, MateBound: mateBound,
		Predict: true, SelDepth: func() int { return s.seldepth },
	}
	return s
}

// SetHash replaces the transposition table with one of mb megabytes,
// allocated by the next Search.
func (s *Searcher) SetHash(mb int) { s.tt, s.hashMB = nil, mb }

// Clear forgets what earlier searches learned (a new game).
func (s *Searcher) Clear() {
	if s.tt != nil {
		s.tt.Clear()
	}
}

// HasTable reports whether the transposition table has been allocated:
// it has once a search has run since NewSearcher or SetHash.
func (s *Searcher) HasTable() bool { return s.tt != nil }

// Options change how a search plays, for the weaker levels.
type Options struct {
	Noise int    // up to this much is added to or taken from each evaluation
	Seed  uint64 // chooses the noise
}

// Search finds a move for the side to move of pos within lim, calling
// info (if not nil) after each finished iteration. If the game is over it
// returns NoMove.
func (s *Searcher) Search(ctx context.Context, pos ataxx.Position, lim Limits, opts Options, info func(Info)) Result {
	s.prepare(ctx, pos, lim, opts)
	var root ataxx.MoveList
	pos.GenerateMoves(&root)
	if root.Len == 0 {
		return Result{}
	}
	iterate := func(depth, prev int) int {
		s.seldepth = 0
		return s.rootSearch(&pos, depth, prev)
	}
	return s.deepen.Run(root.Moves[:root.Len], lim.Depth, lim.Depth != 0 || lim.Nodes != 0, iterate, info)
}

// aspiration is the first half-width of the window around the previous
// iteration's score.
const aspiration = 50

// rootSearch searches the root to depth. From depth 4 it first tries a
// narrow window around the previous score, widening the side that fails
// until the score falls inside.
func (s *Searcher) rootSearch(pos *ataxx.Position, depth, prev int) int {
	if depth < 4 || prev > mateBound || prev < -mateBound || !s.Tuning.Aspiration {
		return s.negamax(pos, depth, 0, -Infinity, Infinity, false)
	}
	delta := aspiration
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		s.deepen.RootDone = 0
		score := s.negamax(pos, depth, 0, alpha, beta, false)
		switch {
		case s.clock.Stopped():
			return score
		case score <= alpha && alpha > -Infinity:
			alpha = max(score-delta, -Infinity)
		case score >= beta && beta < Infinity:
			beta = min(score+delta, Infinity)
		default:
			return score
		}
		delta *= 3
	}
}

func (s *Searcher) prepare(ctx context.Context, pos ataxx.Position, lim Limits, opts Options) {
	if s.tt == nil {
		s.tt = search.NewTable[ataxx.Move](s.hashMB)
	}
	s.noise, s.seed = opts.Noise, opts.Seed
	s.net = nil
	if s.Tuning.NNUE {
		s.net = s.Tuning.network()
	}
	s.killers.Reset()
	s.history = [2][ataxx.NumSquares][ataxx.NumSquares]int32{}
	hard, soft := search.Budget(lim)
	s.clock.Start(ctx, lim.Start, hard, soft, lim.Nodes)
}

// terminalScore scores a finished game for the side to move.
func terminalScore(p *ataxx.Position, ply int) int {
	switch o := p.Outcome(); o {
	case ataxx.Draw, ataxx.Ongoing:
		return 0
	default:
		if w, _ := o.Winner(); w == p.Turn() {
			return MateScore - ply
		}
		return -(MateScore - ply)
	}
}

// leafOver reports, cheaply, whether the game is over at a leaf: a side
// without pieces, the jump limit, or a full board. (Both sides walled in
// with empty squares left is rare enough to be found one ply later.)
func leafOver(p *ataxx.Position) bool {
	return p.Pieces(ataxx.Red) == 0 || p.Pieces(ataxx.Blue) == 0 ||
		p.Halfmove() >= p.Rules().JumpLimit() || p.Empty() == 0
}

func (s *Searcher) evaluate(p *ataxx.Position, ply int) int {
	var e int
	if s.net != nil {
		e = s.nets.evaluate(s.net, ply, p.Turn())
	} else {
		e = s.Tuning.Evaluate(p)
	}
	if s.noise > 0 {
		e += search.Jitter(p.Hash()^s.seed, s.noise, search.Mix{A: 33, Mul: 0xff51afd7ed558ccd, B: 33})
	}
	return e
}

// futilityMargin is, by remaining depth, how much more than the pieces a
// move wins the search below may find.
var futilityMargin = [...]int{0, 120, 300}

// nullMinEmpty is the fewest empty squares at which null-move pruning is
// tried.
const nullMinEmpty = 16

const (
	orderHash   = 1 << 30
	orderKiller = 1 << 20
)

// orderMoves scores the moves of list for trying the best first: the hash
// move, then by pieces gained (captures, plus one for a clone), killers,
// and history.
func (s *Searcher) orderMoves(p *ataxx.Position, l *ataxx.MoveList, scores *[ataxx.MaxMoves]int32, ply int, hashMove ataxx.Move) {
	us, them := p.Pieces(p.Turn()), p.Pieces(p.Turn().Other())
	side := p.Turn()
	for i, m := range l.Moves[:l.Len] {
		switch {
		case m == hashMove:
			scores[i] = orderHash
			continue
		case m == ataxx.Pass:
			scores[i] = 0
			continue
		}
		to := m.To()
		gain := int32((ataxx.Adjacent(to) & them).Count())
		sc := gain << 24
		if m.IsClone() {
			sc += 1 << 24
		} else {
			// A jump leaves a hole next to our own pieces.
			sc -= int32((ataxx.Adjacent(m.From()) & us).Count()) << 21
		}
		if s.killers.Is(ply, m) {
			sc += orderKiller
		}
		sc += min(s.history[side][m.From()][to], orderKiller-1)
		scores[i] = sc
	}
}

func (s *Searcher) negamax(p *ataxx.Position, depth, ply, alpha, beta int, nullOK bool) int {
	s.pv.Start(ply)
	if s.clock.Visit() {
		return 0
	}
	if s.net != nil {
		s.nets.enter(s.net, p, ply)
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	if depth <= 0 || ply >= MaxPly {
		if leafOver(p) {
			return terminalScore(p, ply)
		}
		return s.evaluate(p, ply)
	}
	pvNode := beta-alpha > 1
	key := p.Hash()
	hashMove, score, hit := s.tt.Lookup(key, !pvNode && ply > 0, depth, ply, alpha, beta, mateBound+1)
	if hit {
		return score
	}
	l := &s.lists[ply]
	p.GenerateMoves(l)
	if l.Len == 0 {
		return terminalScore(p, ply)
	}
	// Null move: if passing still holds beta, a real move would too. Not
	// near the end, where having to move is often what loses (a pass is
	// only legal without a move).
	if s.Tuning.NullMove && nullOK && !pvNode && depth >= 3 && l.Moves[0] != ataxx.Pass && beta < mateBound &&
		p.Empty().Count() >= nullMinEmpty && s.evaluate(p, ply) >= beta {
		r := 2 + depth/6
		u := p.MakeMove(ataxx.Pass)
		score := -s.negamax(p, depth-1-r, ply+1, -beta, -beta+1, false)
		p.UnmakeMove(ataxx.Pass, u)
		if s.clock.Stopped() {
			return 0
		}
		if score >= beta {
			return beta
		}
	}
	// The hash move is tried first, before the others are ordered: when
	// it cuts off, as it mostly does, ordering them is saved.
	scores := &s.orderScores[ply]
	hashFirst := false
	if hashMove != ataxx.NoMove {
		for j := range l.Len {
			if l.Moves[j] == hashMove {
				l.Moves[0], l.Moves[j] = l.Moves[j], l.Moves[0]
				hashFirst = true
				break
			}
		}
	}
	ordered := false
	them := p.Pieces(p.Turn().Other())
	futile, static := false, 0
	if s.Tuning.Futility && !pvNode && depth < len(futilityMargin) && alpha > -mateBound && beta < mateBound {
		// Not where the game may end within the search below (a full
		// board, the jump limit): the end's score is no evaluation.
		if p.Empty().Count() > 6 && p.Halfmove()+4 < p.Rules().JumpLimit() {
			static = s.evaluate(p, ply)
			futile = static+futilityMargin[depth] <= alpha
		}
	}
	w := search.NewWindow(&s.pv, ply, alpha, beta, Infinity)
	for i := 0; i < l.Len; i++ {
		var m ataxx.Move
		if i == 0 && hashFirst {
			m = l.Moves[0]
		} else {
			if !ordered {
				s.orderMoves(p, l, scores, ply, hashMove)
				ordered = true
			}
			m = search.Pick(l.Moves[:l.Len], scores[:l.Len], i)
		}
		captures := 0
		if m != ataxx.Pass {
			captures = (ataxx.Adjacent(m.To()) & them).Count()
		}
		quiet := captures == 0
		// Futility: near the leaves, a move whose gain in pieces cannot
		// lift the static evaluation near alpha is not searched.
		if futile && i > 0 && w.Best > -mateBound && m != ataxx.Pass && captures < them.Count() {
			gain := 2 * captures
			if m.IsClone() {
				gain++
			}
			if static+gain*pieceValue+futilityMargin[depth] <= w.Alpha {
				continue
			}
		}
		u := p.MakeMove(m)
		var score int
		if i == 0 {
			score = -s.negamax(p, depth-1, ply+1, -beta, -w.Alpha, true)
		} else {
			r := 0
			if depth >= 3 && i >= 4 && scores[i] < orderKiller {
				r = 1
				if !pvNode && i >= 12 && depth >= 5 {
					r = 2
				}
			}
			score = -s.negamax(p, depth-1-r, ply+1, -w.Alpha-1, -w.Alpha, true)
			if score > w.Alpha && r > 0 {
				score = -s.negamax(p, depth-1, ply+1, -w.Alpha-1, -w.Alpha, true)
			}
			if score > w.Alpha && score < beta {
				score = -s.negamax(p, depth-1, ply+1, -beta, -w.Alpha, true)
			}
		}
		p.UnmakeMove(m, u)
		if s.clock.Stopped() {
			return 0
		}
		if ply == 0 {
			s.deepen.RootDone++
		}
		if _, cut := w.Add(m, score); cut {
			if quiet && m != ataxx.Pass {
				s.killers.Add(ply, m)
				s.history[p.Turn()][m.From()][m.To()] += int32(depth * depth)
			}
			break
		}
	}
	b := w.Bound()
	if b == search.BoundUpper {
		// No move raised alpha: which scored highest says little, so
		// the hash move stays what it was.
		w.Move = ataxx.NoMove
	}
	s.tt.Store(key, w.Move, search.ToTT(w.Best, ply, mateBound+1), depth, b)
	return w.Best
}
