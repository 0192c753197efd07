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
	// child holds, by ply, the position after the move made (or the
	// null move) at the ply before: a position is so small that copying
	// it costs less than taking a move back.
	child  [MaxPly + 1]ataxx.Position
	static [MaxPly]int // a futile node's static evaluation, by ply

	nm search.Negamax[*ataxx.Position, ataxx.Move, game]
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
	s.nm = search.Negamax[*ataxx.Position, ataxx.Move, game]{
		Game: game{s: s}, Clock: &s.clock, PV: &s.pv,
		MaxPly: MaxPly, Infinity: Infinity, Win: mateBound + 1,
		Quiet: orderKiller, NullDepth: 3, LateMove: 12, LateOffPV: true,
		NullAfterMoves: true, NoDoubleNull: true, AllCuts: true, UpperNoMove: true,
		NullWindowFirst: true, VisitFirst: true, CopyMake: true,
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

// Search finds a move for the side to move of pos within lim, calling
// info (if not nil) after each finished iteration. If the game is over it
// returns NoMove. Of lim it reads all (see search.Limits: depth, nodes, a
// move time or a clock, less Overhead); opts weakens the search for the
// low levels. Scores are in hundredths of a piece, and the Result carries
// the expected reply (or NoMove).
func (s *Searcher) Search(ctx context.Context, pos ataxx.Position, lim search.Limits, opts search.Options, info func(search.Info[ataxx.Move])) search.Result[ataxx.Move] {
	s.prepare(ctx, pos, lim, opts)
	var root ataxx.MoveList
	pos.GenerateMoves(&root)
	if root.Len == 0 {
		return search.Result[ataxx.Move]{}
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
		return s.nm.Search(pos, depth, 0, -Infinity, Infinity)
	}
	delta := aspiration
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	for {
		s.deepen.RootDone = 0
		score := s.nm.Search(pos, depth, 0, alpha, beta)
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

func (s *Searcher) prepare(ctx context.Context, pos ataxx.Position, lim search.Limits, opts search.Options) {
	if s.tt == nil {
		s.tt = search.NewTable[ataxx.Move](s.hashMB)
	}
	s.noise, s.seed = opts.Noise, opts.Seed
	s.net = nil
	if s.Tuning.NNUE {
		s.net = s.Tuning.network()
	}
	s.nm.Table = s.tt
	s.nm.Futility = 0
	if s.Tuning.Futility {
		s.nm.Futility = len(futilityMargin)
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

// game is the Searcher seen as the shared node loop's hooks
// (search.Game): Ataxx's ends, its null move (only where it could move,
// away from the end), its moves tried hash move first and then in order
// of pieces gained, its futility pruning, killers and history, and the
// network's accumulators along the line.
type game struct {
	// CopyMade comes first, since Go pads a zero-size last field.
	search.CopyMade[*ataxx.Position, ataxx.Move]
	s *Searcher
}

// Settle keeps the network's accumulators and the deepest ply up to
// date; at the horizon it scores a finished game as such and any other
// by the evaluation.
func (g game) Settle(p *ataxx.Position, depth, ply, _, _ int) (uint64, int, bool) {
	s := g.s
	if s.net != nil {
		s.nets.enter(s.net, p, ply)
	}
	if ply > s.seldepth {
		s.seldepth = ply
	}
	if depth <= 0 || ply >= MaxPly {
		if leafOver(p) {
			return 0, terminalScore(p, ply), true
		}
		return 0, s.evaluate(p, ply), true
	}
	return p.Hash(), 0, false
}

// Danger is never asked: Ataxx has no threat like check.
func (g game) Danger(*ataxx.Position) bool { return false }

// Pass is no null move at the root, nor where the side to move could not
// move (a pass is only legal then), nor near the end, where having to
// move is often what loses.
func (g game) Pass(p *ataxx.Position, ply, depth, beta int) (*ataxx.Position, int, bool) {
	s := g.s
	if !s.Tuning.NullMove || ply == 0 || s.lists[ply].Moves[0] == ataxx.Pass || beta >= mateBound ||
		p.Empty().Count() < nullMinEmpty || s.evaluate(p, ply) < beta {
		return nil, 0, false
	}
	q := search.Child(s.child[:], p, ply)
	q.MakeMove(ataxx.Pass)
	return q, 2 + depth/6, true
}

// Moves puts the hash move first and leaves the rest unscored: when the
// hash move cuts off, as it mostly does, scoring them is saved.
func (g game) Moves(p *ataxx.Position, ply int, hashMove ataxx.Move) ([]ataxx.Move, []int32) {
	l := &g.s.lists[ply]
	p.GenerateMoves(l)
	if hashMove != ataxx.NoMove {
		for j := range l.Len {
			if l.Moves[j] == hashMove {
				l.Moves[0], l.Moves[j] = l.Moves[j], l.Moves[0]
				break
			}
		}
	}
	return l.Moves[:l.Len], nil
}

func (g game) Order(p *ataxx.Position, ply int, hashMove ataxx.Move) []int32 {
	s := g.s
	s.orderMoves(p, &s.lists[ply], &s.orderScores[ply], ply, hashMove)
	return s.orderScores[ply][:]
}

// End scores a side without a move: the game is over.
func (g game) End(p *ataxx.Position, ply int) int { return terminalScore(p, ply) }

// Futile is a node near the leaves whose static evaluation (kept for
// Prune) lies more than the depth's margin below alpha; never where the
// game may end within the search below (a full board, the jump limit),
// since the end's score is no evaluation.
func (g game) Futile(p *ataxx.Position, ply, depth, alpha, beta int) bool {
	s := g.s
	if alpha <= -mateBound || beta >= mateBound || p.Empty().Count() <= 6 || p.Halfmove()+4 >= p.Rules().JumpLimit() {
		return false
	}
	s.static[ply] = s.evaluate(p, ply)
	return s.static[ply]+futilityMargin[depth] <= alpha
}

// Prune is a move whose gain in pieces cannot lift the static evaluation
// near alpha; a pass, a move that takes every opposing piece and any
// move once every other has lost are searched.
func (g game) Prune(p *ataxx.Position, m ataxx.Move, ply, depth, alpha, best int) bool {
	if best <= -mateBound || m == ataxx.Pass {
		return false
	}
	them := p.Pieces(p.Turn().Other())
	captures := (ataxx.Adjacent(m.To()) & them).Count()
	if captures >= them.Count() {
		return false
	}
	gain := 2 * captures
	if m.IsClone() {
		gain++
	}
	return g.s.static[ply]+gain*pieceValue+futilityMargin[depth] <= alpha
}

// Make plays m on a copy of p (see Searcher.child), so the game has no
// Unmake of its own (search.CopyMade).
func (g game) Make(p *ataxx.Position, m ataxx.Move, ply int) *ataxx.Position {
	q := search.Child(g.s.child[:], p, ply)
	q.MakeMove(m)
	return q
}

// Cut hears of every move that cut off (Negamax.AllCuts): a move that
// captures nothing, neither a pass, is quiet.
func (g game) Cut(p *ataxx.Position, m ataxx.Move, ply, depth int) {
	if m == ataxx.Pass || ataxx.Adjacent(m.To())&p.Pieces(p.Turn().Other()) != 0 {
		return
	}
	s := g.s
	s.killers.Add(ply, m)
	s.history[p.Turn()][m.From()][m.To()] += int32(depth * depth)
}

func (g game) Root(ataxx.Move, bool) { g.s.deepen.RootDone++ }
