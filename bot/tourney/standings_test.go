package tourney

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// field4 is a round robin of four: Ann (0), Bob (1), Cid (2), Dee (3).
//
//	round 1: Ann 1-0 Dee, Bob ½-½ Cid
//	round 2: Dee 0-1 Cid, Ann 1-0 Bob
//	round 3: Bob 1-0 Dee, Cid ½-½ Ann
//
// Points: Ann 2½, Cid 2, Bob 1½, Dee 0. Sonneborn-Berger, the sum of
// each game's score times that opponent's points:
//
//	Ann: 1×0 (Dee) + 1×1½ (Bob) + ½×2 (Cid)   = 2.5
//	Cid: ½×1½ (Bob) + 1×0 (Dee) + ½×2½ (Ann)  = 2.0
//	Bob: ½×2 (Cid) + 0×2½ (Ann) + 1×0 (Dee)   = 1.0
//	Dee: 0                                    = 0.0
var field4 = []Result{
	{Pairing{1, 0, 3}, 1}, {Pairing{1, 1, 2}, 0.5},
	{Pairing{2, 3, 2}, 0}, {Pairing{2, 0, 1}, 1},
	{Pairing{3, 1, 3}, 1}, {Pairing{3, 2, 0}, 0.5},
}

var names4 = []string{"Ann", "Bob", "Cid", "Dee"}

func TestStandings(t *testing.T) {
	got := Standings(4, field4)
	want := []Standing{
		{Entrant: 0, Rank: 1, Points: 2.5, Games: 3, Wins: 2, Draws: 1, SB: 2.5},
		{Entrant: 2, Rank: 2, Points: 2, Games: 3, Wins: 1, Draws: 2, SB: 2},
		{Entrant: 1, Rank: 3, Points: 1.5, Games: 3, Wins: 1, Draws: 1, Losses: 1, SB: 1},
		{Entrant: 3, Rank: 4, Points: 0, Games: 3, Losses: 3, SB: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("Standings: %d lines; want %d", len(got), len(want))
	}
	for i := range want {
		g := got[i]
		g.Elo, g.Margin = 0, 0 // checked below
		if g != want[i] {
			t.Errorf("line %d: got %+v; want %+v", i+1, g, want[i])
		}
	}
	// Ann scored 1, 1, ½: a mean of 5/6, which expects 400·log10(5) Elo.
	if d := got[0].Elo; math.Abs(d-400*math.Log10(5)) > 1e-9 {
		t.Errorf("Ann's Elo: got %.3f; want %.3f", d, 400*math.Log10(5))
	}
	// Dee lost every game: the clamp, with no interval.
	if d, m := got[3].Elo, got[3].Margin; d > -2399 || m != 0 {
		t.Errorf("Dee's Elo: got %.1f ± %.1f; want about -2400 ± 0", d, m)
	}
}

func TestStandingsTiesAndByes(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		results []Result
		// Entrant, rank, points and games of each line, best first.
		want [][4]float64
	}{
		{
			name:    "no results: everyone first, by index",
			n:       3,
			results: nil,
			want:    [][4]float64{{0, 1, 0, 0}, {1, 1, 0, 0}, {2, 1, 0, 0}},
		},
		{
			name: "a cycle of draws: everyone level",
			n:    3,
			results: []Result{
				{Pairing{1, 0, 1}, 0.5}, {Pairing{2, 1, 2}, 0.5}, {Pairing{3, 2, 0}, 0.5},
			},
			want: [][4]float64{{0, 1, 1, 2}, {1, 1, 1, 2}, {2, 1, 1, 2}},
		},
		{
			name: "a bye is a point but not a game",
			n:    3,
			results: []Result{
				{Pairing{1, 0, 1}, 0}, {Pairing{1, 2, Bye}, 1},
			},
			want: [][4]float64{{1, 1, 1, 1}, {2, 2, 1, 0}, {0, 3, 0, 1}},
		},
		{
			name: "level on points, SB and wins: one rank",
			n:    4,
			// 0 beats 1 and loses to 2; 3 beats 2 and loses to 1.
			// Points 1, 1, 1, 1; SB: each 1 × its victim's 1 point.
			results: []Result{
				{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, 3}, 0},
				{Pairing{2, 0, 2}, 0}, {Pairing{2, 1, 3}, 1},
			},
			want: [][4]float64{{0, 1, 1, 2}, {1, 1, 1, 2}, {2, 1, 1, 2}, {3, 1, 1, 2}},
		},
		{
			name: "level on points and SB: wins decide",
			n:    4,
			// 0 draws with 2 and 3; 1 beats 2 and loses to 3; 2 beats 3.
			// Points: 0: 1, 1: 1, 2: 0+½+1 = 1½, 3: 1+½+0 = 1½.
			// SB: 0: ½×1½ + ½×1½ = 1½; 1: 1×1½ = 1½;
			//     2: ½×1 + 1×1½ = 2; 3: 1×1 + ½×1 = 1½.
			// 1 has a win, 0 none: 1 is ahead of 0.
			results: []Result{
				{Pairing{1, 1, 2}, 1}, {Pairing{1, 0, 3}, 0.5},
				{Pairing{2, 3, 1}, 1}, {Pairing{2, 0, 2}, 0.5},
				{Pairing{3, 2, 3}, 1},
			},
			want: [][4]float64{{2, 1, 1.5, 3}, {3, 2, 1.5, 3}, {1, 3, 1, 2}, {0, 4, 1, 2}},
		},
		{
			name: "a stranger's result is left out",
			n:    2,
			results: []Result{
				{Pairing{1, 0, 5}, 1}, {Pairing{1, 1, 0}, 1},
			},
			want: [][4]float64{{1, 1, 1, 1}, {0, 2, 0, 1}},
		},
		{name: "nobody", n: 0, want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][4]float64
			for _, s := range Standings(tt.n, tt.results) {
				got = append(got, [4]float64{float64(s.Entrant), float64(s.Rank), s.Points, float64(s.Games)})
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Standings (entrant, rank, points, games): got %v; want %v", got, tt.want)
			}
		})
	}
}

