package bot_test

import (
	"context"
	"sync"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// sentLines is a Sender that keeps the text of every reply it is given.
type sentLines struct {
	mu    sync.Mutex
	lines []string
}

func (s *sentLines) Send(_ context.Context, rs []bot.Reply) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rs {
		s.lines = append(s.lines, r.Text)
	}
	return nil
}

func (s *sentLines) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.lines)
}

// TestOpenGameLeavesTheAIToStartAI: a game put at a table by a feature
// (a tournament's game with a person) whose AI acts first does not play
// until StartAI, which the feature calls once it has told the table the
// game began: so the channel reads "Game on" before the AI's first move,
// however the goroutines run.
func TestOpenGameLeavesTheAIToStartAI(t *testing.T) {
	ctx := context.Background()
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	sent := &sentLines{}
	b.Async(sent)
	table := bot.Table{Network: "test", Channel: "#open"}
	says, err := b.OpenGame(ctx, table, bot.Opening{Kind: "guess", ID: "g1", Seats: []bot.Seat{
		{Kind: bot.SeatAI, Level: 2},
		{Kind: bot.SeatHuman, UserID: "u-alice", Name: "alice"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(says) == 0 {
		t.Fatal("OpenGame told the table nothing; want the game's announcement")
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if n := sent.count(); n != 0 {
		t.Fatalf("before StartAI: got %d lines sent (%q); want none", n, sent.lines)
	}
	if err := b.StartAI(ctx, table); err != nil {
		t.Fatal(err)
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if n := sent.count(); n == 0 {
		t.Fatal("after StartAI: got no lines sent; want the AI's first action")
	}
	// Said again, it finds nothing owed and sends nothing more.
	n := sent.count()
	if err := b.StartAI(ctx, table); err != nil {
		t.Fatal(err)
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if got := sent.count(); got != n {
		t.Errorf("StartAI with nothing owed: got %d more lines; want none", got-n)
	}
}
