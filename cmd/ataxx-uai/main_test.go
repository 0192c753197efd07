package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// paramOptions are the lines that offer the search's numbers, each a spin
// with its range (ataxxai.ParamList).
func paramOptions() []string {
	var lines []string
	for _, p := range ataxxai.ParamList {
		lines = append(lines, fmt.Sprintf(`option name %s type spin default %d min %d max %d`, p.Name, *p.Of(&ataxxai.DefaultParams), p.Min, p.Max))
	}
	return lines
}

// TestSession drives the protocol through run, with scripts and the lines
// they must produce (regular expressions, anchored, one per line).
func TestSession(t *testing.T) {
	tests := []struct {
		name  string
		input string
		want  []string
	}{
		{"handshake", "uai\nisready\nquit\n", slices.Concat([]string{
			`id name ataxxbot`, `id author .+`, `option name Hash type spin default 64 min 1 max 4096`,
			`option name Level type spin default 10 min 1 max 10`,
			`option name EvalStable type spin default \d+ min -500 max 500`, `option name EvalExposed type spin default \d+ min -500 max 500`,
			`option name NullMove type check default (true|false)`, `option name Aspiration type check default (true|false)`,
			`option name TrainedEval type check default (true|false)`,
			`option name Futility type check default (true|false)`,
			`option name NNUE type check default (true|false)`, `option name EvalFile type string default <embedded>`,
			`option name MoveOverhead type spin default 10 min 0 max 5000`,
		}, paramOptions(), []string{`uaiok`, `readyok`})},
		{"setoption", "setoption name Hash value 8\nsetoption name Hash value 0\nsetoption name Threads value 2\nsetoption name Level value 11\nsetoption name Level value 2\nsetoption name MoveOverhead value -1\nsetoption name MoveOverhead value 30\n", []string{
			`info string Hash must be a number from 1 to 4096`, `info string unknown option "name Threads value 2"`,
			`info string Level must be a number from 1 to 10`, `info string MoveOverhead must be a number from 0 to 5000`}},
		{"a search number out of its range", "setoption name RFPDepth value 99\nsetoption name lmrdiv value 10\nsetoption name RFPDepth value 4\n", []string{
			`info string RFPDepth must be a number from 0 to 20`, `info string LMRDiv must be a number from 50 to 2000`}},
		{"a network that is not one", "setoption name EvalFile value /nonexistent/net.bin\nsetoption name EvalFile value main_test.go\nsetoption name EvalFile value <embedded>\n", []string{
			`info string EvalFile: open /nonexistent/net.bin: no such file or directory`,
			`info string EvalFile main_test.go: not a network file of this shape: \d+ bytes without the magic "ATAXXNN2" or "ATAXXNN3"`}},
		{"perft from start", "position startpos\nperft 3\n", []string{
			`info depth 1 nodes 16 time \d+ nps \d+`,
			`info depth 2 nodes 256 time \d+ nps \d+`,
			`info depth 3 nodes 6460 time \d+ nps \d+`}},
		{"position fen with moves then d", "position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1 moves b6 g7f5\nd\n", []string{
			`   a b c d e f g`,
			`7  r - - - - - -  7`,
			`6  - r - - - - -  6`,
			`5  - - X - X b -  5`,
			`4  - - - - - - -  4`,
			`3  - - X - X - -  3`,
			`2  - - - - - - -  2`,
			`1  b - - - - - r  1`,
			`   a b c d e f g`,
			`Red \(r\) 3, Blue \(b\) 2\. Red to move\.`,
			`Fen: x6/1x5/2-1-o1/7/2-1-2/7/o5x x 1 2`,
			`Key: [0-9a-f]{16}`}},
		{"illegal move keeps the moves before it", "position startpos moves b6 d4 f6\nd\n", []string{
			`info string move d4: illegal move: d4 has no Blue piece next to it`,
			`(?s).*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`, `.*`,
			`Fen: x5o/1x5/7/7/7/7/o5x o 0 1`, `Key: .*`}},
		{"unknown command carries on", "hello world\nisready\n", []string{
			`info string unknown command "hello"`, `readyok`}},
		{"bad fen keeps position", "position fen x5o/7 x 0 1\nperft 1\n", []string{
			`info string invalid FEN: .*`, `info depth 1 nodes 16 .*`}},
		{"bench to a depth", "bench 3\nbench 0\nbench 2 2\n", []string{
			`bench depth 3 nodes [1-9]\d* nps \d+ time \d+`,
			`info string bench needs a depth from 1 to 127`, `info string bench needs a depth from 1 to 127`}},
		{"eval without a search, by the evaluation chosen", "position startpos moves f2\neval\nsetoption name NNUE value false\neval\n", []string{
			fmt.Sprintf(`info string eval %d`, staticEval(t, true)), fmt.Sprintf(`info string eval %d`, staticEval(t, false))}},
		{"perft without depth", "perft\nperft 99\n", []string{
			`info string perft needs a depth from 1 to 12`, `info string perft needs a depth from 1 to 12`}},
		{"uainewgame resets", "position startpos moves b6\nuainewgame\nperft 1\n", []string{
			`info depth 1 nodes 16 .*`}},
		{"game over has no moves", "position fen x5o/7/7/7/7/7/o5x x 100 1\nperft 2\n", []string{
			`info depth 1 nodes 0 .*`, `info depth 2 nodes 0 .*`}},
		{"quit stops reading", "quit\nisready\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := run(strings.NewReader(tt.input), &out); err != nil {
				t.Fatalf("run: %v", err)
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				got = nil
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d lines:\n%s\nwant %d lines matching %q", len(got), out.String(), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if !regexp.MustCompile(`^` + w + `$`).MatchString(got[i]) {
					t.Errorf("line %d: got %q; want match for %q", i+1, got[i], w)
				}
			}
		})
	}
}

