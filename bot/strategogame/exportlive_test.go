package strategogame_test

import (
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestExportRunningGame: export without an id is the table's game as it
// stands. While a Stratego game runs, a spectator is refused and each
// player gets the log privately with their own army and the opponent's
// hidden; once it is over, anyone gets both armies.
func TestExportRunningGame(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	store := memory.New()
	b, err := hosttest.New(bot.Config{}, store, &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, []bot.Kind{k}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	h := &harness{t: t, bot: b, store: store}
	h.in("alice", "!stratego start @bob")
	h.in("bob", "!join")
	for i, u := range []string{"alice", "bob"} {
		h.dm(u, "setup "+[]string{"progcomp", "fortress"}[i])
		h.dm(u, "ready")
	}
	h.in("alice", "!move b4-b5")

	// setupLines are the log's four rows under "NAME COLOUR SETUP".
	setupLines := func(log, colour string) string {
		_, rest, ok := strings.Cut(log, colour+" SETUP\n")
		if !ok {
			return ""
		}
		return strings.Join(strings.SplitN(rest, "\n", 5)[:4], "\n")
	}
	hidden := func(rows string) bool {
		return rows != "" && strings.Trim(strings.ReplaceAll(rows, "\n", ""), "#") == ""
	}

	rs := h.in("carol", "!export")
	if len(rs) != 1 || !rs[0].Error {
		t.Fatalf("a spectator's export of a running game: got:\n%s\nwant one refusal", dump(rs))
	}
	for _, c := range []struct {
		name, user, via, own, other string
	}{
		{"Red in the channel", "alice", "channel", "RED", "BLUE"},
		{"Blue in a private message", "bob", "dm", "BLUE", "RED"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rs []bot.Reply
			if c.via == "dm" {
				rs = h.dm(c.user, "export")
			} else {
				rs = h.in(c.user, "!export")
			}
			if len(rs) != 1 || rs[0].Error || !rs[0].Private || rs[0].User.ID != "id-"+c.user {
				t.Fatalf("got:\n%s\nwant one private reply to %s", dump(rs), c.user)
			}
			log := rs[0].Text
			if own := setupLines(log, c.own); own == "" || hidden(own) {
				t.Errorf("%s's own army: got %q; want it shown", c.own, own)
			}
			if other := setupLines(log, c.other); !hidden(other) {
				t.Errorf("the opponent's army: got %q; want it hidden (#)", other)
			}
		})
	}

	h.in("bob", "!resign")
	rs = h.in("carol", "!export")
	if len(rs) != 1 || rs[0].Error || rs[0].Private {
		t.Fatalf("export of the finished game: got:\n%s\nwant one public reply", dump(rs))
	}
	for _, colour := range []string{"RED", "BLUE"} {
		if rows := setupLines(rs[0].Text, colour); rows == "" || hidden(rows) {
			t.Errorf("finished game, %s's army: got %q; want it shown", colour, rows)
		}
	}
}
