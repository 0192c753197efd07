package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestTextsReadRight: the host's sentences read as English whoever asks,
// name a game once, and name tournaments and games as ids.
func TestTextsReadRight(t *testing.T) {
	finished := func(h *harness) {
		h.in("#x", "alice", "!guess start @bob")
		h.in("#x", "bob", "!join")
		h.dm("alice", "hide 4")
		h.dm("bob", "hide 6")
		h.dm("alice", "ready")
		h.dm("bob", "ready")
		h.in("#x", "alice", "!resign")
	}
	for _, c := range []struct {
		name    string
		before  func(h *harness)
		user    string
		line    string
		want    string
		notWant string
	}{
		{"a rating nobody has, asked by you", nil, "you", "!rating", "No rated games yet for you", "has no rated"},
		{"a rating nobody has, asked of another", nil, "alice", "!rating @bob", "No rated games yet for bob", "has no rated"},
		{"a finished game's summary names it once", finished, "carol", "!game 1", "Game 1, guess,", "(game 1)"},
		{"no tournament here", nil, "carol", "!tournament crosstable", "no tournament here yet. Say !tournament", "here; Say"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := archiving(t, nil)
			if c.before != nil {
				c.before(h)
			}
			got := text(h.in("#x", c.user, c.line))
			if !strings.Contains(got, c.want) || c.notWant != "" && strings.Contains(got, c.notWant) {
				t.Errorf("%s: got\n%s\nwant %q and not %q", c.line, got, c.want, c.notWant)
			}
		})
	}
}

// TestFinishedLatelyNamesTheGameOnce: the web view's list of finished
// games gives each game's result without its "(game N)".
func TestFinishedLatelyNamesTheGameOnce(t *testing.T) {
	h := archiving(t, nil)
	h.in("#x", "alice", "!guess start @bob")
	h.in("#x", "bob", "!join")
	h.in("#x", "alice", "!resign")
	games, err := h.bot.RecentGames(context.Background(), "", 10)
	if err != nil || len(games) != 1 {
		t.Fatalf("recent games: got %+v, %v; want the one game", games, err)
	}
	if got, want := games[0].Result, "East resigns. West wins."; got != want {
		t.Errorf("result: got %q; want %q", got, want)
	}
}

// TestExportNamesInOneStyle: every kind's export file is named
// KIND-DATE-PLAYER-PLAYER.EXT, its players' names made safe.
func TestExportNamesInOneStyle(t *testing.T) {
	for _, k := range fourKinds(t) {
		t.Run(k.name, func(t *testing.T) {
			h := archiving(t, nil, k.kind)
			ch := "#" + k.name
			h.in(ch, "alice", "!"+k.name+" start @bob")
			h.in(ch, "bob", "!join")
			for j, line := range k.setup {
				h.dm([]string{"alice", "bob"}[j%2], ch+" "+line)
			}
			h.in(ch, "bob", "!resign")
			got := text(h.in(ch, "carol", "!export 1"))
			ext := map[string]string{"ataxx": "pgn", "congo": "txt", "abalone": "txt", "stratego": "log"}[k.name]
			if want := fmt.Sprintf("%s-20261122-alice-bob.%s", k.name, ext); !strings.Contains(got, want) {
				t.Errorf("export 1: got\n%.300s\nwant the file named %s", got, want)
			}
		})
	}
	for _, c := range []struct {
		name    string
		players []string
		began   time.Time
		want    string
	}{
		{"names and a date", []string{"alice", "bob"}, time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), "ataxx-20261123-alice-bob.pgn"},
		{"unsafe names", []string{"a/b c", "AI level 3"}, time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), "ataxx-20261123-a_b_c-AI_level_3.pgn"},
		{"no names, no date", nil, time.Time{}, "ataxx-undated-red-blue.pgn"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := bot.ExportName("ataxx", "pgn", c.began, c.players, []string{"red", "blue"}); got != c.want {
				t.Errorf("got %q; want %q", got, c.want)
			}
		})
	}
}

// TestWhereAGameIsPlayed: a page says where a game is played once: the
// network and the channel, or the network alone where its one channel
// has its name (the console).
func TestWhereAGameIsPlayed(t *testing.T) {
	for _, c := range []struct {
		name, network, channel, want string
	}{
		{"the console", "console", "console", "console"},
		{"an IRC channel", "irc", "#ataxx", "irc #ataxx"},
		{"a tournament's game", "irc", "tournament t1", "irc tournament t1"},
		{"nowhere known", "", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := (bot.GameView{Network: c.network, Channel: c.channel}).Where(); got != c.want {
				t.Errorf("got %q; want %q", got, c.want)
			}
		})
	}
}
