package uai_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/uai"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// standIn writes a UAI engine as a shell script that notes each go line
// in a file and answers b6 (a clone legal from the start position).
func standIn(t *testing.T) (path, log string) {
	t.Helper()
	dir := t.TempDir()
	log = filepath.Join(dir, "go.log")
	path = filepath.Join(dir, "engine.sh")
	script := `#!/bin/sh
while read -r line; do
  case "$line" in
    uai) echo "id name stand-in"; echo uaiok ;;
    isready) echo readyok ;;
    go*) echo "$line" >> ` + log + `; echo "bestmove b6" ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, log
}

// TestPlayerThinksWithinTheClock: an engine named in the config thinks its
// own move time, or less when the game's clock leaves less: the budget,
// less what starting a process costs, and never under 20 ms.
func TestPlayerThinksWithinTheClock(t *testing.T) {
	tests := []struct {
		name   string
		budget time.Duration // 0: no clock (ChooseMove)
		want   string
	}{
		{"no clock: its move time", 0, "go movetime 1000"},
		{"a clock with time to spare: its move time", 5 * time.Second, "go movetime 1000"},
		{"a short budget: the budget less the start", 700 * time.Millisecond, "go movetime 500"},
		{"almost nothing left: the least", 100 * time.Millisecond, "go movetime 20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path, log := standIn(t)
			p := uai.Player{Path: "/bin/sh", Args: []string{path}, MoveTime: time.Second}
			pos := ataxx.NewPosition()
			var m ataxx.Move
			var err error
			if tt.budget == 0 {
				m, err = p.ChooseMove(context.Background(), pos, 5, 1)
			} else {
				m, err = p.ChooseMoveWithin(context.Background(), pos, 5, tt.budget, 1)
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.String() != "b6" {
				t.Errorf("move: got %v; want b6", m)
			}
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(data)); got != tt.want {
				t.Errorf("the engine was told %q; want %q", got, tt.want)
			}
		})
	}
}
