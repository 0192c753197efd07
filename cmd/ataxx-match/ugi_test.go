package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// buildUGI builds cmd/ugi, the engine of every game.
func buildUGI(t *testing.T) string { return buildCmd(t, "ugi") }

// TestUGIMatch: the runner matches engines of any game through UGI,
// refereed by the first engine: a Congo game from a position where player 1
// takes the lion at once ends with player 1's win each time; an engine that
// answers a move the referee refuses loses.
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

// TestUGIOpenings: with -openings FILE, each pair of games starts after
// its line's moves (pair i, line i mod the lines), both colours; a line
// the referee refuses ends its games drawn, with the reason, not lost by
// either engine; a file without openings is an error.
func TestUGIOpenings(t *testing.T) {
	if testing.Short() {
		t.Skip("runs engines")
	}
	ugiBin := buildUGI(t)
	dir := t.TempDir()
	file, log := filepath.Join(dir, "openings.txt"), filepath.Join(dir, "games.log")
	lines := []string{"f2-e3 c7-c5 a1-a3 a7-c7", "# a comment", "", "c2-d3 e7-e5"}
	os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644)
	var out bytes.Buffer
	err := run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin + " -game congo", "-e2", ugiBin + " -game congo",
		"-games", "6", "-tc", "depth=1", "-maxplies", "12", "-openings", file, "-pgn", log, "-concurrency", "2"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(log)
	games := strings.Split(strings.TrimSpace(string(b)), "\n\n")
	if len(games) != 6 {
		t.Fatalf("logged games: got %d; want 6\n%s", len(games), b)
	}
	for _, g := range games {
		head, moves, _ := strings.Cut(g, "\n")
		var n int
		if _, err := fmt.Sscanf(head, "[Game %d]", &n); err != nil {
			t.Fatalf("game header %q: %v", head, err)
		}
		want := []string{lines[0], lines[3]}[(n-1)/2%2]
		if !strings.HasPrefix(moves, want+" ") {
			t.Errorf("game %d: got moves %q; want them to begin with %q", n, moves, want)
		}
	}

	os.WriteFile(file, []byte("a1-a1\n"), 0o644)
	out.Reset()
	if err := run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin + " -game congo", "-e2", ugiBin + " -game congo",
		"-games", "2", "-tc", "depth=1", "-openings", file}, &out); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); strings.Count(got, `(the opening "a1-a1"`) != 2 || !strings.Contains(got, "0 - 0 - 2") {
		t.Errorf("a refused opening: got\n%s", got)
	}
	os.WriteFile(file, []byte("# nothing\n"), 0o644)
	if err := run(context.Background(), []string{"-protocol", "ugi", "-e1", ugiBin, "-e2", ugiBin, "-openings", file}, &out); err == nil {
		t.Errorf("a file without openings: got no error; want one")
	}
}
