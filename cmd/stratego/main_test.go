package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
)

var agentNames = []string{"basic_cpp", "asmodeus", "random", "crasher", "garbage",
	"longline", "illegal", "baddir", "badsetup", "shortsetup", "surrender"}

// shellAgents are for the timeout tests: a shell starts in a millisecond
// even on a busy machine, where the race-enabled test binary may take
// longer than the timeout under test. Each sets up with the sample army
// (Red's lines; as Blue it is the same formation mirrored top to bottom,
// which is also valid), and leaves on QUIT or at the end of its input.
var shellAgents = map[string]string{
	"sh_sleepy":    shSetup + shUntilQuit, // never answers a move
	"sh_slowsetup": shStart + "read q\necho FB8sB479B8\n" + shUntilQuit,
	"sh_setup":     shSetup + shUntilQuit,
	// sh_onemove is Red: START and the board, then one move.
	"sh_onemove": shSetup + "i=0\nwhile [ $i -lt 11 ]; do read l; i=$((i+1)); done\necho 0 3 DOWN\n" + shUntilQuit,
}

const (
	shStart     = "#!/bin/sh\necho $$ > \"$STRATEGO_RECORD_DIR/${0##*/}.pid\"\n"
	shSetup     = shStart + "read q\necho FB8sB479B8\necho BB31555583\necho 6724898974\necho 967B669999\n"
	shUntilQuit = "while read l; do case \"$l\" in QUIT*) exit 0;; esac; done\n"
)

