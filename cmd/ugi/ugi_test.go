package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// binary is the ugi program the tests drive as a real process.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "ugi-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "ugi")
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.Command(goTool, "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "build ugi: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// engine is a running ugi process.
type engine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func start(t *testing.T, game string) *engine {
	t.Helper()
	cmd := exec.Command(binary, "-game", game)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &engine{t: t, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Errorf("ugi did not exit at the end of its input")
		}
	})
	return e
}

func (e *engine) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.in, l+"\n"); err != nil {
			e.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// until returns the lines read up to and including the first that
// matches, failing after a generous timeout (a hung engine, not a slow
// one).
func (e *engine) until(match func(string) bool) []string {
	e.t.Helper()
	var got []string
	timeout := time.After(60 * time.Second)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("ugi exited; read %q", got)
			}
			got = append(got, l)
			if match(l) {
				return got
			}
		case <-timeout:
			e.t.Fatalf("no answer; read %q", got)
		}
	}
}

func prefix(p string) func(string) bool {
	return func(l string) bool { return strings.HasPrefix(l, p) }
}

// sync sends isready and returns everything read before readyok.
func (e *engine) sync() []string {
	e.t.Helper()
	e.send("isready")
	got := e.until(func(l string) bool { return l == "readyok" })
	return got[:len(got)-1]
}

var perftLine = regexp.MustCompile(`^info depth (\d+) nodes (\d+) time (\d+) nps (\d+)$`)

// perft runs perft depth and returns the node counts of depths 1..depth.
func (e *engine) perft(depth int) []uint64 {
	e.t.Helper()
	e.send(fmt.Sprintf("perft %d", depth))
	var counts []uint64
	e.until(func(l string) bool {
		m := perftLine.FindStringSubmatch(l)
		if m == nil {
			e.t.Fatalf("perft answered %q", l)
		}
		n, _ := strconv.ParseUint(m[2], 10, 64)
		counts = append(counts, n)
		return m[1] == strconv.Itoa(depth)
	})
	return counts
}

func TestHandshake(t *testing.T) {
	for _, game := range []string{"ataxx", "congo"} {
		t.Run(game, func(t *testing.T) {
			e := start(t, game)
			e.send("ugi")
			got := e.until(func(l string) bool { return l == "ugiok" })
			if !slices.Contains(got, "id name ataxxbot "+game) || !slices.ContainsFunc(got, prefix("id author ")) {
				t.Errorf("ugi answered %q; want id name and id author before ugiok", got)
			}
			if extra := e.sync(); len(extra) != 0 {
				t.Errorf("isready answered %q before readyok", extra)
			}
		})
	}
}

// The Congo vectors of ../shared/games/vectors.txt, through the protocol.
func TestCongoPerftVectors(t *testing.T) {
	tests := []struct {
		name, fen string
		counts    []uint64
	}{
		{"standard start", "startpos", []uint64{24, 576, 14332, 356456, 9404326}},
		{"plenty of moves", "fen 1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1", []uint64{33, 1325, 44701, 1779478}},
		{"3-long monkey jump", "fen 7/4l2/7/4c2/7/2p4/1M1L3/w/-1", []uint64{12, 215, 2138, 37635}},
	}
	e := start(t, "congo")
	e.send("ugi")
	e.until(func(l string) bool { return l == "ugiok" })
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			e.send("position " + tt.fen)
			if got := e.perft(len(tt.counts)); !slices.Equal(got, tt.counts) {
				t.Errorf("perft = %v; want %v", got, tt.counts)
			}
		})
	}
}

// The Abalone vectors of ../shared/games/vectors.txt, through the protocol:
// the three layouts to depth 4 (positions given by layout name, by the
// engine's position text, and as a marble list).
func TestAbalonePerftVectors(t *testing.T) {
	tests := []struct {
		name, fen string
		counts    []uint64
	}{
		{"standard", "startpos", []uint64{44, 1936, 98912, 5045110}},
		{"belgian daisy", "fen belgian", []uint64{52, 2692, 149322, 8270666}},
		{"german daisy", "fen german", []uint64{80, 6244, 493480, 38240570}},
		{"standard as text", "fen wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0", []uint64{44, 1936}},
	}
	e := start(t, "abalone")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			e.send("position " + tt.fen)
			if got := e.perft(len(tt.counts)); !slices.Equal(got, tt.counts) {
				t.Errorf("perft = %v; want %v", got, tt.counts)
			}
		})
	}
	e.t = t
	e.send("position startpos moves a1b2 i5h5")
	e.send("go depth 2")
	e.until(func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
}

