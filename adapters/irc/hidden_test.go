package irc_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
)

// TestHiddenKindNoLeak: a game with hidden information (the host's toy
// kind) on a real IRC server: the setup typed in private queries reaches
// the channel's table, each player's secret reaches them alone by private
// message, and neither the channel nor the other player ever sees it
// before the end.
func TestHiddenKindNoLeak(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	alice := ircdtest.Connect(t, s, "alice", "alice")
	bob := ircdtest.Connect(t, s, "bob", "bob")
	carol := ircdtest.Connect(t, s, "carol", "carol")
	for _, p := range []*ircdtest.Player{alice, bob, carol} {
		p.Join("#hidden")
	}
	startKinds(t, s, []bot.Kind{guessgame.New(guessgame.Options{})}, "#hidden")
	alice.Expect(`^:ataxxbot!\S+ JOIN :?#hidden`, wait)

	alice.Say("#hidden", "!guess start @bob")
	alice.Expect(`PRIVMSG #hidden :bob, alice challenges you to Guess`, wait)
	bob.Say("#hidden", "!join")
	bob.Expect(`PRIVMSG #hidden :West is taken by bob`, wait)
	alice.Say("ataxxbot", "hide 7")
	alice.Expect(`PRIVMSG alice :Your number is 7\.`, wait)
	bob.Say("ataxxbot", "hide 3")
	bob.Expect(`PRIVMSG bob :Your number is 3\.`, wait)
	alice.Say("ataxxbot", "ready")
	alice.Expect(`PRIVMSG #hidden :East is ready\.`, wait)
	bob.Say("#hidden", "!ready")
	bob.Expect(`PRIVMSG bob :West  3 \(ready\)`, wait)
	alice.Expect(`PRIVMSG alice :East  7 \(ready\)`, wait)
	carol.Say("#hidden", "!board")
	carol.Expect(`PRIVMSG #hidden :West  hidden \(ready\)`, wait)
	bob.Say("#hidden", "!4") // out of turn: told privately
	bob.Expect(`PRIVMSG bob :not your turn`, wait)
	alice.Say("#hidden", "!5")
	carol.Expect(`PRIVMSG #hidden :East \(alice\) plays 5\. Lower\.`, wait)

	for _, p := range []*ircdtest.Player{alice, bob, carol} {
		for _, l := range p.All() {
			if !strings.HasPrefix(l, ":ataxxbot!") {
				continue
			}
			secretOfAlice := strings.Contains(l, "East  7") || strings.Contains(l, "number is 7")
			secretOfBob := strings.Contains(l, "West  3") || strings.Contains(l, "number is 3")
			if secretOfAlice && !strings.Contains(l, "PRIVMSG alice :") || secretOfBob && !strings.Contains(l, "PRIVMSG bob :") {
				t.Errorf("%s saw another's secret: %q", p.Nick, l)
			}
		}
	}
	checkWire(t, alice, bob, carol)
}