// linkAgents makes a directory with agents/<name> links to the test
// binary, moves into it, and returns the directory where agents record
// their pids and what they read.
func linkAgents(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "agents"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range agentNames {
		if err := os.Symlink(exe, filepath.Join(dir, "agents", n)); err != nil {
			t.Fatal(err)
		}
	}
	for name, script := range shellAgents {
		if err := os.WriteFile(filepath.Join(dir, "agents", name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	rec := filepath.Join(dir, "rec")
	os.Mkdir(rec, 0o755)
	for name, file := range map[string]string{"basic_cpp": "stratego_transcript_red_basic_cpp.txt", "asmodeus": "stratego_transcript_blue_asmodeus.txt"} {
		abs, _ := filepath.Abs(filepath.Join("testdata", file))
		t.Setenv("STRATEGO_TAPE_"+name, abs)
	}
	t.Setenv("STRATEGO_TEST_AGENT", "1")
	// A race-enabled agent would sleep a second at exit.
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	t.Setenv("STRATEGO_RECORD_DIR", rec)
	t.Chdir(dir)
	return rec
}

// manage runs the manager in process and checks that every agent it
// started is reaped when it returns.
func manage(t *testing.T, rec string, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	for _, f := range mustGlob(t, filepath.Join(rec, "*.pid")) {
		os.Remove(f)
	}
	// Agents here are the race-enabled test binary on a busy machine:
	// unless a test is about timeouts, give them time to start.
	if !slices.Contains(args, "-T") {
		args = append([]string{"-T", "20"}, args...)
	}
	var out, errw bytes.Buffer
	var k killer
	code = run(args, strings.NewReader(stdin), &out, &errw, &k)
	for _, f := range mustGlob(t, filepath.Join(rec, "*.pid")) {
		b, _ := os.ReadFile(f)
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatalf("%s: %q", f, b)
		}
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("agent %s (pid %d) still exists after the game: kill 0 = %v", filepath.Base(f), pid, err)
		}
	}
	return out.String(), errw.String(), code
}

func mustGlob(t *testing.T, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// tapped returns the lines of a transcript the manager sent (">>").
func tapped(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if s, ok := strings.CutPrefix(l, ">> "); ok {
			out = append(out, s)
		}
	}
	return out
}

func readLines(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

// Both tapped games: stand-ins answer as basic_cpp and asmodeus did, and
// every line our manager sends each of them equals the tapped one, in
// order, with nothing more.
func TestTappedGamesLineForLine(t *testing.T) {
	red := tapped(t, "testdata/stratego_transcript_red_basic_cpp.txt")
	blue := tapped(t, "testdata/stratego_transcript_blue_asmodeus.txt")
	rec := linkAgents(t)
	out, errs, code := manage(t, rec, "", "-m", "40", "agents/basic_cpp", "agents/asmodeus")
	if code != 0 || out != "agents/asmodeus BLUE DRAW_DEFAULT 40 120 117\n" {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want agents/asmodeus BLUE DRAW_DEFAULT 40 120 117", code, out, errs)
	}
	for _, c := range []struct {
		name string
		want []string
	}{{"basic_cpp", red}, {"asmodeus", blue}} {
		got := readLines(t, filepath.Join(rec, c.name+".got"))
		for i := 0; i < max(len(got), len(c.want)); i++ {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(c.want) {
				w = c.want[i]
			}
			if g != w {
				t.Fatalf("%s, line %d read: got %q; want %q (tapped)", c.name, i+1, g, w)
			}
		}
	}
}

// -o then -f reproduces the game: the same log and the same result.
func TestLogThenReplay(t *testing.T) {
	rec := linkAgents(t)
	games := []struct {
		name              string
		switches, players []string
	}{
		{"tapped game", []string{"-m", "40"}, []string{"agents/basic_cpp", "agents/asmodeus"}},
		{"random agents", []string{"-m", "300"}, []string{"agents/random", "agents/random"}},
		{"illegal moves ignored", []string{"-i", "-m", "4"}, []string{"agents/illegal", "agents/baddir"}},
		{"timeout", []string{"-T", "1"}, []string{"agents/sh_onemove", "agents/sh_sleepy"}},
		{"surrender", nil, []string{"agents/surrender", "agents/random"}},
		{"bad setup", nil, []string{"agents/badsetup", "agents/random"}},
	}
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			args := append(append([]string{"-o", "game.log"}, g.switches...), g.players...)
			out1, errs, code := manage(t, rec, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			log1 := readLines(t, "game.log")
			// "All switches function as normal with -f": the same ones
			// replay the same game.
			out2, errs, code := manage(t, rec, "", append([]string{"-f", "game.log", "-o", "replay.log"}, g.switches...)...)
			if code != 0 {
				t.Fatalf("replay exit %d: %s", code, errs)
			}
			if out1 != out2 {
				t.Errorf("result: replay %q; want %q", out2, out1)
			}
			log2 := readLines(t, "replay.log")
			if strings.Join(log1, "\n") != strings.Join(log2, "\n") {
				t.Errorf("replayed log differs:\n%s\nwant\n%s", strings.Join(log2, "\n"), strings.Join(log1, "\n"))
			}
			if last := log1[len(log1)-1]; last+"\n" != out1 {
				t.Errorf("the log ends with %q; want the result line %q", last, out1)
			}
		})
	}
}

// A game that a move ends reports the turn that move was made in: the
// 2012 manager's counter starts at 1, each turn opens with Red's move, and
// it goes up after Blue's move only when the game goes on. So the result
// line's TURN is the number of Red's moves in the log, whichever side
// ended the game, and the log's last line and the -f replay say the same.
func TestResultTurnOfAGameAMoveEnds(t *testing.T) {
	rec := linkAgents(t)
	redMove := regexp.MustCompile(`(?m)^\d+ RED: `)
	seen := map[string]bool{}
	for seed := 1; seed <= 60 && len(seen) < 2; seed++ {
		t.Setenv("STRATEGO_RANDOM_SEED", strconv.Itoa(seed))
		out, errs, code := manage(t, rec, "", "-o", "game.log", "agents/random", "agents/random")
		if code != 0 {
			t.Fatalf("seed %d: exit %d: %s", seed, code, errs)
		}
		r, err := agent.ParseResult(strings.TrimSpace(out))
		if err != nil {
			t.Fatalf("seed %d: result %q: %v", seed, out, err)
		}
		if r.Outcome != agent.Victory || seen[r.Colour] {
			continue
		}
		seen[r.Colour] = true
		t.Run(r.Colour+" ends the game", func(t *testing.T) {
			data, err := os.ReadFile("game.log")
			if err != nil {
				t.Fatal(err)
			}
			want := len(redMove.FindAllIndex(data, -1))
			if r.Turn != want {
				t.Errorf("seed %d: result %q: turn %d; want %d (Red moved %d times)", seed, strings.TrimSpace(out), r.Turn, want, want)
			}
			log := readLines(t, "game.log")
			if last := log[len(log)-1]; last+"\n" != out {
				t.Errorf("seed %d: the log ends with %q; want the result line %q", seed, last, out)
			}
			replayed, errs, code := manage(t, rec, "", "-f", "game.log")
			if code != 0 || replayed != out {
				t.Errorf("seed %d: -f: got exit %d, %q (stderr %q); want %q", seed, code, replayed, errs, out)
			}
		})
	}
	for _, c := range []string{"RED", "BLUE"} {
		if !seen[c] {
			t.Errorf("no seeded random game ended with a %s victory", c)
		}
	}
}

