package bot_test

import (
	"context"
	"fmt"
	"strings"
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

// TestKindSwitchAcrossKinds: after a finished game of one kind, "KIND start
// ai" seats the speaker at the new kind's table as at a fresh one, whatever
// the kinds.
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

// TestHostEveryKind: "KIND host ID" at a fresh table opens a table of that
// kind and hosts it, for every kind.
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

// TestStrategoSetupOnlyPrivately: a Stratego army said in a channel is
// refused in one line that does not repeat it, on every network, and the
// record does not change; privately it is taken.
func TestStrategoSetupOnlyPrivately(t *testing.T) {
	const army = "setup FFFFFFFFFF BBBBBBBBBB 1111111111 2222222222"
	for _, net := range []struct {
		name string
		caps bot.Caps
	}{{"console", bot.Caps{}}, {"irc", bot.Caps{MaxLines: 11}}, {"discord", bot.Caps{}}} {
		t.Run(net.name, func(t *testing.T) {
			h := newHarness(t, nil, realKinds(t)...)
			say := func(user, text string, private bool) []bot.Reply {
				m := bot.Message{Network: net.name, Channel: "#s", UserID: "id-" + user, Name: user, Text: text, Caps: net.caps}
				if private {
					m.Channel, m.Private, m.Addressed = "", true, true
				}
				return h.bot.Handle(context.Background(), m)
			}
			say("alice", "!stratego start @bob", false)
			want(t, say("bob", "!join", false), "#s", "Game on")
			for _, line := range []string{"!" + army, "!setup fortress", "!stratego setup random"} {
				_, before, _ := h.store.Load(context.Background(), net.name+":#s")
				rs := say("alice", line, false)
				refused(t, rs, line)
				if !rs[0].Private || strings.Contains(rs[0].Text, "FFFF") || strings.Contains(rs[0].Text, "fortress") || !strings.Contains(rs[0].Text, "privately") {
					t.Errorf("%s: got %s: %q; want alice alone told to say it privately, without the army", line, audience(rs[0]), rs[0].Text)
				}
				if _, after, _ := h.store.Load(context.Background(), net.name+":#s"); after != before {
					t.Errorf("%s: record version got %d; want %d", line, after, before)
				}
			}
			want(t, say("alice", "setup fortress", true), "private:id-alice", "Your army")
		})
	}
}
