package rating

import (
	"math"
	"testing"
	"time"
)

// FuzzGame rates one game between arbitrary ratings, any score and any time
// away: the results are finite, RD is in (0, 350], σ is positive, the games
// are counted, and nothing panics. Seed corpus: testdata/fuzz/FuzzGame.
func FuzzGame(f *testing.F) {
	for _, s := range []struct {
		ra, rda, sa, rb, rdb, sb, score float64
		awayA, awayB                    int64
	}{
		{1500, 350, 0.06, 1500, 350, 0.06, 1, 0, 0},
		{1500, 200, 0.06, 1400, 30, 0.06, 1, 24, 0},
		{5000, 1e-6, 0.06, -5000, 1e-6, 0.06, 0, 1, 1},
		{1800, 50, 0.06, 1750, 60, 0.05, 0.5, 24 * 365 * 10, 36},
	} {
		f.Add(s.ra, s.rda, s.sa, s.rb, s.rdb, s.sb, s.score, s.awayA, s.awayB)
	}
	at := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	p := Defaults()
	f.Fuzz(func(t *testing.T, ra, rda, sa, rb, rdb, sb, score float64, awayA, awayB int64) {
		a := Rating{R: ra, RD: rda, Sigma: sa, Games: 1, Last: at.Add(-time.Duration(awayA) * time.Hour)}
		b := Rating{R: rb, RD: rdb, Sigma: sb, Games: 2, Last: at.Add(-time.Duration(awayB) * time.Hour)}
		na, nb := Game(a, b, score, at, p)
		if math.IsNaN(score) {
			if na != a || nb != b {
				t.Fatalf("NaN score: got %+v, %+v; want unchanged", na, nb)
			}
			return
		}
		checkRating(t, "A", 0, na)
		checkRating(t, "B", 0, nb)
		if na.Games != 2 || nb.Games != 3 {
			t.Fatalf("games: got %d, %d; want 2, 3", na.Games, nb.Games)
		}
	})
}
