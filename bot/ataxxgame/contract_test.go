package ataxxgame_test

import (
	"testing"

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
