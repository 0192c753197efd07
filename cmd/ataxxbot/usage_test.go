package main

import (
	"flag"
	"os/exec"
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

// TestHelpOfTheBinary: the built program prints the same help.
func TestHelpOfTheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	out, err := exec.Command(buildBot(t), "-h").Output()
	if err != nil || !strings.Contains(string(out), "\n  console ") {
		t.Errorf("ataxxbot -h: got %v:\n%s\nwant the help naming console", err, out)
	}
}
