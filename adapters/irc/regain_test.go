package irc_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc"
	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestIRCRegainsNick: the bot comes up as ataxxbot_ because a client holds
// ataxxbot; when that client quits, the bot takes its configured nick back.
// The holder shares no channel with the bot, so the bot cannot see it quit:
// it asks the server (ISON) every RegainEvery.
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

// TestIRCRegainsNickWithNickServ: with a NickServ password the bot asks
// NickServ (here a scripted client of that nick, ngircd having no
// services) to GHOST the holder; when the holder goes, the bot takes the
// nick. The password is never in the bot's log.
func TestIRCRegainsNickWithNickServ(t *testing.T) {
	t.Parallel() // each runs its own ngircd
	if testing.Short() {
		t.Skip("runs ngircd")
	}
	s := ircdtest.Start(t)
	squatter := ircdtest.Connect(t, s, "ataxxbot", "squatter")
	nickserv := ircdtest.Connect(t, s, "NickServ", "services")
	watcher := ircdtest.Connect(t, s, "watcher", "watcher")
	watcher.Join("#regain")
	var logs strings.Builder
	var mu sync.Mutex
	log := slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return logs.Write(p)
	}), &slog.HandlerOptions{Level: slog.LevelDebug}))
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	off := false
	a, err := irc.New(irc.Config{Server: "127.0.0.1", Port: s.Port, TLS: &off, Nick: "ataxxbot", Channels: []string{"#regain"},
		RegainEvery: time.Second, NickServPassword: "s3cret-pw"}, b, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); b.Close(); <-done })

	watcher.Expect(`^:ataxxbot_!\S+ JOIN :?#regain`, wait)
	nickserv.Expect(`^:ataxxbot_!\S+ PRIVMSG NickServ :GHOST ataxxbot s3cret-pw$`, 15*time.Second)
	squatter.Quit() // services would disconnect the ghost
	watcher.Expect(`^:ataxxbot_!\S+ NICK :?ataxxbot$`, 15*time.Second)
	mu.Lock()
	defer mu.Unlock()
	if strings.Contains(logs.String(), "s3cret-pw") {
		t.Errorf("the NickServ password is in the log:\n%s", logs.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
