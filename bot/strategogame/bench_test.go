package strategogame_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// midgame returns a state after plies random moves from the progcomp and
// fortress formations.
func midgame(b *testing.B, k *strategogame.Kind, plies int) bot.State {
	b.Helper()
	st, err := k.New("")
	if err != nil {
		b.Fatal(err)
	}
	st.Begin()
	for seat, name := range []string{"progcomp", "fortress"} {
		st.Act(seat, bot.Command{Verb: "setup", Args: []string{name}})
		st.Act(seat, bot.Command{Verb: "ready"})
	}
	red, _ := stratego.Formation("progcomp")
	blue, _ := stratego.Formation("fortress")
	g, _ := stratego.NewGame(red, blue, stratego.DefaultOptions())
	rng := rand.New(rand.NewPCG(1, 1))
	for range plies {
		moves := g.Position()
		l := moves.LegalMoves()
		m := l[rng.IntN(len(l))]
		g.Play(m)
		if _, err := st.Act(st.Pending()[0], bot.Command{Verb: m.String()}); err != nil {
			b.Fatal(err)
		}
	}
	return st
}

// BenchmarkAIAct: one built-in AI action 40 plies into a game, by host
// level (the replay of the public record included).
func BenchmarkAIAct(b *testing.B) {
	k, _ := strategogame.New(strategogame.Options{})
	st := midgame(b, k, 40)
	for _, level := range []int{1, 3, 6, 10} {
		b.Run(fmt.Sprintf("level%d", level), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := st.AIAct(context.Background(), st.Pending()[0], bot.AIPlayer{Level: level}, int64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkProgramAct: one AI program action by the test agent (start,
// replay of the game so far, one question, stop and reap), by how far
// into the game: the replay makes it grow with the game.
func BenchmarkProgramAct(b *testing.B) {
	k, err := strategogame.New(strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
		"rando": {Path: agentScript(b, "random")},
	}})
	if err != nil {
		b.Fatal(err)
	}
	for _, plies := range []int{0, 40, 160} {
		st := midgame(b, k, plies)
		b.Run(fmt.Sprintf("ply%d", plies), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				c, err := st.AIAct(context.Background(), st.Pending()[0], bot.AIPlayer{Engine: "rando"}, int64(i))
				if err != nil || c.Verb != "move" {
					b.Fatal(c, err)
				}
			}
		})
	}
}