func TestStandingsSBOrder(t *testing.T) {
	results := []Result{
		{Pairing{1, 0, 2}, 1}, {Pairing{1, 1, 3}, 1},
		{Pairing{2, 0, 3}, 0.5}, {Pairing{2, 1, 2}, 0.5},
		{Pairing{3, 2, 3}, 1},
	}
	// Points: 0: 1+½ = 1½, 1: 1+½ = 1½, 2: 0+½+1 = 1½, 3: 0+½+0 = ½.
	// SB: 0: 1×1½ (2) + ½×½ (3)          = 1.75
	//     1: 1×½ (3) + ½×1½ (2)          = 1.25
	//     2: 0×1½ (0) + ½×1½ (1) + 1×½ (3) = 1.25
	//     3: 0×1½ (1) + ½×1½ (0) + 0×1½ (2) = 0.75
	// 0 leads on SB; 1 and 2 are level on points, SB and wins (one
	// each): they share the rank, 1 listed first.
	st := Standings(4, results)
	var got [][3]float64
	for _, s := range st {
		got = append(got, [3]float64{float64(s.Entrant), float64(s.Rank), s.SB})
	}
	want := [][3]float64{{0, 1, 1.75}, {1, 2, 1.25}, {2, 2, 1.25}, {3, 4, 0.75}}
	if !slices.Equal(got, want) {
		t.Errorf("Standings (entrant, rank, SB): got %v; want %v", got, want)
	}
}

// BenchmarkStandingsAndTables is what !tournament status and crosstable
// compute for the largest round robin: 32 players, 2 rounds, 992 games.
func BenchmarkStandingsAndTables(b *testing.B) {
	ps, err := Schedule(RoundRobin, MaxEntrants, 2)
	if err != nil {
		b.Fatal(err)
	}
	results := make([]Result, len(ps))
	for i, p := range ps {
		results[i] = Result{Pairing: p, Score: float64((p.First*7+p.Second*3+i)%3) / 2}
	}
	names := make([]string, MaxEntrants)
	for i := range names {
		names[i] = fmt.Sprintf("ai:player%d", i)
	}
	b.ReportAllocs()
	for b.Loop() {
		st := Standings(MaxEntrants, results)
		_ = StandingsText(names, st)
		_ = CrosstableText(names, results)
	}
}
