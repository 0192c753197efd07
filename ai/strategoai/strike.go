package strategoai

import (
	"math"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// A strike at an enemy piece of unknown rank is won in the worlds that
// put a weaker piece (or the Flag) there and lost in those that put a
// stronger one or a Bomb, and its plain mean over a few dozen worlds
// swings with how many of each the draw happened to bring: the searched
// worlds are too few and too costly to measure a one-in-three chance of a
// Bomb, while sampling alone, without a search, measures it well in a
// millisecond. So a strike is scored by stratum: the worlds are grouped
// by what the strike meets there (it wins, trades, loses, or takes the
// Flag), each group's mean score is weighed by that outcome's chance
// measured over many more sampled worlds, and its doubt is the standard
// error of that weighed mean, which leaves out the swing between the
// groups that the plain doubt counted. In sixteen positions of games
// against peternlewis where a big piece of ours struck a Bomb, nine of
// the strikes ranked only 8th to 21st among the moves by their mean over
// 200 worlds: the few worlds searched in the game had flattered them.

// oddsWorlds is how many worlds, sampled but not searched, measure each
// strike's chances.
const oddsWorlds = 256

// minStratum is the chance at which an outcome must be among the
// searched worlds for a strike to be scored by stratum; one rarer than
// this that the draw missed is left out and the rest weighed up.
const minStratum = 0.05

// strike gathers one root move's scores by the outcome of its combat.
type strike struct {
	striker stratego.Rank
	to      stratego.Square
	// odds counts each outcome over the worlds sampled for the chances.
	odds  [stratego.CapturesFlag + 1]int
	nOdds int
	// n, sum and sq count, sum and sum the squares of the searched
	// worlds' scores (less the world's static evaluation) by outcome.
	n   [stratego.CapturesFlag + 1]int
	sum [stratego.CapturesFlag + 1]float64
	sq  [stratego.CapturesFlag + 1]float64
}

// outcome is what the strike meets in world p.
func (k *strike) outcome(p *stratego.Position) stratego.Outcome {
	return stratego.Combat(k.striker, p.At(k.to).Rank(), p.Rules())
}

// count adds world p to the chances.
func (k *strike) count(p *stratego.Position) {
	k.odds[k.outcome(p)]++
	k.nOdds++
}

// add records the strike's score d (less the world's evaluation) in a
// searched world p.
func (k *strike) add(p *stratego.Position, d float64) {
	o := k.outcome(p)
	k.n[o]++
	k.sum[o] += d
	k.sq[o] += d * d
}

// estimate returns the strike's mean score (less the worlds'
// evaluation) weighed by the chance of each outcome, and the standard
// error of that mean; ok is false when an outcome at least minStratum
// likely is missing from the searched worlds, or no outcome was searched
// twice, and then the plain mean must do.
func (k *strike) estimate() (mean, se float64, ok bool) {
	if k.nOdds == 0 {
		return 0, 0, false
	}
	covered, within, dof := 0.0, 0.0, 0
	for o := range k.odds {
		p := float64(k.odds[o]) / float64(k.nOdds)
		if p == 0 {
			continue
		}
		if k.n[o] == 0 {
			if p >= minStratum {
				return 0, 0, false
			}
			continue
		}
		n := float64(k.n[o])
		m := k.sum[o] / n
		covered += p
		mean += p * m
		within += k.sq[o] - n*m*m
		dof += k.n[o] - 1
	}
	if covered == 0 || dof == 0 {
		return 0, 0, false
	}
	mean /= covered
	// The spread within the outcomes, pooled: each group is too small to
	// measure its own.
	variance := max(within/float64(dof), 0)
	w2 := 0.0
	for o := range k.odds {
		if k.n[o] == 0 {
			continue
		}
		p := float64(k.odds[o]) / float64(k.nOdds) / covered
		w2 += p * p / float64(k.n[o])
	}
	return mean, math.Sqrt(variance * w2), true
}

// strikes returns, for each of moves, its strike record if it attacks an
// enemy piece whose rank is unknown, nil otherwise.
func (t *tracker) strikes(moves []stratego.Move) []*strike {
	var out []*strike
	for i, m := range moves {
		j := t.at[m.To()] - 1
		if j < 0 || t.enemies[j].rank != stratego.NoRank {
			continue
		}
		if out == nil {
			out = make([]*strike, len(moves))
		}
		out[i] = &strike{striker: t.own[m.From()].Rank(), to: m.To()}
	}
	return out
}
