package bot_test

import (
	"context"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// drain returns the lines in.got holds now, without waiting.
func (in *flagInbox) drain() []string {
	var lines []string
	for {
		select {
		case l := <-in.got:
			lines = append(lines, l)
		default:
			return lines
		}
	}
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
	sent := &flagInbox{got: make(chan string, 100)}
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
	if lines := sent.drain(); len(lines) != 0 {
		t.Fatalf("before StartAI: got %d lines sent (%q); want none", len(lines), lines)
	}
	if err := b.StartAI(ctx, table); err != nil {
		t.Fatal(err)
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if lines := sent.drain(); len(lines) == 0 {
		t.Fatal("after StartAI: got no lines sent; want the AI's first action")
	}
	// Said again, it finds nothing owed and sends nothing more.
	if err := b.StartAI(ctx, table); err != nil {
		t.Fatal(err)
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if lines := sent.drain(); len(lines) != 0 {
		t.Errorf("StartAI with nothing owed: got %d more lines (%q); want none", len(lines), lines)
	}
}
