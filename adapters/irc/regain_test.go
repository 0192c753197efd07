package irc_test

import (
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestIRCRegainsNick (issue 20, item 7): the bot comes up as ataxxbot_
// because a client holds ataxxbot; when that client quits, the bot takes
// its configured nick back. The holder shares no channel with the bot, so
// the bot cannot see it quit: it asks the server (ISON) every RegainEvery.
func TestIRCRegainsNick(t *testing.T) {
	t.Parallel() // each runs its own ngircd
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	squatter := ircdtest.Connect(t, s, "ataxxbot", "squatter")
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	watcher.Join("#regain")
	startBotConfig(t, s, irc.Config{Channels: []string{"#regain"}, RegainEvery: time.Second})
	watcher.Expect(`^:ataxxbot_!\S+ JOIN :?#regain`, wait)
	squatter.Quit()
	watcher.Expect(`^:ataxxbot_!\S+ NICK :?ataxxbot$`, 15*time.Second)
	watcher.Say("#regain", "!ataxx status")
	watcher.Expect(`^:ataxxbot!\S+ PRIVMSG #regain :No game here`, wait)
}

// TestIRCRegainsNickOnQuit: a holder in the bot's channel is seen to
// quit, and the bot takes the nick back at once, not at the next poll.
func TestIRCRegainsNickOnQuit(t *testing.T) {
	t.Parallel() // each runs its own ngircd
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	squatter := ircdtest.Connect(t, s, "ataxxbot", "squatter")
	squatter.Join("#regain")
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	watcher.Join("#regain")
	startBotConfig(t, s, irc.Config{Channels: []string{"#regain"}, RegainEvery: time.Hour})
	watcher.Expect(`^:ataxxbot_!\S+ JOIN :?#regain`, wait)
	squatter.Quit()
	watcher.Expect(`^:ataxxbot_!\S+ NICK :?ataxxbot$`, 15*time.Second)
}
