package abalonegame_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"

	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
)

// TestKindContract: Abalone keeps the contract of every kind the host
// carries, from each of its layouts.
func TestKindContract(t *testing.T) {
	kindtest.Run(t, abalonegame.New(abalonegame.Options{}), kindtest.Options{
		Rules: []string{"", "standard", "belgian", "german"}, Games: 2, MaxActions: 150,
	})
}

// TestKindContractAMalone: the same at a table that writes aMalone's
// notation from a position set up by hand with White to begin.
func TestKindContractAMalone(t *testing.T) {
	kindtest.Run(t, abalonegame.New(abalonegame.Options{}), kindtest.Options{
		Rules: []string{"belgian"}, Games: 2, MaxActions: 100,
		Prepare: func(st bot.State) error {
			for _, c := range []bot.Command{
				{Verb: "remove", Args: []string{"a1", "a2"}},
				{Verb: "turn", Args: []string{"white"}},
				{Verb: "lost", Args: []string{"black", "2"}},
				{Verb: "write", Args: []string{"amalone"}},
			} {
				if _, err := st.Configure(c); err != nil {
					return err
				}
			}
			return nil
		},
	})
}

// TestKindContractLoaded: the same from a loaded game whose moves were
// made before play began, and a setup move after it.
func TestKindContractLoaded(t *testing.T) {
	kindtest.Run(t, abalonegame.New(abalonegame.Options{}), kindtest.Options{
		Games: 2, MaxActions: 100,
		Prepare: func(st bot.State) error {
			if _, err := st.Configure(bot.Command{Verb: "load", Args: []string{"abalone", "belgian", "1.", "a1b2", "i5h5"}}); err != nil {
				return err
			}
			_, err := st.Act(0, bot.Command{Verb: "move", Args: []string{"b2c3"}})
			return err
		},
	})
}
