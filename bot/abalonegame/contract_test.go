package abalonegame_test

import (
	"testing"

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
