package redis_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestHostArchivesAndRatesInRedis: a game played through the host on Redis
// is archived under its id and rates both players (two new players, one
// win: 1662 / 1338), read back by a second bot process.
func TestHostArchivesAndRatesInRedis(t *testing.T) {
	url := redistest.URL(t)
	prefix := fmt.Sprintf("hostarch%d", time.Now().UnixNano())
	newBot := func() *hosttest.Host {
		b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, open(t, url, prefix), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
		t.Cleanup(b.Close)
		return b
	}
	b := newBot()
	say := func(b *hosttest.Host, channel, user, text string) string {
		m := bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text}
		if channel == "" {
			m.Addressed, m.Private = true, true
		}
		var out []string
		for _, r := range b.Handle(context.Background(), m) {
			out = append(out, r.Text)
		}
		return strings.Join(out, "\n")
	}
	say(b, "#r", "alice", "!guess start @bob")
	if got := say(b, "#r", "bob", "!join"); !strings.Contains(got, "(game 1)") {
		t.Fatalf("join: got %q; want Game 1 begins", got)
	}
	say(b, "", "alice", "#r hide 4")
	say(b, "", "bob", "#r hide 6")
	say(b, "", "alice", "#r ready")
	say(b, "", "bob", "#r ready")
	say(b, "#r", "alice", "!guess guess 1")
	say(b, "#r", "bob", "!guess guess 1")
	if got := say(b, "#r", "alice", "!guess guess 6"); !strings.Contains(got, "(game 1)") {
		t.Fatalf("the winning guess: got %q; want (game 1)", got)
	}
	other := newBot() // another process on the same store
	for _, c := range []struct{ user, text, want string }{
		{"alice", "!rating", "alice: Guess 1662? ±290 (1 game)."},
		{"bob", "!rating guess", "bob: Guess 1338? ±290 (1 game)."},
		{"carol", "!top guess", " 1. alice 1662? ±290\n 2. bob 1338? ±290"},
		{"bob", "!history", " guess: East (alice) vs West (bob). East wins."},
		{"carol", "!game 1", "Game 1, guess"},
	} {
		if got := say(other, "#s", c.user, c.text); !strings.Contains(got, c.want) {
			t.Errorf("%s %s: got %q; want %q", c.user, c.text, got, c.want)
		}
	}

	// alice asks for a link code in one process and says it on another
	// network to the other: that identity is her player there.
	code := regexp.MustCompile(`[0-9A-Z]{5}-[0-9A-Z]{5}`).FindString(say(b, "", "alice", "link"))
	if code == "" {
		t.Fatal("link: got no code")
	}
	elsewhere := func(text string) string {
		var out []string
		for _, r := range other.Handle(context.Background(), bot.Message{Network: "discord", UserID: "77", Name: "Alice", Text: text, Addressed: true, Private: true}) {
			out = append(out, r.Text)
		}
		return strings.Join(out, "\n")
	}
	if got := elsewhere("link " + code); !strings.Contains(got, "Linked") {
		t.Fatalf("link CODE on another network: got %q; want Linked", got)
	}
	if got := elsewhere("rating"); !strings.Contains(got, "Alice: Guess 1662? ±290 (1 game).") {
		t.Errorf("rating on the linked identity: got %q; want alice's", got)
	}
	if got := elsewhere("link " + code); !strings.Contains(got, "already linked") {
		t.Errorf("the code again: got %q; want a refusal", got)
	}
}
