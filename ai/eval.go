package ai

import "github.com/ataxxbot/ataxxbot/engine/ataxx"

// Evaluation weights, in hundredths of a piece. Tuned by self-play with
// cmd/ataxx-match; see the closing notes of the AI issue.
const (
	pieceValue   = 100
	stableValue  = 12 // a piece with no empty neighbour cannot be taken
	exposedValue = 6  // a piece next to an empty square the opponent can reach
)

// Evaluate scores p for the side to move: positive is good for it. It
// does not look at game end; the search does.
func Evaluate(p *ataxx.Position) int {
	us, them := p.Pieces(p.Turn()), p.Pieces(p.Turn().Other())
	empty := p.Empty()
	nearEmpty := empty.Dilate()
	score := pieceValue * (us.Count() - them.Count())
	score += stableValue * ((us &^ nearEmpty).Count() - (them &^ nearEmpty).Count())
	// Empty squares each side could move to next; pieces next to the
	// opponent's are exposed to conversion.
	reachUs := us.Dilate().Dilate() & empty
	reachThem := them.Dilate().Dilate() & empty
	score -= exposedValue * ((us & reachThem.Dilate()).Count() - (them & reachUs.Dilate()).Count())
	return score
}
