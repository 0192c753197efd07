package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
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
