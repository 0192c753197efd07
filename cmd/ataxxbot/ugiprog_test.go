package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
)

// TestCongoGauntletOfAUGIProgram: a console bot whose config names cmd/ugi
// under games.congo.engines runs a gauntlet of it against the built-in
// levels 1 and 2: every game ends on the board, the tournament is over,
// the standings list the three players, and no program's process is left.
func TestCongoGauntletOfAUGIProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	engine := pipetest.Build(t, "ugi")
	bin := buildBot(t)
	cfg := writeConfig(t, "games:\n  congo:\n    engines:\n"+
		"      - {name: ugi, path: "+engine+", args: [-game, congo], options: {hash: \"4\"}, move_time: 20ms}\n"+
		"log_level: error\n")
	p := startProc(t, bin, "bot", nil, "-config", cfg)
	p.send(t, "tournament congo gauntlet ai:ugi ai:1 ai:2 rounds 1")
	p.expect(t, "Congo gauntlet, 3 players (ai:ugi, ai:1, ai:2)", 10*time.Second)
	said := strings.Join(p.expect(t, "is over.", 2*time.Minute), "\n")
	said += "\n" + strings.Join(p.drain(300*time.Millisecond), "\n")
	results := regexp.MustCompile(`round 1: (ai:\w+) (1-0|0-1|½-½) (ai:\w+) \(([a-z ]+); game \w+\)`).FindAllStringSubmatch(said, -1)
	if len(results) != 2 {
		t.Fatalf("results: got %d; want 2 (ai:ugi against each level)\n%s", len(results), said)
	}
	for _, r := range results {
		if r[1] != "ai:ugi" && r[3] != "ai:ugi" {
			t.Errorf("a game without the program: %s", r[0])
		}
		// A game the programs play to the end, never one a program lost by
		// failing; the move limit counts (a loaded machine gives 20 ms
		// searches that may shuffle for 1,000 plies).
		if ending := r[4]; ending != "lion taken" && ending != "no moves left" && ending != "no lions" && ending != "move limit" {
			t.Errorf("ending: got %q; want one on the board or the move limit: %s", ending, r[0])
		}
	}
	for _, player := range []string{"ai:ugi", "ai:1", "ai:2"} {
		if !regexp.MustCompile(`(?m)^\s*\d\s+` + player + `\s+[\d.½]+\s+\d\s+\d-\d-\d`).MatchString(said) {
			t.Errorf("standings: no row of %s in\n%s", player, said)
		}
	}
	if kids := pipetest.Children(t, p.cmd.Process.Pid); len(kids) > 0 {
		t.Errorf("programs left running under the bot: %v", kids)
	}
}

// TestUGIProgramsTakeASeat: start ai:NAME offers the UGI engines named
// under games.congo and games.abalone, and the named one plays its seat.
func TestUGIProgramsTakeASeat(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	engine := pipetest.Build(t, "ugi")
	bin := buildBot(t)
	cfg := writeConfig(t, "games:\n"+
		"  congo:\n    engines:\n      - {name: deep, path: "+engine+", args: [-game, congo], move_time: 20ms}\n"+
		"  abalone:\n    engines:\n      - {name: deep, path: "+engine+", args: [-game, abalone], move_time: 20ms}\n")
	tests := []struct {
		name, input string
		want        []string
	}{
		{"congo", "congo start ai:nosuch\ncongo start ai:deep\na2-a3\n", []string{
			`no AI program named "nosuch" is configured for Congo; the configured ones are deep, negamax, random`,
			"Black (AI deep) to move.",
			"Black (AI deep): transition",
		}},
		{"abalone", "abalone start ai:nosuch\nabalone start ai:deep\na1b2\n", []string{
			`no AI program named "nosuch" is configured for Abalone; the configured ones are deep`,
			"White (AI deep) to move.",
			"White (AI deep) plays",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := runBot(t, bin, tt.input, "-config", cfg)
			for _, want := range tt.want {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
		})
	}
}
