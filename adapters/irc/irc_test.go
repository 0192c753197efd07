package irc_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

const wait = 60 * time.Second

// startBot runs the bot on the server, in channels, with Ataxx and the
// real AI.
func startBot(t *testing.T, s *ircdtest.Server, channels ...string) {
	t.Helper()
	startKinds(t, s, []bot.Kind{ataxxgame.New(ataxxai.NewPool(2, 8, 300*time.Millisecond), ataxxgame.Options{})}, channels...)
}

// startKinds runs the bot hosting kinds on the server, in channels.
func startKinds(t *testing.T, s *ircdtest.Server, kinds []bot.Kind, channels ...string) {
	t.Helper()
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, kinds, nil))
	off := false
	a, err := irc.New(irc.Config{Server: "127.0.0.1", Port: s.Port, TLS: &off, Nick: "ataxxbot", Channels: channels}, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Async(a)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); b.Close(); <-done })
}

// checkWire fails on any line from the bot that is not a clean PRIVMSG.
func checkWire(t *testing.T, ps ...*ircdtest.Player) {
	t.Helper()
	for _, p := range ps {
		for _, l := range p.All() {
			if !strings.HasPrefix(l, ":ataxxbot!") {
				continue
			}
			if strings.Contains(l, " QUIT ") || strings.HasPrefix(l, "ERROR") {
				t.Errorf("%s saw the bot leave: %q", p.Nick, l)
			}
			for _, r := range l {
				if r < 0x20 || r == 0x7f {
					t.Errorf("%s got a line from the bot with control %U: %q", p.Nick, r, l)
				}
			}
		}
	}
}

