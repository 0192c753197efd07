package discord_test

import (
	"context"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// waitFor polls cond until it holds; a wait, not a timed assertion: the
// deadline only stops a test that would hang.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("got no %s; want it", what)
		}
	}
}

// TestConnectedFollowsTheGateway: the operator's gateway state is down
// before Run, up once the stand-in's gateway says READY, and down again
// after Run returns and the session is closed.
func TestConnectedFollowsTheGateway(t *testing.T) {
	f := discordtest.New(t, botUserID, appID)
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	a, err := discord.New(discord.Config{Token: "secret-token", AppID: appID, GuildIDs: []string{guildID}, HTTPClient: f.Client(),
		Catalog: discord.Catalog{Host: b.HostCommands(), Kinds: b.Kinds()}}, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Connected() {
		t.Fatal("before Run: got connected; want not")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	<-f.Ident
	waitFor(t, "connected state after READY", a.Connected)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: got %v; want nil", err)
	}
	waitFor(t, "disconnected state after Run", func() bool { return !a.Connected() })
}
