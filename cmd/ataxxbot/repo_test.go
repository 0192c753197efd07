package main

import (
	"bytes"
	"go/scanner"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot is the checkout's top level, or "" when the test does not run
// in a git checkout (a copy of the sources): then it skips, except in CI,
// which always runs in a clone.
func repoRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: not a git checkout: %v", err)
		}
		t.Skipf("not a git checkout: %v", err)
	}
	return strings.TrimSpace(string(out))
}

// TestRepositoryHoldsNoBinaries: every binary a cmd/ folder builds is
// ignored where `go build` puts it (the top level, or its own folder), so
// are database files, and no tracked file is an executable image.
func TestRepositoryHoldsNoBinaries(t *testing.T) {
	root := repoRoot(t)
	dirs, err := os.ReadDir(filepath.Join(root, "cmd"))
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, d := range dirs {
		if d.IsDir() {
			paths = append(paths, d.Name(), filepath.Join("cmd", d.Name(), d.Name()))
		}
	}
	paths = append(paths, "games.db", filepath.Join("cmd", "ataxxbot", "games.db"))
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			cmd := exec.Command("git", "check-ignore", "--no-index", "-q", p)
			cmd.Dir = root
			if err := cmd.Run(); err != nil {
				t.Errorf("git check-ignore %s: %v; want it ignored", p, err)
			}
		})
	}

	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		head := make([]byte, 4)
		fh, err := os.Open(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		n, _ := fh.Read(head)
		fh.Close()
		if bytes.Equal(head[:n], []byte("\x7fELF")) {
			t.Errorf("tracked file %s is an executable image; want no binary in the repository", f)
		}
	}
}

// trackerNumber matches the word for a tracker's entry followed by its
// number, in any case, with a space, a hash, a dash, an underscore or
// nothing between; its own source text does not match it.
var trackerNumber = regexp.MustCompile(`(?i)(?:^|[^a-z])(issues?[ _#-]*[0-9]+)`)

// TestNoIssueNumbers: file names and the comments of .go files say the
// behaviour and the rule they pin, never the tracker entry the work came
// from: no tracked file's name, and no comment in a tracked .go file,
// names one by number.
func TestNoIssueNumbers(t *testing.T) {
	root := repoRoot(t)
	out, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if m := trackerNumber.FindStringSubmatch(filepath.Base(f)); m != nil {
			t.Errorf("file name %s: got %q; want a name that says what it holds", f, m[1])
		}
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		fset := token.NewFileSet()
		file := fset.AddFile(f, -1, len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, scanner.ScanComments) // a file that does not parse is still scanned
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT {
				continue
			}
			if loc := trackerNumber.FindStringSubmatchIndex(lit); loc != nil {
				line := fset.Position(pos).Line + strings.Count(lit[:loc[2]], "\n")
				t.Errorf("%s:%d: got a comment naming %q; want the behaviour or the rule instead", f, line, lit[loc[2]:loc[3]])
			}
		}
	}
}
