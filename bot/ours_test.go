package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestWhetherALineIsOursNeedsNoStore: whether a line is ours is read from
// its text alone (the host's verbs, the kinds' verbs, bare moves), before
// any store call. With the store down, another bot's command is silent
// wherever it is said; a line said to the bot (the console, a private
// message, a mention) whose first word is no command of ours is told so
// plainly, still without a store call; only a line that is ours meets
// the outage.
func TestWhetherALineIsOursNeedsNoStore(t *testing.T) {
	const (
		silence     = ""
		unknown     = `unknown command "weather"; say !help for the list`
		unavailable = "Storage unavailable, try again in a moment."
	)
	for _, tc := range []struct {
		name string
		m    bot.Message
		want string // the reply's text contains it; "": no reply
		// touches: the line is ours and may call the store.
		touches bool
	}{
		{name: "another bot's command in a channel is silent", m: bot.Message{Channel: "#g", Text: "!weather"}, want: silence},
		{name: "another bot's command with arguments is silent", m: bot.Message{Channel: "#g", Text: "!weather in paris"}, want: silence},
		{name: "the console's unknown command is told from the text", m: bot.Message{Channel: "console", Text: "!weather", Addressed: true}, want: unknown},
		{name: "an unknown command said to the bot is told from the text", m: bot.Message{Channel: "#g", Text: "weather", Addressed: true}, want: unknown},
		{name: "an unknown command in a private message is told from the text", m: bot.Message{Text: "weather", Addressed: true, Private: true}, want: unknown},
		{name: "an unknown command after a kind's name is told from the text", m: bot.Message{Channel: "#g", Text: "!guess weather"}, want: unknown},
		{name: "a private message naming a table and no command of ours", m: bot.Message{Text: "#g weather", Addressed: true, Private: true}, want: unknown},
		{name: "a host verb is ours", m: bot.Message{Channel: "#g", Text: "!status"}, want: unavailable, touches: true},
		{name: "a kind's verb is ours", m: bot.Message{Channel: "#g", Text: "!guesses"}, want: unavailable, touches: true},
		{name: "a bare move is ours", m: bot.Message{Channel: "#g", Text: "!42"}, want: unavailable, touches: true},
		{name: "a private host verb is ours", m: bot.Message{Text: "status", Addressed: true, Private: true}, want: unavailable, touches: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &countingStore{Store: nil}
			st.down.Store(true)
			h := newHarness(t, st)
			m := tc.m
			m.Network, m.UserID, m.Name = "test", "id-x", "x"
			rs := h.bot.Handle(context.Background(), m)
			switch {
			case tc.want == silence && len(rs) != 0:
				t.Errorf("got %s; want no reply", text(rs))
			case tc.want != silence && (len(rs) != 1 || !strings.Contains(rs[0].Text, tc.want) || !rs[0].Error):
				t.Errorf("got %s; want one refusal saying %q", text(rs), tc.want)
			}
			if n := st.calls.Load(); !tc.touches && n != 0 {
				t.Errorf("store calls: got %d; want 0", n)
			}
		})
	}
}
