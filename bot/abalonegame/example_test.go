package abalonegame_test

import (
	"context"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// A game between two players in a channel: a challenge on the Belgian
// daisy, a move in each notation, and the saved game.
func Example() {
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{abalonegame.New(abalonegame.Options{})}, nil))
	say := func(user, text string) {
		for _, r := range b.Handle(context.Background(), bot.Message{
			Network: "irc", Channel: "#abalone", UserID: user, Name: user, Text: text,
		}) {
			fmt.Println(r.Text)
		}
	}
	say("alice", "!abalone start @bob belgian")
	say("bob", "!abalone join")
	say("alice", "!a1b2")
	say("bob", "!3E1-E0")
	say("carol", "!abalone save")
	// Output:
	// Layout: belgian, Black to move.
	// bob, alice challenges you to Abalone as White: say !abalone join within 5m0s.
	// White is taken by bob.
	// Game on: Black (alice) vs White (bob). Black (alice) to move.
	// Black (alice) plays a1b2. 3 marbles in line. White (bob) to move.
	// White (bob) plays i5h5. 3 marbles in line. Black (alice) to move.
	// abalone load belgian
	//   1. a1b2 i5h5
}
