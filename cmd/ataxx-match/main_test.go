package main

import (
	"bytes"
	"context"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

func TestElo(t *testing.T) {
	tests := []struct {
		name       string
		scores     []float64
		want       float64
		wantMargin bool // a finite, positive interval
	}{
		{"even", []float64{1, 0, 1, 0}, 0, true},
		{"draws", []float64{0.5, 0.5}, 0, false},
		{"75%", []float64{1, 1, 1, 0}, 190.8, true},
		{"25%", []float64{0, 0, 0, 1}, -190.8, true},
	}
	for _, tt := range tests {
		d, m := elo(tt.scores)
		if math.Abs(d-tt.want) > 0.5 || (m > 0) != tt.wantMargin || math.IsNaN(m) {
			t.Errorf("%s: elo = %.1f +/- %.1f; want %.1f (interval: %v)", tt.name, d, m, tt.want, tt.wantMargin)
		}
	}
}

func TestParseTC(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    timeControl
		wantErr bool
	}{
		{"movetime=50", timeControl{moveTime: 50 * time.Millisecond}, false},
		{"10+0.1", timeControl{base: 10 * time.Second, inc: 100 * time.Millisecond}, false},
		{"5", timeControl{base: 5 * time.Second}, false},
		{"depth=5", timeControl{depth: 5}, false},
		{"nodes=20000", timeControl{nodes: 20000}, false},
		{"depth=0", timeControl{}, true},
		{"nodes=x", timeControl{}, true},
		{"movetime=x", timeControl{}, true},
		{"fast", timeControl{}, true},
		{"-1+0", timeControl{}, true},
	} {
		got, err := parseTC(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("parseTC(%q) = %+v, %v; want %+v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestStartOpenings: the 256 start openings are the distinct positions
// two plies from the start, every one reached.
func TestStartOpenings(t *testing.T) {
	seen := map[string]bool{}
	for i := range 256 {
		pos := startOpening(i)
		if pos.Fullmove() != 2 || pos.Turn() != ataxx.Red {
			t.Fatalf("opening %d: %s is not two plies from the start", i, pos.FEN())
		}
		seen[pos.FEN()] = true
	}
	if len(seen) != 256 {
		t.Errorf("got %d distinct openings; want 256", len(seen))
	}
	if a, b := startOpening(3), startOpening(256+3); a != b {
		t.Errorf("opening 259 is %s; want opening 3, %s", b.FEN(), a.FEN())
	}
}

func TestOpeningsArePairedAndLegal(t *testing.T) {
	for i := range 20 {
		a, b := opening(7, i), opening(7, i)
		if a != b {
			t.Fatalf("opening %d differs between calls", i)
		}
		if a.IsOver() || a.Fullmove() != 2 {
			t.Fatalf("opening %d: %s; want a running game after two plies", i, a.FEN())
		}
	}
}

// TestMatchFullStrengthBeatsRandom plays the real engine against itself at
// level 1 (random moves) through the runner.
func TestMatchFullStrengthBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs engines")
	}
	bin := filepath.Join(t.TempDir(), "ataxx-uai")
	if out, err := exec.Command("go", "build", "-o", bin, "../ataxx-uai").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A fixed depth, not a clock: the machine's load cannot lose a game.
	var out bytes.Buffer
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	err := run(context.Background(), []string{"-e1", bin, "-e2", bin, "-o2", "Level=1", "-games", "4", "-tc", "depth=3", "-pgn", pgn}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	m := regexp.MustCompile(`Score of .* vs .*: (\d+) - (\d+) - (\d+)  \[([0-9.]+)\] 4`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no score line in:\n%s", out.String())
	}
	if score, _ := strconv.ParseFloat(m[4], 64); score < 0.75 {
		t.Errorf("full strength vs random: score %.3f; want at least 0.75\n%s", score, out.String())
	}
	if !strings.Contains(out.String(), "Elo difference:") || strings.Count(out.String(), "Game ") != 4 {
		t.Errorf("output lacks the games or the Elo line:\n%s", out.String())
	}
	if data, err := exec.Command("grep", "-c", `^\[Result`, pgn).Output(); err != nil || strings.TrimSpace(string(data)) != "4" {
		t.Errorf("game log: %q, %v; want 4 games", data, err)
	}
}
