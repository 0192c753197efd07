package rating

import (
	"testing"
	"time"
)

// BenchmarkGame rates one game between established players who have been
// away a while (decay, then both updates); run with -benchmem.
func BenchmarkGame(b *testing.B) {
	p := Defaults()
	at := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	x := Rating{R: 1720, RD: 75, Sigma: 0.06, Games: 50, Last: at.Add(-72 * time.Hour)}
	y := Rating{R: 1655, RD: 140, Sigma: 0.061, Games: 9, Last: at.Add(-30 * 24 * time.Hour)}
	b.ReportAllocs()
	for b.Loop() {
		Game(x, y, 1, at, p)
	}
}

// BenchmarkUpdate is the paper's example period: three games.
func BenchmarkUpdate(b *testing.B) {
	p := Defaults()
	player := Rating{R: 1500, RD: 200, Sigma: 0.06}
	games := []Outcome{
		{Opp: Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: 1},
		{Opp: Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: 0},
		{Opp: Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: 0},
	}
	b.ReportAllocs()
	for b.Loop() {
		Update(player, games, p)
	}
}
