package irc_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestIRCBurstOfFiftyCommands: fifty commands in #g2 (from five players, as
// fast as the server takes them), then one in #g3 and one private query.
// Each answer goes out behind at most one whole message of #g2, not behind
// the rest of the burst: a watcher in both channels, and the private asker
// (also in #g2), count #g2's lines between the question and the answer. The
// latencies are logged.
func TestIRCBurstOfFiftyCommands(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	var burst []*ircdtest.Player
	for i := range 5 {
		p := ircdtest.Connect(t, s, fmt.Sprintf("p%d", i), fmt.Sprintf("p%d", i))
		p.Join("#g2")
		burst = append(burst, p)
	}
	asker := ircdtest.Connect(t, s, "asker", "asker")
	asker.Join("#g3")
	private := ircdtest.Connect(t, s, "private", "private")
	private.Join("#g2")
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	watcher.Join("#g2")
	watcher.Join("#g3")
	startBotConfig(t, s, irc.Config{Channels: []string{"#g2", "#g3"}})
	watcher.Expect(`^:ataxxbot!\S+ JOIN :?#g3`, wait)

	for i := range 50 {
		burst[i%5].Say("#g2", fmt.Sprintf("!ataxx frob%d", i)) // a one-line refusal each
	}
	// Ask once the bot is into the burst, with most of it still waiting.
	for range 8 {
		watcher.Expect(`^:ataxxbot!\S+ PRIVMSG #g2 :`, wait)
	}
	private.Sync() // what it read before asking does not count
	asked := time.Now()
	asker.Say("#g3", "!ataxx status")
	private.Say("ataxxbot", "status")
	lines := watcher.Expect(`^:ataxxbot!\S+ PRIVMSG #g3 :`, wait)
	t.Logf("#g3's answer came %v after the question", time.Since(asked).Round(time.Millisecond))
	plines := private.Expect(`^:ataxxbot!\S+ PRIVMSG private :`, wait)
	t.Logf("the private answer came %v after the question", time.Since(asked).Round(time.Millisecond))

	check := func(who string, lines []string, question string) {
		t.Helper()
		seen, forG2 := false, 0
		for _, l := range lines {
			switch {
			case strings.Contains(l, question):
				seen = true
			case seen && strings.HasPrefix(l, ":ataxxbot!") && strings.Contains(l, " PRIVMSG #g2 :"):
				forG2++
			}
		}
		if !seen {
			return // the question is not relayed to this client: count from the start
		}
		t.Logf("%s: %d lines to #g2 between the question and its answer", who, forG2)
		// One line of #g2 may be on its way as the answer is queued, and
		// one more goes while the handler works: no more than two
		// one-line messages, where the burst is tens.
		if forG2 > 2 {
			t.Errorf("%s: %d lines to #g2 went between the question and its answer; want at most 2:\n%s", who, forG2, strings.Join(lines, "\n"))
		}
	}
	check("#g3", lines, ":asker!")
	// The private asker does not see its own query: count from the
	// lines it read after asking.
	forG2 := len(ircdtest.FromBot(plines, "ataxxbot", "#g2"))
	t.Logf("private: %d lines to #g2 between the question and its answer", forG2)
	if forG2 > 3 {
		t.Errorf("private: %d lines to #g2 went before the private answer; want at most 3:\n%s", forG2, strings.Join(plines, "\n"))
	}
	checkWire(t, watcher, private)
}
