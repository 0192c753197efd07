package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// session runs the program with args on input, echoing it as a terminal
// would, and returns what it printed and its exit code.
func session(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	var out, errs bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(input), &out, &errs, true)
	return out.String(), errs.String(), code
}

// The guide's sample session, verbatim: each piece must appear in the
// program's transcript as the guide prints it.
var guidePieces = []struct{ name, text string }{
	{"greeting", `   ____
  / ___|___  _ __   __ _  ___
 | |   / _ \| '_ \ / _` + "`" + ` |/ _ \
 | |__| (_) | | | | (_| | (_) |
  \____\___/|_| |_|\__, |\___/
                   |___/

 7   g m e l e c z
 6   p p p p p p p
 5   - - - - - - -
 4   + + + + + + +
 3   - - - - - - -
 2   P P P P P P P
 1   G M E L E C Z

 /   a b c d e f g

 * white 2E 1Z 1G 1C 7P 0S 1L 1M
   black 2e 1z 1g 1c 7p 0s 1l 1m

 > `},
	{"unknown", ` > unknown
 Command unknown is not supported. Consult "help help".
`},
	{"allow", ` > allow
 Allowed commands are allow, advise, help, show, exit, move.
`},
	{"help move", ` > help move
 NAME
    move
 DESCRIPTION
    Moves a certain piece from a square to a square.
 USAGE
    move [a-g][1-7] [a-g][1-7]
`},
	{"show board", ` > show board

 7   g m e l e c z
 6   p p p p p p p
 5   - - - - - - -
 4   + + + + + + +
 3   - - - - - - -
 2   P P P P P P P
 1   G M E L E C Z

 /   a b c d e f g

 > show players

 * white 2E 1Z 1G 1C 7P 0S 1L 1M
   black 2e 1z 1g 1c 7p 0s 1l 1m

 > show moves

 (a2,a3) (a2,b3) (b2,a3) (b2,b3) (b2,c3)
 (c2,b3) (c2,c3) (c2,d3) (d2,c3) (d2,d3)
 (d2,e3) (e2,d3) (e2,e3) (e2,f3) (f2,e3)
 (f2,f3) (f2,g3) (g2,f3) (g2,g3) (a1,a3)
 (a1,c3) (c1,c3) (e1,e3) (g1,f3)
`},
	{"move a2 a3", ` > move a2 a3

 transition (a2,a3)

 7   g m e l e c z
 6   p p p p p p p
 5   - - - - - - -
 4   + + + + + + +
 3   P - - - - - -
 2   - P P P P P P
 1   G M E L E C Z

 /   a b c d e f g
`},
	{"wrong move", ` > move a1 b3
 Entered move is wrong. Consult "show moves".
`},
	{"exit", ` > exit
The program is terminated...
`},
}

// TestGuideSession reproduces the guide's sample session: its banner,
// allow, help move, show board|players|moves, move a2 a3, move a1 b3,
// advise and exit. Black is the computer (ai/random), so its answer to
// a2 a3 is printed too, as the guide's program prints the transitions of
// ai players; the advised move is the negamax adviser's, in the guide's
// form (the guide's own sample advises (b1,a2), which its program's
// adviser chose).
func TestGuideSession(t *testing.T) {
	input := "unknown\nallow\nhelp move\nshow board\nshow players\nshow moves\nmove a2 a3\nmove a1 b3\nadvise\nexit\n"
	got, errs, code := session(t, input, "--place=local", "--board=standard", "--white=hi/negamax", "--black=ai/random", "--seed=1")
	if code != 0 || errs != "" {
		t.Fatalf("exit code %d, stderr %q", code, errs)
	}
	golden := filepath.Join("testdata", "guide-session.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("session differs from %s (go test -update rewrites it):\n%s", golden, got)
	}
	for _, p := range guidePieces {
		if !strings.Contains(got, p.text) {
			t.Errorf("the guide's %s is not in the session:\nwant\n%s", p.name, p.text)
		}
	}
	if !strings.HasPrefix(got, guidePieces[0].text[:len(guidePieces[0].text)-3]) {
		t.Errorf("the session does not begin with the guide's greeting")
	}
	if !regexp.MustCompile(` > advise\n Advised move is \([a-g][1-7],[a-g][1-7]\)\.\n > exit\n`).MatchString(got) {
		t.Errorf("advise: no advice in the guide's form in\n%s", got)
	}
	if !regexp.MustCompile(`\n transition \([a-g][1-7],[a-g][1-7]\)\n\n 7 `).MatchString(got[strings.Index(got, " > move a2 a3")+40:]) {
		t.Errorf("no transition of black's computer after move a2 a3")
	}
}

