package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildUGI builds cmd/ugi, the engine of every game, for the tests.
func buildUGI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ugi")
	if out, err := exec.Command("go", "build", "-o", bin, "../ugi").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestUGIMatch (issue 13): the runner matches engines of any game through
// UGI, refereed by the first engine: a Congo game from a position where
// player 1 takes the lion at once ends with player 1's win each time; an
// engine that answers a move the referee refuses loses.
func TestUGIMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engines")
	}
	ugiBin := buildUGI(t)
	var out bytes.Buffer
	err := run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin + " -game congo", "-e2", ugiBin + " -game congo",
		"-games", "2", "-tc", "depth=2", "-start", "3l3/7/7/7/7/7/3L3/w/-1"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); strings.Count(got, ": player 1 wins") != 2 || !strings.Contains(got, "1 - 1 - 0") {
		t.Errorf("lion-takes-lion games: got\n%s", got)
	}

	dummy := filepath.Join(t.TempDir(), "dummy")
	os.WriteFile(dummy, []byte("#!/bin/sh\nwhile read -r line; do case \"$line\" in\n ugi) echo 'id name dummy'; echo ugiok;;\n isready) echo readyok;;\n go*) echo 'bestmove a1a1';;\n quit) exit 0;;\n esac; done\n"), 0o755)
	out.Reset()
	err = run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin + " -game abalone", "-e2", dummy,
		"-games", "2", "-tc", "depth=1"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if got := out.String(); strings.Count(got, "played a1a1") != 2 || !strings.Contains(got, "2 - 0 - 0") {
		t.Errorf("an engine playing nonsense: got\n%s", got)
	}
}
