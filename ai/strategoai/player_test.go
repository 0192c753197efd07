package strategoai

import (
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// mover is a side in an in-process game.
type mover interface {
	Observe(stratego.Result) error
	Move() stratego.Move
	Setup() stratego.Setup
}

// randomMover plays a uniformly random legal move from its seat's view.
type randomMover struct {
	c     stratego.Colour
	rng   *rand.Rand
	setup stratego.Setup
	game  *stratego.Game
}

func (r *randomMover) Observe(stratego.Result) error { return nil }
func (r *randomMover) Setup() stratego.Setup          { return r.setup }
func (r *randomMover) Move() stratego.Move {
	v := r.game.View(stratego.SeatOf(r.c))
	m := v.LegalMoves()
	if len(m) == 0 {
		return stratego.NoMove
	}
	return m[r.rng.IntN(len(m))]
}

// play runs a game to its end (limit turns) and returns its status.
func play(t *testing.T, red, blue mover, game **stratego.Game, limit int) stratego.Status {
	t.Helper()
	g, err := stratego.NewGame(red.Setup(), blue.Setup(), stratego.Options{TurnLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	*game = g
	sides := [2]mover{red, blue}
	for !g.Status().Over() {
		pos := g.Position()
		m := sides[pos.Side()].Move()
		if m == stratego.NoMove {
			g.Resign(pos.Side())
			break
		}
		r, err := g.Play(m)
		if err != nil {
			t.Fatalf("%v played %v: %v\n%v", pos.Side(), m, err, pos)
		}
		for _, s := range sides {
			if err := s.Observe(r.Public()); err != nil {
				t.Fatalf("observe %v: %v", r, err)
			}
		}
		// The tracker must agree with the seat's view after every move.
		for c, s := range sides {
			if p, ok := s.(*Player); ok {
				v := g.View(stratego.SeatOf(stratego.Colour(c)))
				if !p.Sync(&v) {
					t.Fatalf("%v's tracker lost the board after %v", stratego.Colour(c), r)
				}
			}
		}
	}
	return g.Status()
}

func TestBeatsRandomMover(t *testing.T) {
	games := 6
	wins := 0
	for i := 0; i < games; i++ {
		ai := stratego.Colour(i % 2)
		var g *stratego.Game
		p := New(ai, 2, stratego.Progcomp, uint64(i))
		rnd := &randomMover{c: ai.Other(), rng: rand.New(rand.NewPCG(uint64(i), 9)), game: nil}
		rnd.setup = stratego.RandomSetup(rnd.rng)
		sides := [2]mover{}
		sides[ai], sides[ai.Other()] = p, rnd
		// the random mover reads the game through this pointer
		st := playWithRandom(t, sides, rnd, &g)
		if st.Over() && !st.Draw && st.Winner == ai {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("level 2 against a random mover: won %d of %d; want at least %d", wins, games, games-1)
	}
}

func playWithRandom(t *testing.T, sides [2]mover, rnd *randomMover, g **stratego.Game) stratego.Status {
	t.Helper()
	wrapped := &lazyRandom{rnd: rnd, g: g}
	for c := range sides {
		if sides[c] == rnd {
			sides[c] = wrapped
		}
	}
	return play(t, sides[0], sides[1], g, 1000)
}

type lazyRandom struct {
	rnd *randomMover
	g   **stratego.Game
}

func (l *lazyRandom) Observe(r stratego.Result) error { return nil }
func (l *lazyRandom) Setup() stratego.Setup         { return l.rnd.setup }
func (l *lazyRandom) Move() stratego.Move           { l.rnd.game = *l.g; return l.rnd.Move() }