// staticEval is the evaluation, for Blue to move, after f2 from the
// start: by the network (nnue) or by the linear evaluation.
func staticEval(t *testing.T, nnue bool) int {
	t.Helper()
	p := ataxx.NewPosition()
	m, err := ataxx.ParseMove("f2")
	if err != nil {
		t.Fatal(err)
	}
	p.MakeMove(m)
	tu := ataxxai.DefaultTuning
	tu.NNUE = nnue
	return tu.Evaluate(&p)
}

// TestTableOnlyForSearch checks that a session allocates the search's
// hash table at its first go and not before: a perft-only session (a
// move-generator benchmark) allocates a few kilobytes, not the table's
// megabytes. It measures the bytes run allocates, with runtime.MemStats.
func TestTableOnlyForSearch(t *testing.T) {
	const tableBytes = defaultHashMB << 20
	tests := []struct {
		name      string
		input     string
		wantTable bool
	}{
		{name: "perft only", input: "uai\nposition startpos\nperft 5\nquit\n", wantTable: false},
		{name: "hash set, then perft", input: "setoption name Hash value 128\nisready\nperft 4\nquit\n", wantTable: false},
		{name: "new game, then perft", input: "uainewgame\nposition startpos moves b6\nperft 4\nquit\n", wantTable: false},
		{name: "perft, then go", input: "position startpos\nperft 4\ngo depth 1\nquit\n", wantTable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			var out bytes.Buffer
			if err := run(strings.NewReader(tt.input), &out); err != nil {
				t.Fatalf("run: %v", err)
			}
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			if got := allocated >= tableBytes; got != tt.wantTable {
				t.Errorf("run(%q) allocated %d bytes: table allocated = %v; want %v (a table is %d bytes)\noutput:\n%s",
					tt.input, allocated, got, tt.wantTable, tableBytes, out.String())
			}
		})
	}
}

// TestBinary builds the real program and talks to it through pipes, as a
// GUI does.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "ataxx-uai")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader("uai\nposition startpos\nperft 4\nquit\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run %s: %v", bin, err)
	}
	if !strings.Contains(string(out), "uaiok\n") || !regexp.MustCompile(`info depth 4 nodes 155888 time \d+ nps \d+\n`).Match(out) {
		t.Errorf("got output:\n%s\nwant uaiok and perft 4 = 155888", out)
	}
}

// uaiProc is the engine binary driven through pipes.
type uaiProc struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan string
}

// buildUAI builds the engine into a temporary directory and returns its
// path.
func buildUAI(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ataxx-uai")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startUAI(t *testing.T) *uaiProc {
	t.Helper()
	return startBin(t, buildUAI(t))
}

// startBin runs the engine at bin with pipes to its input and output.
func startBin(t *testing.T, bin string) *uaiProc {
	t.Helper()
	cmd := exec.Command(bin)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &uaiProc{t: t, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	return p
}

func (p *uaiProc) send(line string) { fmt.Fprintln(p.in, line) }

// until reads lines until one matches re, within d.
func (p *uaiProc) until(re string, d time.Duration) []string {
	p.t.Helper()
	var seen []string
	rx := regexp.MustCompile(re)
	timeout := time.After(d)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("engine exited; want %q after:\n%s", re, strings.Join(seen, "\n"))
			}
			seen = append(seen, line)
			if rx.MatchString(line) {
				return seen
			}
		case <-timeout:
			p.t.Fatalf("no %q within %v; got:\n%s", re, d, strings.Join(seen, "\n"))
		}
	}
}

func TestGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	p := startUAI(t)
	legal := func(fen, move string) {
		t.Helper()
		pos, _ := ataxx.ParseFEN(fen)
		m, err := ataxx.ParseMove(move)
		if err == nil {
			err = pos.Legal(m)
		}
		if err != nil {
			t.Fatalf("bestmove %s at %s: %v", move, fen, err)
		}
	}
	bestmove := regexp.MustCompile(`^bestmove (\S+)`)

	// go depth: an info line per iteration, then a legal bestmove.
	p.send("position startpos moves b6")
	p.send("go depth 4")
	lines := p.until(`^bestmove`, 20*time.Second)
	infos := 0
	for _, l := range lines {
		if regexp.MustCompile(`^info depth \d+ seldepth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv( \S+)+$`).MatchString(l) {
			infos++
		}
	}
	if infos != 4 {
		t.Errorf("go depth 4: got %d info lines; want 4:\n%s", infos, strings.Join(lines, "\n"))
	}
	legal("x5o/1x5/7/7/7/7/o5x o 0 1", bestmove.FindStringSubmatch(lines[len(lines)-1])[1])

	// go movetime 1000 answers within 1,100 ms.
	p.send("position startpos")
	start := time.Now()
	p.send("go movetime 1000")
	lines = p.until(`^bestmove`, 5*time.Second)
	if took := time.Since(start); took > 1100*time.Millisecond {
		t.Errorf("go movetime 1000 answered after %v; want within 1,100 ms", took)
	}
	legal(ataxx.StartFEN, bestmove.FindStringSubmatch(lines[len(lines)-1])[1])

	// go infinite answers only after stop; isready, d, uai, perft and
	// setoption are answered (or kept) meanwhile without ending it.
	p.send("go infinite")
	time.Sleep(200 * time.Millisecond)
	for _, c := range []struct{ send, want string }{
		{"isready", `^readyok$`},
		{"d", `^Key: [0-9a-f]{16}$`},
		{"uai", `^uaiok$`},
		{"setoption name Level value 3", ``},
		{"perft 2", `^info depth 2 nodes 256 `},
		{"hello", `^info string unknown command "hello"$`},
		{"isready", `^readyok$`},
	} {
		p.send(c.send)
		if c.want == "" {
			continue
		}
		lines = p.until(`^bestmove|`+c.want, 5*time.Second)
		if strings.HasPrefix(lines[len(lines)-1], "bestmove") {
			t.Fatalf("%q during go infinite ended the search: %s", c.send, strings.Join(lines, "\n"))
		}
	}
	p.send("stop")
	p.until(`^bestmove [a-g][1-7]`, 2*time.Second)
	// The Level option kept during the search applies now: level 3
	// searches 2 plies.
	p.send("go depth 9")
	lines = p.until(`^bestmove`, 5*time.Second)
	if l := lines[len(lines)-2]; !strings.HasPrefix(l, "info depth 2 ") {
		t.Errorf("after setoption Level 3 during a search: last info %q; want depth 2", l)
	}
	p.send("setoption name Level value 10")

	// A clock: Blue (o, wtime) has little time left.
	p.send("position fen x5o/7/7/7/7/7/o5x o 0 1")
	start = time.Now()
	p.send("go btime 100000 wtime 300 binc 0 winc 0")
	p.until(`^bestmove`, 5*time.Second)
	if took := time.Since(start); took > 300*time.Millisecond {
		t.Errorf("with 300 ms on the clock the engine took %v", took)
	}

	// A finished game: bestmove 0000.
	p.send("position fen x6/7/7/7/7/7/7 o 0 1")
	p.send("go depth 3")
	if l := p.until(`^bestmove`, 5*time.Second); l[len(l)-1] != "bestmove 0000" {
		t.Errorf("finished game: got %q; want bestmove 0000", l[len(l)-1])
	}

	// Only a pass: bestmove 0000 at once.
	p.send("position fen xxxxxxx/-------/-------/o6/7/7/7 x 0 1")
	p.send("go movetime 5000")
	start = time.Now()
	if l := p.until(`^bestmove`, 5*time.Second); !strings.HasPrefix(l[len(l)-1], "bestmove 0000") || time.Since(start) > time.Second {
		t.Errorf("only move a pass: got %q after %v; want bestmove 0000 at once", l[len(l)-1], time.Since(start))
	}
	p.send("quit")
}

// TestClockWatch: the overhead learnt is what the manager charged beyond
// the engine's own time, and a new game's clock teaches nothing.
func TestClockWatch(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	var w clockWatch
	steps := []struct {
		name         string
		side         ataxx.Color
		clock, inc   time.Duration
		spent        time.Duration
		wantOverhead time.Duration
	}{
		{"first move: nothing known", ataxx.Red, ms(1000), ms(10), ms(50), 0},
		{"other side's first move", ataxx.Blue, ms(1000), ms(10), ms(40), 0},
		// Red: 1000 + 10 - 940 = 70 charged for 50 spent; kept: 1.5 × 20.
		{"charged 70 for 50: 20 outside", ataxx.Red, ms(940), ms(10), ms(30), ms(30)},
		// Blue: 1000 + 10 - 970 = 40 for 40: 20 decays by 1/8 to 17.5.
		{"charged 40 for 40: decays", ataxx.Blue, ms(970), ms(10), ms(30), 26250 * time.Microsecond},
		// Red's clock grew: a new game; 17.5 decays to 15.3125.
		{"a new game teaches nothing", ataxx.Red, ms(1000), ms(10), ms(30), 22968750 * time.Nanosecond},
	}
	for _, st := range steps {
		got := w.observe(st.side, st.clock, st.inc)
		w.answered(st.side, st.spent)
		if got != st.wantOverhead {
			t.Errorf("%s: overhead %v; want %v", st.name, got, st.wantOverhead)
		}
	}
}
