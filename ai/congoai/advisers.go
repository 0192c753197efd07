package congoai

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// Random is the guide's "random" adviser: a legal move chosen by seed.
func Random(pos congo.Position, seed int64) (congo.Move, error) {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return congo.NoMove, fmt.Errorf("%w: no move to advise", congo.ErrGameOver)
	}
	return moves[search.RandomIndex(len(moves), seed, 0x72616e64)], nil
}

// NegamaxDepth is the depth, in turns, at which the guide's negamax
// adviser looks when the host does not say.
const NegamaxDepth = 5

// guideValue is the guide's program's material count, which its negamax
// adviser uses: a lion is worth a hundred pawns.
var guideValue = [8]int{
	congo.Pawn: 1, congo.Superpawn: 3, congo.Monkey: 10, congo.Elephant: 6,
	congo.Giraffe: 5, congo.Zebra: 7, congo.Crocodile: 10, congo.Lion: 100,
}

// GuideEvaluate is the guide's program's evaluation, for the side to
// move: material by guideValue, and a hundred more if the side to move
// can take the enemy lion.
func GuideEvaluate(p *congo.Position) int {
	us := p.Turn()
	v := 0
	for k := congo.Pawn; k <= congo.Lion; k++ {
		v += guideValue[k] * (p.Count(us, k) - p.Count(us.Other(), k))
	}
	if p.CanTakeLion() {
		v += 100
	}
	return v
}

// Negamax is the guide's "negamax" adviser: a plain fixed-depth negamax
// with alpha-beta pruning over GuideEvaluate, without ordering, table or
// quiescence. It takes the first of equally good moves in LegalMoves
// order, so it is deterministic. depth below 1 means NegamaxDepth.
func Negamax(pos congo.Position, depth int) (congo.Move, error) {
	if depth < 1 {
		depth = NegamaxDepth
	}
	depth = min(depth, MaxPly)
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		return congo.NoMove, fmt.Errorf("%w: no move to advise", congo.ErrGameOver)
	}
	lists := make([]congo.MoveList, depth)
	best, bestScore := moves[0], -Infinity
	alpha := -Infinity
	for _, m := range moves {
		u := pos.MakeMove(m)
		score := -guideNegamax(&pos, depth-1, 1, -Infinity, -alpha, lists)
		pos.UnmakeMove(m, u)
		if score > bestScore {
			best, bestScore = m, score
			alpha = max(alpha, score)
		}
	}
	return best, nil
}

func guideNegamax(p *congo.Position, depth, ply, alpha, beta int, lists []congo.MoveList) int {
	if score, over := ended(p, ply); over {
		return score
	}
	if depth <= 0 {
		return GuideEvaluate(p)
	}
	l := &lists[ply]
	p.GenerateMoves(l)
	if l.Len == 0 {
		return -MateScore + ply
	}
	best := -Infinity
	for _, m := range l.Moves[:l.Len] {
		u := p.MakeMove(m)
		score := -guideNegamax(p, depth-1, ply+1, -beta, -alpha, lists)
		p.UnmakeMove(m, u)
		var cut bool
		if best, alpha, cut = search.Raise(score, best, alpha, beta); cut {
			break
		}
	}
	return best
}
