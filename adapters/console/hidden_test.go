package console_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestChannelsAndPrivateMessages: /join switches the channel, /msg speaks
// privately, and every line not for the current channel says where it
// goes; a hidden kind's secrets are printed only as private lines of
// their owner.
func TestChannelsAndPrivateMessages(t *testing.T) {
	b := bot.Must(bot.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	in := strings.Join([]string{
		"/join #games",
		"<alice> guess start @bob",
		"<bob> join",
		"<alice> /msg hide 7",
		"<bob> /msg hide 3",
		"<alice> /msg ready",
		"/join #other",
		"<bob> /msg ready",
		"<carol> status",
		"/join #games",
		"<alice> 5",
		"<carol> board",
	}, "\n")
	var out bytes.Buffer
	c := &console.Console{In: strings.NewReader(in), Out: &out, Handler: b}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	wantLines := []string{
		"bob, alice challenges you to Guess as West: say !guess join within 5m0s.",
		"[private alice] Your number is 7. Say ready when it is final.",
		"[private bob] Your number is 3. Say ready when it is final.",
		"East is ready.",
		"[#games] West is ready.",
		"[private alice] East  7 (ready)",
		"[private bob] West  3 (ready)",
		"No game here. Say !start to open one (!games lists them).",
		"East (alice) plays 5. Lower. West (bob) to move.",
		"East  hidden (ready)",
	}
	for _, w := range wantLines {
		found := false
		for _, l := range lines {
			if l == w {
				found = true
			}
		}
		if !found {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	for _, l := range lines {
		if (strings.Contains(l, "7") && !strings.HasPrefix(l, "[private alice] ")) ||
			(strings.Contains(l, " 3 ") || strings.Contains(l, "is 3")) && !strings.HasPrefix(l, "[private bob] ") {
			t.Errorf("a secret printed for others: %q", l)
		}
	}
}
