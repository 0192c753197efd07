package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// The CS61B acceptance tests: NAME.in holds console input and tester
// directives, NAME.std the expected output. Directives (lines "#*..."):
//
//	#*move            read one AI move line ("* Blue moves a1-b2.") from
//	                  this program; in a pair, the other program gets it
//	#*win, #*win+     read the result line ("* Red wins."); with + it is
//	                  part of the output compared with NAME.std
//	#*move/win[+]     read move lines until the result line
//	#*remote move/win[+]  relay moves between this program and its pair
//	                  (NAME-1.in with NAME-2.in) until both report a result
//
// Move lines, and result lines not claimed by a +, are left out of the
// comparison; everything else the program prints must equal NAME.std.

var (
	moveLine   = regexp.MustCompile(`^\* (Red|Blue) moves ([a-g][1-7]-[a-g][1-7]|-)\.$`)
	resultLine = regexp.MustCompile(`^\* (Red wins|Blue wins|Draw)\.$`)
)

const directiveTimeout = 60 * time.Second // generous: the AI searches depth 8 on a machine that may be busy

type step struct {
	input     string // a line to type, or
	directive string // a directive without "#*"
}

func readScript(t *testing.T, path string) []step {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var steps []step
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "":
		case strings.HasPrefix(line, "#*"):
			if i == 0 { // "#* java -ea ataxx.Main": the program to run
				continue
			}
			steps = append(steps, step{directive: strings.TrimSpace(line[2:])})
		case strings.HasPrefix(line, "#"):
		default:
			steps = append(steps, step{input: line})
		}
	}
	return steps
}

// program is one running console bot in the CS61B dialect.
type program struct {
	*proc
	compared []string // output that must equal the .std file
	result   string   // the result line, once seen
}

func startProgram(t *testing.T, bin, name string) *program {
	t.Helper()
	return &program{proc: startProc(t, bin, name, nil, "console", "-cs61b")}
}

// next returns the next move or result line, setting aside (as compared
// output) any other line; ok is false at exit or time-out.
func (p *program) next(t *testing.T, timeout time.Duration) (line string, ok bool) {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case line, open := <-p.lines:
			if !open {
				return "", false
			}
			if moveLine.MatchString(line) || resultLine.MatchString(line) {
				return line, true
			}
			p.compared = append(p.compared, line)
		case <-deadline:
			t.Errorf("%s: no move or result within %v", p.name, timeout)
			return "", false
		}
	}
}

// await reads until a result line (claimed when plus), handing every move
// line to relay.
func (p *program) await(t *testing.T, plus, movesOnly bool, relay func(move string)) {
	t.Helper()
	for {
		line, ok := p.next(t, directiveTimeout)
		if !ok {
			t.Errorf("%s: ended before the expected result", p.name)
			return
		}
		if m := moveLine.FindStringSubmatch(line); m != nil {
			if relay != nil {
				relay(m[2])
			}
			if movesOnly {
				return
			}
			continue
		}
		p.result = line
		if plus {
			p.compared = append(p.compared, line)
		}
		return
	}
}

// finish closes input, waits for exit and collects the rest of the output.
func (p *program) finish(t *testing.T) []string {
	t.Helper()
	p.stdin.Close()
	timeout := time.After(directiveTimeout)
	for {
		select {
		case line, open := <-p.lines:
			if !open {
				if err := p.cmd.Wait(); err != nil {
					t.Errorf("%s: exit: %v", p.name, err)
				}
				return p.compared
			}
			if !moveLine.MatchString(line) && !resultLine.MatchString(line) {
				p.compared = append(p.compared, line)
			}
		case <-timeout:
			t.Fatalf("%s: did not exit", p.name)
		}
	}
}

