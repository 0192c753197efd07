package irc_test

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// startBotConfig runs the bot on the server with cfg (its server, port,
// TLS and nick filled in).
func startBotConfig(t *testing.T, s *ircdtest.Server, cfg irc.Config) {
	t.Helper()
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{ataxxgame.New(ataxxai.NewPool(1, 8, 300*time.Millisecond), ataxxgame.Options{})}, nil))
	off := false
	cfg.Server, cfg.Port, cfg.TLS, cfg.Nick = "127.0.0.1", s.Port, &off, "ataxxbot"
	a, err := irc.New(cfg, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Async(a)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); b.Close(); <-done })
}

// replyTo waits for the bot's next line in channel and returns its text:
// the first line p has not yet read.
func replyTo(t *testing.T, p *ircdtest.Player, channel string) string {
	t.Helper()
	lines := ircdtest.FromBot(p.Expect(`^:ataxxbot!\S+ PRIVMSG `+regexp.QuoteMeta(channel)+` :`, wait), "ataxxbot", channel)
	return lines[len(lines)-1]
}

// TestIRCIdentityNotSpoofable: ngircd does no ident lookups (its idents
// all come with "~"), and two clients connect from the same host; the
// second says USER alice, and later takes the nick alice while alice is
// on under another nick. Neither time does it get alice's seat.
func TestIRCIdentityNotSpoofable(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	alice := ircdtest.Connect(t, s, "alice", "alice")
	mallory := ircdtest.Connect(t, s, "mallory", "alice") // same host, same USER
	alice.Join("#id")
	mallory.Join("#id")
	startBotConfig(t, s, irc.Config{Channels: []string{"#id"}})
	alice.Expect(`^:ataxxbot!\S+ JOIN :?#id`, wait)

	alice.Say("#id", "!ataxx start ai")
	alice.Expect(`PRIVMSG #id :Game on: Red \(alice\)`, wait)
	mallory.Expect(`PRIVMSG #id :Game on: Red \(alice\)`, wait)
	playsRe := regexp.MustCompile(`plays a7-a6`)

	mallory.Say("#id", "!a7-a6")
	if got := replyTo(t, mallory, "#id"); playsRe.MatchString(got) {
		t.Fatalf("a second client from alice's host with USER alice moved for her: %q", got)
	}
	replyTo(t, alice, "#id") // alice saw it too

	// alice changes nick; mallory takes hers.
	alice.Raw("NICK alice_")
	alice.Expect(`^:alice!\S+ NICK :?alice_`, wait)
	mallory.Raw("NICK alice")
	mallory.Expect(`^:mallory!\S+ NICK :?alice$`, wait)
	mallory.Say("#id", "!a7-a6")
	if got := replyTo(t, mallory, "#id"); playsRe.MatchString(got) {
		t.Fatalf("the client that took alice's nick while she was on moved for her: %q", got)
	}
	replyTo(t, alice, "#id")

	// alice, under her new nick, still holds Red, and a7-a6 is still hers
	// to play: neither attempt moved a piece.
	alice.Say("#id", "!a7-a6")
	if got := replyTo(t, alice, "#id"); !playsRe.MatchString(got) {
		t.Fatalf("alice after a nick change: got %q; want her move a7-a6 played", got)
	}
	checkWire(t, alice, mallory)
}

// TestIRCRequireAccount: with RequireAccount, a user without a services
// account (ngircd has no services) gets one line for each command, in a
// channel or a query, and channel talk gets nothing.
func TestIRCRequireAccount(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	alice := ircdtest.Connect(t, s, "alice", "alice")
	alice.Join("#req")
	startBotConfig(t, s, irc.Config{Channels: []string{"#req"}, RequireAccount: true})
	alice.Expect(`^:ataxxbot!\S+ JOIN :?#req`, wait)

	refusal := `alice: log in to a services account \(NickServ\) to play here`
	alice.Say("#req", "hello, nothing for the bot")
	alice.Say("#req", "!ataxx start ai")
	lines := ircdtest.FromBot(alice.Expect(`PRIVMSG #req :`+refusal, wait), "ataxxbot", "#req")
	if len(lines) != 1 {
		t.Fatalf("bot said %q; want only the refusal of the command", lines)
	}
	alice.Say("#req", "ataxxbot: status")
	alice.Expect(`PRIVMSG #req :`+refusal, wait)
	alice.Say("ataxxbot", "status")
	alice.Expect(`PRIVMSG alice :`+refusal, wait)
	checkWire(t, alice)
}
