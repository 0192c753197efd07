package tourney

import (
	"fmt"
	"slices"
	"testing"
)

func TestSwissRound(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		round  int
		played []Result
		want   []Pairing
	}{
		{
			name: "round 1: by index, the higher ranked first",
			n:    4, round: 1,
			want: []Pairing{{1, 0, 1}, {1, 2, 3}},
		},
		{
			name: "round 2: winners meet, colours level go to the higher ranked",
			n:    4, round: 2,
			played: []Result{{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, 3}, 1}},
			want:   []Pairing{{2, 0, 2}, {2, 1, 3}},
		},
		{
			name: "round 3: the leader skips those it has met; fewer first seats go first",
			n:    4, round: 3,
			played: []Result{
				{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, 3}, 1},
				{Pairing{2, 0, 2}, 1}, {Pairing{2, 1, 3}, 1},
			},
			want: []Pairing{{3, 3, 0}, {3, 1, 2}},
		},
		{
			// 0 and 1 lead; 0 against 2 would leave 1 and 3, who have
			// met: the search goes back and pairs 0 with 3.
			name: "backtracking to avoid a repeat",
			n:    4, round: 3,
			played: []Result{{Pairing{1, 0, 1}, 1}, {Pairing{2, 1, 3}, 1}},
			want:   []Pairing{{3, 3, 0}, {3, 2, 1}},
		},
		{
			name: "a repeat when there is nobody else",
			n:    2, round: 2,
			played: []Result{{Pairing{1, 0, 1}, 0.5}},
			want:   []Pairing{{2, 1, 0}},
		},
		{
			name: "odd field, round 1: the last sits out",
			n:    3, round: 1,
			want: []Pairing{{1, 0, 1}, {1, 2, Bye}},
		},
		{
			name: "odd field, round 2: the lowest without a bye sits out",
			n:    3, round: 2,
			played: []Result{{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, Bye}, 1}},
			want:   []Pairing{{2, 2, 0}, {2, 1, Bye}},
		},
		{
			name: "odd field, round 3: the last without a bye, though ranked second",
			n:    3, round: 3,
			played: []Result{
				{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, Bye}, 1},
				{Pairing{2, 2, 0}, 1}, {Pairing{2, 1, Bye}, 1},
			},
			want: []Pairing{{3, 1, 2}, {3, 0, Bye}},
		},
		{
			name: "results naming strangers are left out",
			n:    2, round: 1,
			played: []Result{{Pairing{1, 0, 7}, 1}, {Pairing{1, -3, Bye}, 1}, {Pairing{1, 1, 1}, 1}},
			want:   []Pairing{{1, 0, 1}},
		},
		{name: "one entrant", n: 1, round: 1, want: nil},
		{name: "too many", n: MaxEntrants + 1, round: 1, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SwissRound(tt.n, tt.round, tt.played); !slices.Equal(got, tt.want) {
				t.Errorf("SwissRound(%d, %d, …) = %v; want %v", tt.n, tt.round, got, tt.want)
			}
		})
	}
}

// outcome is a scripted result of a pairing: First's score.
type outcome func(p Pairing) float64

var outcomes = []struct {
	name string
	f    outcome
}{
	{"the lower index wins", func(p Pairing) float64 {
		if p.First < p.Second {
			return 1
		}
		return 0
	}},
	{"all draws", func(Pairing) float64 { return 0.5 }},
	{"the first seat wins", func(Pairing) float64 { return 1 }},
	{"mixed", func(p Pairing) float64 { return float64((p.First*7+p.Second*3+p.Round)%3) / 2 }},
}

// playSwiss plays a Swiss of n entrants over rounds with the scripted
// outcome, checking every round with checkRound; it returns the results.
func playSwiss(t *testing.T, n, rounds int, f outcome) []Result {
	t.Helper()
	var played []Result
	for r := 1; r <= rounds; r++ {
		ps := SwissRound(n, r, played)
		if err := checkRound(n, r, ps); err != nil {
			t.Fatalf("round %d: %v", r, err)
		}
		for _, p := range ps {
			score := 1.0
			if !p.IsBye() {
				score = f(p)
			}
			played = append(played, Result{p, score})
		}
	}
	return played
}

// checkRound checks that ps pairs round r of n entrants: each entrant
// exactly once, one bye exactly when n is odd.
func checkRound(n, r int, ps []Pairing) error {
	seen := make([]bool, n)
	byes := 0
	for _, p := range ps {
		if p.Round != r {
			return fmt.Errorf("pairing %v is of round %d; want %d", p, p.Round, r)
		}
		if !valid(n, p) {
			return fmt.Errorf("pairing %v names no two entrants of 0..%d", p, n-1)
		}
		for _, e := range []int{p.First, p.Second} {
			if e == Bye {
				byes++
				continue
			}
			if seen[e] {
				return fmt.Errorf("entrant %d is paired twice in %v", e, ps)
			}
			seen[e] = true
		}
	}
	for e, ok := range seen {
		if !ok {
			return fmt.Errorf("entrant %d is not paired in %v", e, ps)
		}
	}
	if byes != n%2 {
		return fmt.Errorf("%d byes for %d entrants; want %d", byes, n, n%2)
	}
	return nil
}

