package ataxxgame_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// FuzzHandle feeds arbitrary chat lines from a player or a spectator to a
// game in progress: the bot must not panic, a refusal must change nothing,
// a spectator must never change the game or the seats, and only boards may
// span lines.
func FuzzHandle(f *testing.F) {
	seeds := []string{
		"!ataxx start ai", "!move a7-b6", "!a7-b6", "!move b6", "!pass", "!move -", "!undo", "!resign",
		"!blocks 3gh", "!block c3", "!ataxx seed 5", "!ataxx rules uai", "!ataxx fen x5o/7/7/7/7/7/o5x o 0 1",
		"!ataxx new", "!ataxx clear", "!ataxx join", "!ataxx color blue", "!ataxx auto", "!ataxx auto red 2",
		"!ataxx manual blue", "!dump", "!board", "!ataxx status", "!ataxx fen", "!help", "!help move",
		"!verbose", "!quiet", "!ataxx start @everyone", "!ataxx frob", "!ataxx a7-h9", "!\r\nPRIVMSG #x :hi",
		"!ataxx start ai:0", "!ataxx auto blue 999999999999999999999", "!move a7-b6 extra",
	}
	for i, s := range seeds {
		f.Add(uint8(i%3), s)
	}
	f.Fuzz(func(t *testing.T, who uint8, text string) {
		h := newHarness(t, bot.Config{})
		h.say("alice", "!ataxx start")
		h.say("bob", "!ataxx join")
		h.say("alice", "!a7-b6")
		user := []string{"alice", "bob", "carol"}[who%3]
		before := h.record()
		beforeRaw := h.raw()

		rs := h.say(user, text)

		allErrors := len(rs) > 0
		for _, r := range rs {
			if !r.Error {
				allErrors = false
			}
			if !r.Mono && strings.ContainsAny(r.Text, "\r\n") {
				t.Fatalf("%s %q: reply %q spans lines", user, text, r.Text)
			}
			if r.Mention != "" && r.Mention != "id-alice" && r.Mention != "id-bob" && !strings.Contains(text, "@") {
				t.Fatalf("%s %q: reply pings %q", user, text, r.Mention)
			}
		}
		after := h.record()
		if allErrors && h.raw() != beforeRaw {
			t.Fatalf("%s %q was refused (%q) but changed the record", user, text, rs[len(rs)-1].Text)
		}
		if user == "carol" && before.Phase == bot.PhasePlaying {
			if !bytes.Equal(after.State, before.State) || after.Phase != before.Phase {
				t.Fatalf("spectator %q changed the game:\n%s\nwas\n%s", text, after.State, before.State)
			}
			for i := range before.Seats {
				if after.Seats[i] != before.Seats[i] {
					t.Fatalf("spectator %q changed seat %d: %+v, was %+v", text, i, after.Seats[i], before.Seats[i])
				}
			}
		}
	})
}
