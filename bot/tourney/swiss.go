package tourney

import (
	"cmp"
	"slices"
)

// searchBudget bounds the search for a pairing without repeats, in
// pairs tried: enough for any field of MaxEntrants in practice, and a
// bound on the time a pathological history can take. Past it the round
// is paired greedily.
const searchBudget = 50000

// SwissRound pairs round round of a Swiss of n entrants after played,
// every result of the earlier rounds (byes included).
//
// Entrants are ranked by points, then by index. From the top, each
// unpaired entrant is paired with the highest-ranked remaining one it
// has not met, backtracking so that nobody meets anyone twice while that
// is possible; when it is not, the fewest repeats are allowed that the
// search finds. With n odd, the lowest-ranked entrant who has had no
// bye (once everyone has had one, the fewest) sits the round out
// (Pairing{Second: Bye}); if that leaves a pairing only with repeats,
// the next lowest, and so on. The first seat
// goes to whichever of a pair has had it fewer times, the higher ranked
// when they are level. The pairing depends only on its arguments.
//
// Results naming entrants outside 0..n-1 are left out. With n < 2 or
// n > MaxEntrants there is nothing to pair: SwissRound returns nil.
func SwissRound(n, round int, played []Result) []Pairing {
	if n < 2 || n > MaxEntrants {
		return nil
	}
	points := make([]float64, n)
	firsts := make([]int, n)
	byes := make([]int, n)
	met := make([][]bool, n)
	for i := range met {
		met[i] = make([]bool, n)
	}
	for _, r := range played {
		if !valid(n, r.Pairing) {
			continue
		}
		points[r.First] += r.Score
		if r.IsBye() {
			byes[r.First]++
			continue
		}
		points[r.Second] += 1 - r.Score
		firsts[r.First]++
		met[r.First][r.Second] = true
		met[r.Second][r.First] = true
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(points[b], points[a]) })

	// Who may sit out: the lowest-ranked first, those who have had a
	// bye only when everyone has.
	var candidates []int
	if n%2 == 1 {
		fewest := slices.Min(byes)
		for k := n - 1; k >= 0; k-- {
			if byes[order[k]] == fewest {
				candidates = append(candidates, order[k])
			}
		}
	} else {
		candidates = []int{Bye}
	}

	p := pairer{met: met, budget: searchBudget}
	var pairs [][2]int
	bye := candidates[0]
search:
	for repeats := 0; repeats <= n/2; repeats++ {
		for _, c := range candidates {
			if pairs = p.pair(without(order, c), repeats); pairs != nil {
				bye = c
				break search
			}
		}
	}
	if pairs == nil { // out of budget
		pairs = greedy(without(order, bye), met)
	}

	rank := make([]int, n)
	for k, e := range order {
		rank[e] = k
	}
	out := make([]Pairing, 0, n/2+1)
	for _, pr := range pairs {
		a, b := pr[0], pr[1] // a ranks higher
		if firsts[b] < firsts[a] {
			a, b = b, a
		}
		out = append(out, Pairing{Round: round, First: a, Second: b})
	}
	slices.SortStableFunc(out, func(x, y Pairing) int {
		return cmp.Compare(min(rank[x.First], rank[x.Second]), min(rank[y.First], rank[y.Second]))
	})
	if bye != Bye {
		out = append(out, Pairing{Round: round, First: bye, Second: Bye})
	}
	return out
}

// without returns order less entrant e (a new slice).
func without(order []int, e int) []int {
	out := make([]int, 0, len(order))
	for _, o := range order {
		if o != e {
			out = append(out, o)
		}
	}
	return out
}

// pairer searches for a pairing of a ranked list with few repeats.
type pairer struct {
	met    [][]bool
	budget int // pairs left to try
	// The search's state: the pairs so far, and who is paired.
	pairs  [][2]int
	paired []bool
}

// pair returns a pairing of order (an even number of entrants, best
// first) with at most repeats pairs who have met, nil if there is none or
// the budget ran out.
func (p *pairer) pair(order []int, repeats int) [][2]int {
	p.pairs = p.pairs[:0]
	p.paired = make([]bool, len(p.met))
	if !p.search(order, repeats) {
		return nil
	}
	return slices.Clone(p.pairs)
}

func (p *pairer) search(order []int, repeats int) bool {
	i := -1
	for _, e := range order {
		if !p.paired[e] {
			i = e
			break
		}
	}
	if i < 0 {
		return true
	}
	p.paired[i] = true
	defer func() { p.paired[i] = false }()
	// Those it has not met first, then (while repeats are allowed) those
	// it has, each in order of rank.
	for _, again := range [2]bool{false, true} {
		if again && repeats == 0 {
			break
		}
		for _, j := range order {
			if p.paired[j] || p.met[i][j] != again {
				continue
			}
			if p.budget <= 0 {
				return false
			}
			p.budget--
			left := repeats
			if again {
				left--
			}
			p.paired[j] = true
			p.pairs = append(p.pairs, [2]int{i, j})
			if (left > 0 || p.feasible(order)) && p.search(order, left) {
				return true
			}
			p.pairs = p.pairs[:len(p.pairs)-1]
			p.paired[j] = false
		}
	}
	return false
}

// feasible says every unpaired entrant has someone unpaired left whom it
// has not met: a quick cut of a search that allows no more repeats.
func (p *pairer) feasible(order []int) bool {
	for _, i := range order {
		if p.paired[i] {
			continue
		}
		ok := false
		for _, j := range order {
			if j != i && !p.paired[j] && !p.met[i][j] {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// greedy pairs order from the top, each with the highest remaining one
// it has not met, or the highest remaining when it has met them all.
func greedy(order []int, met [][]bool) [][2]int {
	paired := make([]bool, len(met))
	var out [][2]int
	for k, i := range order {
		if paired[i] {
			continue
		}
		pick := -1
		for _, j := range order[k+1:] {
			if paired[j] {
				continue
			}
			if pick < 0 {
				pick = j
			}
			if !met[i][j] {
				pick = j
				break
			}
		}
		if pick < 0 {
			break
		}
		paired[i], paired[pick] = true, true
		out = append(out, [2]int{i, pick})
	}
	return out
}
