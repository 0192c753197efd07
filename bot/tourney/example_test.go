package tourney_test

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

func ExampleStandings() {
	names := []string{"Ann", "Bob", "Cid"}
	pairings, err := tourney.Schedule(tourney.RoundRobin, len(names), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Ann beats everyone; Bob and Cid draw. Bob's SB is ½ × Cid's ½.
	var results []tourney.Result
	for _, p := range pairings {
		score := 0.5
		switch {
		case p.First == 0:
			score = 1
		case p.Second == 0:
			score = 0
		}
		results = append(results, tourney.Result{Pairing: p, Score: score})
	}
	fmt.Print(tourney.StandingsText(names, tourney.Standings(len(names), results)))
	// Output:
	// #  Player  Pts  Games  W-D-L  Elo           SB
	// 1  Ann       2      2  2-0-0  >+800        1.0
	// 2  Bob     0.5      2  0-1-1  -191 ± >800  0.3
	// 2  Cid     0.5      2  0-1-1  -191 ± >800  0.3
}