// Ataxx vectors of ../shared/ataxx/perft.txt (from libataxx).
func TestAtaxxPerft(t *testing.T) {
	tests := []struct {
		name, fen string
		counts    []uint64
	}{
		{"start", "startpos", []uint64{16, 256, 6460, 155888}},
		{"blocks", "fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", []uint64{14, 196, 4184, 86528}},
		{"empty board", "fen 7/7/7/7/7/7/7 x 0 1", []uint64{0, 0}},
	}
	e := start(t, "ataxx")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.t = t
			e.send("position " + tt.fen)
			if got := e.perft(len(tt.counts)); !slices.Equal(got, tt.counts) {
				t.Errorf("perft = %v; want %v", got, tt.counts)
			}
		})
	}
}

func TestQueries(t *testing.T) {
	tests := []struct {
		game, position    string
		gameover, p1, res string
	}{
		{"congo", "startpos", "false", "true", "none"},
		{"congo", "startpos moves a2-a3", "false", "false", "none"},
		{"congo", "fen 7/4l2/7/4c2/7/2p4/1M1L3/w/-1 moves b1-d3-f5-d7", "true", "false", "p1win"},
		{"congo", "fen 3l3/7/7/7/7/7/7/w/-1", "true", "true", "p2win"},
		{"congo", "fen 7/7/7/7/7/7/7/w/-1", "true", "true", "draw"},
		{"ataxx", "startpos", "false", "true", "none"},
		{"ataxx", "startpos moves g2", "false", "false", "none"},
		{"ataxx", "fen x6/7/7/7/7/7/7 o 0 1", "true", "false", "p1win"},
		{"ataxx", "fen 7/7/7/7/7/7/7 x 0 1", "true", "true", "draw"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.position, func(t *testing.T) {
			e := start(t, tt.game)
			e.send("position "+tt.position, "query gameover", "query p1turn", "query result")
			var got []string
			for range 3 {
				got = append(got, e.until(prefix("response "))...)
			}
			want := []string{"response " + tt.gameover, "response " + tt.p1, "response " + tt.res}
			if !slices.Equal(got, want) {
				t.Errorf("answers %q; want %q", got, want)
			}
		})
	}
}

func TestBadInputIsReportedAndSurvived(t *testing.T) {
	tests := []struct {
		game, command string
	}{
		{"congo", "fly away"},
		{"congo", "position fen nonsense"},
		{"congo", "position startpos moves a1-b3"},
		{"congo", "position startpos moves a2-a9"},
		{"congo", "position middle"},
		{"congo", "go depth"},
		{"congo", "go depth -3"},
		{"congo", "go sideways 5"},
		{"congo", "perft 0"},
		{"congo", "perft x"},
		{"congo", "query weather"},
		{"congo", "setoption name hash value 0"},
		{"congo", "setoption name colour value red"},
		{"ataxx", "position startpos moves a1a3"},
		{"ataxx", "position fen x5o/7/7 q"},
	}
	for _, tt := range tests {
		t.Run(tt.game+" "+tt.command, func(t *testing.T) {
			e := start(t, tt.game)
			e.send(tt.command)
			got := e.sync()
			if len(got) != 1 || !strings.HasPrefix(got[0], "info string ") {
				t.Errorf("%q answered %q; want one info string line", tt.command, got)
			}
		})
	}
}

// fenOf reads the FEN from the d command.
func (e *engine) fen() string {
	e.t.Helper()
	e.send("d")
	l := e.until(prefix("fen "))
	return strings.TrimPrefix(l[len(l)-1], "fen ")
}

func TestIllegalMoveKeepsTheLastGoodPosition(t *testing.T) {
	e := start(t, "congo")
	e.send("position startpos moves a2-a3 a6-a5 a3-a9 b2-b3")
	e.until(prefix("info string "))
	if got, want := e.fen(), "gmelecz/1pppppp/p6/7/P6/1PPPPPP/GMELECZ/w/-1"; got != want {
		t.Errorf("position after a bad move: %s; want %s", got, want)
	}
	e.send("position fen garbage")
	e.until(prefix("info string "))
	if got, want := e.fen(), "gmelecz/1pppppp/p6/7/P6/1PPPPPP/GMELECZ/w/-1"; got != want {
		t.Errorf("position after a bad FEN: %s; want %s", got, want)
	}
}

