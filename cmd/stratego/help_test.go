package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// helpSection returns the lines of the -h page's section named title (up
// to the next unindented line).
func helpSection(t *testing.T, help, title string) []string {
	t.Helper()
	lines := strings.Split(help, "\n")
	for i, l := range lines {
		if l != title {
			continue
		}
		var sec []string
		for _, s := range lines[i+1:] {
			if s != "" && !strings.HasPrefix(s, "\t") && !strings.HasPrefix(s, " ") {
				break
			}
			sec = append(sec, s)
		}
		return sec
	}
	t.Fatalf("-h has no section %q:\n%s", title, help)
	return nil
}

// TestHelpDescribesTheProgram: -h prints the manual's sections, GAME RULES,
// PROTOCOL and EXIT/OUTPUT among them, and what they say is what the
// program does: the exchange the PROTOCOL section shows is, line for line,
// what a real agent reads in a real game, and the result line EXIT/OUTPUT
// documents is the one a real game prints.
func TestHelpDescribesTheProgram(t *testing.T) {
	rec := linkAgents(t)
	help, _, code := manage(t, rec, "", "-h")
	if code != 0 {
		t.Fatalf("-h: exit %d", code)
	}
	for _, title := range []string{"NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "GAME RULES", "PROTOCOL", "EXIT/OUTPUT", "LOG"} {
		helpSection(t, help, title)
	}
	for _, word := range []string{"BOTHDIE", "QUIT", "START", "SURRENDER", "VICTORY_FLAG", "DRAW_DEFAULT", "BAD_SETUP", "neither BOTH"} {
		if !strings.Contains(help, word) {
			t.Errorf("-h does not mention %s", word)
		}
	}

	// The PROTOCOL section's example: ">>" lines the manager sends, "<<"
	// lines the agent answers, as Red (basic_cpp) in the tapped game.
	var sent, answered []string
	for _, l := range helpSection(t, help, "PROTOCOL") {
		l = strings.TrimSpace(l)
		if s, ok := strings.CutPrefix(l, ">> "); ok {
			sent = append(sent, s)
		} else if s, ok := strings.CutPrefix(l, "<< "); ok {
			answered = append(answered, s)
		}
	}
	if len(sent) < 20 || len(answered) < 5 {
		t.Fatalf("PROTOCOL shows %d lines sent and %d answered; want an exchange with a board", len(sent), len(answered))
	}
	out, errs, code := manage(t, rec, "", "-m", "40", "agents/basic_cpp", "agents/asmodeus")
	if code != 0 {
		t.Fatalf("game: exit %d: %s", code, errs)
	}
	got := readLines(t, filepath.Join(rec, "basic_cpp.got"))
	for i, w := range sent {
		if i >= len(got) || got[i] != w {
			g := "nothing"
			if i < len(got) {
				g = got[i]
			}
			t.Fatalf("PROTOCOL example, line %d sent: the real game sent %q; the help says %q", i+1, g, w)
		}
	}

	// EXIT/OUTPUT: the documented format, its OUTCOME words and its
	// example are those of the real result line.
	exit := strings.Join(helpSection(t, help, "EXIT/OUTPUT"), "\n")
	if !strings.Contains(exit, "NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE") {
		t.Fatalf("EXIT/OUTPUT does not give the result line's fields:\n%s", exit)
	}
	var outcomes []string
	for _, m := range regexp.MustCompile(`(?m)^\t\t([A-Z_]+)\t`).FindAllStringSubmatch(exit, -1) {
		outcomes = append(outcomes, m[1])
	}
	if len(outcomes) != 6 {
		t.Errorf("EXIT/OUTPUT lists the outcomes %v; want the six the program prints", outcomes)
	}
	format := regexp.MustCompile(`^\S+ (RED|BLUE|BOTH) (` + strings.Join(outcomes, "|") + `) \d+ \d+ \d+\n$`)
	if !format.MatchString(out) {
		t.Errorf("the real result line %q does not match the documented format %s", out, format)
	}
	if !strings.Contains(exit, "\t"+strings.TrimSpace(out)+"\n") {
		t.Errorf("EXIT/OUTPUT's example is not the tapped game's result %q:\n%s", out, exit)
	}
	for _, c := range []struct{ name, want string }{
		{"VICTORY", "VICTORY"}, {"ILLEGAL", "ILLEGAL"}, {"DRAW_DEFAULT", "DRAW_DEFAULT"},
		{"DRAW", "DRAW"}, {"SURRENDER", "SURRENDER"}, {"BAD_SETUP", "BAD_SETUP"},
	} {
		if !strings.Contains(strings.Join(outcomes, " ")+" ", c.want+" ") {
			t.Errorf("EXIT/OUTPUT does not list the outcome %s (listed: %v)", c.name, outcomes)
		}
	}
	for _, args := range [][]string{
		{"agents/surrender", "agents/random"},
		{"agents/badsetup", "agents/shortsetup"},
		{"agents/illegal", "agents/random"},
	} {
		out, _, _ := manage(t, rec, "", args...)
		if !format.MatchString(out) {
			t.Errorf("%v: result %q does not match the documented format %s", args, out, format)
		}
	}
}

