package irc

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

func TestJoinLines(t *testing.T) {
	many := make([]string, 60)
	for i := range many {
		many[i] = fmt.Sprintf("#a-rather-long-channel-name-%02d", i)
	}
	tests := []struct {
		name     string
		channels []string
		want     int // lines
	}{
		{"none", nil, 0},
		{"one", []string{"#a"}, 1},
		{"twelve in one line", strings.Fields("#t1 #t2 #t3 #t4 #t5 #t6 #t7 #t8 #t9 #t10 #t11 #t12"), 1},
		{"sixty long names in four lines", many, 4},
	}
	for _, tt := range tests {
		lines := joinLines(tt.channels)
		if len(lines) != tt.want {
			t.Errorf("%s: got %d JOIN lines %q; want %d", tt.name, len(lines), lines, tt.want)
		}
		var joined []string
		for _, l := range lines {
			if len(l)+2 > 512 {
				t.Errorf("%s: got a line of %d bytes with CR LF; want at most 512", tt.name, len(l)+2)
			}
			rest, ok := strings.CutPrefix(l, "JOIN ")
			if !ok || strings.Contains(rest, " ") {
				t.Errorf("%s: got %q; want JOIN and one comma-separated list", tt.name, l)
			}
			joined = append(joined, strings.Split(rest, ",")...)
		}
		if strings.Join(joined, " ") != strings.Join(tt.channels, " ") {
			t.Errorf("%s: joins %q; want %q", tt.name, joined, tt.channels)
		}
	}
}

// fakeIRCd is a scripted server for one client: it welcomes the bot,
// echoes its JOINs with a names list in which alice sits in every
// channel (nicks only: no userhost-in-names, as ngircd), and records
// every line the bot sends, with when it came.
type fakeIRCd struct {
	t    *testing.T
	ln   net.Listener
	mu   sync.Mutex
	got  []timedLine
	conn net.Conn
	seen chan string
}

type timedLine struct {
	at   time.Time
	line string
}

func startFakeIRCd(t *testing.T) *fakeIRCd {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &fakeIRCd{t: t, ln: ln, seen: make(chan string, 1024)}
	t.Cleanup(func() { ln.Close() })
	go s.serve()
	return s
}

func (s *fakeIRCd) port() int { return s.ln.Addr().(*net.TCPAddr).Port }

func (s *fakeIRCd) say(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.conn, "%s\r\n", line)
}

func (s *fakeIRCd) serve() {
	c, err := s.ln.Accept()
	if err != nil {
		return
	}
	s.mu.Lock()
	s.conn = c
	s.mu.Unlock()
	defer c.Close()
	r := bufio.NewScanner(c)
	for r.Scan() {
		line := r.Text()
		s.mu.Lock()
		s.got = append(s.got, timedLine{time.Now(), line})
		s.mu.Unlock()
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case f[0] == "USER":
			s.say(":irc.test 001 ataxxbot :Welcome")
			s.say(":irc.test 005 ataxxbot CHANTYPES=# NICKLEN=30 :are supported")
			s.say(":irc.test 376 ataxxbot :End of MOTD")
		case f[0] == "JOIN" && len(f) == 2:
			for _, ch := range strings.Split(f[1], ",") {
				s.say(":ataxxbot!~bot@bot.host JOIN :" + ch)
				s.say(":irc.test 353 ataxxbot = " + ch + " :ataxxbot alice")
				s.say(":irc.test 366 ataxxbot " + ch + " :End of NAMES list")
			}
		case f[0] == "PING" && len(f) > 1:
			s.say(":irc.test PONG irc.test " + f[1])
		}
		s.seen <- line
	}
}

// expect waits for a line from the bot that starts with prefix.
func (s *fakeIRCd) expect(prefix string, d time.Duration) {
	s.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-s.seen:
			if strings.HasPrefix(l, prefix) {
				return
			}
		case <-deadline:
			s.t.Fatalf("no line %q… from the bot within %v; got:\n%s", prefix, d, strings.Join(s.lines(), "\n"))
		}
	}
}

func (s *fakeIRCd) timed() []timedLine {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]timedLine(nil), s.got...)
}

func (s *fakeIRCd) lines() []string {
	var out []string
	for _, l := range s.timed() {
		out = append(out, l.line)
	}
	return out
}

type pongHandler struct{}

func (pongHandler) Handle(_ context.Context, m bot.Message) []bot.Reply {
	if m.Text == "!ping" {
		return []bot.Reply{{Text: "pong"}}
	}
	return nil
}

