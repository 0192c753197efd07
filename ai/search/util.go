package search

// Pick moves the best-scored move from i onwards to i and returns it:
// a selection sort done lazily, since a cut-off mostly comes before the
// moves are all tried.
func Pick[M any](moves []M, scores []int32, i int) M {
	best := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return moves[i]
}

// Jitter returns a value from -noise to noise drawn from h, a position's
// hash already mixed with the search's seed: the same position gets the
// same noise throughout one search.
func Jitter(h uint64, noise int) int {
	return int(h%uint64(2*noise+1)) - noise
}

// MateIn converts a score to moves to the end of the game (0: none), a
// won game scoring mate less the plies to the win and scores beyond
// ±bound counting as won or lost.
func MateIn(score, mate, bound int) int {
	switch {
	case score > bound:
		return (mate - score + 1) / 2
	case score < -bound:
		return -(mate + score + 1) / 2
	}
	return 0
}

// Abs returns the absolute value of x.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
