package strategogame_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestClockStartsAfterTheSetup: the armies' setup is not timed; Red's
// time runs from the moment play begins, and its flag falls then plus
// its time, announced with seat names only.
func TestClockStartsAfterTheSetup(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	clk := &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), clk, []bot.Kind{k}, nil))
	defer b.Close()
	say := func(user, text string, private bool) []bot.Reply {
		m := bot.Message{Network: "test", Channel: "#g", UserID: "id-" + user, Name: user, Text: text}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		return b.Handle(context.Background(), m)
	}
	say("alice", "!stratego start @bob 2m", false)
	say("bob", "!join", false)
	say("alice", "setup random", true)
	clk.Advance(10 * time.Minute)
	say("bob", "setup random", true)
	say("alice", "ready", true)
	clk.Advance(time.Minute)
	say("bob", "ready", true)
	if got := dump(say("carol", "!status", false)); !strings.Contains(got, "Red 2:00 (to move), Blue 2:00.") {
		t.Fatalf("status as play begins: got %q; want both clocks full, Red to move", got)
	}
	clk.Advance(2 * time.Minute)
	rs := say("carol", "!status", false)
	if len(rs) == 0 || rs[0].Private || rs[0].Text != "Red loses on time. Blue wins." {
		t.Fatalf("the flag: got %q; want first, in the channel, exactly \"Red loses on time. Blue wins.\"", dump(rs))
	}
}

// Advance moves the clock on by d.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
