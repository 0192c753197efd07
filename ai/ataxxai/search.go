package ataxxai

import (
	"context"
	"math"

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

// Params are the numbers the search prunes, reduces and extends by, each
// a UAI option (see ParamList) so that matches can try others. A zero
// depth turns its technique off. Margins are in hundredths of a piece.
type Params struct {
	// Reverse futility: a node off the principal variation at most
	// RFPDepth deep whose evaluation stands RFPMargin a ply above beta
	// is scored by its evaluation.
	RFPDepth, RFPMargin int
	// Futility: at a node at most FPDepth deep whose evaluation plus
	// FPBase plus FPMargin a ply cannot reach alpha, the moves after the
	// first FPMoves are not searched.
	FPDepth, FPBase, FPMargin, FPMoves int
	// Late-move pruning: a jump that takes nothing is not searched once
	// LMPMoves moves have been (0: never pruned).
	LMPMoves int
	// Late-move reductions: the k-th move searched at depth d (k from 1)
	// is searched LMRBase/100 + ln d · ln k · 100/LMRDiv plies shallower
	// first, rounded, from depth 3 once LMRMoves moves have been searched
	// (a ply less on the principal variation; a killer is reduced like
	// any other move).
	LMRBase, LMRDiv, LMRMoves int
	// Internal iterative reduction: a node from IIRDepth deep that the
	// table knows no move of is searched a ply shallower.
	IIRDepth int
	// Singular extensions: from SEDepth, the table's move is searched a
	// ply deeper when every other move falls SEMargin/10 a ply short of
	// its score; when even without it the node holds beta, the node is
	// cut (multicut), and when the table's score alone holds it, the move
	// is searched a ply shallower.
	SEDepth, SEMargin int
	// Null move: from NullDepth deep (when Tuning.NullMove).
	NullDepth int
	// History is the bound of the history scores (their gravity); a move
	// that cuts off gains HistBonus a ply of depth (at most
	// HistBonusMax), and the moves tried before it lose HistMalus a ply
	// (at most HistMalusMax). A late move is reduced a ply less for each
	// LMRHist of its history, a ply more for each LMRHist below zero.
	History, HistBonus, HistBonusMax, HistMalus, HistMalusMax, LMRHist int
	// Aspiration windows: from iteration AspDepth (0: never), the root
	// is searched within AspDelta of the last score first, the window
	// widened by half again each time the score falls outside it; when it
	// fails high the root is searched a ply shallower.
	AspDepth, AspDelta int
	// Near the end: at a position with at most EndEmpty empty squares,
	// or at most EndPlies plies from the jump limit, nothing is pruned,
	// reduced or extended, and an aspiration window that fails high
	// keeps its depth (0 empty squares, -1 plies: never by that count).
	// A nearly full board is pruned like any other: its jumps open
	// squares again, so the game may go on for many plies, and leaving
	// it unpruned cost about ten plies of depth there.
	EndEmpty, EndPlies int
	// Time: from iteration TimeDepth on, the soft time limit is
	// TimeScale/100 · (TimeBase/100 − the share of the nodes the best
	// root move took) times its first value.
	TimeDepth, TimeScale, TimeBase int
	// TimeMoves is how many more moves a clock without moves to go is
	// shared as if it had to last (see search.Budget).
	TimeMoves int
}

// DefaultParams are the numbers the AI plays with, chosen by matches.
var DefaultParams = Params{
	RFPDepth: 6, RFPMargin: 50,
	FPDepth: 6, FPBase: 160, FPMargin: 80, FPMoves: 3,
	LMPMoves: 2,
	LMRBase:  80, LMRDiv: 250, LMRMoves: 2,
	IIRDepth: 3,
	SEDepth:  0, SEMargin: 10,
	NullDepth: 0,
	History:   16384, HistBonus: 300, HistBonusMax: 1500, HistMalus: 300, HistMalusMax: 1500, LMRHist: 12288,
	AspDepth: 7, AspDelta: 25,
	EndEmpty: 0, EndPlies: 4,
	TimeDepth: 0, TimeScale: 150, TimeBase: 155,
	TimeMoves: search.DefaultMoves,
}

// Param is one of Params' numbers by name, with its range.
type Param struct {
	Name     string
	Min, Max int
	Of       func(*Params) *int
}

// ParamList names every number of Params, for UAI options.
var ParamList = []Param{
	{"RFPDepth", 0, 20, func(p *Params) *int { return &p.RFPDepth }},
	{"RFPMargin", 0, 1000, func(p *Params) *int { return &p.RFPMargin }},
	{"FPDepth", 0, 20, func(p *Params) *int { return &p.FPDepth }},
	{"FPBase", 0, 2000, func(p *Params) *int { return &p.FPBase }},
	{"FPMargin", 0, 1000, func(p *Params) *int { return &p.FPMargin }},
	{"FPMoves", 1, 100, func(p *Params) *int { return &p.FPMoves }},
	{"LMPMoves", 0, 300, func(p *Params) *int { return &p.LMPMoves }},
	{"LMRBase", -200, 500, func(p *Params) *int { return &p.LMRBase }},
	{"LMRDiv", 50, 2000, func(p *Params) *int { return &p.LMRDiv }},
	{"LMRMoves", 1, 300, func(p *Params) *int { return &p.LMRMoves }},
	{"IIRDepth", 0, 20, func(p *Params) *int { return &p.IIRDepth }},
	{"SEDepth", 0, 30, func(p *Params) *int { return &p.SEDepth }},
	{"SEMargin", 0, 100, func(p *Params) *int { return &p.SEMargin }},
	{"NullDepth", 0, 20, func(p *Params) *int { return &p.NullDepth }},
	{"History", 256, 1 << 20, func(p *Params) *int { return &p.History }},
	{"HistBonus", 0, 10000, func(p *Params) *int { return &p.HistBonus }},
	{"HistBonusMax", 0, 100000, func(p *Params) *int { return &p.HistBonusMax }},
	{"HistMalus", 0, 10000, func(p *Params) *int { return &p.HistMalus }},
	{"HistMalusMax", 0, 100000, func(p *Params) *int { return &p.HistMalusMax }},
	{"LMRHist", 0, 1 << 20, func(p *Params) *int { return &p.LMRHist }},
	{"AspDepth", 0, 100, func(p *Params) *int { return &p.AspDepth }},
	{"AspDelta", 1, 1000, func(p *Params) *int { return &p.AspDelta }},
	{"EndEmpty", -1, 49, func(p *Params) *int { return &p.EndEmpty }},
	{"EndPlies", -1, 100, func(p *Params) *int { return &p.EndPlies }},
	{"TimeDepth", 0, 100, func(p *Params) *int { return &p.TimeDepth }},
	{"TimeScale", 0, 1000, func(p *Params) *int { return &p.TimeScale }},
	{"TimeBase", 100, 1000, func(p *Params) *int { return &p.TimeBase }},
	{"TimeMoves", 1, 100, func(p *Params) *int { return &p.TimeMoves }},
}

// Searcher searches positions. It is not safe for concurrent use; give
// each concurrent search its own (see Pool).
type Searcher struct {
	// Tuning is what the search evaluates and prunes with; NewSearcher
	// sets DefaultTuning.
	Tuning Tuning
	// Params are the search's numbers; NewSearcher sets DefaultParams.
	Params Params

	tt     *search.Table[ataxx.Move] // nil until the first search: see NewSearcher
	hashMB int                       // the size of tt, allocated or not
	clock  search.Clock

	deepen   search.Deepener[ataxx.Move]
	seldepth int
	noise    int
	seed     uint64
	killers  search.Killers[ataxx.Move]
	// history scores moves by side, from and to square. It outlives a
	// search: what cut off before the last move mostly cuts off after
	// it, so only Clear (a new game) forgets it.
	history [2][ataxx.NumSquares][ataxx.NumSquares]int32
	pv      search.PV[ataxx.Move]
	net     *Net     // the neural evaluation of this search, or nil
	nets    netStack // its accumulators along the line
	lists   [MaxPly + 1]ataxx.MoveList
	scores  [MaxPly + 1][ataxx.MaxMoves]int32
	// child holds, by ply, the position after the move made (or the
	// null move) at the ply before: a position is so small that copying
	// it costs less than taking a move back.
	child  [MaxPly + 1]ataxx.Position
	nulled int // the ply a null move led to, 0 when none on the line

	// lmr is the reduction by depth and move index, made from Params.
	lmr     [MaxPly + 1][64]int8
	lmrFrom Params // the Params lmr was made from

	// rootNodes are the nodes spent below each root move in this search,
	// by rootIndex.
	rootNodes [ataxx.NumSquares*ataxx.NumSquares + 1]uint64
}

// rootIndex numbers a move by its squares, the pass last.
func rootIndex(m ataxx.Move) int {
	if m == ataxx.Pass {
		return ataxx.NumSquares * ataxx.NumSquares
	}
	return int(m.From())*ataxx.NumSquares + int(m.To())
}

// NewSearcher returns a searcher with a transposition table of hashMB
// megabytes. The table is allocated by the first Search, not here: a
// program that makes a searcher but only counts perft, or only answers
// uai and quits, never pays for its megabytes.
func NewSearcher(hashMB int) *Searcher {
	s := &Searcher{
		Tuning: DefaultTuning, Params: DefaultParams, hashMB: hashMB,
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

// Clear forgets what earlier searches learned (a new game): the
// transposition table and the move history.
func (s *Searcher) Clear() {
	if s.tt != nil {
		s.tt.Clear()
	}
	s.history = [2][ataxx.NumSquares][ataxx.NumSquares]int32{}
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
		score := s.rootSearch(&pos, depth, prev)
		if depth >= s.Params.TimeDepth && s.Params.TimeDepth > 0 && !s.clock.Stopped() && len(s.pv.Line()) > 0 {
			// The more of the nodes the best move took, the more
			// settled it is: think less; the fewer, think longer.
			share := float64(s.rootNodes[rootIndex(s.pv.First())]) / float64(max(s.clock.Nodes(), 1))
			s.clock.ScaleSoft(float64(s.Params.TimeScale) / 100 * (float64(s.Params.TimeBase)/100 - share))
		}
		return score
	}
	return s.deepen.Run(root.Moves[:root.Len], lim.Depth, lim.Depth != 0 || lim.Nodes != 0, iterate, info)
}

// rootSearch searches the root to depth. From Params.AspDepth (with
// Tuning.Aspiration) it first tries a narrow window around the previous
// score, widening the side that fails until the score falls inside; a
// root that fails high is searched a ply shallower while it does, since
// proving a better score needs less depth than finding it.
func (s *Searcher) rootSearch(pos *ataxx.Position, depth, prev int) int {
	par := &s.Params
	if !s.Tuning.Aspiration || par.AspDepth <= 0 || depth < par.AspDepth || prev > mateBound || prev < -mateBound {
		return s.pvs(pos, depth, 0, -Infinity, Infinity, ataxx.NoMove)
	}
	delta := par.AspDelta
	alpha, beta := max(prev-delta, -Infinity), min(prev+delta, Infinity)
	d := depth
	for {
		s.deepen.RootDone = 0
		score := s.pvs(pos, d, 0, alpha, beta, ataxx.NoMove)
		switch {
		case s.clock.Stopped():
			return score
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-delta, -Infinity)
			if score <= -mateBound {
				alpha = -Infinity
			}
			d = depth
		case score >= beta:
			beta = min(score+delta, Infinity)
			switch {
			case score >= mateBound:
				// A won game is proven at full depth.
				beta, d = Infinity, depth
			case !s.nearEnd(pos):
				// Near the end, where every ply may decide the
				// game, the depth is kept.
				d = max(d-1, 1)
			}
		default:
			return score
		}
		delta += delta / 2
	}
}

func (s *Searcher) prepare(ctx context.Context, pos ataxx.Position, lim search.Limits, opts search.Options) {
	if s.tt == nil {
		s.tt = search.NewTable[ataxx.Move](s.hashMB)
	}
	s.noise, s.seed = opts.Noise, opts.Seed
	s.net = nil
	if s.Tuning.NNUE {
		s.net = s.Tuning.network(&pos)
	}
	if s.lmrFrom != s.Params || s.lmr[MaxPly][63] == 0 {
		s.makeLMR()
	}
	s.killers.Reset()
	s.nulled = 0
	s.rootNodes = [len(s.rootNodes)]uint64{}
	hard, soft := search.Budget(lim, s.Params.TimeMoves)
	s.clock.Start(ctx, lim.Start, hard, soft, lim.Nodes)
}

// lateReduction is the table's reduction at depth of the move searched
// after searched others: the (searched+1)-th.
func (s *Searcher) lateReduction(depth, searched int) int {
	return int(s.lmr[min(depth, MaxPly)][min(searched+1, 63)])
}

// makeLMR fills the reduction table from Params.
func (s *Searcher) makeLMR() {
	p := s.Params
	for d := range s.lmr {
		for i := range s.lmr[d] {
			r := 0.0
			if d > 0 && i > 0 {
				r = float64(p.LMRBase)/100 + math.Log(float64(d))*math.Log(float64(i))*100/float64(max(p.LMRDiv, 1))
			}
			s.lmr[d][i] = int8(min(max(math.Round(r), 0), 60))
		}
	}
	s.lmrFrom = p
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

// nearEnd reports a position where the game may end within a few plies
// (the jump limit within Params.EndPlies, or at most EndEmpty empty
// squares): its evaluation is no guide to what the end's score will be,
// so nothing is pruned by it.
func (s *Searcher) nearEnd(p *ataxx.Position) bool {
	return p.Empty().Count() <= s.Params.EndEmpty || p.Halfmove()+s.Params.EndPlies >= p.Rules().JumpLimit()
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

// nullMinEmpty is the fewest empty squares at which null-move pruning is
// tried.
const nullMinEmpty = 16

const (
	orderHash   = 1 << 30
	orderKiller = 1 << 20
)

// orderMoves scores the moves of list for trying the best first: the hash
// move, then by pieces gained (captures, plus one for a clone; a jump
// loses a little for the hole it leaves beside our pieces), killers, and
// history.
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
			sc -= int32((ataxx.Adjacent(m.From()) & us).Count()) << 21
		}
		if s.killers.Is(ply, m) {
			sc += orderKiller
		}
		sc += min(s.history[side][m.From()][to], orderKiller-1)
		scores[i] = sc
	}
}

