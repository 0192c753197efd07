package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// fourKinds are the real kinds, each with its seat names in turn order,
// and the private lines that set its game up before the first move
// (alternately the first seat's and the second's).
func fourKinds(t *testing.T) []struct {
	name  string
	kind  bot.Kind
	seats [2]string
	setup []string
} {
	t.Helper()
	s, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return []struct {
		name  string
		kind  bot.Kind
		seats [2]string
		setup []string
	}{
		{"ataxx", ataxxgame.New(nil, ataxxgame.Options{}), [2]string{"Red", "Blue"}, nil},
		{"congo", congogame.New(nil, congogame.Options{}), [2]string{"White", "Black"}, nil},
		{"abalone", abalonegame.New(abalonegame.Options{}), [2]string{"Black", "White"}, nil},
		{"stratego", s, [2]string{"Red", "Blue"}, []string{"setup random", "setup random", "ready", "ready"}},
	}
}

// TestEndedGameSaysHowItEnded: a game the host ended (a resignation, an
// agreed draw, an abort, the flag) says in status, on the board and in
// game ID that it is over and how, for every kind; never whose move it
// is.
func TestEndedGameSaysHowItEnded(t *testing.T) {
	for _, k := range fourKinds(t) {
		endings := []struct {
			name  string
			clock string
			end   func(h *harness, ch string)
			want  string // the board's and game ID's words
			kept  bool   // archived: game ID shows it
		}{
			{"resignation", "", func(h *harness, ch string) { h.in(ch, "alice", "!resign") },
				fmt.Sprintf("Game over: %s resigned; %s wins.", k.seats[0], k.seats[1]), true},
			{"agreed draw", "", func(h *harness, ch string) { h.in(ch, "alice", "!draw"); h.in(ch, "bob", "!draw") },
				"Game over: drawn by agreement.", true},
			{"abort", "", func(h *harness, ch string) { h.in(ch, "alice", "!abort") },
				"Game over: aborted; no result.", false},
			{"flag", "1m", func(h *harness, ch string) { h.clock.Advance(61 * time.Second); h.in(ch, "carol", "!status") },
				fmt.Sprintf("Game over: %s ran out of time; %s wins.", k.seats[0], k.seats[1]), true},
		}
		for _, e := range endings {
			t.Run(k.name+"/"+e.name, func(t *testing.T) {
				h := archiving(t, nil, k.kind)
				ch := "#" + k.name
				h.in(ch, "alice", strings.TrimSpace("!"+k.name+" start @bob "+e.clock))
				h.in(ch, "bob", "!join")
				for j, line := range k.setup {
					h.dm([]string{"alice", "bob"}[j%2], ch+" "+line)
				}
				e.end(h, ch)
				if rec := h.record("test:" + ch); rec.Phase != bot.PhaseOver {
					t.Fatalf("the game did not end: got phase %q; want over", rec.Phase)
				}
				status := text(h.in(ch, "carol", "!status"))
				if want := "game over: " + strings.TrimPrefix(e.want, "Game over: "); !strings.Contains(status, want) || strings.Contains(status, "to move") {
					t.Errorf("status: got\n%s\nwant %q and nobody to move", status, want)
				}
				board := text(h.in(ch, "carol", "!board"))
				if !strings.Contains(board, e.want) || strings.Contains(board, "to move") {
					t.Errorf("board: got\n%s\nwant %q and nobody to move", board, e.want)
				}
				if !e.kept {
					return
				}
				game := text(h.in(ch, "carol", "!game 1"))
				if !strings.Contains(game, e.want) || strings.Contains(game, "to move") {
					t.Errorf("game 1: got\n%s\nwant %q and nobody to move", game, e.want)
				}
			})
		}
	}
}