// repeats counts the games between entrants who had met before.
func repeats(played []Result) int {
	met := map[[2]int]bool{}
	count := 0
	for _, r := range played {
		if r.IsBye() {
			continue
		}
		k := [2]int{min(r.First, r.Second), max(r.First, r.Second)}
		if met[k] {
			count++
		}
		met[k] = true
	}
	return count
}

func TestSwissNoRepeats(t *testing.T) {
	for _, tt := range []struct{ n, rounds int }{{8, 5}, {8, 7}, {6, 5}, {7, 5}, {12, 6}, {32, 8}} {
		for _, o := range outcomes {
			t.Run(fmt.Sprintf("%d entrants, %d rounds, %s", tt.n, tt.rounds, o.name), func(t *testing.T) {
				played := playSwiss(t, tt.n, tt.rounds, o.f)
				if got := repeats(played); got != 0 {
					t.Errorf("%d games between entrants who had met; want 0", got)
				}
			})
		}
	}
}

func TestSwissByes(t *testing.T) {
	for _, n := range []int{3, 5, 7, 9, 11} {
		for _, o := range outcomes {
			t.Run(fmt.Sprintf("%d entrants, %s", n, o.name), func(t *testing.T) {
				played := playSwiss(t, n, n, o.f)
				had := map[int]bool{}
				for _, r := range played {
					if !r.IsBye() {
						continue
					}
					if had[r.First] {
						t.Errorf("entrant %d has a second bye in round %d", r.First, r.Round)
					}
					had[r.First] = true
				}
				if len(had) != n {
					t.Errorf("%d entrants had a bye over %d rounds; want %d", len(had), n, n)
				}
			})
		}
	}
}

func TestSwissLongerThanTheField(t *testing.T) {
	// Four entrants meet everyone in three rounds; rounds 4 to 6 must
	// repeat, and still pair everyone.
	played := playSwiss(t, 4, 6, outcomes[3].f)
	if got, want := repeats(played), 6; got != want {
		t.Errorf("repeated games: got %d; want %d", got, want)
	}
}

// hasPairingWithoutRepeats says some pairing of the field (less one
// entrant of out, when n is odd) has no two entrants who have met.
func hasPairingWithoutRepeats(n int, met [][]bool, out []int) bool {
	free := make([]bool, n)
	var match func() bool
	match = func() bool {
		i := slices.Index(free, true)
		if i < 0 {
			return true
		}
		free[i] = false
		for j := i + 1; j < n; j++ {
			if free[j] && !met[i][j] {
				free[j] = false
				if match() {
					return true
				}
				free[j] = true
			}
		}
		free[i] = true
		return false
	}
	if n%2 == 0 {
		for i := range free {
			free[i] = true
		}
		return match()
	}
	for _, o := range out {
		for i := range free {
			free[i] = i != o
		}
		if match() {
			return true
		}
	}
	return false
}

// FuzzSwissRound plays Swiss tournaments of up to 12 entrants with the
// results the input gives, checking every round: each entrant paired
// exactly once, one bye when the field is odd, and no repeat when a
// pairing without one exists.
func FuzzSwissRound(f *testing.F) {
	f.Add(uint8(8), uint8(5), []byte{0, 1, 2, 1, 0})
	f.Add(uint8(7), uint8(9), []byte{2})
	f.Add(uint8(4), uint8(20), []byte{})
	f.Add(uint8(12), uint8(11), []byte{0, 0, 2, 1, 1, 2, 0})
	f.Fuzz(func(t *testing.T, nb, roundsb uint8, data []byte) {
		n := 2 + int(nb)%11
		rounds := 1 + int(roundsb)%MaxCycles
		var played []Result
		k := 0
		for r := 1; r <= rounds; r++ {
			met := make([][]bool, n)
			for i := range met {
				met[i] = make([]bool, n)
			}
			byes := make([]int, n)
			for _, p := range played {
				if p.IsBye() {
					byes[p.First]++
					continue
				}
				met[p.First][p.Second], met[p.Second][p.First] = true, true
			}
			ps := SwissRound(n, r, played)
			if err := checkRound(n, r, ps); err != nil {
				t.Fatalf("%d entrants, round %d: %v", n, r, err)
			}
			repeat := false
			for _, p := range ps {
				if !p.IsBye() && met[p.First][p.Second] {
					repeat = true
				}
			}
			if repeat {
				var out []int // who may sit out: those with the fewest byes
				for e, b := range byes {
					if b == slices.Min(byes) {
						out = append(out, e)
					}
				}
				if hasPairingWithoutRepeats(n, met, out) {
					t.Fatalf("%d entrants, round %d: %v repeats a game, but a pairing without repeats exists", n, r, ps)
				}
			}
			for _, p := range ps {
				score := 1.0
				if !p.IsBye() {
					score = 0.5
					if len(data) > 0 {
						score = float64(data[k%len(data)]%3) / 2
						k++
					}
				}
				played = append(played, Result{p, score})
			}
		}
	})
}

// BenchmarkSwissLong pairs every round of a Swiss of MaxEntrants over
// MaxCycles rounds with mixed results.
func BenchmarkSwissLong(b *testing.B) {
	for b.Loop() {
		var played []Result
		for r := 1; r <= MaxCycles; r++ {
			for _, p := range SwissRound(MaxEntrants-1, r, played) {
				score := 1.0
				if !p.IsBye() {
					score = outcomes[3].f(p)
				}
				played = append(played, Result{p, score})
			}
		}
	}
}
