package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestRespondDeliversBeforeTheAIAnswers: on an Async bot, Respond hands a
// move's replies to its deliver before the AI's answer to the move is
// sent, however long deliver takes to send them: a channel reads the
// player's move before the AI's reply to it.
func TestRespondDeliversBeforeTheAIAnswers(t *testing.T) {
	ctx := context.Background()
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	sent := &flagInbox{got: make(chan string, 100)}
	b.Async(sent)
	say(b.Bot, "#r", "alice", "!guess start ai:2")
	say(b.Bot, "", "alice", "hide 4")
	say(b.Bot, "", "alice", "ready")
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	sent.drain()

	// Alice guesses a number the AI did not hide: a right guess ends the
	// game, and the AI would owe no answer.
	guess := 1
	if aiHidden(t, st, "test:#r") == guess {
		guess = 2
	}
	delivered := false
	move := bot.Message{Network: "test", Channel: "#r", UserID: "id-alice", Name: "alice", Text: fmt.Sprintf("!guess guess %d", guess)}
	b.Respond(ctx, move, func(rs []bot.Reply) {
		if len(rs) == 0 {
			t.Error("the move's replies: got none; want the move's answer")
		}
		// A slow network: an AI started with the move has long answered.
		time.Sleep(200 * time.Millisecond)
		if lines := sent.drain(); len(lines) != 0 {
			t.Errorf("while the move's replies were delivered: got %q sent; want nothing yet", lines)
		}
		delivered = true
	})
	if !delivered {
		t.Fatal("Respond returned without delivering the replies")
	}
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if lines := sent.drain(); len(lines) == 0 {
		t.Error("after the move's replies: got nothing sent; want the AI's answer")
	}
}

// aiHidden reads, from the store, the number the AI (the second seat) hid
// in the Guess game at key.
func aiHidden(t *testing.T, st bot.Store, key string) int {
	t.Helper()
	rec := storedRecord(t, st, key)
	var guess struct {
		Hidden [2]int `json:"hidden"`
	}
	if err := json.Unmarshal(rec.State, &guess); err != nil {
		t.Fatalf("the Guess state %s: %v", rec.State, err)
	}
	if guess.Hidden[1] == 0 {
		t.Fatalf("the AI hid nothing: state %s", rec.State)
	}
	return guess.Hidden[1]
}
