package main

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// player is one congo process: its input and the lines it prints.
type process struct {
	t     *testing.T
	name  string
	in    io.WriteCloser
	lines chan string
	seen  []string
}

func startCongo(t *testing.T, bin, name string, args ...string) *process {
	t.Helper()
	cmd := exec.Command(bin, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	p := &process{t: t, name: name, in: in, lines: make(chan string, 4096)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	return p
}

func (p *process) say(line string) { io.WriteString(p.in, line+"\n") }

// expect reads lines until one matches re, and returns the match.
func (p *process) expect(re string) []string {
	p.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.After(30 * time.Second)
	for {
		select {
		case l, open := <-p.lines:
			if !open {
				p.t.Fatalf("%s ended before %q; it said:\n%s", p.name, re, strings.Join(p.seen, "\n"))
			}
			p.seen = append(p.seen, l)
			if m := rx.FindStringSubmatch(l); m != nil {
				return m
			}
		case <-deadline:
			p.t.Fatalf("%s: no %q within 30 s; it said:\n%s", p.name, re, strings.Join(p.seen, "\n"))
		}
	}
}

// TestNetworkGame: the guide's network game over a real Redis, between two
// real processes: one opens the game and prints its id, the other joins it;
// each types only its own colour's moves and sees both.
func TestNetworkGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs redis-server and two programs")
	}
	url := redistest.Start(t).URL
	bin := filepath.Join(t.TempDir(), "congo")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	white := startCongo(t, bin, "white", "--place=network", "--store="+url, "--board=standard", "--white=hi/negamax")
	id := white.expect(`--board=([a-z0-9]+)$`)[1]
	black := startCongo(t, bin, "black", "--place=network", "--store="+url, "--board="+id)
	black.expect(`You joined game ` + id)
	white.say("move a2 a3")
	white.expect(`transition \(a2,a3\)`)
	black.expect(`transition \(a2,a3\)`)
	black.say("move b2 b3") // White's piece
	black.expect(`Entered move is wrong`)
	black.say("move a6 a5")
	black.expect(`transition \(a6,a5\)`)
	white.expect(`transition \(a6,a5\)`)
	black.say("move b6 b5") // White is to move: each side types only its own moves
	black.expect(`not your turn`)
	white.say("show board")
	white.expect(`^ 5   p - - - - - -$`)
	bad := startCongo(t, bin, "late", "--place=network", "--store="+url, "--board="+id)
	bad.expect(`join ` + id + `: .*has begun`)
	unknown := startCongo(t, bin, "unknown", "--place=network", "--store="+url, "--board=nosuchgame")
	unknown.expect(`no game is hosted as nosuchgame`)
}

// TestNetworkGameHostPort: the guide's own flags, --host and --port, name
// the shared store's server (Redis). The opening side prints the command
// the other side types, in the same flags; the joiner joins with them and
// the two play a move each.
func TestNetworkGameHostPort(t *testing.T) {
	if testing.Short() {
		t.Skip("runs redis-server and two programs")
	}
	port := strconv.Itoa(redistest.Start(t).Port)
	bin := filepath.Join(t.TempDir(), "congo")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	white := startCongo(t, bin, "white", "--place=network", "--host=127.0.0.1", "--port="+port, "--board=standard", "--white=hi/negamax")
	m := white.expect(`congo --place=network (--host=127\.0\.0\.1 --port=` + port + `) --board=([a-z0-9]+)$`)
	addr, id := strings.Fields(m[1]), m[2]
	black := startCongo(t, bin, "black", append([]string{"--place=network"}, append(addr, "--board="+id)...)...)
	black.expect(`You joined game ` + id)
	white.say("move a2 a3")
	white.expect(`transition \(a2,a3\)`)
	black.expect(`transition \(a2,a3\)`)
	black.say("move a6 a5")
	black.expect(`transition \(a6,a5\)`)
	white.expect(`transition \(a6,a5\)`)
}
