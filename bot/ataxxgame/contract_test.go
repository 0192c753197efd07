package ataxxgame_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
)

// TestKindContract: Ataxx, and its CS61B dialect, keep the contract of
// every kind the host carries.
func TestKindContract(t *testing.T) {
	for _, opts := range []ataxxgame.Options{{}, {CS61B: true}} {
		kindtest.Run(t, ataxxgame.New(nil, opts), kindtest.Options{Rules: []string{"", "manual", "cs61b", "uai"}, Games: 3, MaxActions: 300})
	}
}

// TestKindContractSetUp: the same from a table set up by hand: blocks,
// the CS61B rules and a setup move.
func TestKindContractSetUp(t *testing.T) {
	kindtest.Run(t, ataxxgame.New(nil, ataxxgame.Options{}), kindtest.Options{Games: 2, MaxActions: 300,
		Prepare: func(st bot.State) error {
			for _, c := range []bot.Command{{Verb: "blocks", Args: []string{"3gh"}}, {Verb: "rules", Args: []string{"cs61b"}}} {
				if _, err := st.Configure(c); err != nil {
					return err
				}
			}
			_, err := st.Act(0, bot.Command{Verb: "move", Args: []string{"a7-a6"}})
			return err
		}})
}
