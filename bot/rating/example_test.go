package rating_test

import (
	"fmt"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// Two new players; the first wins. Both ratings are still provisional.
func ExampleGame() {
	p := rating.Defaults()
	var alice, bob rating.Rating // the zero Rating is a new player
	alice, bob = rating.Game(alice, bob, 1, time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC), p)
	fmt.Println(alice, "/", bob)
	fmt.Println(rating.Provisional(alice), alice.Games)
	// Output:
	// 1662? ±290 / 1338? ±290
	// true 1
}

// The worked example of Glickman's paper: one rating period of three games.
func ExampleUpdate() {
	player := rating.Rating{R: 1500, RD: 200, Sigma: 0.06}
	got := rating.Update(player, []rating.Outcome{
		{Opp: rating.Rating{R: 1400, RD: 30, Sigma: 0.06}, Score: 1},
		{Opp: rating.Rating{R: 1550, RD: 100, Sigma: 0.06}, Score: 0},
		{Opp: rating.Rating{R: 1700, RD: 300, Sigma: 0.06}, Score: 0},
	}, rating.Defaults())
	fmt.Printf("r′ %.2f RD′ %.2f σ′ %.6f\n", got.R, got.RD, got.Sigma)
	// Output:
	// r′ 1464.05 RD′ 151.52 σ′ 0.059996
}

// A year away: RD grows by step 6 once a day, from 60 to about 208.
func ExampleDecay() {
	last := time.Date(2025, 11, 23, 0, 0, 0, 0, time.UTC)
	r := rating.Rating{R: 1840, RD: 60, Sigma: 0.06, Games: 80, Last: last}
	fmt.Println(rating.Decay(r, last.AddDate(1, 0, 0), rating.Defaults()))
	// Output:
	// 1840? ±208
}
