package main

import (
	"fmt"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestBotProcessOnIRC runs the ataxxbot binary on a real IRC server with
// its games in a real Redis, the way it is deployed.
func TestBotProcessOnIRC(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and the bot")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	bin := buildBot(t)
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#play\"]\n", url, srv.Port))
	cmd := exec.Command(bin, "-config", cfg)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("bot exit after SIGTERM: %v\n%s", err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("bot did not stop on SIGTERM")
		}
	}()
	p := ircdtest.Connect(t, srv, "zoe", "zoe")
	p.Join("#play")
	p.Expect(`^:ataxxbot!\S+ JOIN :?#play`, 30*time.Second)
	p.Say("#play", "!ataxx start ai:2")
	p.Expect(`PRIVMSG #play :Game on: Red \(zoe\) vs Blue \(AI level 2\)`, 30*time.Second)
	p.Say("#play", "!a7-b6")
	p.Expect(`PRIVMSG #play :Red \(zoe\) plays a7-b6`, 30*time.Second)
	p.Expect(`PRIVMSG #play :Blue \(AI level 2\) plays`, 30*time.Second)
	p.Say("ataxxbot", "help")
	p.Expect(`PRIVMSG zoe :Ataxx commands`, 30*time.Second)
	if _, moves := loadGameKey(t, url, "irc:#play"); len(moves) != 2 {
		t.Errorf("stored moves: %v; want the player's and the AI's", moves)
	}
}