// TestConnectBurstIsPacedAndCompact: joining twelve channels, the bot
// sends one JOIN for all of them, none of girc's automatic MODE queries,
// and its WHOs (one per channel where someone else sits) through the
// pacer, in the background: the lines never run past the flood budget,
// and a command said meanwhile is answered before the WHOs still
// waiting.
func TestConnectBurstIsPacedAndCompact(t *testing.T) {
	t.Parallel()
	srv := startFakeIRCd(t)
	var channels []string
	for i := 1; i <= 12; i++ {
		channels = append(channels, fmt.Sprintf("#table%02d", i))
	}
	off := false
	a, err := New(Config{Server: "127.0.0.1", Port: srv.port(), TLS: &off, Nick: "ataxxbot", Channels: channels}, pongHandler{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { a.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	srv.expect("WHO #table", 10*time.Second) // the first background query
	srv.say(":alice!alice@alice.host PRIVMSG #table07 :!ping")
	asked := time.Now()
	srv.expect("PRIVMSG #table07 ", 10*time.Second)
	time.Sleep(3 * time.Second) // more background queries, paced

	var joins, whos []string
	var afterWelcome []timedLine
	welcomed := false
	whosBeforeReply := 0
	replied := false
	for _, l := range srv.timed() {
		f := strings.Fields(l.line)
		if len(f) == 0 {
			continue
		}
		switch {
		case f[0] == "USER":
			welcomed = true
			continue
		case f[0] == "JOIN":
			joins = append(joins, l.line)
		case f[0] == "WHO":
			whos = append(whos, l.line)
			if len(f) != 3 || f[2] != ourWho {
				t.Errorf("got %q; want the bot's own WHO (fields %s)", l.line, ourWho)
			}
			if !replied && l.at.After(asked) {
				whosBeforeReply++
			}
		case f[0] == "MODE" && len(f) == 2:
			t.Errorf("got %q: a channel's modes asked; want none (nothing reads them)", l.line)
		case strings.HasPrefix(l.line, "PRIVMSG #table07 "):
			replied = true
		}
		if welcomed && f[0] != "PONG" && f[0] != "PING" {
			afterWelcome = append(afterWelcome, l)
		}
	}
	if want := "JOIN " + strings.Join(channels, ","); len(joins) != 1 || joins[0] != want {
		t.Errorf("got JOIN lines %q; want one, %q", joins, want)
	}
	if len(whos) == 0 || len(whos) >= len(channels) {
		t.Errorf("got %d WHOs within about 5 s: %q; want some, paced (each a background line)", len(whos), whos)
	}
	seen := map[string]bool{}
	for _, w := range whos {
		if seen[w] {
			t.Errorf("got %q twice; want each channel asked once", w)
		}
		seen[w] = true
	}
	if whosBeforeReply > 1 {
		t.Errorf("got %d WHOs between the command and its reply; want at most the one already going", whosBeforeReply)
	}
	// The bot's lines, replayed through the flood rule, never run past
	// its budget (a little slack for the time a line takes to arrive).
	p := pacer{budget: floodBudget}
	for _, l := range afterWelcome {
		p.settle(l.at)
		if p.debt > floodBudget+200*time.Millisecond {
			t.Errorf("at %q the bot had sent %v of lines beyond the line rate; want at most the budget %v", l.line, p.debt, floodBudget)
		}
		p.sent(l.at, len(l.line))
		if strings.HasPrefix(l.line, "WHO ") {
			p.debt += queryPenalty
		}
	}
}

// TestOutboxCommandsAndQueries: protocol commands take the next turn and
// are never dropped; background queries go only when idle and nothing
// else waits, each once.
func TestOutboxCommandsAndQueries(t *testing.T) {
	o := newOutbox(2, nil)
	o.add("#a", []string{"A1", "A2"}, true)
	o.query("WHO #a " + ourWho)
	o.query("WHO #a " + ourWho) // the same query again: once
	o.query("WHO #b " + ourWho)
	for i := 0; i < 5; i++ {
		o.command(fmt.Sprintf("JOIN #c%d", i)) // past max: none dropped
	}
	var got []string
	for {
		l, ok := o.nextLine(false) // not idle: no background query
		if !ok {
			break
		}
		if l.query {
			t.Fatalf("got query %q while not idle", l.line)
		}
		got = append(got, fmt.Sprintf("%s|%s|%v", l.target, l.line, l.command))
	}
	want := []string{"|JOIN #c0|true", "#a|A1|false", "|JOIN #c1|true", "#a|A2|false", "|JOIN #c2|true", "|JOIN #c3|true", "|JOIN #c4|true"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got %q; want %q", got, want)
	}
	o.add("#a", []string{"A3"}, false)
	var idle []string
	for {
		l, ok := o.nextLine(true)
		if !ok {
			break
		}
		idle = append(idle, l.line)
	}
	if want := []string{"A3", "WHO #a " + ourWho, "WHO #b " + ourWho}; strings.Join(idle, " ") != strings.Join(want, " ") {
		t.Errorf("idle: got %q; want %q", idle, want)
	}
}
