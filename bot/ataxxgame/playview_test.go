package ataxxgame_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestPlayerViewGivesEachTheirMoment: a play page's view of an Ataxx
// table. In setup the players get the setup tools and nobody moves; in
// play the side to move gets its moves and the Pass, Draw, Resign
// buttons, the other side none of the moves, a spectator nothing to do;
// the clocks tick for the side to move only.
func TestPlayerViewGivesEachTheirMoment(t *testing.T) {
	h := newHarness(t, bot.Config{Prefix: "!", Archive: true})
	ctx := context.Background()
	table := bot.Table{Network: "test", Channel: "#test"}
	view := func(user string) bot.PlayView {
		t.Helper()
		v, err := h.bot.PlayerView(ctx, table, bot.User{ID: "id-" + user, Name: user})
		if err != nil {
			t.Fatalf("%s's view: %v", user, err)
		}
		return v
	}
	h.say("alice", "!start @bob 5m+2s")
	for _, c := range []struct {
		user  string
		seat  int
		tools bool
	}{
		{"alice", 0, true},
		{"carol", bot.Spectator, false},
	} {
		v := view(c.user)
		if v.Phase != "setup" || v.Seat != c.seat || (len(v.Surface.Tools) > 0) != c.tools || len(v.Surface.Moves) != 0 || v.Surface.Turn != -1 {
			t.Errorf("%s in setup: got phase %q seat %d, %d tools, %d moves, turn %d; want setup, seat %d, tools %v, no moves, turn -1",
				c.user, v.Phase, v.Seat, len(v.Surface.Tools), len(v.Surface.Moves), v.Surface.Turn, c.seat, c.tools)
		}
	}
	h.say("bob", "!join")
	for _, c := range []struct {
		user     string
		moves    bool
		commands []string
	}{
		{"alice", true, []string{"undo", "draw", "abort", "resign"}},
		{"bob", false, []string{"undo", "draw", "abort", "resign"}},
		{"carol", false, nil},
	} {
		v := view(c.user)
		var said []string
		for _, a := range v.Commands {
			said = append(said, a.Command)
		}
		if v.Phase != "playing" || (len(v.Surface.Moves) > 0) != c.moves || len(v.Surface.Tools) != 0 || !slices.Equal(said, c.commands) {
			t.Errorf("%s in play: got phase %q, %d moves, %d tools, commands %v; want playing, moves %v, no tools, commands %v",
				c.user, v.Phase, len(v.Surface.Moves), len(v.Surface.Tools), said, c.moves, c.commands)
		}
		if len(v.Clocks) != 2 || !v.Clocks[0].Running || v.Clocks[1].Running || v.Clocks[1].Left != 5*time.Minute {
			t.Errorf("%s's clocks: got %+v; want Red's running, Blue's stopped at 5m", c.user, v.Clocks)
		}
	}
	before := view("alice").Version
	h.clock.Advance(10 * time.Second)
	if v := view("alice"); v.Version != before || v.Clocks[0].Left != 5*time.Minute-10*time.Second {
		t.Errorf("10 s later: got version %q (was %q), Red's clock %v; want the same version and 4m50s", v.Version, before, v.Clocks[0].Left)
	}
	h.say("alice", "!a7-b6")
	if v := view("alice"); v.Version == before || len(v.Surface.Moves) != 0 || !slices.Equal(v.Surface.Last, []string{"a7", "b6"}) {
		t.Errorf("after a7-b6: got version %q (was %q), %d moves for Red, last %v; want a new version, none, [a7 b6]", v.Version, before, len(v.Surface.Moves), v.Surface.Last)
	}
}

// TestReplayOfAFinishedGameOnly: a running game's replay is refused; once
// it is over, every position since play began is given.
func TestReplayOfAFinishedGameOnly(t *testing.T) {
	h := newHarness(t, bot.Config{Prefix: "!", Archive: true})
	ctx := context.Background()
	h.say("alice", "!start @bob")
	h.say("bob", "!join")
	h.say("alice", "!a7-b6")
	h.say("bob", "!g7-f7")
	id := h.record().ID
	if _, _, err := h.bot.ReplayGame(ctx, id, nil); !errors.Is(err, bot.ErrNotSeated) {
		t.Errorf("replay of running game %s: got %v; want ErrNotSeated", id, err)
	}
	h.say("alice", "!resign")
	sf, frames, err := h.bot.ReplayGame(ctx, id, nil)
	if err != nil {
		t.Fatalf("replay of finished game %s: %v", id, err)
	}
	if len(frames) != 3 || frames[2].Move != "g7-f7" || len(frames[0].Pieces) != len(sf.Cells) || len(sf.Moves) != 0 {
		t.Errorf("replay: got %d frames (last move %q), %d pieces for %d cells, %d moves; want 3 frames ending g7-f7, a piece per cell, no moves",
			len(frames), frames[len(frames)-1].Move, len(frames[0].Pieces), len(sf.Cells), len(sf.Moves))
	}
	if _, _, err := h.bot.ReplayGame(ctx, "zzz", nil); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("replay of no game: got %v; want ErrNotFound", err)
	}
}
