package main

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/irc/ircdtest"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestBotProcessOnIRC runs the ataxxbot binary on a real IRC server with
// its games in a real Redis, the way it is deployed.
func TestBotProcessOnIRC(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
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

// lockedBuffer is a strings.Builder safe for a process's writes and the
// test's reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestOneVoicePerNetwork (review item 4): two bot processes on one Redis,
// configured for the same IRC network, answer each command once: one
// holds the network's lease and connects, the other stands by; when the
// holder is killed (-9), the other takes over.
func TestOneVoicePerNetwork(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and two bots")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	bin := buildBot(t)
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nlog_level: info\nlease_ttl: 1s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#one\"]\n", url, srv.Port))
	start := func(name string) (*exec.Cmd, *lockedBuffer) {
		cmd := exec.Command(bin, "-config", cfg)
		logs := &lockedBuffer{}
		cmd.Stderr = logs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd, logs
	}
	p := ircdtest.Connect(t, srv, "yuki", "yuki")
	p.Join("#one")
	first, _ := start("first")
	p.Expect(`^:ataxxbot!\S+ JOIN :?#one`, 30*time.Second)
	_, secondLogs := start("second")
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(secondLogs.String(), "standing by") {
		if time.Now().After(deadline) {
			t.Fatalf("the second process never stood by; its log:\n%s", secondLogs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	answers := func(want string) int {
		n := 0
		for _, l := range p.All() {
			if strings.Contains(l, "PRIVMSG #one :") && strings.Contains(l, want) {
				n++
			}
		}
		return n
	}
	p.Say("#one", "!ataxx start ai:1")
	p.Expect(`PRIVMSG #one :Game on: Red \(yuki\)`, 30*time.Second)
	p.Say("#one", "!ataxx status")
	p.Expect(`PRIVMSG #one :Ataxx: Red \(yuki\)`, 30*time.Second)
	time.Sleep(3 * time.Second) // a second voice would have spoken by now
	if n := answers("Ataxx: Red (yuki)"); n != 1 {
		t.Fatalf("status answered %d times; want once", n)
	}
	for _, l := range p.All() {
		if strings.Contains(l, "ataxxbot_") {
			t.Fatalf("a second bot connected: %q", l)
		}
	}
	first.Process.Signal(syscall.SIGKILL)
	first.Wait()
	p.Expect(`^:ataxxbot!\S+ JOIN :?#one`, 30*time.Second)
	p.Say("#one", "!a7-b6")
	p.Expect(`PRIVMSG #one :Red \(yuki\) plays a7-b6`, 30*time.Second)
	p.Expect(`PRIVMSG #one :Blue \(AI level 1\) plays`, 30*time.Second)
	p.Say("#one", "!ataxx status")
	p.Expect(`PRIVMSG #one :Ataxx: Red \(yuki\).*Red 3`, 30*time.Second)
	time.Sleep(2 * time.Second)
	if n := answers("Ataxx: Red (yuki)"); n != 2 {
		t.Errorf("status answered %d times in all; want twice (once before the kill, once after)", n)
	}
}
