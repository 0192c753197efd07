package irc_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestIRCBurstDoesNotStarveAnotherChannel: while the bot works through a
// burst of boards in #a, a status asked in #b is answered after at most a
// few more of #a's lines, not after the burst. A watcher in both channels
// sees every line in the order the server relays them.
func TestIRCBurstDoesNotStarveAnotherChannel(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	alice := ircdtest.Connect(t, s, "alice", "alice")
	bob := ircdtest.Connect(t, s, "bob", "bob")
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	alice.Join("#a")
	bob.Join("#b")
	watcher.Join("#a")
	watcher.Join("#b")
	startBotConfig(t, s, irc.Config{Channels: []string{"#a", "#b"}})
	watcher.Expect(`^:ataxxbot!\S+ JOIN :?#b`, wait)

	alice.Say("#a", "!ataxx start ai")
	watcher.Expect(`PRIVMSG #a :Game on`, wait)
	for range 10 {
		alice.Say("#a", "!board")
	}
	// Ask in #b once #a's first burst has passed (the server takes lines
	// faster than the bot's pace, so none then wait in its buffer) and
	// tens of lines still wait in the bot.
	for range 8 {
		watcher.Expect(`^:ataxxbot!\S+ PRIVMSG #a :`, wait)
	}
	bob.Say("#b", "!ataxx status")
	lines := watcher.Expect(`^:ataxxbot!\S+ PRIVMSG #b :`, wait)
	asked, forA := false, 0
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, ":bob!") && strings.Contains(l, " PRIVMSG #b :"):
			asked = true
		case asked && strings.HasPrefix(l, ":ataxxbot!") && strings.Contains(l, " PRIVMSG #a :"):
			forA++
		}
	}
	if !asked {
		t.Fatalf("the watcher did not see bob's question before the answer; saw:\n%s", strings.Join(lines, "\n"))
	}
	// The handler takes a moment to answer, and a line may be on its way
	// when the answer is queued: a few lines, where one queue for every
	// channel sent the rest of the burst (tens of lines) first.
	t.Logf("%d lines to #a between the question in #b and its answer", forA)
	if forA > 4 {
		t.Errorf("the bot sent %d lines to #a between bob's question in #b and its answer; want at most 4:\n%s", forA, strings.Join(lines, "\n"))
	}
	checkWire(t, watcher)
}
