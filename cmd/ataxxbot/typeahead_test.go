package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTypedAheadOfTheAI: the users' guide's and CS61B's programs read the
// next line when it is the player's turn, so a script whose moves follow
// one another without waiting for the AI plays every move, in order, with
// the AI's replies in between: typed on standard input, read by load FILE,
// and in the CS61B dialect. The AI takes at least 300 ms a move here, so
// every line after the first arrives while it thinks.
func TestTypedAheadOfTheAI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "slow.yaml")
	os.WriteFile(cfg, []byte("ai:\n  default_level: 2\n  min_think: 300ms\n"), 0o644)
	// Red's moves stay legal whatever Blue (from a1 and g7) answers: Blue
	// needs two moves to come next to a7 or onto a6, three to come next
	// to g1 or onto f1.
	moves := []string{"a7-b7", "a7-a6", "g1-f1"}
	script := filepath.Join(dir, "moves.txt")
	os.WriteFile(script, []byte(strings.Join(moves, "\n")+"\n"), 0o644)
	// "* Blue moves a1-b1." in the CS61B dialect, "Blue (AI level 2)
	// plays a1-b1." otherwise.
	aiMove := regexp.MustCompile(`(?m)^(\* Blue moves [a-g][1-7]-[a-g][1-7]\.|.*Blue \(AI level 2\) plays [a-g][1-7]-[a-g][1-7])`)
	for _, tt := range []struct {
		name, input string
		args        []string
		ownMoves    bool // the dialect confirms the player's own moves
	}{
		{"typed on standard input", "start\n" + strings.Join(moves, "\n") + "\n", nil, true},
		{"read by load FILE", "start\nload " + script + "\n", nil, true},
		{"the CS61B dialect", strings.Join(moves, "\n") + "\n", []string{"console", "-cs61b"}, false},
		{"the CS61B dialect, load FILE", "load " + script + "\n", []string{"console", "-cs61b"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := runBot(t, bin, tt.input, append(tt.args, "-config", cfg)...)
			if strings.Contains(out, "not your turn") || strings.Contains(out, "error") {
				t.Fatalf("a move typed ahead was refused:\n%s", out)
			}
			if got := len(aiMove.FindAllString(out, -1)); got != len(moves) {
				t.Errorf("got %d AI moves; want %d, one after each of the player's:\n%s", got, len(moves), out)
			}
			if !tt.ownMoves {
				return
			}
			at := 0
			for _, mv := range moves {
				i := strings.Index(out[at:], "Red (you) plays "+mv+".")
				if i < 0 {
					t.Fatalf("move %s not played, or not in order:\n%s", mv, out)
				}
				at += i
				if j := aiMove.FindStringIndex(out[at:]); j == nil {
					t.Errorf("no AI move after %s:\n%s", mv, out)
				}
			}
		})
	}
}

// TestEveryLineTypedAheadWaitsForTheAI: not only moves: quit, exit, dump
// and every other line typed while the AI is to move wait for its move and
// then run, in order, as the guide's and CS61B's programs read their next
// line only then; so quit keeps the AI's reply, as the end of input does,
// and dump shows the board after it. The AI takes at least 300 ms here.
func TestEveryLineTypedAheadWaitsForTheAI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "slow.yaml")
	os.WriteFile(cfg, []byte("ai:\n  default_level: 2\n  min_think: 300ms\n"), 0o644)
	script := filepath.Join(dir, "dump.txt")
	os.WriteFile(script, []byte("a7-b7\ndump\n"), 0o644)
	cs61b := []string{"console", "-cs61b", "-config", cfg}
	console := []string{"-config", cfg}
	for _, tt := range []struct {
		name, input string
		args        []string
		want        []string // in this order
	}{
		{"quit keeps the AI's reply", "start\na7-b7\nquit\n", console,
			[]string{"Red (you) plays a7-b7.", "Blue (AI level 2) plays", "The program is terminated..."}},
		{"exit keeps the AI's reply", "start\na7-b7\nexit\n", console,
			[]string{"Red (you) plays a7-b7.", "Blue (AI level 2) plays", "The program is terminated..."}},
		{"dump shows the board after the AI's move", "start\na7-b7\ndump\nstatus\n", console,
			[]string{"Red (you) plays a7-b7.", "Blue (AI level 2) plays", "===", "Red (you) to move"}},
		{"a loaded dump waits too", "start\nload " + script + "\n", console,
			[]string{"Red (you) plays a7-b7.", "Blue (AI level 2) plays", "==="}},
		{"the CS61B dialect: quit keeps the AI's reply", "a7-b7\nquit\n", cs61b,
			[]string{"* Blue moves "}},
		{"the CS61B dialect: dump after the AI's move", "a7-b7\ndump\nquit\n", cs61b,
			[]string{"* Blue moves ", "==="}},
		{"the CS61B dialect: a loaded dump waits too", "load " + script + "\nquit\n", cs61b,
			[]string{"* Blue moves ", "==="}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := runBot(t, bin, tt.input, tt.args...)
			at := 0
			for _, w := range tt.want {
				i := strings.Index(out[at:], w)
				if i < 0 {
					t.Fatalf("got no %q after byte %d; want %q in this order:\n%s", w, at, tt.want, out)
				}
				at += i + len(w)
			}
		})
	}
}
