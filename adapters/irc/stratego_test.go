package irc_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// TestStrategoOnIRC: two players set up their armies in private queries and
// play in a channel of a real IRC server; no army row, no own view and no
// refusal naming a piece reaches the channel or the other player.
func TestStrategoOnIRC(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	_, alice, bob, carol := strategoReadyRed(t)
	bob.Say("#war", "!ready")
	carol.Expect(`PRIVMSG #war :Blue is ready\.`, wait)
	// A refusal that names a piece goes to its player alone.
	bob.Say("#war", "!a7-a6")
	bob.Expect(`PRIVMSG bob :`, wait)
	carol.Say("#war", "!board")
	carol.Expect(`PRIVMSG #war : *4 `, wait)

	own := regexp.MustCompile(`\b([rb])([1-9sBF])\b`)
	for _, p := range []*ircdtest.Player{alice, bob, carol} {
		for _, l := range p.All() {
			if !strings.HasPrefix(l, ":ataxxbot!") {
				continue
			}
			_, text, _ := strings.Cut(l, " PRIVMSG ")
			to, body, _ := strings.Cut(text, " :")
			for _, m := range own.FindAllStringSubmatch(body, -1) {
				colour := m[1]
				// A seat's pieces are shown only to that seat before combat.
				if to == "#war" || (colour == "r" && to != "alice") || (colour == "b" && to != "bob") {
					t.Errorf("%s saw %s, a hidden piece, in %q", p.Nick, m[0], l)
				}
			}
			if strings.Contains(body, "Your army") && to != p.Nick {
				t.Errorf("%s saw another's army: %q", p.Nick, l)
			}
		}
	}
	checkWire(t, alice, bob, carol)
}

// strategoReadyRed starts ngircd and a bot hosting Stratego in #war, where
// alice challenges bob (carol watches), both send their armies privately
// (alice fortress, bob progcomp) and alice is ready: Blue's ready is the
// caller's.
func strategoReadyRed(t *testing.T) (s *ircdtest.Server, alice, bob, carol *ircdtest.Player) {
	t.Helper()
	s = ircdtest.Start(t)
	alice = ircdtest.Connect(t, s, "alice", "alice")
	bob = ircdtest.Connect(t, s, "bob", "bob")
	carol = ircdtest.Connect(t, s, "carol", "carol")
	for _, p := range []*ircdtest.Player{alice, bob, carol} {
		p.Join("#war")
	}
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	startKinds(t, s, []bot.Kind{k}, "#war")
	alice.Expect(`^:ataxxbot!\S+ JOIN :?#war`, wait)

	alice.Say("#war", "!stratego start @bob")
	alice.Expect(`PRIVMSG #war :bob, alice challenges you to Stratego`, wait)
	bob.Say("#war", "!join")
	bob.Expect(`PRIVMSG #war :Blue is taken by bob`, wait)
	alice.Say("ataxxbot", "setup fortress")
	alice.Expect(`PRIVMSG alice :Your army`, wait)
	bob.Say("ataxxbot", "setup progcomp")
	bob.Expect(`PRIVMSG bob :Your army`, wait)
	alice.Say("ataxxbot", "ready")
	carol.Expect(`PRIVMSG #war :Red is ready\.`, wait)
	return s, alice, bob, carol
}
