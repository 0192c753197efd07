package spectate_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestSpectatorViews: a game that begins at a channel is listed as
// running, under its archive id, with the spectator's board (no hidden
// number); a game in a private conversation is not listed; a game that
// ends leaves the list and is found in the archive.
func TestSpectatorViews(t *testing.T) {
	ctx := context.Background()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	say := func(channel, user, text string, private bool) []bot.Reply {
		return b.Handle(ctx, bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text, Private: private, Addressed: private})
	}
	say("#w", "alice", "!guess start @bob", false)
	say("#w", "bob", "!join", false)
	say("", "alice", "#w hide 7", true)
	say("", "bob", "#w hide 3", true)
	say("", "carol", "start ai", true) // a private game: never listed

	running, err := b.RunningGames(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(running) != 1 {
		t.Fatalf("running games: got %d; want 1 (the channel's)", len(running))
	}
	g := running[0]
	if g.ID == "" || g.Kind != "guess" || g.Channel != "#w" || !g.Running {
		t.Errorf("running game: got id %q kind %q channel %q running %v; want an id, guess, #w, running", g.ID, g.Kind, g.Channel, g.Running)
	}
	if len(g.Players) != 2 || g.Players[0].Name != "alice" || g.Players[1].Name != "bob" {
		t.Errorf("players: got %+v; want alice and bob", g.Players)
	}
	for _, secret := range []string{"7", "3"} {
		if strings.Contains(g.Board, secret) || strings.Contains(g.Status, secret) {
			t.Errorf("a hidden number %s shows to a spectator:\n%s\n%s", secret, g.Status, g.Board)
		}
	}
	same, err := b.ViewGame(ctx, g.ID)
	if err != nil || same.Board != g.Board {
		t.Errorf("ViewGame(%s): got %v, board %q; want the running game's", g.ID, err, same.Board)
	}

	say("#w", "alice", "!ready", false)
	say("#w", "bob", "!ready", false)
	say("#w", "alice", "!resign", false)
	if running, err = b.RunningGames(ctx, 10); err != nil || len(running) != 0 {
		t.Errorf("after the end: got %d running (%v); want none", len(running), err)
	}
	over, err := b.ViewGame(ctx, g.ID)
	if err != nil {
		t.Fatalf("ViewGame(%s) after the end: %v", g.ID, err)
	}
	if over.Running || over.Result == "" || over.Ended.IsZero() || over.Board == "" {
		t.Errorf("finished game: got running %v, result %q, ended %v, board %q; want it over, from the archive, with its board", over.Running, over.Result, over.Ended, over.Board)
	}
	recent, err := b.RecentGames(ctx, "", 10)
	if err != nil || len(recent) != 1 || recent[0].ID != g.ID {
		t.Errorf("recent games: got %+v (%v); want game %s", recent, err, g.ID)
	}
	say("#w", "alice", "!guess start ai", false)
	if running, err = b.RunningGames(ctx, 10); err != nil || len(running) != 1 {
		t.Fatalf("a game against the AI: got %d running (%v); want 1", len(running), err)
	}
	say("#w", "alice", "!new", false) // abandoned for a fresh game in setup
	if running, err = b.RunningGames(ctx, 10); err != nil || len(running) != 0 {
		t.Errorf("after new: got %d running (%v); want none", len(running), err)
	}
	if _, err := b.ViewGame(ctx, "zzz"); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("ViewGame(zzz): got %v; want ErrNotFound", err)
	}
	if _, err := b.Leaderboard(ctx, "chess", 10); !errors.Is(err, bot.ErrNotFound) {
		t.Errorf("Leaderboard(chess): got %v; want ErrNotFound", err)
	}
}

// TestRunningIndexUnderConcurrency: two bots sharing one store (two
// processes) begin games at many tables at once; every game is listed
// once (the index is updated by compare-and-set), and every game that
// ends leaves it.
func TestRunningIndexUnderConcurrency(t *testing.T) {
	ctx := context.Background()
	st := memory.New()
	var bots []*hosttest.Host
	for range 2 {
		b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
		defer b.Close()
		bots = append(bots, b)
	}
	const tables = 16
	say := func(b *hosttest.Host, channel, user, text string) {
		b.Handle(ctx, bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
	}
	var wg sync.WaitGroup
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ch := fmt.Sprintf("#t%d", i)
			say(bots[i%2], ch, "a", "!guess start")
			say(bots[(i+1)%2], ch, "b", "!join")
		}()
	}
	wg.Wait()
	running, err := bots[0].RunningGames(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, g := range running {
		ids[g.ID] = true
	}
	if len(running) != tables || len(ids) != tables {
		t.Fatalf("running: got %d games, %d ids; want %d", len(running), len(ids), tables)
	}
	for i := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			say(bots[i%2], fmt.Sprintf("#t%d", i), "a", "!abort")
		}()
	}
	wg.Wait()
	if running, err = bots[1].RunningGames(ctx, 100); err != nil || len(running) != 0 {
		t.Errorf("after every game ended: got %d running (%v); want none", len(running), err)
	}
}
