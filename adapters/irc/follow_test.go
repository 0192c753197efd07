package irc_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestIRCPrivateViewFollowsIdentity: a seated Stratego player's private
// view goes to the connection that holds the seat's identity now, never to
// a nick. Two hosts: the players on 127.0.0.1, the strangers on 127.0.0.2.
//
//   - bob changes nick to bob2 and mallory (127.0.0.2) takes "bob": the
//     view after alice's move goes to bob2, nothing to mallory.
//   - bob2 quits and eve (127.0.0.2) takes "bob2": after alice's next
//     move eve gets nothing; bob comes back as bob from 127.0.0.1, says
//     board privately, and gets his view.
//
// Then every line each connection received is audited against what that
// party may see.
func TestIRCPrivateViewFollowsIdentity(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s, alice, bob, carol := strategoReadyRed(t)
	bob.Say("ataxxbot", "ready")
	carol.Expect(`PRIVMSG #war :Blue is ready\.`, wait)
	bob.Expect(`PRIVMSG bob : *7 `, wait) // his view as the game starts

	// (a) A nick change: the view follows bob to bob2; mallory, who
	// takes "bob" from another host, gets nothing.
	bob.Raw("NICK bob2")
	carol.Expect(`^:bob!\S+ NICK :?bob2`, wait)
	mallory := ircdtest.ConnectFrom(t, s, "127.0.0.2", "bob", "bob")
	mallory.Join("#war")
	alice.Say("#war", "!a4-a5")
	carol.Expect(`PRIVMSG #war :Red \(alice\) plays a4-a5`, wait)
	bob.Expect(`PRIVMSG bob2 :r/b: Red/Blue`, wait) // the view's last line
	bob.Say("#war", "!f7-f6")
	carol.Expect(`PRIVMSG #war :Blue \(bob\) plays f7-f6`, wait)
	bob.Expect(`PRIVMSG bob2 :r/b: Red/Blue`, wait)
	mallory.Sync()
	mallory.Quit()

	// (b) A quit: eve takes bob2 from another host and gets nothing of
	// the army after alice's move.
	bob.Quit()
	eve := ircdtest.ConnectFrom(t, s, "127.0.0.2", "bob2", "bob")
	eve.Join("#war")
	alice.Say("#war", "!a5-a6")
	carol.Expect(`PRIVMSG #war :Red \(alice\) plays a5-a6`, wait)

	// bob comes back under the identity that holds the seat (nick bob
	// from his host) and asks for the board.
	back := ircdtest.Connect(t, s, "bob", "bob")
	back.Join("#war")
	back.Say("ataxxbot", "board")
	back.Expect(`PRIVMSG bob :10 .*\bbF\b`, wait)
	// A view for bob's seat queued while he was away would have gone
	// out before his answer, and eve would have it by now.
	back.Expect(`PRIVMSG bob :r/b: Red/Blue`, wait)
	eve.Sync()

	// The audit: who may see what, by connection.
	sees := map[*ircdtest.Player]string{alice: "r", bob: "b", back: "b", carol: "", mallory: "", eve: ""}
	name := map[*ircdtest.Player]string{alice: "alice", bob: "bob", back: "bob (back)", carol: "carol", mallory: "mallory", eve: "eve"}
	piece := regexp.MustCompile(`\b([rb])([1-9sBF])\b`)
	for p, may := range sees {
		for _, l := range p.All() {
			if !strings.HasPrefix(l, ":ataxxbot!") {
				continue
			}
			_, text, _ := strings.Cut(l, " PRIVMSG ")
			to, body, _ := strings.Cut(text, " :")
			if to == "#war" {
				if m := piece.FindString(body); m != "" {
					t.Errorf("the channel saw %s, a hidden piece, in %q", m, l)
				}
				continue
			}
			for _, m := range piece.FindAllStringSubmatch(body, -1) {
				if !strings.Contains(may, m[1]) {
					t.Errorf("%s saw %s, a hidden piece, in %q", name[p], m[0], l)
				}
			}
			if strings.Contains(body, "Your army") && may == "" {
				t.Errorf("%s saw an army: %q", name[p], l)
			}
		}
	}
	if t.Failed() {
		t.Logf("mallory:\n%s", strings.Join(mallory.All(), "\n"))
	}
	checkWire(t, alice, carol, back, eve)
}

// TestIRCQueryFromOutsideChannels: a user who shares no channel with the
// bot (so it cannot follow their nick) is still answered in a private
// query, at the nick they asked from.
func TestIRCQueryFromOutsideChannels(t *testing.T) {
	t.Parallel() // each runs its own ngircd
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	watcher.Join("#q")
	startBot(t, s, "#q")
	watcher.Expect(`^:ataxxbot!\S+ JOIN :?#q`, wait)
	loner := ircdtest.ConnectFrom(t, s, "127.0.0.2", "loner", "loner")
	loner.Say("ataxxbot", "status")
	loner.Expect(`^:ataxxbot!\S+ PRIVMSG loner :No game here`, wait)
}