// TestReplayTurnLimitWithoutM: a game ended by the turn limit (-m) replays
// from its -o log to the same result line with no -m given at the replay,
// and so does a log as the 2012 manager writes it (its own words for the
// turn limit).
func TestReplayTurnLimitWithoutM(t *testing.T) {
	rec := linkAgents(t)
	for _, g := range []struct {
		name    string
		players []string
		m       string
	}{
		{"tapped agents", []string{"agents/basic_cpp", "agents/asmodeus"}, "5"},
		{"random agents", []string{"agents/random", "agents/random"}, "30"},
		{"illegal moves ignored", []string{"-i", "agents/illegal", "agents/baddir"}, "4"},
	} {
		t.Run(g.name, func(t *testing.T) {
			// Random agents may end the game before the limit (a flag
			// found, an army lost): play again until one reaches it.
			var out1, errs string
			var code int
			for try := 0; try < 50; try++ {
				out1, errs, code = manage(t, rec, "", append([]string{"-m", g.m, "-o", "game.log"}, g.players...)...)
				if code != 0 || strings.Contains(out1, " DRAW_DEFAULT "+g.m+" ") || !strings.Contains(g.name, "random") {
					break
				}
			}
			if code != 0 || !strings.Contains(out1, " DRAW_DEFAULT "+g.m+" ") {
				t.Fatalf("game: exit %d, %q (%s); want a draw by the turn limit %s", code, out1, errs, g.m)
			}
			args := []string{"-f", "game.log"}
			if g.players[0] == "-i" {
				args = append(args, "-i")
			}
			out2, errs, code := manage(t, rec, "", args...)
			if code != 0 || out2 != out1 {
				t.Errorf("replay without -m: exit %d, %q (%s); want %q", code, out2, errs, out1)
			}
		})
	}
}

// TestReplayWrittenLogsWithoutM: logs of turn-limit games as the 2012
// manager writes them ("Game declared a draw after N turns") and as this
// program wrote them before it did the same (the limit only in the
// result line) replay without -m.
func TestReplayWrittenLogsWithoutM(t *testing.T) {
	const moves = threeTurnsMoves
	const result = "agents/asmodeus BLUE DRAW_DEFAULT 3 146 146\n"
	rec := linkAgents(t)
	for _, c := range []struct{ name, end string }{
		{"the 2012 manager's words", "Game ends on BLUE's turn - REASON: Game declared a draw after 3 turns\n" + result},
		{"the limit in the result line only", "Game ends on BLUE's turn - REASON: Exceeded the maximum number of turns\n" + result},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile("old.log", []byte(moves+c.end), 0o644); err != nil {
				t.Fatal(err)
			}
			out, errs, code := manage(t, rec, "", "-f", "old.log")
			if code != 0 || out != result {
				t.Errorf("replay: exit %d, %q (%s); want %q", code, out, errs, result)
			}
		})
	}
}
