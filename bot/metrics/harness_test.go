package metrics_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// harness is a host of Guess that tests talk to as chat users on the
// network "test".
type harness struct {
	bot *hosttest.Host
}

// newHarness builds the host over store (nil: a fresh memory store).
func newHarness(t *testing.T, store bot.Store, opts ...hosttest.Option) *harness {
	t.Helper()
	if store == nil {
		store = memory.New()
	}
	b, err := hosttest.New(bot.Config{Admins: []string{"id-admin"}}, store, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return &harness{bot: b}
}

// in says text in channel as user; text beginning "/msg " is said
// privately instead, naming the channel's table (a setup's secret).
func (h *harness) in(channel, user, text string) []bot.Reply {
	if rest, ok := strings.CutPrefix(text, "/msg "); ok {
		return h.bot.Handle(context.Background(), bot.Message{Network: "test", UserID: "id-" + user, Name: user, Text: channel + " " + rest, Addressed: true, Private: true})
	}
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
}

// audience is who sees a reply: "#chan" or "private:user-id".
func audience(r bot.Reply) string {
	if r.Private {
		return "private:" + r.User.ID
	}
	return r.To.Channel
}

func text(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, audience(r)+"> "+r.Text)
	}
	return strings.Join(parts, "\n")
}

func want(t *testing.T, rs []bot.Reply, aud, substr string) {
	t.Helper()
	for _, r := range rs {
		if audience(r) == aud && strings.Contains(r.Text, substr) {
			return
		}
	}
	t.Fatalf("got:\n%s\nwant %q to %s", text(rs), substr, aud)
}
