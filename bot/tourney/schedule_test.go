package tourney

import (
	"errors"
	"slices"
	"testing"
)

func TestScheduleRefuses(t *testing.T) {
	tests := []struct {
		name      string
		f         Format
		n, rounds int
	}{
		{"one entrant", RoundRobin, 1, 2},
		{"no entrants", Swiss, 0, 3},
		{"too many entrants", Gauntlet, MaxEntrants + 1, 2},
		{"no rounds", RoundRobin, 4, 0},
		{"too many cycles", Gauntlet, 4, MaxCycles + 1},
		{"too many Swiss rounds", Swiss, 8, MaxCycles + 1},
		{"too many games", RoundRobin, 32, 5}, // 5 × 496
		{"unknown format", Format("knockout"), 4, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Schedule(tt.f, tt.n, tt.rounds)
			if !errors.Is(err, ErrTournament) || got != nil {
				t.Errorf("Schedule(%q, %d, %d) = %d pairings, %v; want ErrTournament", tt.f, tt.n, tt.rounds, len(got), err)
			}
		})
	}
}

func TestScheduleAccepts(t *testing.T) {
	tests := []struct {
		name      string
		f         Format
		n, rounds int
		games     int
	}{
		{"the largest round robin", RoundRobin, 32, 4, 4 * 496},
		{"a long gauntlet", Gauntlet, 32, MaxCycles, MaxCycles * 31},
		{"a Swiss is paired later", Swiss, 5, 9, 0},
		{"two entrants", RoundRobin, 2, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Schedule(tt.f, tt.n, tt.rounds)
			if err != nil || len(got) != tt.games {
				t.Errorf("Schedule(%q, %d, %d) = %d pairings, %v; want %d", tt.f, tt.n, tt.rounds, len(got), err, tt.games)
			}
		})
	}
}

// TestBergerFour checks the schedule against FIDE's Berger table for four
// players (1-4 2-3, 4-3 1-2, 2-4 3-1; here numbered from 0).
func TestBergerFour(t *testing.T) {
	got, err := Schedule(RoundRobin, 4, 2)
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{
		{1, 0, 3}, {1, 1, 2},
		{2, 3, 2}, {2, 0, 1},
		{3, 1, 3}, {3, 2, 0},
		// The second cycle swaps the colours.
		{4, 3, 0}, {4, 2, 1},
		{5, 2, 3}, {5, 1, 0},
		{6, 3, 1}, {6, 0, 2},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Schedule(RoundRobin, 4, 2) = %v; want %v", got, want)
	}
}

// TestBergerProperties checks round robins of 2 to 12 entrants over two
// cycles: each pair meets once a cycle, nobody plays twice in a round,
// rounds run 1.. without gaps, and over the two cycles each pair has
// both colours.
func TestBergerProperties(t *testing.T) {
	for n := 2; n <= 12; n++ {
		ps, err := Schedule(RoundRobin, n, 2)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		perCycle := n - 1 + n%2
		if want := n * (n - 1); len(ps) != want {
			t.Errorf("n=%d: %d pairings; want %d", n, len(ps), want)
		}
		seat := map[[2]int]int{} // ordered pair → games with that colour
		inRound := map[[2]int]bool{}
		for k, p := range ps {
			if k > 0 && p.Round < ps[k-1].Round {
				t.Errorf("n=%d: round %d after round %d", n, p.Round, ps[k-1].Round)
			}
			if p.Round < 1 || p.Round > 2*perCycle {
				t.Errorf("n=%d: round %d; want 1..%d", n, p.Round, 2*perCycle)
			}
			if !valid(n, p) || p.IsBye() {
				t.Errorf("n=%d: pairing %+v names no two entrants of 0..%d", n, p, n-1)
				continue
			}
			for _, e := range []int{p.First, p.Second} {
				if inRound[[2]int{p.Round, e}] {
					t.Errorf("n=%d: entrant %d plays twice in round %d", n, e, p.Round)
				}
				inRound[[2]int{p.Round, e}] = true
			}
			seat[[2]int{p.First, p.Second}]++
			cycle := (p.Round - 1) / perCycle
			a, b := min(p.First, p.Second), max(p.First, p.Second)
			seat[[2]int{-1 - cycle, a*100 + b}]++ // meetings of the pair in that cycle
		}
		for a := range n {
			for b := a + 1; b < n; b++ {
				for cycle := range 2 {
					if got := seat[[2]int{-1 - cycle, a*100 + b}]; got != 1 {
						t.Errorf("n=%d: %d and %d meet %d times in cycle %d; want 1", n, a, b, got, cycle)
					}
				}
				if seat[[2]int{a, b}] != 1 || seat[[2]int{b, a}] != 1 {
					t.Errorf("n=%d: %d has the first seat against %d %d times and %d against %d %d times; want 1 and 1",
						n, a, b, seat[[2]int{a, b}], b, a, seat[[2]int{b, a}])
				}
			}
		}
		// Every round of an even field is full; in an odd field one sits out.
		for r := 1; r <= 2*perCycle; r++ {
			count := 0
			for e := range n {
				if inRound[[2]int{r, e}] {
					count++
				}
			}
			if want := n - n%2; count != want {
				t.Errorf("n=%d: %d entrants play in round %d; want %d", n, count, r, want)
			}
		}
	}
}

// TestBergerColoursInACycle checks that within one cycle nobody has the
// first seat more than once more often than the second, or the other way
// round (Berger's tables balance colours, and leaving out the missing
// entrant's games keeps them so).
func TestBergerColoursInACycle(t *testing.T) {
	for n := 2; n <= 12; n++ {
		ps, err := Schedule(RoundRobin, n, 1)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		balance := make([]int, n)
		for _, p := range ps {
			balance[p.First]++
			balance[p.Second]--
		}
		const limit = 1
		for e, b := range balance {
			if b > limit || b < -limit {
				t.Errorf("n=%d: entrant %d has %+d more first seats than second; want at most %d either way", n, e, b, limit)
			}
		}
	}
}

func TestGauntlet(t *testing.T) {
	got, err := Schedule(Gauntlet, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{
		{1, 0, 1}, {1, 0, 2}, {1, 0, 3},
		{2, 1, 0}, {2, 2, 0}, {2, 3, 0},
		{3, 0, 1}, {3, 0, 2}, {3, 0, 3},
	}
	if !slices.Equal(got, want) {
		t.Errorf("Schedule(Gauntlet, 4, 3) = %v; want %v", got, want)
	}
}

func TestRounds(t *testing.T) {
	for _, tt := range []struct {
		name      string
		f         Format
		n, rounds int
	}{
		{"round robin, even", RoundRobin, 6, 2},
		{"round robin, odd", RoundRobin, 5, 3},
		{"round robin of two", RoundRobin, 2, 1},
		{"gauntlet", Gauntlet, 7, 4},
	} {
		ps, err := Schedule(tt.f, tt.n, tt.rounds)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		last := ps[len(ps)-1].Round
		if got := Rounds(tt.f, tt.n, tt.rounds); got != last {
			t.Errorf("%s: Rounds(%q, %d, %d) = %d; want %d, the schedule's last", tt.name, tt.f, tt.n, tt.rounds, got, last)
		}
	}
	if got := Rounds(Swiss, 9, 5); got != 5 {
		t.Errorf("Rounds(Swiss, 9, 5) = %d; want 5", got)
	}
}
