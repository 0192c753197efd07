package tourney

import (
	"cmp"
	"slices"
)

// Standing is one entrant's line of the standings.
type Standing struct {
	Entrant int
	Rank    int // 1-based; entrants level on points, SB and wins share it

	Points                     float64 // byes included
	Games, Wins, Draws, Losses int     // byes are not games
	Elo, Margin                float64 // performance against the field (Elo of its games' scores); 0, 0 with no games
	SB                         float64 // Sonneborn-Berger: Σ its score in a game × that opponent's points
}

// Standings returns the standings of n entrants after results, best
// first: by points, then Sonneborn-Berger, then wins, then entrant. A
// bye adds its Score to First's points and is no game; a result naming
// an entrant outside 0..n-1 is left out.
func Standings(n int, results []Result) []Standing {
	if n <= 0 {
		return nil
	}
	st := make([]Standing, n)
	scores := make([][]float64, n)
	for i := range st {
		st[i].Entrant = i
	}
	for _, r := range results {
		if !valid(n, r.Pairing) {
			continue
		}
		if r.IsBye() {
			st[r.First].Points += r.Score
			continue
		}
		for _, side := range [2]struct {
			e     int
			score float64
		}{{r.First, r.Score}, {r.Second, 1 - r.Score}} {
			s := &st[side.e]
			s.Points += side.score
			s.Games++
			switch side.score {
			case 1:
				s.Wins++
			case 0:
				s.Losses++
			default:
				s.Draws++
			}
			scores[side.e] = append(scores[side.e], side.score)
		}
	}
	for _, r := range results {
		if !valid(n, r.Pairing) || r.IsBye() {
			continue
		}
		st[r.First].SB += r.Score * st[r.Second].Points
		st[r.Second].SB += (1 - r.Score) * st[r.First].Points
	}
	for i := range st {
		st[i].Elo, st[i].Margin = Elo(scores[i])
	}
	slices.SortFunc(st, func(a, b Standing) int {
		if c := compareLevel(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.Entrant, b.Entrant)
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && compareLevel(st[i-1], st[i]) == 0 {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st
}

// compareLevel orders standings best first by points, SB and wins.
func compareLevel(a, b Standing) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(b.SB, a.SB); c != 0 {
		return c
	}
	return cmp.Compare(b.Wins, a.Wins)
}

// valid says p names entrants of 0..n-1 (Second may be Bye) and not the
// same one twice.
func valid(n int, p Pairing) bool {
	if p.First < 0 || p.First >= n {
		return false
	}
	return p.Second == Bye || p.Second >= 0 && p.Second < n && p.Second != p.First
}
