package irc_test

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
)

// TestIRCFormattedCommandsAreAnswered: a command typed with IRC
// formatting codes (bold, a colour inside a move, a trailing reset) is
// read as the command without them, on a real server.
func TestIRCFormattedCommandsAreAnswered(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	p := ircdtest.Connect(t, s, "rosa", "rosa")
	p.Join("#colours")
	startBot(t, s, "#colours")
	p.Expect(`^:ataxxbot!\S+ JOIN :?#colours`, wait)
	steps := []struct{ name, say, want string }{
		{"bold", "\x02!start\x02 ai:1", `PRIVMSG #colours :Game on: Red \(rosa\)`},
		{"colour inside a move", "!a7\x0304-b6", `PRIVMSG #colours :Red \(rosa\) plays a7-b6`},
		{"reset at the end", "!status\x0f", `PRIVMSG #colours :Ataxx: Red \(rosa\)`},
	}
	for _, st := range steps {
		p.Say("#colours", st.say)
		p.Expect(st.want, wait)
	}
	checkWire(t, p)
}
