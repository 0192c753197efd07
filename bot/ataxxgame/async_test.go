package ataxxgame_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// gateEngine thinks until the test opens its gate (or the search is
// canceled), then plays the first legal move.
type gateEngine struct {
	gate     chan struct{}
	started  chan string // the FEN of each search as it starts
	canceled chan struct{}
}

func newGate() *gateEngine {
	return &gateEngine{gate: make(chan struct{}), started: make(chan string, 16), canceled: make(chan struct{}, 16)}
}

func (g *gateEngine) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	g.started <- pos.FEN()
	select {
	case <-g.gate:
		return pos.LegalMoves()[0], nil
	case <-ctx.Done():
		g.canceled <- struct{}{}
		return ataxx.NoMove, ctx.Err()
	}
}

// inbox collects what the bot sends on its own, per channel.
type inbox struct {
	mu  sync.Mutex
	got map[string][]string
	new chan struct{}
}

func newInbox() *inbox { return &inbox{got: map[string][]string{}, new: make(chan struct{}, 100)} }

func (in *inbox) Send(_ context.Context, rs []bot.Reply) error {
	in.mu.Lock()
	for _, r := range rs {
		in.got[r.To.Channel] = append(in.got[r.To.Channel], r.Text)
	}
	in.mu.Unlock()
	in.new <- struct{}{}
	return nil
}

// wait returns the channel's messages once one contains want.
func (in *inbox) wait(t *testing.T, channel, want string) []string {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		in.mu.Lock()
		got := append([]string(nil), in.got[channel]...)
		in.mu.Unlock()
		if strings.Contains(strings.Join(got, "\n"), want) {
			return got
		}
		select {
		case <-in.new:
		case <-deadline:
			t.Fatalf("%s: no %q; got %q", channel, want, got)
		}
	}
}

func say(b *hosttest.Host, channel, user, text string) []bot.Reply {
	return b.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
}

func expectStart(t *testing.T, g *gateEngine) string {
	t.Helper()
	select {
	case fen := <-g.started:
		return fen
	case <-time.After(5 * time.Second):
		t.Fatal("no search started")
		return ""
	}
}

func TestAsyncAIDoesNotDelayOtherChannels(t *testing.T) {
	g := newGate()
	in := newInbox()
	b := hosttest.Must(hosttest.New(bot.Config{Searchers: 2}, memoryStore(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(in)
	defer b.Close()

	rs := say(b, "#a", "alice", "!ataxx start ai")
	rs = append(rs, say(b, "#a", "alice", "!a7-b6")...)
	if got := joined(rs); !strings.Contains(got, "Red (alice) plays a7-b6.") || strings.Contains(got, "Blue (AI level 3) plays") {
		t.Fatalf("#a: got %q; want the player's move answered at once, without the AI's", got)
	}
	expectStart(t, g) // #a's AI is thinking, and stays so
	done := make(chan []bot.Reply)
	go func() { done <- say(b, "#b", "carol", "!ataxx start") }()
	select {
	case rs := <-done:
		if !strings.Contains(joined(rs), "carol opened a game") {
			t.Fatalf("#b: got %q", joined(rs))
		}
	case <-time.After(2 * time.Second):
		t.Fatal("#b waited for #a's AI")
	}
	close(g.gate)
	in.wait(t, "#a", "Blue (AI level 3) plays")
}

func TestAsyncQueuedSearchSaysItWaits(t *testing.T) {
	g := newGate()
	in := newInbox()
	b := hosttest.Must(hosttest.New(bot.Config{Searchers: 1}, memoryStore(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(in)
	defer b.Close()
	say(b, "#a", "alice", "!ataxx start ai")
	say(b, "#a", "alice", "!a7-b6")
	expectStart(t, g)
	say(b, "#b", "bob", "!ataxx start ai")
	say(b, "#b", "bob", "!g1-f2")
	in.wait(t, "#b", "The AI is waiting its turn")
	close(g.gate)
	in.wait(t, "#a", "Blue (AI level 3) plays")
	in.wait(t, "#b", "Blue (AI level 3) plays")
}

func TestAsyncResignCancelsTheSearch(t *testing.T) {
	g := newGate()
	in := newInbox()
	b := hosttest.Must(hosttest.New(bot.Config{}, memoryStore(), nil, []bot.Kind{ataxxgame.New(g, ataxxgame.Options{})}, nil))
	b.Async(in)
	say(b, "#a", "alice", "!ataxx start ai")
	say(b, "#a", "alice", "!a7-b6")
	expectStart(t, g)
	if rs := say(b, "#a", "alice", "!resign"); !strings.Contains(joined(rs), "Red resigns. Blue wins.") {
		t.Fatalf("resign: got %q", joined(rs))
	}
	select {
	case <-g.canceled:
	case <-time.After(2 * time.Second):
		t.Fatal("the running search was not canceled by resign")
	}
	b.Close()
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, m := range in.got["#a"] {
		if strings.Contains(m, "plays") || strings.Contains(m, "error") {
			t.Fatalf("after resign the bot sent %q", m)
		}
	}
}
