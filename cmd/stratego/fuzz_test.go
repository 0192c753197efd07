package main

import (
	"strings"
	"testing"
)

// FuzzParseLog: any file given to -f is read without a panic, and what
// is read can be replayed by answerOf's rule.
func FuzzParseLog(f *testing.F) {
	f.Add("a RED SETUP\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\nb BLUE SETUP\n967B669999\n6724898974\nBB31555583\nFB8sB479B8\n1 RED: 0 3 DOWN OK\n1 BLU: 0 6 UP OK\n2 RED: 0 2 DOWN OK\n2 BLU: 0 5 UP BOTHDIE 9 9\nGame ends on BLUE's turn - REASON: Exceeded the maximum number of turns\nb BLUE DRAW_DEFAULT 3 146 146\n")
	f.Add("a RED SETUP\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\nb BLUE SETUP\n967B669999\n6724898974\nBB31555583\nFB8sB479B8\n1 RED: 0 3 DOWN OK\n1 BLU: 0 6 UP OK\nGame ends on BLUE's turn - REASON: Game declared a draw after 2 turns\nb BLUE DRAW_DEFAULT 2 148 148\n")
	f.Add("a RED SETUP\nb BLUE SETUP\nGame ends on BLUE's turn - REASON: Game declared a draw after -7 turns\nb BLUE DRAW_DEFAULT 99999999999999999999 0 0\n")
	f.Add("a RED SETUP\nb BLUE SETUP\nGame ends during setup - REASON: Bad setup\nneither BOTH BAD_SETUP 0 0 0\n")
	f.Add("a RED SETUP\n1 RED: 0 3 SIDEWAYS\n")
	f.Fuzz(func(t *testing.T, s string) {
		rec, err := parseLog(strings.Split(s, "\n"))
		if err != nil {
			return
		}
		if rec.turnLimit < 0 {
			t.Fatalf("turn limit %d", rec.turnLimit)
		}
		for _, answers := range rec.answers {
			for _, a := range answers {
				if strings.Contains(a, "\n") {
					t.Fatalf("answer %q spans lines", a)
				}
			}
		}
	})
}

func TestAnswerOf(t *testing.T) {
	cases := []struct {
		line  string
		final bool
		want  string
	}{
		{"0 3 DOWN OK", false, "0 3 DOWN"},
		{"2 2 UP 1 KILLS 3 8", false, "2 2 UP 1"},
		{"0 5 UP BOTHDIE 9 9", false, "0 5 UP"},
		{"0 0 DOWN ILLEGAL", false, "0 0 DOWN"},
		{"0 3 SIDEWAYS", false, "0 3 SIDEWAYS"},
		{"a b OK", false, "a b OK"},
		{"0 3 SIDEWAYS ILLEGAL", true, "0 3 SIDEWAYS"},
		{"0 1 UP VICTORY_FLAG", false, "0 1 UP"},
		{"SURRENDER", false, "SURRENDER"},
	}
	for _, c := range cases {
		if got := answerOf(c.line, c.final); got != c.want {
			t.Errorf("answerOf(%q, %v): got %q; want %q", c.line, c.final, got, c.want)
		}
	}
}
