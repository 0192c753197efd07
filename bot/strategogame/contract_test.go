package strategogame_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

func newKind(t testing.TB, opts strategogame.Options) *strategogame.Kind {
	t.Helper()
	k, err := strategogame.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// privateSetups are the private commands the contract suite applies:
// a formation, rows, random.
func privateSetups(seat, n int) []bot.Command {
	switch n {
	case 0:
		return []bot.Command{{Verb: "setup", Args: []string{"fortress"}}}
	case 1:
		army, _ := stratego.Formation("lakeside")
		lines := army.Lines(stratego.Colour(seat))
		return []bot.Command{{Verb: "setup", Args: lines[:]}}
	}
	return []bot.Command{{Verb: "setup", Args: []string{"random"}}}
}

func TestKindContract(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	kindtest.Run(t, k, kindtest.Options{
		Rules:   []string{"progcomp", "manual"},
		Games:   2,
		Private: privateSetups,
	})
}

// TestKindContractToTheEnd plays the AI against itself under a short turn
// limit, so every playout ends within the suite's cap and the suite
// checks the ended games too.
func TestKindContractToTheEnd(t *testing.T) {
	kindtest.Run(t, newKind(t, strategogame.Options{}), kindtest.Options{
		Games: 3,
		Level: 2,
		Prepare: func(st bot.State) error {
			_, err := st.Configure(bot.Command{Verb: "turns", Args: []string{"100"}})
			return err
		},
	})
}
