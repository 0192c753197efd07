package ataxxai

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// solver decides by exhaustive search, with no evaluation and no pruning
// beyond the logic itself, whether a side can force a won end of the game
// within n of its own moves. budget bounds its work.
type solver struct {
	nodes, budget int
	attacker      ataxx.Color
}

var errBudget = struct{}{}

func (s *solver) tick() {
	if s.nodes++; s.nodes > s.budget {
		panic(errBudget)
	}
}

// win: the attacker is to move and can win within n own moves.
func (s *solver) win(p *ataxx.Position, n int) bool {
	s.tick()
	if n == 0 {
		return false
	}
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		over, won := s.ended(p)
		ok := won || (!over && s.lose(p, n-1))
		p.UnmakeMove(m, u)
		if ok {
			return true
		}
	}
	return false
}

// ended reports whether the game is over, and whether the attacker won it.
func (s *solver) ended(p *ataxx.Position) (over, attackerWon bool) {
	o := p.Outcome()
	w, won := o.Winner()
	return o != ataxx.Ongoing, won && w == s.attacker
}

// lose: the defender is to move and cannot stop the attacker winning
// within n more attacker moves.
func (s *solver) lose(p *ataxx.Position, n int) bool {
	s.tick()
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		over, won := s.ended(p)
		ok := won || (!over && s.win(p, n))
		p.UnmakeMove(m, u)
		if !ok {
			return false
		}
	}
	return true
}

// solve runs f within the budget; ok is false when the budget ran out.
func (s *solver) solve(f func() bool) (result, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errBudget {
				panic(r)
			}
			ok = false
		}
	}()
	s.nodes = 0
	return f(), true
}

// forcedWinPositions builds positions where the side to move can force a
// win within 4 of its moves but not within 1, proven by the solver.
func forcedWinPositions(t *testing.T, want int) []ataxx.Position {
	rng := rand.New(rand.NewPCG(42, 4))
	var out []ataxx.Position
	for tries := 0; len(out) < want && tries < 20000; tries++ {
		p := ataxx.NewPosition()
		p.SetRules(ataxx.RulesUAI)
		// Random play to a late position, favouring clones so the board fills.
		for p.Empty().Count() > 3+rng.IntN(4) && !p.IsOver() {
			moves := p.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			for k := 0; k < 3 && m.IsJump(); k++ {
				m = moves[rng.IntN(len(moves))]
			}
			p.MakeMove(m)
		}
		if p.IsOver() {
			continue
		}
		s := &solver{budget: 20000, attacker: p.Turn()}
		if in1, ok := s.solve(func() bool { return s.win(&p, 1) }); !ok || in1 {
			continue
		}
		if in4, ok := s.solve(func() bool { return s.win(&p, 4) }); ok && in4 {
			out = append(out, p)
		}
	}
	if len(out) < want {
		t.Fatalf("built %d forced-win positions; want %d", len(out), want)
	}
	return out
}

// TestFindsForcedWins: where a win within 4 own moves exists, the AI's move
// keeps a forced win (proven by the solver) and the AI reports a won game,
// searching 200,000 nodes, what it searches there in about a tenth of a
// second. A nearly full board is pruned like any other, so the 8 plies of
// the win, which may come with the defender's 4th reply (say filling the
// board), can take a search of 16 plies or more to prove; a pruned search
// may take a longer road to the win than the shortest (the shipped
// network, in two of the 24, a win in 5 moves where 4 would do), so the
// move must keep a win within 6 own moves in all.
func TestFindsForcedWins(t *testing.T) {
	n := 24 // under -race, each costs about two seconds
	if testing.Short() {
		n = 10
	}
	positions := forcedWinPositions(t, n)
	searcher := NewSearcher(16)
	for i, pos := range positions {
		res := searcher.Search(context.Background(), pos, search.Limits{Nodes: 200_000}, search.Options{}, nil)
		if err := pos.Legal(res.Move); err != nil {
			t.Fatalf("position %d %s: illegal %v: %v", i, pos.FEN(), res.Move, err)
		}
		s := &solver{budget: 5_000_000, attacker: pos.Turn()}
		q := pos
		q.MakeMove(res.Move)
		over, keeps := s.ended(&q)
		if !over {
			var ok bool
			if keeps, ok = s.solve(func() bool { return s.lose(&q, 5) }); !ok {
				t.Fatalf("position %d: solver budget ran out", i)
			}
		}
		if !keeps {
			t.Errorf("position %d %s: forced win within 4 moves exists, but %v (score %d) lets it go (no win within 6)", i, pos.FEN(), res.Move, res.Info.Score)
		}
		if res.Info.Mate <= 0 {
			t.Errorf("position %d %s: reported mate %d; want a win", i, pos.FEN(), res.Info.Mate)
		}
	}
}
