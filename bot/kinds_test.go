package bot_test

import (
	"fmt"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// realKinds is the toy kind and the four real ones, as the bot serves them.
func realKinds(t *testing.T) []bot.Kind {
	t.Helper()
	s, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return []bot.Kind{guessgame.New(guessgame.Options{}), ataxxgame.New(nil, ataxxgame.Options{}),
		congogame.New(nil, congogame.Options{}), abalonegame.New(abalonegame.Options{}), s}
}

// TestKindSwitchAcrossKinds (issue 20 item 12): after a finished game of
// one kind, "KIND start ai" seats the speaker at the new kind's table as
// at a fresh one, whatever the kinds.
func TestKindSwitchAcrossKinds(t *testing.T) {
	h := newHarness(t, nil, realKinds(t)...)
	for i, c := range []struct{ from, to, want string }{
		{"guess", "congo", "Game on: White (bob) vs Black (AI level 3)."},
		{"congo", "ataxx", "Game on: Red (bob) vs Blue (AI level 3)."},
		{"ataxx", "abalone", "Game on: Black (bob) vs White (AI level 3)."},
		{"abalone", "guess", "Game on: East (bob) vs West (AI level 3)."},
	} {
		t.Run(c.from+"-"+c.to, func(t *testing.T) {
			ch := fmt.Sprintf("#s%d", i)
			h.in(ch, "alice", "!"+c.from+" start @bob")
			h.in(ch, "bob", "!"+c.from+" join")
			// alice holds the first seat, bob the second: bob resigns.
			want(t, h.in(ch, "bob", "!resign"), ch, "resigns.")
			want(t, h.in(ch, "bob", "!"+c.to+" start ai"), ch, c.want)
		})
	}
}

// TestHostEveryKind (issue 20 item 15): "KIND host ID" at a fresh table
// opens a table of that kind and hosts it, for every kind.
func TestHostEveryKind(t *testing.T) {
	h := newHarness(t, nil, realKinds(t)...)
	for _, c := range []struct{ kind, title string }{
		{"guess", "Guess"}, {"ataxx", "Ataxx"}, {"congo", "Congo"}, {"abalone", "Abalone"}, {"stratego", "Stratego"},
	} {
		t.Run(c.kind, func(t *testing.T) {
			ch := "#h-" + c.kind
			want(t, h.in(ch, "alice", "!"+c.kind+" host "+c.kind+"1"), ch, "alice hosts "+c.title+" as "+c.kind+"1.")
			rs := h.in("#j-"+c.kind, "bob", "!join "+c.kind+"1")
			want(t, rs, ch, "bob joins "+c.kind+"1")
		})
	}
}