// TestMonkeySession takes a monkey's jumps one at a time, as the guide's
// program does, to the lion.
func TestMonkeySession(t *testing.T) {
	got, _, code := session(t, "move b1 d3\nshow moves\nmove d3 f5-d7\nexit\n",
		"--board=7/4l2/7/4c2/7/2p4/1M1L3/w/-1", "--white=hi/negamax", "--black=hi/random")
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	for _, want := range []string{
		" > move b1 d3\n\n transition (b1,d3)\n The monkey on d3 may jump on, or stop (say stop).\n\n 7   - - - - - - -\n",
		" > show moves\n\n (d3,d3) (d3,f5) (d3,f5,d7)\n\n",
		" > move d3 f5-d7\n\n transition (d3,f5,d7)\n\n 7   - - - M - - -\n",
		" /   a b c d e f g\n\n White wins. (lion taken)\n > exit\nThe program is terminated...\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("session lacks\n%s\ngot\n%s", want, got)
		}
	}
}

// TestComputers: the computer on both sides plays to the end, white
// first, from the moment the game is shown.
func TestComputers(t *testing.T) {
	got, _, code := session(t, "", "--white=ai/random", "--black=ai/random", "--seed=5")
	if code != 0 {
		t.Fatalf("exit code %d", code)
	}
	i := strings.Index(got, " transition (")
	if i < 0 || strings.Contains(got[:i], " > ") {
		t.Fatalf("white's computer did not move before the first prompt:\n%s", got)
	}
	if !regexp.MustCompile(` (White|Black) wins\. \((lion taken|no moves left)\)\n > \nThe program is terminated\.\.\.\n$`).MatchString(got) {
		t.Errorf("no result at the end:\n%s", got[max(0, len(got)-400):])
	}
}

func TestArguments(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"network without a store", []string{"--place=network", "--board=standard", "--white=hi/negamax"}, "--place=network plays over a shared store: give its server as --host=HOST --port=PORT, or --store redis://HOST:PORT/DB"},
		{"network with no side for the joiner", []string{"--place=network", "--store=redis://127.0.0.1:1/0", "--white=hi/negamax", "--black=hi/random"}, "one side is yours (hi), the other the joining player's"},
		{"network with a bad id", []string{"--place=network", "--store=redis://127.0.0.1:1/0", "--board=no such id!"}, "--board: invalid Congo FEN"},
		{"unknown place", []string{"--place=moon"}, `--place="moon": want local or network`},
		{"bad player", []string{"--white=hi/minimax"}, `--white="hi/minimax": want hi/random`},
		{"bad kind of player", []string{"--black=xi/random"}, `--black="xi/random"`},
		{"bad board", []string{"--board=7/7"}, "--board: invalid Congo FEN"},
		{"board without lions", []string{"--board=7/7/7/7/7/7/7/w/-1"}, "--board: no lion on the board"},
		{"stray argument", []string{"play"}, `unexpected argument "play"`},
		{"unknown flag", []string{"--colour=red"}, "flag provided but not defined"},
		{"bad depth", []string{"--depth=40"}, "--depth=40: want 1 to 8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := session(t, "", tt.args...)
			if code != 2 || !strings.Contains(errs, tt.err) || out != "" {
				t.Errorf("got code %d, stderr %q, stdout %q; want 2 and %q", code, errs, out, tt.err)
			}
		})
	}
}

