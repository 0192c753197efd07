package metrics_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestObserverFinishedArchivedGame: with the archive on, a game that
// ends is archived as it is saved and is still told finished, once.
func TestObserverFinishedArchivedGame(t *testing.T) {
	rec := &recorder{}
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil, hosttest.Observer(rec)))
	defer b.Close()
	say := func(line string, private bool) string {
		m := bot.Message{Network: "test", Channel: "#a", UserID: "id-dave", Name: "dave", Text: line}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		return text(b.Handle(context.Background(), m))
	}
	say("!guess start ai:5", false)
	say("#a hide 5", true)
	say("!ready", false)
	over := false
	for n := 1; n <= 9 && !over; n++ {
		rs := say(fmt.Sprintf("!%d", n), false)
		over = strings.Contains(rs, "wins.") || strings.Contains(rs, "Draw.")
	}
	if !over {
		t.Fatal("the game did not end")
	}
	if got, want := rec.started, []string{"guess"}; !slices.Equal(got, want) {
		t.Errorf("started: got %q; want %q", got, want)
	}
	if len(rec.finished) != 1 || !strings.HasPrefix(rec.finished[0], "guess ") {
		t.Errorf("finished: got %q; want one game of guess", rec.finished)
	}
}
