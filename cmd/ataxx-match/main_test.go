package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/engine/ataxx/pgn"
)

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
	bin := buildUAI(t)
	// A fixed depth, not a clock: the machine's load cannot lose a game.
	var out bytes.Buffer
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	err := run(context.Background(), []string{"-e1", bin, "-e2", bin, "-o2", "Level=1", "-games", "4", "-tc", "depth=3", "-pgn", pgnPath}, &out)
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
	if data, err := exec.Command("grep", "-c", `^\[Result`, pgnPath).Output(); err != nil || strings.TrimSpace(string(data)) != "4" {
		t.Errorf("game log: %q, %v; want 4 games", data, err)
	}
	// The log is cuteataxx's PGN: read back by package pgn, every move
	// replayed, Black the engine that played Red (x), 1-0 its win.
	games := readLog(t, pgnPath)
	lines := regexp.MustCompile(`Game \d+/4: (.*) \(Red\) vs (.*) \(Blue\): (Red wins|Blue wins|Draw)\.`).FindAllStringSubmatch(out.String(), -1)
	if len(games) != 4 || len(lines) != 4 {
		t.Fatalf("log: %d games, output: %d game lines; want 4 and 4", len(games), len(lines))
	}
	for i := range lines {
		g := games[i+1]
		black, _ := g.Tag("Black")
		white, _ := g.Tag("White")
		if black != lines[i][1] || white != lines[i][2] {
			t.Errorf("game %d: Black %q, White %q; want %q, %q", i+1, black, white, lines[i][1], lines[i][2])
		}
		want := map[string]string{"Red wins": pgn.BlackWins, "Blue wins": pgn.WhiteWins, "Draw": pgn.Draw}[lines[i][3]]
		if g.Result != want {
			t.Errorf("game %d: result %q; the match said %s (want %q)", i+1, g.Result, lines[i][3], want)
		}
	}
}

// A game ended by a referee's decision carries cuteataxx's Adjudicated tag.
func TestWriteGameAdjudicated(t *testing.T) {
	tests := []struct {
		name, why string
		late      bool
		want      string
	}{
		{"by the rules", "(30-19)", false, ""},
		{"lost on time", "(Red lost on time: took 120ms)", true, "Out of time"},
		{"illegal move", "(Blue played g2: illegal move: g2 is not empty)", false, "Illegal move"},
		{"move limit", "(move limit)", false, "Max game length reached"},
		{"engine failed", "(Red forfeits: EOF)", false, "Engine crash"},
	}
	start := ataxx.NewPosition()
	start.SetRules(ataxx.RulesUAI)
	moves := []ataxx.Move{ataxx.Clone(ataxx.NewSquare(6, 1))}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			info := pgn.Info{Event: "ataxx-match", Black: "one", White: "two", Adjudicated: adjudication(tt.why, tt.late)}
			if err := writeGame(&b, info, start, moves, ataxx.BlueWins); err != nil {
				t.Fatal(err)
			}
			games, err := pgn.Read(&b)
			if err != nil || len(games) != 1 {
				t.Fatalf("Read: %d games, %v; want 1", len(games), err)
			}
			got, _ := games[0].Tag("Adjudicated")
			if got != tt.want || games[0].Result != "0-1" {
				t.Errorf("Adjudicated %q, result %s; want %q, 0-1", got, games[0].Result, tt.want)
			}
		})
	}
}

// TestSummaryBoundsAOneSidedMatch: when one engine wins every game the
// difference is infinite, and the summary gives the 95% Wilson bound
// instead of no figure.
func TestSummaryBoundsAOneSidedMatch(t *testing.T) {
	tests := []struct {
		name   string
		scores float64
		n      int
		want   string
	}{
		{"six losses", 0, 6, "Elo difference: -inf (every game lost; 95% bound: at most -77)"},
		{"a hundred losses", 0, 100, "Elo difference: -inf (every game lost; 95% bound: at most -566)"},
		{"six wins", 1, 6, "Elo difference: +inf (every game won; 95% bound: at least +77)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &result{names: [2]string{"a", "b"}}
			for range tt.n {
				r.add(tt.scores)
			}
			if got := r.summary(); !strings.HasSuffix(got, tt.want) {
				t.Errorf("summary: got %q; want it to end %q", got, tt.want)
			}
		})
	}
}

// TestStrideSpreadsOpenings: with the default stride, 256 pairs play each
// of the 256 two-ply openings once, and 50 pairs (a 100-game match) start
// with every one of the 16 first moves.
func TestStrideSpreadsOpenings(t *testing.T) {
	const stride = 97
	seen := map[string]bool{}
	firsts := map[string]bool{}
	for i := range 256 {
		pos := startOpening(stride * i)
		seen[pos.FEN()] = true
		if i < 50 {
			first := startOpening(stride * i / 16 * 16) // the same first ply, second ply 0
			firsts[first.FEN()] = true
		}
	}
	if len(seen) != 256 {
		t.Errorf("256 pairs played %d distinct openings; want 256", len(seen))
	}
	if len(firsts) != 16 {
		t.Errorf("50 pairs began with %d distinct first moves; want 16", len(firsts))
	}
}
