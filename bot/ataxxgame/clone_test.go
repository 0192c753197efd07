package ataxxgame

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// comparable is the state without its Moves text, which may be stale
// between replays (the moves are in moves).
func comparable(s *state) state {
	c := *s
	c.Moves = ""
	return c
}

// TestCloneIsDecodeOfEncode: the host keeps a game decoded between
// commands as a Clone, so a clone must be the state that decoding its
// record gives, after every move played through Act (bot.Cloner), and
// share nothing with the original.
func TestCloneIsDecodeOfEncode(t *testing.T) {
	g := New(nil, Options{})
	played := 0
	for seed := range uint64(60) {
		enc, err := variedGame(t, g, seed).Encode()
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.Decode(enc)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		rng := rand.New(rand.NewPCG(seed, 11))
		for ply := 0; ply < 6; ply++ {
			s := st.(*state)
			c := s.Clone().(*state)
			if len(s.moves) > 0 && &c.moves[0] == &s.moves[0] {
				t.Fatalf("seed %d ply %d: the clone shares the original's move list", seed, ply)
			}
			data, err := s.Encode()
			if err != nil {
				t.Fatal(err)
			}
			back, err := g.Decode(data)
			if err != nil {
				t.Fatalf("seed %d ply %d: %v", seed, ply, err)
			}
			if got, want := comparable(c), comparable(back.(*state)); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d ply %d: clone %+v; want the decoded record %+v", seed, ply, got, want)
			}
			if s.pos.Outcome() != ataxx.Ongoing {
				break
			}
			// Play on the clone: the original must not change.
			moves := c.pos.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			verb := m.String()
			if m == ataxx.Pass {
				verb = "pass"
			}
			if _, err := c.Act(int(c.pos.Turn()), bot.Command{Verb: verb}); err != nil {
				t.Fatalf("seed %d ply %d: %s: %v", seed, ply, verb, err)
			}
			if again, _ := s.Encode(); string(again) != string(data) {
				t.Fatalf("seed %d ply %d: a move on the clone changed the original: %s; was %s", seed, ply, again, data)
			}
			st = c
			played++
		}
	}
	if played < 100 {
		t.Fatalf("played %d moves on clones; want a test that plays", played)
	}
}
