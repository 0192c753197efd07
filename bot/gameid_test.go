package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestGameIDOfARunningGame: game ID of a game that has not ended shows it
// as a spectator sees it (where, status, board), for every kind; a hidden
// kind's board is the spectator's, with no hidden piece.
func TestGameIDOfARunningGame(t *testing.T) {
	for _, k := range fourKinds(t) {
		t.Run(k.name, func(t *testing.T) {
			h := archiving(t, nil, k.kind)
			ch := "#" + k.name
			on := text(h.in(ch, "alice", "!"+k.name+" start @bob"))
			on += text(h.in(ch, "bob", "!join"))
			if !strings.Contains(on, "(game 1)") {
				t.Fatalf("start: got\n%s\nwant the game announced as game 1", on)
			}
			for j, line := range k.setup {
				h.dm([]string{"alice", "bob"}[j%2], ch+" "+line)
			}
			rs := h.in("#elsewhere", "carol", "!game 1")
			if len(rs) != 2 {
				t.Fatalf("game 1: got\n%s\nwant a summary and the board", text(rs))
			}
			if want := "Game 1, " + k.name + ", at test " + ch; !strings.HasPrefix(rs[0].Text, want) || !strings.Contains(rs[0].Text, "to move") {
				t.Errorf("game 1: got %q; want it to begin %q and say who is to move", rs[0].Text, want)
			}
			spectator := h.in(ch, "carol", "!board text")
			if len(spectator) != 1 || rs[1].Text != spectator[0].Text {
				t.Errorf("game 1's board: got\n%s\nwant the spectator's board\n%s", rs[1].Text, text(spectator))
			}
			if k.name == "stratego" && !strings.Contains(rs[1].Text, "#") {
				t.Errorf("game 1's Stratego board: got\n%s\nwant the armies hidden (#)", rs[1].Text)
			}
		})
	}
}

// TestGameIDsReadAsIDs: a game's id is its number in decimal ("game 10",
// never base 36's "game a"), "#10" names it too, and a game archived
// under an id of the old form is found by it.
func TestGameIDsReadAsIDs(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	ctx := context.Background()
	for range 9 {
		if _, err := st.NextGameID(ctx); err != nil {
			t.Fatal(err)
		}
	}
	h.in("#x", "alice", "!guess start @bob")
	on := text(h.in("#x", "bob", "!join"))
	end := text(h.in("#x", "alice", "!resign"))
	// A game archived under an id of the old form (base 36).
	old, err := st.ArchivedGame(ctx, "10")
	if err != nil {
		t.Fatalf("game 10 is not archived under 10: %v", err)
	}
	old.ID, old.Score = "3k", "East resigns. West wins. (game 3k)"
	if err := st.ArchiveGame(ctx, old); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, got, want string
	}{
		{"the start", on, "(game 10)"},
		{"the end", end, "East resigns. West wins. (game 10)"},
		{"game 10", text(h.in("#y", "carol", "!game 10")), "Game 10, guess,"},
		{"game #10", text(h.in("#y", "carol", "!game #10")), "Game 10, guess,"},
		{"an old id", text(h.in("#y", "carol", "!game 3k")), "Game 3k, guess,"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: got\n%s\nwant %q", c.name, c.got, c.want)
		}
	}
}
