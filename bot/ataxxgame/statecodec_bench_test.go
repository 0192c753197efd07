package ataxxgame

import (
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// randomGame plays up to plies random legal moves from the start under
// rules, stopping early only if the game ends, and returns the state.
func randomGame(tb testing.TB, g *Game, rules string, seed uint64, plies int) *state {
	tb.Helper()
	st, err := g.New(rules)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*state)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	for range plies {
		if s.pos.Outcome() != ataxx.Ongoing {
			break
		}
		var l ataxx.MoveList
		s.pos.GenerateMoves(&l)
		m := ataxx.Pass
		if l.Len > 0 {
			m = l.Moves[rng.IntN(l.Len)]
		}
		if _, err := s.Act(int(s.pos.Turn()), bot.Command{Verb: "move", Args: []string{m.String()}}); err != nil {
			tb.Fatalf("seed %d: move %v: %v", seed, m, err)
		}
	}
	return s
}

// benchGame is a 60-move game, the size of a game well under way.
func benchGame(b *testing.B) (*Game, *state) {
	g := New(nil, Options{})
	for seed := uint64(1); ; seed++ {
		s := randomGame(b, g, "manual", seed, 60)
		if len(s.moves) == 60 {
			return g, s
		}
	}
}

func BenchmarkStateEncode(b *testing.B) {
	_, s := benchGame(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Encode(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStateDecode(b *testing.B) {
	g, s := benchGame(b)
	data, err := s.Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
