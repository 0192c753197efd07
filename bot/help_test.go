package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestHelpIndex: help is a short index that fits an IRC
// reply; help TOPIC explains one command, the host's or the kind's.
func TestHelpIndex(t *testing.T) {
	h := newHarness(t, nil)
	rs := h.bot.Handle(context.Background(), bot.Message{Network: "irc", Channel: "#g", UserID: "id-a", Name: "a", Text: "!help", Caps: bot.Caps{MaxLines: 11}})
	if len(rs) != 1 || audience(rs[0]) != "private:id-a" {
		t.Fatalf("help on IRC: got:\n%s\nwant one reply to the asker privately", text(rs))
	}
	if n := strings.Count(rs[0].Text, "\n") + 1; n > 4 {
		t.Errorf("help: got %d lines; want at most 4:\n%s", n, rs[0].Text)
	}
	for _, w := range []string{"start", "resign", "hide", "guess", "help TOPIC"} {
		if !strings.Contains(rs[0].Text, w) {
			t.Errorf("help: got %q; want it to name %q", rs[0].Text, w)
		}
	}
	for _, c := range []struct{ topic, want string }{
		{"hide", "!hide N - setup, privately"},
		{"resign", "!resign - give up the game"},
		{"nope", `No command "nope"`},
	} {
		want(t, h.in("#g", "a", "!help "+c.topic), "#g", c.want)
	}
}

// TestHelpAskedPrivately: help asked in a private
// message by a player seated at a channel's table is answered privately,
// not in that channel.
func TestHelpAskedPrivately(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#p")
	for _, line := range []string{"help", "help hide", "guess help"} {
		rs := h.dm("alice", line)
		if len(rs) != 1 || audience(rs[0]) != "private:id-alice" {
			t.Errorf("%s: got:\n%s\nwant one reply to alice privately", line, text(rs))
		}
	}
}
