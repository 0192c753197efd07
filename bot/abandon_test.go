package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestLeftGameArchivedUnrated: a game against the AI that its player leaves
// with new after a move is archived as abandoned and not rated; one left
// before any move is not archived (it had no game).
func TestLeftGameArchivedUnrated(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.in("#l", "alice", "!guess start ai:2")
	h.dm("alice", "hide 4")
	h.dm("alice", "ready")
	h.in("#l", "alice", "!guess guess 1")
	want(t, h.in("#l", "alice", "!new"), "#l", "Game abandoned.")
	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil {
		t.Fatalf("game 1 after new: got %v; want it archived", err)
	}
	if g.Ending != bot.EndAbandoned || g.Winner != -1 || len(g.Moves) == 0 {
		t.Errorf("game 1: got ending %q, winner %d, moves %q; want %q, -1 and its moves", g.Ending, g.Winner, g.Moves, bot.EndAbandoned)
	}
	want(t, h.in("#l", "alice", "!history"), "#l", "1 ")
	if rs := h.in("#l", "alice", "!rating guess"); !strings.Contains(text(rs), "(0 games)") {
		t.Errorf("rating after an abandoned game: got:\n%s\nwant 0 games", text(rs))
	}

	h.in("#l", "alice", "!guess start ai:2")
	h.dm("alice", "hide 4")
	h.dm("alice", "ready")
	h.in("#l", "alice", "!new")
	if _, err := st.ArchivedGame(context.Background(), "2"); err == nil {
		t.Errorf("game 2, left before any move: archived; want not")
	}
}