// quietJump reports a jump that takes nothing: it only moves a piece
// away, leaving a hole, and is almost never the best move.
func quietJump(p *ataxx.Position, m ataxx.Move) bool {
	return m.IsJump() && ataxx.Adjacent(m.To())&p.Pieces(p.Turn().Other()) == 0
}

// pvs is the principal-variation search of p, depth plies deep at ply
// within (alpha, beta). excluded, when not NoMove, is the table's move
// that a singular search leaves out: the node is p again at the same ply,
// searched without its best move, and nothing of it is stored.
func (s *Searcher) pvs(p *ataxx.Position, depth, ply, alpha, beta int, excluded ataxx.Move) int {
	s.pv.Start(ply)
	if s.clock.Visit() {
		return 0
	}
	singular := excluded != ataxx.NoMove
	if s.net != nil && !singular {
		s.nets.enter(s.net, p, ply)
	}
	s.seldepth = max(s.seldepth, ply)
	if ply > 0 && leafOver(p) {
		return terminalScore(p, ply)
	}
	if depth <= 0 || ply >= MaxPly {
		return s.evaluate(p, ply)
	}
	par := &s.Params
	pvNode := beta-alpha > 1
	key := p.Hash()
	entry, hit := s.tt.Probe(key)
	ttMove, ttScore := ataxx.NoMove, 0
	if hit {
		ttMove, ttScore = entry.Move, search.FromTT(int(entry.Score), ply, mateBound+1)
		// A deep enough entry decides the node, on the principal
		// variation too (its line then ends here): searching it again
		// costs more than the rare better line it finds.
		if ply > 0 && !singular && int(entry.Depth) >= depth {
			switch entry.Bound {
			case search.BoundExact:
				return ttScore
			case search.BoundLower:
				if ttScore >= beta {
					return ttScore
				}
			case search.BoundUpper:
				if ttScore <= alpha {
					return ttScore
				}
			}
		}
	}
	eval := s.evaluate(p, ply)
	endgame := s.nearEnd(p)
	prunable := !pvNode && !singular && ply > 0 && !endgame && beta < mateBound && beta > -mateBound
	// Reverse futility: so far above beta that no reply will bring it down.
	if prunable && s.Tuning.Futility && depth <= par.RFPDepth && eval-par.RFPMargin*depth >= beta {
		return eval
	}

	l := &s.lists[ply]
	p.GenerateMoves(l)
	moves := l.Moves[:l.Len]
	if len(moves) == 0 {
		return terminalScore(p, ply)
	}
	// Null move: passing still holds beta, so a move will.
	if prunable && s.Tuning.NullMove && par.NullDepth > 0 && depth >= par.NullDepth && s.nulled != ply &&
		moves[0] != ataxx.Pass && eval >= beta && p.Empty().Count() >= nullMinEmpty {
		q := search.Child(s.child[:], p, ply)
		q.MakeMove(ataxx.Pass)
		outer := s.nulled
		s.nulled = ply + 1
		score := -s.pvs(q, depth-3-depth/6, ply+1, -beta, -beta+1, ataxx.NoMove)
		s.nulled = outer
		if s.clock.Stopped() {
			return 0
		}
		if score >= beta {
			return beta
		}
	}
	// Internal iterative reduction: with no move from the table, this
	// node is likely less important than it looked.
	if ttMove == ataxx.NoMove && par.IIRDepth > 0 && depth >= par.IIRDepth && !singular && !endgame {
		depth--
	}

	// The table's move, when legal, is searched before the others are
	// scored: it mostly cuts off, and scoring them is saved.
	hashFirst := false
	if ttMove != ataxx.NoMove {
		for j, m := range moves {
			if m == ttMove {
				moves[0], moves[j] = moves[j], moves[0]
				hashFirst = true
				break
			}
		}
	}
	var sc []int32
	// Futility prunes on the principal variation too: a node whose
	// evaluation is that far below alpha is one no line will go through.
	fp := ply > 0 && s.Tuning.Futility && par.FPDepth > 0 && depth <= par.FPDepth && !endgame && alpha < mateBound &&
		eval+par.FPBase+par.FPMargin*depth <= alpha
	best, bestMove := -Infinity, ataxx.NoMove
	origAlpha := alpha
	searched := 0
	for i := range moves {
		m := moves[0]
		if i > 0 || !hashFirst {
			if sc == nil {
				s.orderMoves(p, l, &s.scores[ply], ply, ttMove)
				sc = s.scores[ply][:len(moves)]
			}
			m = search.Pick(moves, sc, i)
		}
		if m == excluded {
			continue
		}
		if ply > 0 && best > -mateBound && !endgame {
			if fp && searched >= par.FPMoves {
				break
			}
			if par.LMPMoves > 0 && searched >= par.LMPMoves && quietJump(p, m) {
				continue
			}
		}
		ext := 0
		if m == ttMove && !singular && !pvNode && ply > 0 && !endgame && par.SEDepth > 0 && depth >= par.SEDepth &&
			ttScore > -mateBound && ttScore < mateBound && int(entry.Depth) >= depth-3 && entry.Bound != search.BoundUpper {
			sBeta := ttScore - depth*par.SEMargin/10
			// The singular search uses this ply's buffers: save the list
			// and its scores.
			saved, savedN := *l, len(sc)
			var savedSc [ataxx.MaxMoves]int32
			copy(savedSc[:], sc)
			score := s.pvs(p, (depth-1)/2, ply, sBeta-1, sBeta, m)
			*l = saved
			if savedN > 0 {
				copy(s.scores[ply][:savedN], savedSc[:savedN])
			}
			moves = l.Moves[:l.Len]
			if s.clock.Stopped() {
				return 0
			}
			switch {
			case score < sBeta:
				ext = 1
			case sBeta >= beta:
				return sBeta
			case ttScore >= beta:
				ext = -1
			}
			s.pv.Start(ply)
		}
		q := search.Child(s.child[:], p, ply)
		q.MakeMove(m)
		before := s.clock.Nodes()
		var score int
		if searched == 0 {
			score = -s.pvs(q, depth-1+ext, ply+1, -beta, -alpha, ataxx.NoMove)
		} else {
			r := 0
			if depth >= 3 && searched >= par.LMRMoves && !endgame {
				r = s.lateReduction(depth, searched)
				if pvNode {
					r--
				}
				if par.LMRHist > 0 && m != ataxx.Pass {
					r -= int(math.Round(float64(s.history[p.Turn()][m.From()][m.To()]) / float64(par.LMRHist)))
				}
				r = min(max(r, 0), depth-2)
			}
			score = -s.pvs(q, depth-1-r, ply+1, -alpha-1, -alpha, ataxx.NoMove)
			if score > alpha && (r > 0 || score < beta) {
				score = -s.pvs(q, depth-1, ply+1, -beta, -alpha, ataxx.NoMove)
			}
		}
		searched++
		if s.clock.Stopped() {
			return 0
		}
		if ply == 0 {
			s.deepen.RootDone++
			s.rootNodes[rootIndex(m)] += s.clock.Nodes() - before
		}
		if score <= best {
			continue
		}
		best = score
		if score <= alpha {
			continue
		}
		alpha, bestMove = score, m
		s.pv.Update(ply, m)
		if score >= beta {
			if m != ataxx.Pass {
				if ataxx.Adjacent(m.To())&p.Pieces(p.Turn().Other()) == 0 {
					s.killers.Add(ply, m)
				}
				side := p.Turn()
				h := &s.history[side][m.From()][m.To()]
				bonus := int32(min(par.HistBonus*depth, par.HistBonusMax, par.History))
				*h += bonus - bonus**h/int32(par.History)
				// The moves tried before it did not cut off: they
				// lose what it gained.
				malus := int32(min(par.HistMalus*depth, par.HistMalusMax, par.History))
				for _, tried := range moves[:i] {
					if tried != ataxx.Pass && tried != excluded {
						h := &s.history[side][tried.From()][tried.To()]
						*h += -malus - malus**h/int32(par.History)
					}
				}
			}
			break
		}
	}
	if searched == 0 {
		// Every move was left out: the singular search's only move, or
		// pruned ones (which needs a move searched first, so not here).
		return alpha
	}
	if !singular {
		bound := search.BoundOf(best, origAlpha, beta)
		if bound == search.BoundUpper {
			bestMove = ataxx.NoMove
		}
		s.tt.Store(key, bestMove, search.ToTT(best, ply, mateBound+1), depth, bound)
	}
	return best
}
