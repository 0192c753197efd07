package ataxxai

import "github.com/ataxxbot/ataxxbot/engine/ataxx"

// pieceValue is the unit of scores: a piece is 100.
const pieceValue = 100

// Tuning holds the search's adjustable parameters: evaluation weights in
// hundredths of a piece, and whether null-move pruning is on. UAI exposes
// them as options so that cmd/ataxx-match can tune them by self-play.
type Tuning struct {
	Stable   int  // a piece with no empty neighbour: it cannot be taken
	Exposed  int  // a piece next to an empty square the opponent can reach
	NullMove bool // try null-move pruning away from the endgame
	// Aspiration: search the root in a narrow window around the last
	// iteration's score first.
	Aspiration bool
	// Futility: skip moves near the leaves that cannot bring the score
	// up to alpha.
	Futility bool
	// Trained: evaluate with Weights (see Features) instead of Stable and
	// Exposed.
	Trained bool
	Weights Weights
	// NNUE: evaluate with the neural network Net (when nil, the shipped
	// one for the board: NetFor) instead of either of the above.
	NNUE bool
	Net  *Net
}

// network returns the network NNUE evaluates p with.
func (w *Tuning) network(p *ataxx.Position) *Net {
	if w.Net != nil {
		return w.Net
	}
	return NetFor(p.Blocks())
}

// DefaultTuning is the tuning the bot plays with, chosen by matches
// between tunings.
var DefaultTuning = Tuning{Stable: 36, Exposed: 6, NullMove: true, Aspiration: true, Futility: true, Trained: true, Weights: trainedWeights, NNUE: true}

// Evaluate scores p for the side to move with DefaultTuning.
func Evaluate(p *ataxx.Position) int {
	t := DefaultTuning
	return t.Evaluate(p)
}

// Evaluate scores p for the side to move: positive is good for it. It
// does not look at game end; the search does.
func (w *Tuning) Evaluate(p *ataxx.Position) int {
	if w.NNUE {
		return w.network(p).Evaluate(p)
	}
	if w.Trained {
		return w.Weights.Evaluate(p)
	}
	us, them := p.Pieces(p.Turn()), p.Pieces(p.Turn().Other())
	empty := p.Empty()
	nearEmpty := empty.Dilate()
	score := pieceValue * (us.Count() - them.Count())
	score += w.Stable * ((us &^ nearEmpty).Count() - (them &^ nearEmpty).Count())
	// Empty squares each side could move to next; pieces next to the
	// opponent's are exposed to conversion.
	reachUs := us.Dilate().Dilate() & empty
	reachThem := them.Dilate().Dilate() & empty
	score -= w.Exposed * ((us & reachThem.Dilate()).Count() - (them & reachUs.Dilate()).Count())
	return score
}
