package main

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
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
	p.JoinWith("#play", "ataxxbot", 30*time.Second)
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

// TestOneVoicePerNetwork: two bot processes on one Redis, configured for
// the same IRC network, answer each command once: one holds the network's
// lease and connects, the other stands by; when the holder is killed (-9),
// the other takes over.
func TestOneVoicePerNetwork(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and two bots")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	bin := buildBot(t)
	// lease_ttl 2s: a holder that the race detector and a loaded machine
	// stall for a second must not lose the lease to the standby (which
	// then connects beside it, as the bot should, but the test asserts one
	// connection until the kill).
	cfg := writeConfig(t, fmt.Sprintf("store: %s\nlog_level: info\nlease_ttl: 2s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: ataxxbot\n  channels: [\"#one\"]\n", url, srv.Port))
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
	killed := time.Now()
	first.Wait()
	p.Expect(`^:ataxxbot!\S+ JOIN :?#one`, 30*time.Second)
	// The figure the README states: lease_ttl, plus up to a tenth of it
	// for the standby's next poll, plus the IRC connection.
	t.Logf("failover after kill -9 with lease_ttl 2s: the standby joined #one %v later", time.Since(killed).Round(time.Millisecond))
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

// TestHostAndJoinAcrossIRCChannels: two bot processes on one Redis, each
// with its own nick and channel on a real IRC server; a game hosted in one
// channel is joined from the other; each move is seen once in each channel;
// a kill -9 of either process mid-game (the host's, then the joiner's)
// loses nothing.
func TestHostAndJoinAcrossIRCChannels(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and two bots")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	bin := buildBot(t)
	cfg := func(nick, channel string) string {
		return writeConfig(t, fmt.Sprintf("store: %s\nlease_ttl: 1s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: %s\n  channels: [%q]\n", url, srv.Port, nick, channel))
	}
	northCfg, southCfg := cfg("northbot", "#north"), cfg("southbot", "#south")
	run := func(config string) *exec.Cmd {
		cmd := exec.Command(bin, "-config", config)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	alice := ircdtest.Connect(t, srv, "alice", "alice")
	bob := ircdtest.Connect(t, srv, "bob", "bob")
	alice.Join("#north")
	bob.Join("#south")
	north := run(northCfg)
	south := run(southCfg)
	alice.Expect(`^:northbot!\S+ JOIN :?#north`, 30*time.Second)
	bob.Expect(`^:southbot!\S+ JOIN :?#south`, 30*time.Second)

	alice.Say("#north", "!ataxx host g1")
	alice.Expect(`PRIVMSG #north :alice hosts Ataxx as g1\.`, 30*time.Second)
	bob.Say("#south", "!join g1@north")
	bob.Expect(`PRIVMSG #south :Game on: Red \(alice\) vs Blue \(bob\)`, 30*time.Second)
	alice.Expect(`PRIVMSG #north :Game on: Red \(alice\) vs Blue \(bob\)`, 30*time.Second)
	moves := []struct {
		alice bool
		mv    string
	}{{true, "a7-b6"}, {false, "g7-f6"}, {true, "b6-c5"}, {false, "f6-e5"}}
	for i, m := range moves {
		switch i {
		case 1: // kill -9 the hosting bot mid-game; a new one takes over
			north.Process.Signal(syscall.SIGKILL)
			north.Wait()
			run(northCfg)
			alice.Expect(`^:northbot!\S+ JOIN :?#north`, 30*time.Second)
		case 2: // and the joining one
			south.Process.Signal(syscall.SIGKILL)
			south.Wait()
			run(southCfg)
			bob.Expect(`^:southbot!\S+ JOIN :?#south`, 30*time.Second)
		}
		if m.alice {
			alice.Say("#north", "!"+m.mv)
		} else {
			bob.Say("#south", "!"+m.mv)
		}
		alice.Expect(`PRIVMSG #north :.* plays `+m.mv+`\.`, 30*time.Second)
		bob.Expect(`PRIVMSG #south :.* plays `+m.mv+`\.`, 30*time.Second)
	}
	time.Sleep(2 * time.Second)
	for _, p := range []*ircdtest.Player{alice, bob} {
		count := map[string]int{}
		for _, l := range p.All() {
			if strings.Contains(l, " plays ") {
				count[l[strings.Index(l, " PRIVMSG "):]]++
			}
		}
		if len(count) != len(moves) {
			t.Errorf("%s saw %d moves; want %d", p.Nick, len(count), len(moves))
		}
		for l, n := range count {
			if n != 1 {
				t.Errorf("%s saw %q %d times; want once", p.Nick, l, n)
			}
		}
	}
}

// TestHostAndJoinIRCWithDiscord: a bot process on a real IRC server and
// another on Discord (the Discord stand-in), sharing one Redis: a game
// hosted in an IRC channel is joined from a Discord channel; each move is
// seen once on each network; a kill -9 of the Discord process mid-game
// loses nothing.
func TestHostAndJoinIRCWithDiscord(t *testing.T) {
	t.Parallel() // each runs its own ngircd; most of the time is the server's flood pacing
	if testing.Short() {
		t.Skip("runs ngircd, redis-server and two bots")
	}
	srv := ircdtest.Start(t)
	url := redistest.Start(t).URL
	fake := discordtest.New(t, "999", "app1")
	bin := buildBot(t)
	ircCfg := writeConfig(t, fmt.Sprintf("store: %s\nlease_ttl: 1s\nirc:\n  server: 127.0.0.1\n  port: %d\n  tls: false\n  nick: northbot\n  channels: [\"#north\"]\n", url, srv.Port))
	discordCfg := writeConfig(t, fmt.Sprintf("store: %s\nlease_ttl: 1s\ndiscord:\n  token: tok\n  app_id: app1\n  prefix_commands: true\n  api_base: %s\n", url, fake.URL()))
	run := func(config string) *exec.Cmd {
		cmd := exec.Command(bin, "-config", config)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	alice := ircdtest.Connect(t, srv, "alice", "alice")
	alice.Join("#north")
	run(ircCfg)
	alice.Expect(`^:northbot!\S+ JOIN :?#north`, 30*time.Second)
	dbot := run(discordCfg)
	select {
	case <-fake.Ident:
	case <-time.After(30 * time.Second):
		t.Fatal("the Discord bot never identified")
	}
	msg := 0
	bobSays := func(text string) {
		msg++
		fake.Dispatch("MESSAGE_CREATE", map[string]any{"id": fmt.Sprintf("m%d", msg), "channel_id": "d1", "guild_id": "g1",
			"author": map[string]any{"id": "222", "username": "bob"}, "content": text})
	}
	posted := func(want string) {
		t.Helper()
		fake.WaitCall(0, func(c discordtest.Call) bool {
			s, _ := c.Body["content"].(string)
			return c.Path == "/api/v9/channels/d1/messages" && strings.Contains(s, want)
		})
	}
	alice.Say("#north", "!ataxx host g1")
	alice.Expect(`PRIVMSG #north :alice hosts Ataxx as g1\.`, 30*time.Second)
	bobSays("!join g1@north")
	posted("Game on: Red (alice) vs Blue (bob)")
	alice.Expect(`PRIVMSG #north :Game on: Red \(alice\) vs Blue \(bob\)`, 30*time.Second)
	moves := []struct {
		alice bool
		mv    string
	}{{true, "a7-b6"}, {false, "g7-f6"}, {true, "b6-c5"}, {false, "f6-e5"}}
	for i, m := range moves {
		if i == 2 { // kill -9 the Discord bot mid-game; a new one takes over
			dbot.Process.Signal(syscall.SIGKILL)
			dbot.Wait()
			run(discordCfg)
			select {
			case <-fake.Ident:
			case <-time.After(30 * time.Second):
				t.Fatal("the new Discord bot never identified")
			}
		}
		if m.alice {
			alice.Say("#north", "!"+m.mv)
		} else {
			bobSays("!" + m.mv)
		}
		alice.Expect(`PRIVMSG #north :.* plays `+m.mv+`\.`, 30*time.Second)
		posted("plays " + m.mv + ".")
	}
	time.Sleep(2 * time.Second)
	ircSeen, discordSeen := map[string]int{}, map[string]int{}
	for _, l := range alice.All() {
		if i := strings.Index(l, " plays "); i >= 0 && strings.Contains(l, "PRIVMSG #north") {
			ircSeen[l[i:]]++
		}
	}
	for _, c := range fake.Calls() {
		s, _ := c.Body["content"].(string)
		if c.Path != "/api/v9/channels/d1/messages" {
			continue
		}
		for _, l := range strings.Split(s, "\n") {
			if i := strings.Index(l, " plays "); i >= 0 {
				discordSeen[l[i:]]++
			}
		}
	}
	for name, seen := range map[string]map[string]int{"IRC": ircSeen, "Discord": discordSeen} {
		if len(seen) != len(moves) {
			t.Errorf("%s saw %d moves; want %d: %v", name, len(seen), len(moves), seen)
		}
		for l, n := range seen {
			if n != 1 {
				t.Errorf("%s saw %q %d times; want once", name, l, n)
			}
		}
	}
}
