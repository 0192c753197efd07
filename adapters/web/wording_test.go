package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestPagesSayThingsOnce: the pages name where a console game is played
// once ("console", not "console console"), and the finished games' list
// gives a result without the game's "(game N)" that its row names already.
func TestPagesSayThingsOnce(t *testing.T) {
	s := newSite(t)
	say := func(user, text string) {
		s.b.Handle(context.Background(), bot.Message{Network: "console", Channel: "console", UserID: user, Name: user, Text: text})
	}
	say("alice", "!guess start @bob")
	say("bob", "!join")
	_, running := get(t, s.base, "/")
	_, game := get(t, s.base, "/games/1")
	say("alice", "hide 4")
	say("bob", "hide 6")
	say("alice", "ready")
	say("bob", "ready")
	say("alice", "!resign")
	_, finished := get(t, s.base, "/")
	for _, c := range []struct {
		name, page, want, notWant string
	}{
		{"the running games' Where", running, "<td>console</td>", "console console"},
		{"a game's page", game, " · console · ", "console console"},
		{"the finished games' result", finished, "<td>East resigns. West wins.</td>", "(game 1)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.page, c.want) || strings.Contains(c.page, c.notWant) {
				t.Errorf("got\n%s\nwant %q and not %q", c.page, c.want, c.notWant)
			}
		})
	}
}
