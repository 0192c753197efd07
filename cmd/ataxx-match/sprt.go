package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sprt is a sequential probability ratio test between two hypotheses on
// the Elo difference of the first engine over the second: H0 that it is
// elo0, H1 that it is elo1. It counts pairs of games (each opening is
// played twice, colours swapped), whose five possible scores (0, ¼, ½,
// ¾, 1 a game) vary far less than single games do when the openings are
// lopsided, and takes the log-likelihood ratio of the pairs' mean score
// under a normal approximation (the generalised SPRT of chess engine
// testing). The match stops as soon as the ratio leaves the bounds that
// alpha (accepting H1 when H0 holds) and beta (the reverse) give.
type sprt struct {
	elo0, elo1, alpha, beta float64
	first                   map[int]float64 // a pair's game that ended first, by pair
	pairs                   [5]int          // pairs by their score in quarters of a point a game
}

// errSPRT reports a -sprt flag that is not two Elo values, low then high.
var errSPRT = errors.New("sprt: want ELO0,ELO1 with ELO0 < ELO1, such as 0,10")

// parseSPRT reads "ELO0,ELO1"; alpha and beta are the test's error rates.
func parseSPRT(s string, alpha, beta float64) (*sprt, error) {
	lo, hi, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("%w: %q", errSPRT, s)
	}
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(lo), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(hi), 64)
	if err0 != nil || err1 != nil || !(e0 < e1) || math.IsInf(e0, 0) || math.IsInf(e1, 0) {
		return nil, fmt.Errorf("%w: %q", errSPRT, s)
	}
	if !(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5) {
		return nil, fmt.Errorf("sprt: alpha %v and beta %v: want each between 0 and 0.5", alpha, beta)
	}
	return &sprt{elo0: e0, elo1: e1, alpha: alpha, beta: beta, first: map[int]float64{}}, nil
}

// add records game g's score for the first engine (games 2i and 2i+1 are
// pair i).
func (t *sprt) add(g int, score float64) {
	pair := g / 2
	other, ok := t.first[pair]
	if !ok {
		t.first[pair] = score
		return
	}
	delete(t.first, pair)
	t.pairs[int(math.Round((score+other)*2))]++
}

// expected is the score an Elo difference expects.
func expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// llr returns the log-likelihood ratio of H1 over H0 from the pairs so far
// (0 until their scores vary).
func (t *sprt) llr() float64 {
	n, sum := 0.0, 0.0
	for q, k := range t.pairs {
		n += float64(k)
		sum += float64(k) * float64(q) / 4
	}
	if n == 0 {
		return 0
	}
	mean := sum / n
	variance := 0.0
	for q, k := range t.pairs {
		d := float64(q)/4 - mean
		variance += float64(k) * d * d
	}
	variance /= n
	if variance <= 0 {
		return 0
	}
	s0, s1 := expected(t.elo0), expected(t.elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// bounds returns the ratio below which H0 is accepted and above which H1
// is.
func (t *sprt) bounds() (lower, upper float64) {
	return math.Log(t.beta / (1 - t.alpha)), math.Log((1 - t.beta) / t.alpha)
}

// verdict is -1 when H0 is accepted, 1 when H1 is, 0 while the test goes
// on.
func (t *sprt) verdict() int {
	llr := t.llr()
	lo, hi := t.bounds()
	switch {
	case llr <= lo:
		return -1
	case llr >= hi:
		return 1
	}
	return 0
}

// String reports the test: its hypotheses, the ratio and its bounds, the
// pairs counted and the verdict.
func (t *sprt) String() string {
	lo, hi := t.bounds()
	verdict := "continue"
	switch t.verdict() {
	case 1:
		verdict = "H1 accepted"
	case -1:
		verdict = "H0 accepted"
	}
	p := t.pairs
	return fmt.Sprintf("SPRT: elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f) pairs [%d %d %d %d %d]: %s",
		t.elo0, t.elo1, t.alpha, t.beta, t.llr(), lo, hi, p[0], p[1], p[2], p[3], p[4], verdict)
}
