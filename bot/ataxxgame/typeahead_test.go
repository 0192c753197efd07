package ataxxgame_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// typed says text at the console's way: a line that may come before its
// turn (Caps.TypeAhead).
func typed(ctx context.Context, b *hosttest.Host, channel, user, text string) []bot.Reply {
	return b.Handle(ctx, bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text,
		Addressed: true, Caps: bot.Caps{TypeAhead: true}})
}

// TestTypeAheadWaitsForTheAI: a move typed ahead of the AI (the console)
// waits until the AI has moved, then is played; the same move said in chat
// is refused at once; a move out of turn with no AI to wait for is refused
// at once even when typed ahead.
func TestTypeAheadWaitsForTheAI(t *testing.T) {
	g := newGate()
	in := newInbox()
	b := hosttest.Must(hosttest.New(bot.Config{}, memoryStore(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(in)
	defer b.Close()
	say(b, "#a", "alice", "!ataxx start ai")
	say(b, "#a", "alice", "!a7-b6")
	expectStart(t, g) // the AI thinks, and stays so

	if got := joined(say(b, "#a", "alice", "!a7-a6")); !strings.Contains(got, "not your turn") {
		t.Fatalf("in chat, a move while the AI thinks: got %q; want a refusal", got)
	}
	done := make(chan []bot.Reply, 1)
	go func() { done <- typed(context.Background(), b, "#a", "alice", "a7-a6") }()
	select {
	case rs := <-done:
		t.Fatalf("typed ahead: answered %q before the AI moved; want it to wait", joined(rs))
	case <-time.After(100 * time.Millisecond):
	}
	close(g.gate)
	select {
	case rs := <-done:
		if got := joined(rs); !strings.Contains(got, "Red (alice) plays a7-a6.") {
			t.Fatalf("typed ahead, after the AI's move: got %q; want the move played", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("typed ahead: not played after the AI moved")
	}
	in.wait(t, "#a", "Blue (AI level 3) plays")

	// Two people: nothing to wait for.
	say(b, "#b", "carol", "!ataxx start @dave")
	say(b, "#b", "dave", "!join")
	if got := joined(typed(context.Background(), b, "#b", "dave", "g7-f7")); !strings.Contains(got, "not your turn") {
		t.Errorf("typed out of turn between two people: got %q; want a refusal at once", got)
	}
}

// TestTypeAheadBoundedByContext: a line waiting for the AI gives up when
// its context ends (the console stops), with the refusal.
func TestTypeAheadBoundedByContext(t *testing.T) {
	g := newGate()
	b := hosttest.Must(hosttest.New(bot.Config{}, memoryStore(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(newInbox())
	defer b.Close()
	say(b, "#a", "alice", "!ataxx start ai")
	say(b, "#a", "alice", "!a7-b6")
	expectStart(t, g)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if got := joined(typed(ctx, b, "#a", "alice", "a7-a6")); !strings.Contains(got, "not your turn") {
		t.Errorf("typed ahead, context ended: got %q; want the refusal", got)
	}
}

// failOnce fails its first search, as an engine that crashed, then plays
// the first legal move.
type failOnce struct{ calls atomic.Int32 }

func (f *failOnce) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	if f.calls.Add(1) == 1 {
		return ataxx.NoMove, errors.New("engine crashed")
	}
	return pos.LegalMoves()[0], nil
}

// TestTypeAheadWaitsForOwedWork: when the AI's move failed and is owed
// (to be retried later), a move typed ahead has the AI try again now and
// waits for it, instead of being refused.
func TestTypeAheadWaitsForOwedWork(t *testing.T) {
	in := newInbox()
	b := hosttest.Must(hosttest.New(bot.Config{}, memoryStore(), nil, []bot.Kind{ataxxgame.New(&failOnce{}, ataxxgame.Options{})}, nil))
	b.Async(in)
	defer b.Close()
	say(b, "#a", "alice", "!ataxx start ai")
	say(b, "#a", "alice", "!a7-b6")
	in.wait(t, "#a", "The AI could not move")
	if err := b.Settle(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if got := joined(typed(ctx, b, "#a", "alice", "a7-a6")); !strings.Contains(got, "Red (alice) plays a7-a6.") {
		t.Errorf("typed ahead of owed AI work: got %q; want the AI to move, then this move", got)
	}
	in.wait(t, "#a", "Blue (AI level 3) plays")
}
