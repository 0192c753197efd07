package ataxxgame

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Greedy is the placeholder AI until the search of package ataxxai arrives:
// at level 1 it plays a random legal move; above, the move that leaves it
// the most pieces against the opponent's, ties broken at random. The
// random choices come from the seed, so a game replays the same.
type Greedy struct{}

// ChooseMove picks a legal move, or fails when the game is over.
func (Greedy) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	var l ataxx.MoveList
	pos.GenerateMoves(&l)
	if l.Len == 0 {
		return ataxx.NoMove, fmt.Errorf("%w: no move to choose", ataxx.ErrGameOver)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x61746178))
	if level <= 1 {
		return l.Moves[rng.IntN(l.Len)], nil
	}
	us := pos.Turn()
	best, bestScore, ties := ataxx.NoMove, -1000, 0
	for _, m := range l.Slice() {
		u := pos.MakeMove(m)
		score := pos.Count(us) - pos.Count(us.Other())
		pos.UnmakeMove(m, u)
		switch {
		case score > bestScore:
			best, bestScore, ties = m, score, 1
		case score == bestScore:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best, ctx.Err()
}
