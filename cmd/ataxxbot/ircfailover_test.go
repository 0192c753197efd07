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

// TestIRCFailoverAnswersWithinLeaseTTL: two bot processes on one Redis,
// configured for twelve channels on a real ngircd. When the holder is
// killed (-9), the standby takes the lease, connects and joins all twelve
// channels, and a command said in the last of them as soon as the bot is
// back in it is answered within lease_ttl + 5 s of the kill: the
// connection's burst (JOIN, WHO, MODE) must not hold replies up behind the
// server's flood limit.
func TestIRCFailoverAnswersWithinLeaseTTL(t *testing.T) {
	t.Parallel() // each runs its own ngircd
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and two bots")
	}
	const ttl = 2 * time.Second
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	bin := buildBot(t)
	var channels []string
	for i := 1; i <= 12; i++ {
		channels = append(channels, fmt.Sprintf("%q", fmt.Sprintf("#table%02d", i)))
	}
	last := "#table12"
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nlog_level: info\nlease_ttl: %v\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [%s]\n",
		url, ttl, srv.Port, strings.Join(channels, ", ")))
	start := func() (*exec.Cmd, *lockedBuffer) {
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
	p.Join(last)
	holder, _ := start()
	p.Expect(`^:ataxxbot!\S+ JOIN :?`+last, 60*time.Second)
	_, standbyLogs := start()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(standbyLogs.String(), "standing by"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the second process never stood by; its log:\n%s", standbyLogs.String())
		}
	}
	p.Say(last, "!ataxx start ai:1")
	p.Expect(`PRIVMSG `+last+` :Game on: Red \(yuki\)`, 60*time.Second)

	holder.Process.Signal(syscall.SIGKILL)
	killed := time.Now()
	holder.Wait()
	p.Expect(`^:ataxxbot!\S+ JOIN :?`+last, 60*time.Second)
	joined := time.Since(killed)
	p.Say(last, "!ataxx status")
	p.Expect(`PRIVMSG `+last+` :Ataxx: Red \(yuki\)`, 60*time.Second)
	answered := time.Since(killed)
	t.Logf("failover with 12 channels, lease_ttl %v: the standby joined %s %v after the kill -9 and answered !ataxx status %v after it",
		ttl, last, joined.Round(time.Millisecond), answered.Round(time.Millisecond))
	if limit := ttl + 5*time.Second; answered > limit {
		t.Errorf("the standby answered %v after the holder was killed; want within lease_ttl + 5 s (%v); its log:\n%s", answered.Round(time.Millisecond), limit, standbyLogs.String())
	}
}
