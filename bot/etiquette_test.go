package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// stored is the table's record as the store holds it.
func stored(t *testing.T, st *memory.Store, channel string) string {
	t.Helper()
	data, _, err := st.Load(context.Background(), bot.Table{Network: "test", Channel: channel}.Key())
	if err != nil {
		t.Fatalf("load %s: %v", channel, err)
	}
	return string(data)
}

// TestDrawByAgreement: alice offers, the offerer repeating is refused and
// changes nothing, the offer survives a restart, bob accepts: the game ends
// drawn, archived as an agreed draw and rated as one (two new players stay
// 1500, RD drops).
func TestDrawByAgreement(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.startGuess("#d")
	h.in("#d", "alice", "!guess guess 1")
	h.in("#d", "bob", "!guess guess 1")
	want(t, h.in("#d", "alice", "!draw"), "#d", "East offers a draw: West, say !draw within 5m0s to accept.")
	before := stored(t, st, "#d")
	refused(t, h.in("#d", "alice", "!draw"), "draw offered twice")
	refused(t, h.in("#d", "carol", "!draw"), "draw by a spectator")
	if got := stored(t, st, "#d"); got != before {
		t.Errorf("a refused draw changed the record:\ngot %s\nwant %s", got, before)
	}
	h2 := archiving(t, st) // a restart keeps the offer
	want(t, h2.in("#d", "carol", "!status"), "#d", "East offers a draw.")
	want(t, h2.in("#d", "bob", "!draw"), "#d", "West accepts the draw: the game is drawn by agreement. (game 1)")
	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Ending != bot.EndAgreed || g.Winner != -1 {
		t.Errorf("archived: got ending %q winner %d; want %q, -1", g.Ending, g.Winner, bot.EndAgreed)
	}
	want(t, h2.in("#d", "alice", "!rating"), "#d", "alice: Guess 1500? ±290 (1 game).")
	want(t, h2.in("#d", "bob", "!rating guess"), "#d", "bob: Guess 1500? ±290 (1 game).")
}

// TestDrawDeclinedByAMove: the opponent's move declines the offer, an offer
// lapses after the draw window; the AI plays on.
func TestDrawDeclinedByAMove(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#m")
	want(t, h.in("#m", "alice", "!draw"), "#m", "offers a draw")
	h.in("#m", "alice", "!guess guess 1")
	h.in("#m", "bob", "!guess guess 2")
	want(t, h.in("#m", "bob", "!draw"), "#m", "West offers a draw") // a new offer, not an acceptance
	h.clock.Advance(5*time.Minute + time.Second)
	want(t, h.in("#m", "alice", "!draw"), "#m", "East offers a draw") // bob's offer lapsed

	h.in("#ai", "carol", "!guess start ai")
	h.dm("carol", "hide 4")
	h.dm("carol", "ready")
	rs := h.in("#ai", "carol", "!draw")
	refused(t, rs, "draw against the AI")
	want(t, rs, "private:id-carol", "the AI declines a draw and plays on")
}

// TestAbort: before both sides have moved a player aborts: no result,
// not archived, not rated; after both have moved it is refused.
func TestAbort(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.startGuess("#x")
	h.in("#x", "alice", "!guess guess 1")
	want(t, h.in("#x", "bob", "!abort"), "#x", "Game aborted.")
	if _, err := st.ArchivedGame(context.Background(), "1"); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("aborted game archived: got %v; want not found", err)
	}
	want(t, h.in("#x", "alice", "!rating"), "#x", "No rated games yet")
	refused(t, h.in("#x", "alice", "!rematch"), "rematch of an aborted game")

	h.startGuess("#y")
	h.in("#y", "alice", "!guess guess 1")
	h.in("#y", "bob", "!guess guess 2")
	before := stored(t, st, "#y")
	rs := h.in("#y", "alice", "!abort")
	refused(t, rs, "abort after both moved")
	want(t, rs, "private:id-alice", "both sides have moved: resign or offer a draw")
	if got := stored(t, st, "#y"); got != before {
		t.Errorf("a refused abort changed the record")
	}
}

// TestRematchSwapsColours: after a game both players say rematch and the
// same game begins with the seats swapped; against the AI at once.
func TestRematchSwapsColours(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#r")
	h.in("#r", "alice", "!guess guess 6")
	refused(t, h.in("#r", "carol", "!rematch"), "rematch by a spectator")
	want(t, h.in("#r", "alice", "!rematch"), "#r", "alice asks for a rematch, colours swapped: bob, say !rematch to play.")
	refused(t, h.in("#r", "alice", "!rematch"), "rematch asked twice")
	want(t, h.in("#r", "bob", "!rematch"), "#r", "East (bob) vs West (alice)")

	h.in("#a", "carol", "!guess start ai")
	h.dm("carol", "hide 4")
	h.dm("carol", "ready")
	h.in("#a", "carol", "!resign")
	want(t, h.in("#a", "carol", "!rematch"), "#a", "vs West (carol)")
}

// TestTakebackNeedsConsent: takeback is undo: against a person the other
// must agree; help names it.
func TestTakebackNeedsConsent(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#t")
	h.in("#t", "alice", "!guess guess 1")
	want(t, h.in("#t", "alice", "!guess help takeback"), "#t", "only by consent")
	want(t, h.in("#t", "alice", "!takeback"), "#t", "asks to take back a move")
	want(t, h.in("#t", "bob", "!takeback"), "#t", "Took back 1 move.")
}

// TestStrategoDrawAndRematch: a hidden kind is ended drawn by the host
// (nothing leaks: no army reaches the channel), archived, and rematched
// with the colours swapped into a fresh setup.
func TestStrategoDrawAndRematch(t *testing.T) {
	s, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := memory.New()
	h := archiving(t, st, s)
	h.in("#s", "alice", "!stratego start @bob")
	h.in("#s", "bob", "!join")
	for j, line := range []string{"setup random", "setup random", "ready", "ready"} {
		h.dm([]string{"alice", "bob"}[j%2], "#s "+line)
	}
	want(t, h.in("#s", "alice", "!draw"), "#s", "offers a draw")
	want(t, h.in("#s", "bob", "!draw"), "#s", "drawn by agreement")
	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil || g.Ending != bot.EndAgreed || g.Winner != -1 {
		t.Fatalf("archived: got %+v, %v; want an agreed draw", g, err)
	}
	h.in("#s", "alice", "!rematch")
	rs := h.in("#s", "bob", "!rematch")
	want(t, rs, "#s", "(bob) vs")
	want(t, rs, "#s", "(alice)")
}
