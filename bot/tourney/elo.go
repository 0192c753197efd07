package tourney

import "math"

// Elo returns the Elo difference that expects the mean of scores (each
// 1, 0.5 or 0) and the half-width of its 95% interval, from the normal
// approximation of the mean. Scores are clamped to (1e-6, 1-1e-6) before
// they become Elo, so every win (or every loss) is a difference of about
// ±2400 with no interval: no finite difference fits such a run. No scores
// is 0, 0.
func Elo(scores []float64) (diff, margin float64) {
	n := float64(len(scores))
	if n == 0 {
		return 0, 0
	}
	mean := 0.0
	for _, s := range scores {
		mean += s
	}
	mean /= n
	variance := 0.0
	for _, s := range scores {
		variance += (s - mean) * (s - mean)
	}
	se := math.Sqrt(variance/n) / math.Sqrt(n)
	lo, hi := eloOf(mean-1.96*se), eloOf(mean+1.96*se)
	return eloOf(mean), (hi - lo) / 2
}

// eloOf is the Elo difference that expects score p, clamped to
// (1e-6, 1-1e-6).
func eloOf(p float64) float64 {
	p = min(max(p, 1e-6), 1-1e-6)
	return -400 * math.Log10(1/p-1)
}

// eloShown is the largest difference EloText writes as a number: past
// it, a handful of games says only "much stronger".
const eloShown = 800

// EloText writes a difference and its margin for a table: "+123 ± 45";
// "-" with no games; ">+800" or "<-800" past ±800, where the number
// would only show the clamp of a run of wins or losses; and a margin
// past 800 as "± >800".
func EloText(diff, margin float64, games int) string {
	switch {
	case games == 0 || math.IsNaN(diff):
		return "-"
	case diff > eloShown:
		return ">+800"
	case diff < -eloShown:
		return "<-800"
	}
	d := math.Round(diff)
	ds := "0"
	if d != 0 {
		ds = fmtSigned(d)
	}
	switch {
	case math.IsNaN(margin) || margin > eloShown:
		return ds + " ± >800"
	default:
		return ds + " ± " + fmtInt(math.Round(margin))
	}
}