func TestIRC(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	alice := ircdtest.Connect(t, s, "alice", "alice")
	bob := ircdtest.Connect(t, s, "bob", "bob")
	carol := ircdtest.Connect(t, s, "carol", "carol")
	for _, p := range []*ircdtest.Player{alice, bob, carol} {
		p.Join("#ataxx")
	}
	startBot(t, s, "#ataxx", "#ai", "#burst")
	alice.Expect(`^:ataxxbot!\S+ JOIN :?#ataxx`, wait)

	t.Run("two players, blocks, a spectator, a nick change, an impostor", func(t *testing.T) {
		alice.Say("#ataxx", "!ataxx new")
		alice.Expect(`PRIVMSG #ataxx :New game of Ataxx in setup`, wait)
		alice.Say("#ataxx", "!blocks 3gh")
		alice.Expect(`PRIVMSG #ataxx :Blocks placed`, wait)
		alice.Say("#ataxx", "!ataxx start")
		alice.Expect(`PRIVMSG #ataxx :alice opened a game of Ataxx. Blue is open`, wait)
		bob.Say("#ataxx", "!ataxx join")
		bob.Expect(`PRIVMSG #ataxx :Game on: Red \(alice\) vs Blue \(bob\)\. Red \(alice\) to move\.`, wait)
		carol.Say("#ataxx", "!a7-a6")
		carol.Expect(`PRIVMSG #ataxx :not a player in this game`, wait)
		// Control bytes in an argument the bot echoes never reach the wire
		// (checkWire below reads every line the bot sent).
		carol.Say("#ataxx", "!ataxx fr\x01o\x02b\x7f\x03")
		carol.Expect(`PRIVMSG #ataxx :bad command: unknown command "fr`, wait)
		alice.Say("#ataxx", "!a7-a6")
		alice.Expect(`PRIVMSG #ataxx :Red \(alice\) plays a7-a6\. Blue \(bob\) to move\.`, wait)
		bob.Say("#ataxx", "!move g7-g6")
		bob.Expect(`PRIVMSG #ataxx :Blue \(bob\) plays g7-g6\.`, wait)

		// The dump, addressed without the prefix: nine lines, as the manual.
		alice.Say("#ataxx", "ataxxbot: dump")
		lines := ircdtest.FromBot(alice.Expect(`PRIVMSG #ataxx :===$`, wait), "ataxxbot", "#ataxx")
		lines = append(lines, ircdtest.FromBot(alice.Expect(`PRIVMSG #ataxx :===$`, wait), "ataxxbot", "#ataxx")...)
		want := []string{"===", "  r - - - - - b", "  r X - - - X b", "  - - X - X - -", "  - - X - X - -", "  - - X - X - -", "  - X - - - X -", "  b - - - - - r", "==="}
		if strings.Join(lines[len(lines)-9:], "\n") != strings.Join(want, "\n") {
			t.Errorf("dump on IRC:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}

		// bob changes nick and keeps his seat.
		bob.Raw("NICK bob2")
		bob.Expect(`NICK :?bob2`, wait)
		alice.Say("#ataxx", "!g1-g2")
		alice.Expect(`plays g1-g2`, wait)
		bob.Say("#ataxx", "!g6-g5")
		bob.Expect(`PRIVMSG #ataxx :Blue \(bob\) plays g6-g5\.`, wait)

		// A stranger takes the nick bob and tries Blue's next move.
		mallory := ircdtest.Connect(t, s, "bob", "mallory")
		mallory.Join("#ataxx")
		alice.Say("#ataxx", "!a6-a5")
		alice.Expect(`plays a6-a5`, wait)
		mallory.Say("#ataxx", "!g5-g4")
		mallory.Expect(`PRIVMSG #ataxx :not a player in this game`, wait)
		checkWire(t, alice, bob, carol, mallory)
	})

	t.Run("a player plays the AI to the end", func(t *testing.T) {
		dave := ircdtest.Connect(t, s, "dave", "dave")
		dave.Join("#ai")
		dave.Say("#ai", "!ataxx new")
		dave.Expect(`New game of Ataxx in setup`, wait)
		// Four empty squares left, Red to move.
		dave.Say("#ai", "!ataxx setfen xxxxooo/xxxxooo/xxxxooo/ooo1xxx/ooooxxx/ooooxxx/oo3xx x 0 20")
		dave.Expect(`Position set`, wait)
		dave.Say("#ai", "!ataxx start ai:1")
		dave.Expect(`Game on: Red \(dave\) vs Blue \(AI level 1\)`, wait)
		for turn := 0; turn < 20; turn++ {
			dave.Say("#ai", "!ataxx fen")
			fenLine := dave.Expect(`PRIVMSG #ai :\S+ [xo] \d+ \d+$`, wait)
			fen := fenLine[len(fenLine)-1][strings.Index(fenLine[len(fenLine)-1], " :")+2:]
			pos, err := ataxx.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			pos.SetRules(ataxx.RulesManual)
			if pos.IsOver() {
				break
			}
			if pos.Turn() != ataxx.Red {
				time.Sleep(200 * time.Millisecond) // the AI is thinking
				continue
			}
			m := pos.LegalMoves()[0]
			dave.Say("#ai", "!move "+pos.ManualNotation(m))
			// The first legal move may be a pass when Red is blocked.
			got := dave.Expect(`PRIVMSG #ai :(Red \(dave\) (plays|passes)|Red wins|Blue wins|Draw)`, wait)
			// The channel reads the move before the AI's reply to it.
			for _, line := range got[:len(got)-1] {
				if strings.Contains(line, "PRIVMSG #ai :Blue (AI level 1) plays") {
					t.Fatalf("turn %d: got the AI's reply %q before the move's; want the move first", turn, line)
				}
			}
			if strings.Contains(got[len(got)-1], "wins.") || strings.Contains(got[len(got)-1], "Draw.") {
				break
			}
		}
		dave.Say("#ai", "!ataxx status")
		dave.Expect(`PRIVMSG #ai :Ataxx: game over: (Red wins|Blue wins|Draw) \(`, wait)
		checkWire(t, dave)
	})

	t.Run("notices are never answered", func(t *testing.T) {
		carol.Raw("NOTICE #ataxx :!ataxx fen")
		carol.Say("#ataxx", "!ataxx status")
		// Replies go out in order: were the NOTICE answered, its FEN would
		// come first.
		lines := carol.Expect(`^:ataxxbot!\S+ PRIVMSG #ataxx :`, wait)
		if got := ircdtest.FromBot(lines, "ataxxbot", "#ataxx"); len(got) != 1 || strings.Count(got[0], "/") == 6 {
			t.Fatalf("after a NOTICE (fen) and a PRIVMSG (status) the bot said %q; want only the status", got)
		}
	})

	t.Run("a burst of commands does not get the bot disconnected", func(t *testing.T) {
		ps := []*ircdtest.Player{ircdtest.Connect(t, s, "erin", "erin"), ircdtest.Connect(t, s, "frank", "frank"), ircdtest.Connect(t, s, "grace", "grace")}
		for _, p := range ps {
			p.Join("#burst")
		}
		ps[0].Say("#burst", "!ataxx start ai")
		ps[0].Expect(`Game on`, wait)
		for i := range 10 {
			ps[i%3].Say("#burst", "!board")
		}
		ps[1].Expect(`PRIVMSG #burst :\(\d+ older replies skipped to stay within the server's flood limits\)`, 2*wait)
		ps[2].Say("#burst", "!ataxx status")
		ps[2].Expect(`PRIVMSG #burst :Ataxx: Red \(erin\), Blue \(AI level 3\)\. Rules manual`, 2*wait)
		checkWire(t, ps...)
	})
}

// TestIRCNickTakenAndReconnect: the bot takes another nick when its own is
// in use, and after the server restarts it reconnects and rejoins.
func TestIRCNickTakenAndReconnect(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	squatter := ircdtest.Connect(t, s, "ataxxbot", "squatter")
	squatter.Join("#ataxx")
	startBot(t, s, "#ataxx")
	squatter.Expect(`^:ataxxbot_!\S+ JOIN :?#ataxx`, wait)
	squatter.Say("#ataxx", "ataxxbot_: status")
	squatter.Expect(`^:ataxxbot_!\S+ PRIVMSG #ataxx :No game here`, wait)

	s.Stop()
	s.Restart()
	p := ircdtest.Connect(t, s, "yann", "yann")
	// The bot rejoins within the 1 s, 2 s, ... backoff: before yann (in
	// the names list, under either nick, as the channel's operator if it
	// came first) or after (its JOIN).
	back := false
	for _, l := range p.Join("#ataxx") {
		back = back || regexp.MustCompile(` 353 yann [=*@] #ataxx :(.* )?[~&@%+]?ataxxbot_?( |$)`).MatchString(l)
	}
	if !back {
		p.Expect(`^:ataxxbot_?!\S+ JOIN :?#ataxx`, wait)
	}
	p.Say("#ataxx", "!ataxx status")
	p.Expect(`PRIVMSG #ataxx :No game here`, wait)
}
