package main

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHelpNamesEverything: ataxxbot -h names the console subcommand and
// every flag, on standard output with exit code 0 (it is what was asked
// for); a bad flag gets the same usage on standard error with code 2.
func TestHelpNamesEverything(t *testing.T) {
	var names []string
	fs, _ := newFlags(&strings.Builder{})
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "-"+f.Name) })
	if len(names) < 4 {
		t.Fatalf("got flags %q; want at least -cs61b, -store, -config, -channel", names)
	}
	for _, args := range [][]string{{"-h"}, {"-help"}, {"console", "-h"}} {
		var out, errOut strings.Builder
		code := run(t.Context(), args, strings.NewReader(""), &out, &errOut)
		if code != 0 || errOut.Len() != 0 {
			t.Errorf("run(%q): got code %d, stderr %q; want 0 and usage on stdout", args, code, errOut.String())
		}
		help := out.String()
		for _, want := range append([]string{"Usage: ataxxbot [console] [flags]", "\n  console ", "load FILE", "quit"}, names...) {
			if !strings.Contains(help, want) {
				t.Errorf("run(%q): the help lacks %q:\n%s", args, want, help)
			}
		}
	}
	var out, errOut strings.Builder
	if code := run(t.Context(), []string{"-frob"}, strings.NewReader(""), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "Usage: ataxxbot [console] [flags]") || strings.Count(errOut.String(), "Usage:") != 1 {
		t.Errorf("run(-frob): got code %d, stderr %q; want 2 and the usage once", code, errOut.String())
	}
}

// TestTheBinaryAsTheGuidesSay: the built program prints the help; quit,
// exit and the end of input (CS61B: the same as quit) print the Congo
// guide's farewell, except in the CS61B dialect, whose expected output has
// none; load /dev/zero and a file that loads itself end at once with one
// error line, and the session goes on.
func TestTheBinaryAsTheGuidesSay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBot(t)
	out, err := exec.Command(bin, "-h").Output()
	if err != nil || !strings.Contains(string(out), "\n  console ") {
		t.Errorf("ataxxbot -h: got %v:\n%s\nwant the help naming console", err, out)
	}
	self := filepath.Join(t.TempDir(), "self.txt")
	os.WriteFile(self, []byte("load "+self+"\n"), 0o644)
	for _, tt := range []struct {
		name, input string
		args        []string
		want        string
	}{
		{"exit", "exit\nstatus\n", nil, consoleGreeting + "\nThe program is terminated...\n"},
		{"quit", "quit\n", []string{"console"}, consoleGreeting + "\nThe program is terminated...\n"},
		{"quit in the CS61B dialect", "quit\n", []string{"console", "-cs61b"}, ""},
		{"end of input", "", nil, consoleGreeting + "\nThe program is terminated...\n"},
		{"end of input in the CS61B dialect", "", []string{"console", "-cs61b"}, ""},
		{"load /dev/zero", "load /dev/zero\nstatus\n", nil, consoleGreeting + "\nload /dev/zero: not a text file (a NUL byte)\nNo game here"},
		{"a file that loads itself", "load " + self + "\nstatus\n", nil, consoleGreeting + "\nload " + self + ": the file loads itself (through " + self + " -> " + self + ")\nNo game here"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := runBot(t, bin, tt.input, tt.args...)
			if !strings.HasPrefix(got, tt.want) || (tt.want == "" && got != "") || (strings.HasSuffix(tt.want, "\n") && got != tt.want) {
				t.Errorf("got %q; want %q", got, tt.want)
			}
		})
	}
}

// TestEveryProgramPrintsItsUsage: every program in cmd/, built, asked
// for -h (and each subcommand for its own -h), prints its usage on
// standard output, naming its subcommands and flags (or, for an engine
// that takes none, the protocol's commands), nothing on standard error,
// and exits 0: help was asked for, nothing went wrong.
func TestEveryProgramPrintsItsUsage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every program")
	}
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "github.com/ataxxbot/ataxxbot/cmd/...").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/...: %v\n%s", err, out)
	}
	// What each usage must name: the program's subcommands and flags as
	// its package documentation gives them.
	cases := []struct {
		program string
		args    []string
		names   []string
	}{
		{"ataxx-match", []string{"-h"}, []string{"Usage: ataxx-match", "-e1", "-e2", "-o1", "-o2", "-games", "-tc", "-seed", "-pgn", "-openings", "-protocol", "-start", "-maxplies", "-stride", "-concurrency"}},
		{"ataxx-match", []string{"-help"}, []string{"Usage: ataxx-match", "-e1"}},
		{"ataxx-train", []string{"-h"}, []string{"Usage:", "ataxx-train nnue-data", "ataxx-train nnue ", "-games", "-depth", "-workers", "-epochs", "-random", "-seed", "-trained", "-out"}},
		{"ataxx-train", []string{"nnue-data", "-h"}, []string{"Usage: ataxx-train nnue-data", "-games", "-nodes", "-workers", "-random-min", "-random-max", "-seed", "-out", "-net"}},
		{"ataxx-train", []string{"nnue", "-h"}, []string{"Usage: ataxx-train nnue ", "-epochs", "-batch", "-workers", "-lambda", "-lr", "-scale", "-seed", "-data", "-out"}},
		{"ataxx-uai", []string{"-h"}, []string{"Usage: ataxx-uai", "uai", "isready", "uainewgame", "setoption name Hash", "MoveOverhead", "position startpos|fen", "go ", "stop", "perft", "quit"}},
		{"ataxxbot", []string{"-h"}, []string{"Usage: ataxxbot", "console", "record", "-channel", "-config", "-cs61b", "-http", "-store"}},
		{"ataxxbot", []string{"console", "-h"}, []string{"Usage: ataxxbot", "console", "-store"}},
		{"ataxxbot", []string{"record", "-h"}, []string{"record", "-key", "-store", "-config"}},
		{"congo", []string{"-h"}, []string{"Usage:", "--place=local", "--place=network", "-black", "-board", "-depth", "-host", "-place", "-port", "-seed", "-store", "-white"}},
		{"stratego", []string{"-h"}, []string{"SYNOPSIS", "stratego [-gpirb]", "-o", "-t", "-m", "-T", "-f", "-h"}},
		{"stratego", []string{"--help"}, []string{"SYNOPSIS"}},
		{"stratego-agent", []string{"-h"}, []string{"Usage: stratego-agent", "-level", "-seed", "STRATEGO_AGENT_LEVEL", "STRATEGO_AGENT_SEED"}},
		{"ugi", []string{"-h"}, []string{"Usage: ugi", "-game", "ataxx", "congo", "abalone", "-openings", "-plies", "-seed"}},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.program] = true
		t.Run(strings.Join(append([]string{c.program}, c.args...), " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, filepath.Join(dir, c.program), c.args...)
			var out, errOut strings.Builder
			cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader("quit\n"), &out, &errOut
			err := cmd.Run()
			if err != nil || errOut.Len() != 0 {
				t.Errorf("got %v, stderr %q; want exit 0 and nothing on stderr", err, errOut.String())
			}
			for _, name := range c.names {
				if !strings.Contains(out.String(), name) {
					t.Errorf("the usage lacks %q; got:\n%s", name, out.String())
				}
			}
		})
	}
	programs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range programs {
		if p.IsDir() && !covered[p.Name()] {
			t.Errorf("cmd/%s: no -h case here; want one naming its flags", p.Name())
		}
	}
}
