package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// FuzzHandle feeds the host any line, from a player or a spectator, in a
// channel or privately, during a hidden game's setup and play: it never
// panics, every reply names its audience, a refusal is one line, and no
// private secret reaches anyone but its owner.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{"!guess start @bob", "!hide 7", "!#g hide 3", "!guess", "!5", "!undo", "!new",
		"!auto east 99", "!guess top 1000", "!" + strings.Repeat("x", 2100), "!status\r\nPRIVMSG #x :hi", "!start ai:\x01", "!color sudo", "!start @bob 10m+5s", "!start ai 3 1d", "!start 0s", "!start none", "!start ai:foo", "!start ai:-1", "!help setup"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(5))
	}
	f.Fuzz(func(t *testing.T, line string, who uint8) {
		say := fuzzGuess(t, bot.Config{})
		say("alice", "!guess start @bob", false)
		say("bob", "!join", false)
		say("alice", "hide 9", true)
		users := []string{"alice", "bob", "carol"}
		rs := say(users[int(who)%3], line, who&4 != 0)
		for _, r := range rs {
			checkReply(t, r)
			if strings.Contains(r.Text, "East  9") && !(r.Private && r.User.ID == "id-alice") {
				t.Fatalf("alice's number reached %+v: %q", r, r.Text)
			}
		}
	})
}

// FuzzArchiveCommands feeds the archive's commands (history, game, export,
// rating, top, link) any words, with a finished game in the archive: they
// never panic, a refusal is one line, every reply names its audience, and
// a link code goes to its asker alone.
func FuzzArchiveCommands(f *testing.F) {
	for _, s := range []string{"!history", "!history @bob guess page 2", "!history page 0", "!game 1", "!game ../1",
		"!export 1", "!export", "!rating @", "!rating guess guess", "!top", "!top guess x", "!guess top 3", "!history @\x01",
		"!link", "!link list", "!link abcde-fgh23", "!link @bob ABCDE-FGH23", "!link list x",
		"!unlink", "!unlink f:id-alice", "!unlink a b", "!game #1", "!game #", "!game 3k", "!game 99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		say := fuzzGuess(t, bot.Config{Archive: true})
		say("alice", "!guess start @bob", false)
		say("bob", "!join", false)
		say("alice", "hide 4", true)
		say("bob", "hide 6", true)
		say("alice", "ready", true)
		say("bob", "ready", true)
		say("alice", "!guess guess 6", false)
		for _, r := range say("carol", line, false) {
			checkReply(t, r)
			if strings.Contains(r.Text, "link code is") && !(r.Private && r.User.ID == "id-carol") {
				t.Fatalf("a link code reached %+v: %q", r, r.Text)
			}
		}
	})
}

// fuzzGuess is a bot hosting Guess with cfg, and how a user says text to
// it at #g (or privately).
func fuzzGuess(t *testing.T, cfg bot.Config) func(user, text string, private bool) []bot.Reply {
	b := hosttest.Must(hosttest.New(cfg, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	t.Cleanup(b.Close)
	return func(user, text string, private bool) []bot.Reply {
		m := bot.Message{Network: "f", Channel: "#g", UserID: "id-" + user, Name: user, Text: text}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		return b.Handle(context.Background(), m)
	}
}

// checkReply holds any reply to what every reply must be: it names its
// table, a private one its user, and a refusal is one line.
func checkReply(t *testing.T, r bot.Reply) {
	t.Helper()
	if r.To.Network == "" || r.To.Channel == "" {
		t.Fatalf("reply %q names no table: %+v", r.Text, r.To)
	}
	if r.Private && r.User.ID == "" {
		t.Fatalf("private reply %q names no user", r.Text)
	}
	if r.Error && strings.Contains(r.Text, "\n") {
		t.Fatalf("refusal of more than one line: %q", r.Text)
	}
}

// FuzzTournamentCommands feeds !tournament any words, at a channel where
// a tournament waits for a person and another channel where none is:
// they never panic, a refusal is one line, every reply names its
// audience, no line carries a control character, and only its maker (or
// an admin) stops a tournament.
func FuzzTournamentCommands(f *testing.F) {
	for _, s := range []string{"!tournament", "!tournament help", "!tournament guess roundrobin ai:1 ai:2",
		"!tournament guess swiss ai:1 ai:2 ai:3 rounds 2 tc 2s+20ms", "!tournament guess gauntlet ai:1 @bob @carol rounds 20",
		"!tournament guess rr ai ai:9 rounds", "!tournament guess rr ai:1 ai:2 tc", "!tournament guess rr @\x01 ai:1",
		"!tournament join", "!tournament begin", "!tournament stop", "!tournament crosstable", "!tournament games x",
		"!guess tournament swiss ai:1 ai:2", "!tournament guess knockout ai:1 ai:2", "!tourney status",
		"!tournament guess rr ai:1 @@everyone", "!tournament guess rr ai:1 ai:2 rounds 0", "!tournament guess rr ai:1 ai:2 tc 999d"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, elsewhere bool) {
		b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
		t.Cleanup(b.Close)
		say := func(user, channel, text string) []bot.Reply {
			return b.Handle(context.Background(), bot.Message{Network: "f", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
		}
		say("alice", "#g", "!tournament guess roundrobin ai:1 @bob")
		channel := "#g"
		if elsewhere {
			channel = "#h"
		}
		for _, r := range say("carol", channel, line) {
			checkReply(t, r)
			if strings.ContainsFunc(r.Text, func(c rune) bool { return c < 0x20 && c != '\n' || c == 0x7f }) {
				t.Fatalf("a control character in %q", r.Text)
			}
			if !r.Mono && strings.Contains(r.Text, "\n") {
				t.Fatalf("a line break in %q", r.Text)
			}
		}
		var stop strings.Builder
		for _, r := range say("alice", "#g", "!tournament stop") {
			stop.WriteString(r.Text)
		}
		if !strings.Contains(stop.String(), "is stopped") {
			t.Fatalf("alice could not stop her tournament after carol said %q: %q", line, stop.String())
		}
	})
}
