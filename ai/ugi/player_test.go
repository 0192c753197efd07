package ugi_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
)

// handshake is a UGI program's answers to everything but go, as a shell
// script; a stand-in adds its own go case and closes the case and loop.
const handshake = `#!/bin/sh
while read -r line; do
  case "$line" in
    ugi) echo "id name stand-in"; echo ugiok ;;
    isready) echo readyok ;;
    quit) exit 0 ;;
    position*) echo "$line" >> LOG ;;
`

// standIn writes a UGI program whose go case is goCase ("" for none),
// noting each position and go line in a log file it returns.
func standIn(t *testing.T, goCase string) (path, log string) {
	t.Helper()
	dir := t.TempDir()
	log = filepath.Join(dir, "lines.log")
	path = filepath.Join(dir, "program.sh")
	script := strings.ReplaceAll(handshake, "LOG", log)
	if goCase != "" {
		script += `    go*) echo "$line" >> ` + log + "; " + goCase + " ;;\n"
	}
	script += "  esac\ndone\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

func TestMoveTimeWithin(t *testing.T) {
	tests := []struct {
		name     string
		moveTime time.Duration
		budget   time.Duration
		want     time.Duration
	}{
		{"no clock", 300 * time.Millisecond, 0, 300 * time.Millisecond},
		{"clock leaves more", 300 * time.Millisecond, 10 * time.Second, 300 * time.Millisecond},
		{"clock leaves less", 2 * time.Second, time.Second, 800 * time.Millisecond},
		{"clock nearly out", 2 * time.Second, 210 * time.Millisecond, ugi.MinMoveTime},
		{"no move time", 0, 0, ugi.MinMoveTime},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ugi.Player{MoveTime: tt.moveTime}
			if got := p.MoveTimeWithin(tt.budget); got != tt.want {
				t.Errorf("MoveTimeWithin(%v) of %v: got %v; want %v", tt.budget, tt.moveTime, got, tt.want)
			}
		})
	}
}

// TestPlayerChoose: the program is told the start and the moves, thinks
// its move time, and its bestmove comes back without the ponder move.
func TestPlayerChoose(t *testing.T) {
	path, log := standIn(t, `echo "bestmove b1-b2 ponder c3-c4"`)
	p := ugi.Player{Path: path, MoveTime: 50 * time.Millisecond}
	tests := []struct {
		name     string
		start    string
		moves    []string
		budget   time.Duration
		wantLine string
	}{
		{"from the start", "startpos", []string{"a2-a3", "b6-b5"}, 0, "position startpos moves a2-a3 b6-b5\ngo movetime 50"},
		{"from a position, on a clock", "7/7/7/3l3/7/3L3/7/w/-1", nil, 230 * time.Millisecond, "position fen 7/7/7/3l3/7/3L3/7/w/-1\ngo movetime 30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(log)
			m, err := p.Choose(context.Background(), tt.start, tt.moves, tt.budget)
			if err != nil || m != "b1-b2" {
				t.Fatalf("Choose: got %q, %v; want b1-b2", m, err)
			}
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(data)); got != tt.wantLine {
				t.Errorf("what the program heard: got\n%s\nwant\n%s", got, tt.wantLine)
			}
		})
	}
}

// TestPlayerFailures: each way a program fails comes back as an error
// that says which.
func TestPlayerFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs that time out")
	}
	silent, _ := standIn(t, "")
	quitter, _ := standIn(t, "exit 3")
	empty, _ := standIn(t, "echo bestmove")
	tests := []struct {
		name string
		path string
		want []error
	}{
		{"never answers", silent, []error{ugi.ErrEngine, context.DeadlineExceeded}},
		{"exits", quitter, []error{ugi.ErrEngine, pipe.ErrExited}},
		{"answers no move", empty, []error{ugi.ErrEngine}},
		{"is not there", filepath.Join(t.TempDir(), "missing"), []error{fs.ErrNotExist}},
		{"is not on PATH", "no-such-ugi-program-here", []error{exec.ErrNotFound}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := ugi.Player{Path: tt.path, MoveTime: 20 * time.Millisecond}
			m, err := p.Choose(context.Background(), "startpos", nil, 0)
			for _, want := range tt.want {
				if !errors.Is(err, want) {
					t.Errorf("Choose: got %q, %v; want an error that is %v", m, err, want)
				}
			}
		})
	}
}
