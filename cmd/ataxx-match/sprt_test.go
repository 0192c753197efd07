package main

import (
	"errors"
	"math"
	"testing"
)

// TestSPRTVerdicts: pairs that favour the first engine by far more than
// elo1 accept H1, pairs at even accept H0 (elo0 0 and elo1 well above),
// and too few pairs decide nothing.
func TestSPRTVerdicts(t *testing.T) {
	tests := []struct {
		name  string
		pairs [5]int // by score in quarters a game: 0, ¼, ½, ¾, 1
		want  int
	}{
		{name: "strong first engine", pairs: [5]int{5, 20, 60, 80, 35}, want: 1},
		{name: "even engines", pairs: [5]int{60, 360, 900, 360, 60}, want: -1},
		{name: "a few pairs", pairs: [5]int{1, 2, 3, 2, 1}, want: 0},
		{name: "no variance", pairs: [5]int{0, 0, 9, 0, 0}, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := parseSPRT("0,10", 0.05, 0.05)
			if err != nil {
				t.Fatal(err)
			}
			g := 0
			for q, k := range tt.pairs {
				for range k {
					// A pair scoring q quarters: its two games.
					a := math.Min(float64(q)/2, 1)
					s.add(g, a)
					s.add(g+1, float64(q)/2-a)
					g += 2
				}
			}
			if s.pairs != tt.pairs {
				t.Fatalf("pairs counted %v; want %v", s.pairs, tt.pairs)
			}
			if got := s.verdict(); got != tt.want {
				t.Errorf("verdict %d (LLR %.2f); want %d", got, s.llr(), tt.want)
			}
		})
	}
}

// TestSPRTPairsOutOfOrder: a pair counts once both its games have ended,
// in whatever order they end (games are played at once on several
// tables).
func TestSPRTPairsOutOfOrder(t *testing.T) {
	s, _ := parseSPRT("0,5", 0.05, 0.05)
	s.add(3, 1)
	s.add(0, 0.5)
	if s.pairs != [5]int{} {
		t.Fatalf("after one game of each of two pairs: pairs %v; want none", s.pairs)
	}
	s.add(2, 0.5)
	s.add(1, 0)
	if want := [5]int{0, 1, 0, 1, 0}; s.pairs != want {
		t.Errorf("pairs %v; want %v", s.pairs, want)
	}
}

func TestParseSPRTRefuses(t *testing.T) {
	for _, in := range []string{"", "5", "10,0", "a,b", "3,3", "0,inf"} {
		if _, err := parseSPRT(in, 0.05, 0.05); !errors.Is(err, errSPRT) {
			t.Errorf("parseSPRT(%q): got %v; want errSPRT", in, err)
		}
	}
	if _, err := parseSPRT("0,5", 0, 0.05); err == nil {
		t.Errorf("parseSPRT with alpha 0: got nil; want an error")
	}
}
