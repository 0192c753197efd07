// Package ircdtest runs a real ngircd for tests, on a free loopback port,
// and scripted IRC players that speak raw protocol, so a test sees every
// line exactly as the server relays it. Where ngircd is missing the test
// is skipped, unless CI is set: then it fails.
package ircdtest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a real ngircd on a free loopback port, for one test.
type Server struct {
	Port int
	t    *testing.T
	bin  string
	conf string
	log  string
	cmd  *exec.Cmd
}

// Start runs ngircd until the test ends.
func Start(t *testing.T) *Server {
	t.Helper()
	bin, err := exec.LookPath("ngircd")
	if err != nil {
		for _, p := range []string{"/usr/sbin/ngircd", "/usr/local/sbin/ngircd"} {
			if _, e := os.Stat(p); e == nil {
				bin, err = p, nil
			}
		}
	}
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: ngircd is required (make test installs it): %v", err)
		}
		t.Skipf("ngircd not installed: %v", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	dir := t.TempDir()
	conf := filepath.Join(dir, "ngircd.conf")
	err = os.WriteFile(conf, []byte(fmt.Sprintf(`[Global]
	Name = irc.test.local
	Info = ataxxbot test server
	Listen = 127.0.0.1
	Ports = %d
	MotdPhrase = "ataxxbot tests"
[Limits]
	MaxConnectionsIP = 0
	MaxJoins = 0
	PingTimeout = 120
	PongTimeout = 20
[Options]
	PAM = no
	Ident = no
	DNS = no
	RequireAuthPing = no
`, port)), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	os.Chmod(conf, 0o644)
	s := &Server{Port: port, t: t, bin: bin, conf: conf, log: filepath.Join(dir, "ngircd.log")}
	s.start()
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) start() {
	s.t.Helper()
	s.cmd = exec.Command(s.bin, "-n", "-f", s.conf)
	logf, _ := os.OpenFile(s.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.Port)); err == nil {
			c.Close()
			return
		}
	}
	data, _ := os.ReadFile(s.log)
	s.t.Fatalf("ngircd did not listen on %d:\n%s", s.Port, data)
}

// Stop kills the server: every client is cut off.
func (s *Server) Stop() {
	if s.cmd != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}

// Restart starts the server again on the same port.
func (s *Server) Restart() { s.start() }

// Player is a scripted IRC client speaking raw protocol.
type Player struct {
	t     *testing.T
	Nick  string
	conn  net.Conn
	lines chan string
	mu    sync.Mutex
	all   []string // every line received
}

// Connect registers a player with nick and ident (the USER name),
// connecting from 127.0.0.1.
func Connect(t *testing.T, s *Server, nick, ident string) *Player {
	t.Helper()
	return ConnectFrom(t, s, "127.0.0.1", nick, ident)
}

// ConnectFrom is Connect from the loopback address from (127.0.0.2, say):
// the server (which does no DNS lookups) then shows the player's host as
// from, another host than Connect's.
func ConnectFrom(t *testing.T, s *Server, from, nick, ident string) *Player {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", s.Port))
	if err != nil {
		t.Fatal(err)
	}
	p := &Player{t: t, Nick: nick, conn: c, lines: make(chan string, 4096)}
	go func() {
		r := bufio.NewScanner(c)
		for r.Scan() {
			line := r.Text()
			if strings.HasPrefix(line, "PING ") {
				fmt.Fprintf(c, "PONG %s\r\n", line[5:])
				continue
			}
			p.mu.Lock()
			p.all = append(p.all, line)
			p.mu.Unlock()
			p.lines <- line
		}
		close(p.lines)
	}()
	t.Cleanup(func() { c.Close() })
	p.Raw("NICK " + nick)
	p.Raw("USER " + ident + " 0 * :test player")
	p.Expect(` 001 `, 10*time.Second)
	return p
}

// Raw sends one protocol line.
func (p *Player) Raw(line string) { fmt.Fprintf(p.conn, "%s\r\n", line) }

// Join joins channel and waits for the names list; it returns the lines
// read up to its end.
func (p *Player) Join(channel string) []string {
	p.Raw("JOIN " + channel)
	return p.Expect(` 366 `, 10*time.Second)
}

// JoinWith joins channel and waits, up to d, until nick is in it too:
// named in the names list if it joined first, or its JOIN after. A bot
// that joins as soon as it is connected may be there before the player.
func (p *Player) JoinWith(channel, nick string, d time.Duration) {
	p.t.Helper()
	names := regexp.MustCompile(` 353 \S+ [=*@] ` + regexp.QuoteMeta(channel) + ` :(.* )?[~&@%+]?` + regexp.QuoteMeta(nick) + `( |$)`)
	for _, l := range p.Join(channel) {
		if names.MatchString(l) {
			return
		}
	}
	p.Expect(`^:`+regexp.QuoteMeta(nick)+`!\S+ JOIN :?`+regexp.QuoteMeta(channel)+`$`, d)
}

// Quit leaves the network and waits until the server closes the
// connection.
func (p *Player) Quit() {
	p.Raw("QUIT :bye")
	for deadline := time.After(10 * time.Second); ; {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return
			}
		case <-deadline:
			p.t.Fatalf("%s: the server kept the connection after QUIT", p.Nick)
		}
	}
}

// Sync returns once p has read every line the server sent it before now
// (a PING's answer comes after them).
func (p *Player) Sync() {
	p.t.Helper()
	p.Raw("PING :sync")
	p.Expect(` PONG .*sync$`, 10*time.Second)
}

// Say sends a PRIVMSG.
func (p *Player) Say(target, text string) { p.Raw("PRIVMSG " + target + " :" + text) }

// All returns every line received so far.
func (p *Player) All() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.all...)
}

// Expect returns the lines read up to the first that matches re.
func (p *Player) Expect(re string, d time.Duration) []string {
	p.t.Helper()
	rx := regexp.MustCompile(re)
	var seen []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("%s: connection closed waiting for %q; saw:\n%s", p.Nick, re, strings.Join(seen, "\n"))
			}
			seen = append(seen, l)
			if rx.MatchString(l) {
				return seen
			}
		case <-deadline:
			p.t.Fatalf("%s: no %q within %v; saw:\n%s", p.Nick, re, d, strings.Join(seen, "\n"))
		}
	}
}

// FromBot keeps the text of the bot's PRIVMSGs to target among lines.
func FromBot(lines []string, botNick, target string) []string {
	prefix := ":" + botNick + "!"
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(l, prefix) {
			continue
		}
		if _, rest, ok := strings.Cut(l, " PRIVMSG "+target+" :"); ok {
			out = append(out, rest)
		}
	}
	return out
}
