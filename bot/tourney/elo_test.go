package tourney

import (
	"math"
	"testing"
)

func TestElo(t *testing.T) {
	tests := []struct {
		name       string
		scores     []float64
		want       float64
		wantMargin bool // a finite, positive interval
	}{
		{"no games", nil, 0, false},
		{"even", []float64{1, 0, 1, 0}, 0, true},
		{"draws", []float64{0.5, 0.5}, 0, false},
		{"75%", []float64{1, 1, 1, 0}, 190.8, true},
		{"25%", []float64{0, 0, 0, 1}, -190.8, true},
		{"every game won: the clamp", []float64{1, 1, 1}, 2400, false},
		{"every game lost: the clamp", []float64{0, 0}, -2400, false},
	}
	for _, tt := range tests {
		d, m := Elo(tt.scores)
		if math.Abs(d-tt.want) > 0.5 || (m > 0) != tt.wantMargin || math.IsNaN(m) || math.IsInf(m, 0) {
			t.Errorf("%s: Elo = %.1f ± %.1f; want %.1f (interval: %v)", tt.name, d, m, tt.want, tt.wantMargin)
		}
	}
}

func TestEloText(t *testing.T) {
	tests := []struct {
		name         string
		diff, margin float64
		games        int
		want         string
	}{
		{"no games", 0, 0, 0, "-"},
		{"stronger", 190.8, 95.4, 4, "+191 ± 95"},
		{"weaker", -190.8, 95.4, 4, "-191 ± 95"},
		{"even", 0.3, 50.2, 8, "0 ± 50"},
		{"a little weaker rounds to even", -0.4, 12, 8, "0 ± 12"},
		{"at the edge", 800, 10, 40, "+800 ± 10"},
		{"every game won", 2400, 0, 3, ">+800"},
		{"every game lost", -2400, 0, 3, "<-800"},
		{"a margin past 800", 190.8, 1263, 4, "+191 ± >800"},
	}
	for _, tt := range tests {
		if got := EloText(tt.diff, tt.margin, tt.games); got != tt.want {
			t.Errorf("%s: EloText(%v, %v, %d) = %q; want %q", tt.name, tt.diff, tt.margin, tt.games, got, tt.want)
		}
	}
}
