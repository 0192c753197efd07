package tourney

import "fmt"

// Bye is the Second of a Pairing that is a bye: First sits the round
// out and scores a point.
const Bye = -1

// Pairing is one game of a round: First has the first seat.
type Pairing struct {
	Round  int `json:"round"`
	First  int `json:"first"`
	Second int `json:"second"` // Bye: First has a bye
}

// Result is a played pairing and First's points: 1, 0.5 or 0. A bye
// scores 1 for First.
type Result struct {
	Pairing
	Score float64 `json:"score"`
}

// IsBye says the pairing is a bye.
func (p Pairing) IsBye() bool { return p.Second == Bye }

// Schedule returns every pairing of a round robin or a gauntlet of n
// entrants over rounds cycles, in order of rounds. A Swiss is paired
// round by round (SwissRound): Schedule checks its size and returns nil.
//
// A round robin plays Berger's tables: with n odd, the entrant paired
// with the missing one sits the round out, and no Pairing is emitted for
// it (a round robin gives no points for a bye). Rounds are numbered
// from 1 over all cycles; cycles 0, 2, 4… take the tables' colours and
// cycles 1, 3… swap them, so that two cycles give each pair both seats.
//
// A gauntlet pairs entrant 0 with each other entrant once a cycle, all
// in the cycle's round; entrant 0 has the first seat in cycles 0, 2, 4…
// and the second in the others.
func Schedule(f Format, n, rounds int) ([]Pairing, error) {
	switch {
	case n < 2:
		return nil, fmt.Errorf("%w: %d entrants; a tournament needs at least 2", ErrTournament, n)
	case n > MaxEntrants:
		return nil, fmt.Errorf("%w: %d entrants; at most %d", ErrTournament, n, MaxEntrants)
	case rounds < 1:
		return nil, fmt.Errorf("%w: %d rounds; at least 1", ErrTournament, rounds)
	case rounds > MaxCycles:
		return nil, fmt.Errorf("%w: %d rounds; at most %d", ErrTournament, rounds, MaxCycles)
	}
	switch f {
	case RoundRobin:
		if games := rounds * n * (n - 1) / 2; games > MaxGames {
			return nil, fmt.Errorf("%w: %d cycles of %d entrants are %d games; at most %d", ErrTournament, rounds, n, games, MaxGames)
		}
		return roundRobin(n, rounds), nil
	case Gauntlet:
		return gauntlet(n, rounds), nil
	case Swiss:
		return nil, nil
	}
	return nil, fmt.Errorf("%w: unknown format %q", ErrTournament, cut(string(f), 20))
}

// Rounds is how many rounds a tournament of n entrants plays over
// rounds (cycles of a round robin or a gauntlet, rounds of a Swiss): a
// cycle of a round robin is n-1 rounds, n when n is odd.
func Rounds(f Format, n, rounds int) int {
	if f == RoundRobin {
		return rounds * (n - 1 + n%2)
	}
	return rounds
}

// roundRobin returns cycles of Berger's tables for n entrants.
//
// Berger's tables for an even m+1 entrants hold the last one fixed and
// turn the others (0..m-1) round it. In round r (0-based) entrants i and
// j meet when i+j ≡ r (mod m), and the h with 2h ≡ r meets the fixed
// one, who has the second seat in even rounds and the first in odd ones.
// Of the others, the one in h+1..h+(m-1)/2 (mod m) has the first seat.
// (FIDE's tables for 4 entrants: 1-4 2-3, 4-3 1-2, 2-4 3-1.)
func roundRobin(n, cycles int) []Pairing {
	size := n + n%2 // with the missing entrant when n is odd
	m := size - 1   // rounds per cycle
	fixed := m
	var out []Pairing
	for c := range cycles {
		for r := range m {
			round := c*m + r + 1
			h := r * (m + 1) / 2 % m // 2h ≡ r (mod m); m is odd
			add := func(first, second int) {
				if first >= n || second >= n {
					return // the missing entrant: a bye, not emitted
				}
				if c%2 == 1 {
					first, second = second, first
				}
				out = append(out, Pairing{Round: round, First: first, Second: second})
			}
			if r%2 == 0 {
				add(h, fixed)
			} else {
				add(fixed, h)
			}
			for d := 1; d <= (m-1)/2; d++ {
				add((h+d)%m, (h-d+m)%m)
			}
		}
	}
	return out
}

// gauntlet returns cycles of entrant 0 against each of the others.
func gauntlet(n, cycles int) []Pairing {
	out := make([]Pairing, 0, cycles*(n-1))
	for c := range cycles {
		for j := 1; j < n; j++ {
			p := Pairing{Round: c + 1, First: 0, Second: j}
			if c%2 == 1 {
				p.First, p.Second = j, 0
			}
			out = append(out, p)
		}
	}
	return out
}
