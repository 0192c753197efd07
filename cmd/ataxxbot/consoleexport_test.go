package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestConsoleWritesALongStrategoExport: export ID of a Stratego game, too
// long to print in chat, is written in the console as a file into the
// working directory (as the 2012 manager writes its log with -o), and the
// console says where; a second export of it keeps the first file.
func TestConsoleWritesALongStrategoExport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	// The AI plays both armies to the end (seed 7: the same game every
	// run); the next run exports the game twice by its id.
	db := "bolt:" + filepath.Join(t.TempDir(), "games.db")
	played := runBot(t, bin, "seed 7\nstratego start ai:1\nauto red 1\n", "-store", db)
	id := regexp.MustCompile(`Game on: .*\(game ([^)\s]+)\)`).FindStringSubmatch(played)
	if id == nil {
		t.Fatalf("no game id announced:\n%s", played)
	}
	cmd := exec.Command(bin, "-store", db)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("export " + id[1] + "\nexport " + id[1] + "\n")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	written := regexp.MustCompile(`(?m)^(\S+\.log) is (\d+) bytes: written to (.+)$`).FindAllStringSubmatch(string(out), -1)
	if len(written) != 2 {
		t.Fatalf("got %d lines saying where an export was written; want 2:\n%s", len(written), out)
	}
	var first []byte
	for i, w := range written {
		name, size, path := w[1], w[2], w[3]
		if filepath.Dir(path) != dir || filepath.Base(path) != name {
			t.Errorf("export %d: got %s; want %s in the working directory %s", i+1, path, name, dir)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("export %d: %v", i+1, err)
		}
		if n, _ := strconv.Atoi(size); n != len(data) || n <= 1800 {
			t.Errorf("export %d: got a file of %d bytes, said %s; want the same, and over the 1800 chat shows", i+1, len(data), size)
		}
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		if !strings.HasSuffix(lines[0], " RED SETUP") || !regexp.MustCompile(` (RED|BLUE) (VICTORY|SURRENDER|DEFEAT|DRAW|ILLEGAL)`).MatchString(lines[len(lines)-1]) {
			t.Errorf("export %d: got %q ... %q; want the 2012 manager's log, setup first and the result line last", i+1, lines[0], lines[len(lines)-1])
		}
		if i == 0 {
			first = data
		} else if string(data) != string(first) {
			t.Errorf("the second export differs from the first")
		}
	}
	if written[0][3] == written[1][3] {
		t.Errorf("both exports went to %s; want the second beside the first", written[0][3])
	}
}
