package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// coreOnly is the core with no feature attached, on Guess.
func coreOnly(t *testing.T) (*bot.Bot, *fakeClock) {
	t.Helper()
	clk := &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	b, err := bot.New(bot.Config{Admins: []string{"id-admin"}}, memory.New(), clk, []bot.Kind{guessgame.New(guessgame.Options{})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return b, clk
}

func say(b *bot.Bot, channel, user, text string) []bot.Reply {
	m := bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text}
	if channel == "" {
		m.Addressed, m.Private = true, true
	}
	return b.Handle(context.Background(), m)
}

// TestRegisteredCommandsAreDispatchedAndListed: a command a feature
// registers is found by its verb and its aliases, listed by help (index
// and topic), and held to where and by whom it may be said, with a
// one-line refusal that runs nothing.
func TestRegisteredCommandsAreDispatchedAndListed(t *testing.T) {
	b, _ := coreOnly(t)
	ran := 0
	alone := func(_ context.Context, c *bot.Call) ([]bot.Reply, error) {
		ran++
		return []bot.Reply{{Text: fmt.Sprintf("%s by %s with %v (admin %v)", c.Verb, c.Name, c.Args, c.Admin())}}, nil
	}
	err := b.Register(
		bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "ping", Aliases: []string{"pong"}, Use: bot.Look, Usage: "ping [WORD]", Summary: "answers pong"}, Alone: alone},
		bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "whisper", Use: bot.Look, Summary: "said privately"}, Where: bot.InPrivate, Alone: alone},
		bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "shout", Use: bot.Look, Summary: "said in a channel"}, Where: bot.InChannel, Alone: alone},
		bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "sweep", Use: bot.Look, Summary: "admins only"}, Who: bot.Admins, Alone: alone},
	)
	if err != nil {
		t.Fatalf("Register: got %v; want nil", err)
	}
	for _, tc := range []struct {
		name, channel, user, text string
		want                      string // a reply containing it
		refused                   bool
		runs                      bool
	}{
		{name: "by its name", channel: "#r", user: "alice", text: "!ping a b", want: "ping by alice with [a b] (admin false)", runs: true},
		{name: "by an alias", channel: "#r", user: "alice", text: "!pong", want: "pong by alice", runs: true},
		{name: "after a kind's name", channel: "#r", user: "alice", text: "!guess ping", want: "ping by alice", runs: true},
		{name: "privately where it must be", channel: "", user: "alice", text: "whisper", want: "whisper by alice", runs: true},
		{name: "in a channel where it must be private", channel: "#r", user: "alice", text: "!whisper", want: "whisper is secret: say it privately", refused: true},
		{name: "privately where it must be in a channel", channel: "", user: "alice", text: "shout", want: "shout is said in a channel", refused: true},
		{name: "by an admin", channel: "#r", user: "admin", text: "!sweep", want: "sweep by admin with [] (admin true)", runs: true},
		{name: "by anyone else when only admins may", channel: "#r", user: "alice", text: "!sweep", want: "only an admin may say sweep", refused: true},
		{name: "help lists it", channel: "#r", user: "alice", text: "!help", want: "ping, whisper, shout, sweep"},
		{name: "help explains it", channel: "#r", user: "alice", text: "!help pong", want: "!ping [WORD] - answers pong"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := ran
			rs := say(b, tc.channel, tc.user, tc.text)
			if len(rs) != 1 || !strings.Contains(rs[0].Text, tc.want) || rs[0].Error != tc.refused {
				t.Fatalf("%s: got %s; want one reply saying %q (refused %v)", tc.text, text(rs), tc.want, tc.refused)
			}
			if got := ran - before; (got == 1) != tc.runs {
				t.Errorf("%s: got %d runs; want runs %v", tc.text, got, tc.runs)
			}
		})
	}
	var names []string
	for _, c := range b.HostCommands() {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "start ") || !strings.HasSuffix(got, " ping whisper shout sweep") {
		t.Errorf("HostCommands: got %s; want the core's first, then the registered ones in order", got)
	}
}

