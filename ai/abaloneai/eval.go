package abaloneai

import "github.com/ataxxbot/ataxxbot/engine/abalone"

// Weights are the terms of the evaluation, in points (a marble is 1000).
type Weights struct {
	Marble      int    // each marble lost by the opponent, less each lost by the mover
	Ring        [5]int // each marble at distance 0 (centre) .. 4 (edge) from the centre
	Link        int    // each pair of neighbouring marbles
	ThreatMover int    // each move of the mover that would push a marble off
	ThreatOther int    // each such move the opponent threatens
}

// DefaultWeights returns the weights the levels play with. The centre
// terms come first after material: a side that holds the centre in a
// compact mass cannot be pushed, and pushes the other to the edge.
func DefaultWeights() Weights { return defaultWeights }

var defaultWeights = Weights{
	Marble:      1000,
	Ring:        [5]int{50, 36, 22, 8, -14},
	Link:        7,
	ThreatMover: 90,
	ThreatOther: 45,
}

// Evaluate scores p for the side to move with DefaultWeights.
func Evaluate(p *abalone.Position) int { return defaultWeights.Evaluate(p) }

// Evaluate scores p for the side to move: positive is good for it.
func (w *Weights) Evaluate(p *abalone.Position) int {
	us, them := p.Turn(), p.Turn().Other()
	score := w.Marble * (p.Lost(them) - p.Lost(us))
	ru, rt := p.RingCounts(us), p.RingCounts(them)
	for k := range ru {
		score += w.Ring[k] * (ru[k] - rt[k])
	}
	score += w.Link * (p.Links(us) - p.Links(them))
	score += w.ThreatMover*p.Ejections(us) - w.ThreatOther*p.Ejections(them)
	return score
}