// legal checks a bestmove against the position it answers.
func legal(t *testing.T, game, fen, move string) {
	t.Helper()
	switch game {
	case "congo":
		p := congo.NewPosition()
		if fen != "startpos" {
			var err error
			if p, err = congo.ParseFEN(fen); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := p.ParseMove(move); err != nil {
			t.Errorf("bestmove %s: %v", move, err)
		}
	case "ataxx":
		p := ataxx.NewPosition()
		m, err := ataxx.ParseMove(move)
		if err == nil {
			_, _, err = p.Play(m)
		}
		if err != nil {
			t.Errorf("bestmove %s: %v", move, err)
		}
	}
}

func TestGoLimits(t *testing.T) {
	for _, game := range []string{"congo", "ataxx"} {
		for _, goCmd := range []string{
			"go depth 3", "go nodes 2000", "go movetime 100",
			"go p1time 2000 p2time 2000 p1inc 10 p2inc 10", "go p1time 0 p2time 5000",
		} {
			t.Run(game+" "+goCmd, func(t *testing.T) {
				e := start(t, game)
				e.send("position startpos", goCmd)
				got := e.until(prefix("bestmove "))
				move := strings.TrimPrefix(got[len(got)-1], "bestmove ")
				legal(t, game, "startpos", move)
				if goCmd == "go depth 3" && !slices.ContainsFunc(got, prefix("info depth 3 ")) {
					t.Errorf("go depth 3 answered %q; want an info line of depth 3", got)
				}
			})
		}
	}
}

// The search runs beside the input: isready, d and query are answered
// while an infinite search thinks, and stop ends it with a legal move.
func TestSearchBesideTheInput(t *testing.T) {
	for _, game := range []string{"congo", "ataxx"} {
		t.Run(game, func(t *testing.T) {
			e := start(t, game)
			e.send("position startpos", "go infinite", "isready")
			got := e.until(func(l string) bool { return l == "readyok" })
			if slices.ContainsFunc(got, prefix("bestmove")) {
				t.Fatalf("an infinite search answered before stop: %q", got)
			}
			e.send("query p1turn")
			if got := e.until(prefix("response ")); got[len(got)-1] != "response true" {
				t.Errorf("query during the search: %q", got)
			}
			e.send("stop")
			got = e.until(prefix("bestmove "))
			legal(t, game, "startpos", strings.TrimPrefix(got[len(got)-1], "bestmove "))
			// A new go ends an old one; quit ends everything.
			e.send("go infinite", "go depth 2")
			e.until(prefix("bestmove "))
			e.until(prefix("bestmove "))
			e.send("quit")
		})
	}
}

func TestGameOverGivesNullMove(t *testing.T) {
	e := start(t, "congo")
	e.send("position fen 7/4l2/7/4c2/7/2p4/1M1L3/w/-1 moves b1-d3-f5-d7", "go depth 3")
	got := e.until(prefix("bestmove "))
	if got[len(got)-1] != "bestmove 0000" {
		t.Errorf("go in a finished game: %q; want bestmove 0000", got)
	}
}

func TestNewGameEndsTheSearchAndResets(t *testing.T) {
	for _, cmd := range []string{"uginewgame", "uainewgame"} {
		t.Run(cmd, func(t *testing.T) {
			e := start(t, "congo")
			e.send("position startpos moves a2-a3", "go infinite", cmd)
			e.until(prefix("bestmove "))
			if got := e.fen(); got != congo.StartFEN {
				t.Errorf("after %s the position is %s; want %s", cmd, got, congo.StartFEN)
			}
		})
	}
}

// TestRandomOpenings: ugi -openings prints distinct openings of the given
// length, every move legal in turn, none ending the game.
func TestRandomOpenings(t *testing.T) {
	for _, name := range gameNames() {
		t.Run(name, func(t *testing.T) {
			lines := randomOpenings(games[name](), 20, 4, 7)
			if len(lines) != 20 {
				t.Fatalf("got %d openings; want 20", len(lines))
			}
			seen := map[string]bool{}
			for _, line := range lines {
				if seen[line] {
					t.Errorf("opening %q twice", line)
				}
				seen[line] = true
				g := games[name]()
				g.reset()
				g.setStart()
				moves := strings.Fields(line)
				if len(moves) != 4 {
					t.Errorf("opening %q: got %d moves; want 4", line, len(moves))
				}
				for _, m := range moves {
					if err := g.play(m); err != nil {
						t.Fatalf("opening %q: %s: %v", line, m, err)
					}
				}
				if g.gameOver() {
					t.Errorf("opening %q ends the game", line)
				}
			}
		})
	}
}