// TestRegisterRefusesClashes: a name the table holds, a kind's name or a
// kind's command is refused, unless the command yields to the kind's own;
// a command needs exactly one way to run.
func TestRegisterRefusesClashes(t *testing.T) {
	run := func(context.Context, *bot.Call) ([]bot.Reply, error) { return nil, nil }
	at := func(*bot.Tx, *bot.Call) error { return nil }
	for _, tc := range []struct {
		name string
		c    bot.HostCommand
		ok   bool
	}{
		{"a core command's name", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "resign"}, Alone: run}, false},
		{"a core command's alias", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "x", Aliases: []string{"Takeback"}}, Alone: run}, false},
		{"a kind's name", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "guess"}, Alone: run}, false},
		{"a kind's command", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "hide"}, Alone: run}, false},
		{"a kind's command, yielding", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "hide"}, Alone: run, Yields: true}, true},
		{"no way to run", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "idle"}}, false},
		{"two ways to run", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "both"}, Alone: run, AtTable: at}, false},
		{"a new name", bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "fresh"}, AtTable: at}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, _ := coreOnly(t)
			err := b.Register(tc.c)
			if (err == nil) != tc.ok || err != nil && !errors.Is(err, bot.ErrBadCommand) {
				t.Errorf("Register: got %v; want ok %v (else ErrBadCommand)", err, tc.ok)
			}
		})
	}
}

// TestCommandAtTableRunsInTheTransaction: a registered table command runs
// on the table's loaded game; what it refuses changes nothing, and the
// kind's own command of a yielding name still wins after the kind's name.
func TestCommandAtTableRunsInTheTransaction(t *testing.T) {
	b, _ := coreOnly(t)
	seen := ""
	err := b.Register(bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "peek", Use: bot.Look, Summary: "the seats"},
		AtTable: func(t *bot.Tx, c *bot.Call) error {
			seen = fmt.Sprint(c.Seats())
			return fmt.Errorf("%w: peek refused", bot.ErrBadCommand)
		}},
		bot.HostCommand{CommandSpec: bot.CommandSpec{Name: "guesses", Use: bot.Look, Summary: "a host's guesses"}, Yields: true,
			Alone: func(context.Context, *bot.Call) ([]bot.Reply, error) {
				return []bot.Reply{{Text: "the host's guesses"}}, nil
			}})
	if err != nil {
		t.Fatal(err)
	}
	say(b, "#t", "alice", "!guess start @bob")
	say(b, "#t", "bob", "!join")
	rs := say(b, "#t", "bob", "!peek")
	if len(rs) != 1 || !rs[0].Error || !strings.Contains(rs[0].Text, "peek refused") {
		t.Errorf("peek: got %s; want its refusal", text(rs))
	}
	if seen != "[1]" {
		t.Errorf("peek saw seats %s; want [1] (bob's)", seen)
	}
	if rs := say(b, "#t", "bob", "!guesses"); !strings.Contains(text(rs), "the host's guesses") {
		t.Errorf("guesses: got %s; want the host's command", text(rs))
	}
	if rs := say(b, "#t", "bob", "!guess guesses"); strings.Contains(text(rs), "the host's guesses") || len(rs) == 0 {
		t.Errorf("guess guesses: got %s; want the kind's own command", text(rs))
	}
}

// TestIsHostVerb: the core's own commands and their aliases, in any
// case, are the host's; a kind's command and a feature's are not.
func TestIsHostVerb(t *testing.T) {
	for _, c := range []struct {
		verb string
		want bool
	}{
		{"start", true}, {"Takeback", true}, {"?", true}, {"colour", true}, {"games", true},
		{"hide", false}, {"history", false}, {"tournament", false}, {"", false},
	} {
		if got := bot.IsHostVerb(c.verb); got != c.want {
			t.Errorf("IsHostVerb(%q): got %v; want %v", c.verb, got, c.want)
		}
	}
}
