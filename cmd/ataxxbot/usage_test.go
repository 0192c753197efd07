package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelpNamesEverything (issue 20 item 15): ataxxbot -h names the
// console subcommand and every flag, on standard output with exit code
// 0 (it is what was asked for); a bad flag gets the same usage on
// standard error with code 2.
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

// TestTheBinaryAsTheGuidesSay (issue 20 item 15): the built program
// prints the help; quit, exit and the end of input (CS61B: the same as
// quit) print the Congo guide's farewell, except in the CS61B dialect,
// whose expected output has none; load /dev/zero and a file that loads itself end at once with
// one error line, and the session goes on.
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