// TestEndOfInput: the end of the input leaves as exit does.
func TestEndOfInput(t *testing.T) {
	got, _, code := session(t, "show players\n", "--white=hi/random", "--black=hi/random")
	if code != 0 || !strings.HasSuffix(got, "   black 2e 1z 1g 1c 7p 0s 1l 1m\n\n > \nThe program is terminated...\n") {
		t.Errorf("got code %d and\n%s", code, got)
	}
}

// TestNetworkAddress: --host and --port (the guide's flags) are the address
// of the shared store's server; with --store as well the program refuses,
// as it does for either without a network game.
func TestNetworkAddress(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // the store's address, or the error
	}{
		{"host and port", []string{"--place=network", "--host=127.0.0.1", "--port=7153"}, "redis://127.0.0.1:7153/0"},
		{"host alone: Redis's port", []string{"--place=network", "--host=10.0.0.7"}, "redis://10.0.0.7:6379/0"},
		{"port alone: this machine", []string{"--place=network", "--port=7153"}, "redis://localhost:7153/0"},
		{"IPv6 host", []string{"--place=network", "--host=::1", "--port=7153"}, "redis://[::1]:7153/0"},
		{"store", []string{"--place=network", "--store=redis://h:1/2"}, "redis://h:1/2"},
		{"store and host", []string{"--place=network", "--store=redis://h:1/2", "--host=h"}, "--store or --host/--port, not both"},
		{"store and port", []string{"--place=network", "--store=redis://h:1/2", "--port=1"}, "--store or --host/--port, not both"},
		{"bad port", []string{"--place=network", "--host=h", "--port=70000"}, "--port=70000: want 1 to 65535"},
		{"bad host", []string{"--place=network", "--host=a/b", "--port=1"}, `--host="a/b": want a host name or IP address`},
		{"host for a local game", []string{"--place=local", "--host=h", "--port=1"}, "--host and --port are for --place=network"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, err := parseArgs(append(tt.args, "--white=hi/random", "--black=ai/random"))
			got := o.store
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// TestUsageOnce: a mistake on the command line prints one line naming it
// and the usage once; -h prints the usage once, on standard output, and
// succeeds.
func TestUsageOnce(t *testing.T) {
	tests := []struct {
		name string
		args []string
		err  string
	}{
		{"unknown flag", []string{"--colour=red"}, "flag provided but not defined: -colour"},
		{"bad value", []string{"--seed=x"}, `invalid value "x" for flag -seed`},
		{"unknown place", []string{"--place=moon"}, `--place="moon": want local or network`},
		{"stray argument", []string{"play"}, `unexpected argument "play"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := session(t, "", tt.args...)
			if code != 2 || out != "" {
				t.Errorf("got code %d, stdout %q; want 2 and nothing", code, out)
			}
			if n := strings.Count(errs, tt.err); n != 1 {
				t.Errorf("the error %q is printed %d times; want once:\n%s", tt.err, n, errs)
			}
			if n := strings.Count(errs, "Usage:"); n != 1 {
				t.Errorf("the usage is printed %d times; want once:\n%s", n, errs)
			}
			if !strings.HasPrefix(errs, "congo: "+tt.err) {
				t.Errorf("stderr begins %q; want the error first", errs[:min(len(errs), 60)])
			}
		})
	}
	out, errs, code := session(t, "", "-h")
	if code != 0 || errs != "" || strings.Count(out, "Usage:") != 1 || !strings.Contains(out, "--host") {
		t.Errorf("-h: got code %d, stderr %q, stdout\n%s\nwant 0, nothing, and the usage once (naming --host)", code, errs, out)
	}
}