func expected(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimRight(string(data), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// runSingle runs one script in one program.
func runSingle(t *testing.T, bin, in string) {
	p := startProgram(t, bin, filepath.Base(in))
	for _, s := range readScript(t, in) {
		if s.input != "" {
			p.send(t, s.input)
			continue
		}
		plus := strings.HasSuffix(s.directive, "+")
		switch strings.TrimSuffix(s.directive, "+") {
		case "move":
			p.await(t, false, true, nil)
		case "win", "move/win":
			p.await(t, plus, false, nil)
		default:
			t.Fatalf("%s: directive %q needs a pair", in, s.directive)
		}
	}
	got := p.finish(t)
	if want := expected(t, strings.TrimSuffix(in, ".in")+".std"); !slices.Equal(got, want) {
		t.Errorf("%s output:\n%s\nwant:\n%s", in, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// runPair runs NAME-1.in and NAME-2.in against each other: every move one
// program's AI makes is typed into the other, until both announce the
// result.
func runPair(t *testing.T, bin string, ins []string) {
	ps := make([]*program, 2)
	scripts := make([][]step, 2)
	queued := make([][]string, 2) // moves waiting to be typed into program i
	for i, in := range ins {
		ps[i] = startProgram(t, bin, filepath.Base(in))
		scripts[i] = readScript(t, in)
	}
	remoteAt := make([]int, 2)
	for i, p := range ps {
		other := 1 - i
		remoteAt[i] = -1
		for j, s := range scripts[i] {
			if s.input != "" {
				p.send(t, s.input)
				continue
			}
			if strings.HasPrefix(s.directive, "remote ") {
				remoteAt[i] = j
				break
			}
			plus := strings.HasSuffix(s.directive, "+")
			p.await(t, plus, s.directive == "move", func(m string) { queued[other] = append(queued[other], m) })
		}
		if remoteAt[i] < 0 {
			t.Fatalf("%s: no remote directive", ins[i])
		}
	}
	// Relay until both have a result.
	for i := range ps {
		for _, m := range queued[i] {
			ps[i].send(t, m)
		}
	}
	deadline := time.After(directiveTimeout)
	relayed := 0
	for ps[0].result == "" || ps[1].result == "" {
		var i int
		var line string
		var open bool
		select {
		case line, open = <-ps[0].lines:
			i = 0
		case line, open = <-ps[1].lines:
			i = 1
		case <-deadline:
			t.Fatalf("%s and %s: no result within %v", ps[0].name, ps[1].name, directiveTimeout)
		}
		p := ps[i]
		switch {
		case !open:
			t.Fatalf("%s ended before the result", p.name)
		case moveLine.MatchString(line):
			if ps[1-i].result == "" {
				ps[1-i].send(t, moveLine.FindStringSubmatch(line)[2])
				relayed++
			}
		case resultLine.MatchString(line):
			p.result = line
			if strings.HasSuffix(scripts[i][remoteAt[i]].directive, "+") {
				p.compared = append(p.compared, line)
			}
		default:
			p.compared = append(p.compared, line)
		}
	}
	if relayed+len(queued[0])+len(queued[1]) < 2 {
		t.Errorf("the pair traded %d moves; want a game played between them", relayed)
	}
	t.Logf("%d moves relayed; result %s", relayed, ps[0].result)
	if ps[0].result != ps[1].result {
		t.Errorf("the pair disagree: %s says %q, %s says %q", ps[0].name, ps[0].result, ps[1].name, ps[1].result)
	}
	for i, p := range ps {
		for _, s := range scripts[i][remoteAt[i]+1:] {
			if s.input != "" {
				p.send(t, s.input)
			}
		}
		got := p.finish(t)
		if want := expected(t, strings.TrimSuffix(ins[i], ".in")+".std"); !slices.Equal(got, want) {
			t.Errorf("%s output:\n%s\nwant:\n%s", ins[i], strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ataxxbot")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func runAcceptance(t *testing.T, bin, dir string) {
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no tests in %s: %v", dir, err)
	}
	groups := map[string][]string{} // test07 -> [test07-1.in, test07-2.in]
	for _, in := range ins {
		base := strings.TrimSuffix(filepath.Base(in), ".in")
		name, _, _ := strings.Cut(base, "-")
		if strings.Contains(mustRead(t, in), "#*remote") {
			groups[name] = append(groups[name], in)
			continue
		}
		groups[base] = []string{in}
	}
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		files := groups[name]
		sort.Strings(files)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if len(files) == 2 {
				runPair(t, bin, files)
			} else {
				runSingle(t, bin, files[0])
			}
		})
	}
}

func mustRead(t *testing.T, path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCS61BAcceptance runs ../shared/ataxx/cs61b (the project's copy in
// testdata/cs61b where ../shared is absent) through the built binary.
func TestCS61BAcceptance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := filepath.Join("..", "..", "..", "shared", "ataxx", "cs61b")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: %s missing: %v", dir, err)
		}
		dir = filepath.Join("testdata", "cs61b")
	}
	runAcceptance(t, buildBot(t), dir)
}

// TestCS61BInputsPipedPrintTheirStd: every NAME.in of the acceptance set,
// given whole as standard input (no tester between, so quit and dump
// arrive while the AI still thinks), prints NAME.std: a line typed ahead
// waits for the AI's move as the CS61B program reads its next line only
// then. The tester's own lines are left out as the tester leaves them out:
// the AI's move lines, and a result line no "+" directive claims.
func TestCS61BInputsPipedPrintTheirStd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := filepath.Join("..", "..", "..", "shared", "ataxx", "cs61b")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: %s missing: %v", dir, err)
		}
		dir = filepath.Join("testdata", "cs61b")
	}
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no tests in %s: %v", dir, err)
	}
	bin := buildBot(t)
	for _, in := range ins {
		t.Run(strings.TrimSuffix(filepath.Base(in), ".in"), func(t *testing.T) {
			t.Parallel()
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			cmd := exec.Command(bin, "console", "-cs61b")
			cmd.Stdin = f
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			// Which result lines the script claims, in order.
			var claims []bool
			for _, s := range readScript(t, in) {
				if d := strings.TrimSuffix(strings.TrimPrefix(s.directive, "remote "), "+"); d == "win" || d == "move/win" {
					claims = append(claims, strings.HasSuffix(s.directive, "+"))
				}
			}
			var got []string
			results := 0
			for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
				switch {
				case line == "" && len(out) == 0, moveLine.MatchString(line):
					continue
				case resultLine.MatchString(line):
					results++
					if results <= len(claims) && !claims[results-1] {
						continue
					}
				}
				got = append(got, line)
			}
			want := expected(t, strings.TrimSuffix(in, ".in")+".std")
			for i := range max(len(got), len(want)) {
				g, w := "(nothing)", "(nothing)"
				if i < len(got) {
					g = got[i]
				}
				if i < len(want) {
					w = want[i]
				}
				if g != w {
					t.Fatalf("line %d: got %q; want %q\nthe whole output:\n%s", i+1, g, w, out)
				}
			}
		})
	}
}
