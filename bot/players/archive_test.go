package players_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestKeptAsItEnds: a game that ends is in the archive, and in the recent
// games, as soon as its end is answered; one aborted before each side
// moved is not kept at its end.
func TestKeptAsItEnds(t *testing.T) {
	st := memory.New()
	h := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	t.Cleanup(h.Close)
	ctx := context.Background()
	say := func(user, text string) []bot.Reply {
		m := bot.Message{Network: "test", Channel: "#a", UserID: "id-" + user, Name: user, Text: text}
		if rest, ok := strings.CutPrefix(text, "/msg "); ok {
			m = bot.Message{Network: "test", UserID: "id-" + user, Name: user, Text: rest, Addressed: true, Private: true}
		}
		return h.Handle(ctx, m)
	}
	begin := func() {
		say("alice", "!guess start @bob")
		say("bob", "!join")
		say("alice", "/msg hide 4")
		say("bob", "/msg hide 6")
		say("alice", "/msg ready")
		say("bob", "/msg ready")
	}
	archived := func(id string) bool {
		t.Helper()
		_, err := st.ArchivedGame(ctx, id)
		if err != nil && !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("archived game %s: %v", id, err)
		}
		return err == nil
	}

	begin() // game 1
	say("alice", "!abort")
	if archived("1") {
		t.Errorf("game 1, aborted: archived; want it not kept")
	}
	begin() // game 2
	say("alice", "!guess guess 1")
	say("bob", "!guess guess 2")
	say("alice", "!guess guess 6")
	if !archived("2") {
		t.Errorf("game 2, ended: not archived; want it kept")
	}
	recent, err := h.RecentGames(ctx, "guess", 10)
	if err != nil || !slices.ContainsFunc(recent, func(v bot.GameView) bool { return v.ID == "2" && v.Result != "" }) {
		t.Errorf("recent games: got %+v (%v); want game 2 with its result", recent, err)
	}
}
