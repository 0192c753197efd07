package strategoai

import (
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// searcher runs a fixed-depth alpha-beta over one sampled world.
type searcher struct {
	nodes uint64
	lists [maxDepth + 1]stratego.MoveList
	// deadline, if set, aborts the search: an agent that thinks past its
	// time loses the game.
	deadline time.Time
	aborted  bool
	// root is the side whose move is searched; flagKnown is set when
	// the enemy can tell its Flag (see flagGuess).
	root      stratego.Colour
	flagKnown bool
}

// flagGuess is what the enemy gains, in the search, by striking the root
// side's Flag while it cannot know which piece the Flag is. In a sampled
// world the enemy sees every rank, and an enemy piece beside our Flag
// would win every line: every move then scores the same lost game and
// the choice is left to chance, though the real enemy cannot tell the
// Flag from the other pieces that never moved. The strike is scored as
// a large gain instead, so the search still guards the Flag's neighbours
// and still weighs the rest of the board.
const flagGuess = 300

// flagHidden reports whether side's Flag could still be any of several
// pieces in the enemy's eyes: some other piece of side has neither moved
// nor been seen.
func flagHidden(p *stratego.Position, side stratego.Colour) bool {
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		pc := p.At(s)
		if pc.IsPiece() && pc.Colour() == side && pc.Rank() != stratego.Flag && !pc.Moved() && !pc.Revealed() {
			return true
		}
	}
	return false
}

const maxDepth = 4

// order puts attacks first so that alpha-beta cuts early.
func order(p *stratego.Position, l *stratego.MoveList) {
	k := 0
	for i, m := range l.Slice() {
		if p.At(m.To()).IsPiece() {
			l.Moves[i], l.Moves[k] = l.Moves[k], l.Moves[i]
			k++
		}
	}
}

// negamax returns the score of p for the side to move, searched depth
// plies deep.
func (s *searcher) negamax(p *stratego.Position, depth, alpha, beta int) int {
	s.nodes++
	if s.nodes&255 == 0 && !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.aborted = true
	}
	if s.aborted {
		return 0
	}
	if depth == 0 {
		return evaluate(p)
	}
	l := &s.lists[depth]
	p.GenerateMoves(l)
	if l.Len == 0 {
		return evaluate(p)
	}
	order(p, l)
	best := -winScore - 1
	for i := 0; i < l.Len; i++ {
		m := l.Moves[i]
		var v int
		if t := p.At(m.To()); t.IsPiece() && t.Rank() == stratego.Flag && t.Colour() == s.root && !s.flagKnown {
			v = evaluate(p) + flagGuess
		} else {
			u := p.MakeMove(m)
			v = -s.negamax(p, depth-1, -beta, -alpha)
			p.UnmakeMove(m, u)
		}
		var cut bool
		if best, alpha, cut = search.Raise(v, best, alpha, beta); cut {
			break
		}
	}
	return best
}

// rootScores scores every root move of p (in l's order) at depth plies.
// It returns how many it scored before the deadline.
func (s *searcher) rootScores(p *stratego.Position, moves []stratego.Move, depth int, out []int) int {
	s.root, s.flagKnown = p.Side(), !flagHidden(p, p.Side())
	for i, m := range moves {
		if s.aborted {
			return i
		}
		if err := p.Legal(m); err != nil {
			out[i] = -winScore
			continue
		}
		u := p.MakeMove(m)
		out[i] = -s.negamax(p, depth-1, -winScore-1, winScore+1)
		p.UnmakeMove(m, u)
		if s.aborted {
			return i
		}
	}
	return len(moves)
}