// threeTurnsMoves is the log of basic_cpp against asmodeus up to the
// third turn's limit, before its reason and result lines.
const threeTurnsMoves = `agents/basic_cpp RED SETUP
FB8sB479B8
BB31555583
6724898974
967B669999
agents/asmodeus BLUE SETUP
967B669999
6724898974
BB31555583
FB8sB479B8
1 RED: 0 3 DOWN OK
1 BLU: 0 6 UP OK
2 RED: 0 2 DOWN OK
2 BLU: 0 5 UP BOTHDIE 9 9
`

func TestLogFormat(t *testing.T) {
	rec := linkAgents(t)
	out, _, _ := manage(t, rec, "", "-m", "3", "-o", "stdout", "agents/basic_cpp", "agents/asmodeus")
	want := threeTurnsMoves + `Game ends on BLUE's turn - REASON: Game declared a draw after 3 turns
agents/asmodeus BLUE DRAW_DEFAULT 3 146 146
agents/asmodeus BLUE DRAW_DEFAULT 3 146 146
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestMisbehavingAgents(t *testing.T) {
	rec := linkAgents(t)
	cases := []struct {
		name string
		args []string
		want string // result line, or its start when values depend on a random agent
	}{
		{"timeout on a move", []string{"-T", "1", "agents/sh_sleepy", "agents/sh_setup"}, "agents/sh_sleepy RED ILLEGAL 1 148 148"},
		{"timeout during setup", []string{"-T", "1", "agents/sh_slowsetup", "agents/sh_setup"}, "agents/sh_slowsetup RED BAD_SETUP 0 0 148"},
		{"crash", []string{"agents/basic_cpp", "agents/crasher"}, "agents/crasher BLUE ILLEGAL 1 148 148"},
		{"garbage", []string{"agents/garbage", "agents/random"}, "agents/garbage RED ILLEGAL 1 148 148"},
		{"a line too long", []string{"agents/longline", "agents/random"}, "agents/longline RED ILLEGAL 1 148 148"},
		{"illegal move", []string{"agents/illegal", "agents/random"}, "agents/illegal RED ILLEGAL 1 148 148"},
		{"bad direction", []string{"agents/baddir", "agents/random"}, "agents/baddir RED ILLEGAL 1 148 148"},
		{"illegal moves ignored", []string{"-i", "-m", "5", "agents/illegal", "agents/illegal"}, "agents/illegal BLUE DRAW_DEFAULT 5 148 148"},
		{"bad directions ignored", []string{"-i", "-m", "3", "agents/baddir", "agents/baddir"}, "agents/baddir BLUE DRAW_DEFAULT 3 148 148"},
		{"timeout under -i still ends the game", []string{"-i", "-T", "1", "agents/sh_onemove", "agents/sh_sleepy"}, "agents/sh_sleepy BLUE ILLEGAL 1 148 148"},
		{"bad setup", []string{"agents/badsetup", "agents/random"}, "agents/badsetup RED BAD_SETUP 0 0 148"},
		{"short setup line", []string{"agents/random", "agents/shortsetup"}, "agents/shortsetup BLUE BAD_SETUP 0 148 0"},
		{"both bad", []string{"agents/badsetup", "agents/shortsetup"}, "neither BOTH BAD_SETUP 0 0 0"},
		{"surrender", []string{"agents/surrender", "agents/random"}, "agents/surrender RED SURRENDER 1 148 148"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, code := manage(t, rec, "", c.args...)
			if code != 0 || out != c.want+"\n" {
				t.Errorf("got exit %d, %q (stderr %q); want exit 0, %q", code, out, errs, c.want)
			}
		})
	}
}

func TestIllegalMovesEchoed(t *testing.T) {
	rec := linkAgents(t)
	out, _, _ := manage(t, rec, "", "-i", "-m", "2", "-o", "stdout", "agents/illegal", "agents/baddir")
	for _, want := range []string{"1 RED: 0 0 DOWN ILLEGAL\n", "1 BLU: 0 3 SIDEWAYS\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("log %q lacks %q", out, want)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	rec := linkAgents(t)
	for _, args := range [][]string{
		{},
		{"agents/random"},
		{"-x", "agents/random", "agents/random"},
		{"-m", "none", "agents/random", "agents/random"},
		{"-f", "nofile.log"},
		{"-f", "x.log", "agents/random", "agents/random"},
		{"agents/nonexistent", "agents/random"},
		{"agents/random", "agents/nonexistent"},
	} {
		out, errs, code := manage(t, rec, "", args...)
		if code != 1 || out != "" || errs == "" {
			t.Errorf("%q: got exit %d, stdout %q, stderr %q; want exit 1 and a message on stderr only", args, code, out, errs)
		}
	}
	out, _, code := manage(t, rec, "", "-h")
	if code != 0 || !strings.Contains(out, "SYNOPSIS") {
		t.Errorf("-h: exit %d, %q", code, out)
	}
}

func TestHuman(t *testing.T) {
	rec := linkAgents(t)
	// A typo and an illegal move (the flag) are asked again; then a move
	// in chat form and a surrender.
	in := "nonsense\nprogcomp\na1-a2\nhello\na4-a5\nSURRENDER\n"
	out, errs, code := manage(t, rec, in, "-o", "stdout", "human", "agents/random")
	if code != 0 || !regexp.MustCompile(`(?m)^human RED SURRENDER 2 \d+ \d+\n\z`).MatchString(out) {
		t.Fatalf("got exit %d, stdout %q, stderr %q; want human RED SURRENDER 2", code, out, errs)
	}
	for _, want := range []string{"not a setup", "a1-a2 is not a legal move", "invalid move", "    a  b  c  d", " 1  rF rB r8 rs"} {
		if !strings.Contains(errs, want) {
			t.Errorf("the human's terminal (stderr) lacks %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "1 RED: 0 3 DOWN OK\n") {
		t.Errorf("log: %q lacks the human's move as protocol text", out)
	}
}

func TestPrintAndGraphics(t *testing.T) {
	rec := linkAgents(t)
	out, _, _ := manage(t, rec, "", "-g", "-r", "-m", "3", "agents/basic_cpp", "agents/asmodeus")
	if n := strings.Count(out, "== turn "); n != 4 {
		t.Errorf("-g frames: got %d; want 4\n%s", n, out)
	}
	if regexp.MustCompile(`r[1-9sBF]`).MatchString(out) || !strings.Contains(out, "bF") {
		t.Errorf("-g -r shows a red rank or hides Blue's:\n%s", out)
	}
	out, _, _ = manage(t, rec, "", "-p", "-m", "2", "agents/basic_cpp", "agents/asmodeus")
	if n := strings.Count(out, " 1  rF rB r8 rs rB r4 r7 r9 rB r8"); n != 2 {
		t.Errorf("-p boards: got %d; want 2\n%s", n, out)
	}
}
