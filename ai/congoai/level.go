package congoai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// ladder is the ladder (see search.Climb): 1 plays at random (the
// Random adviser), 2 to 8 search to a fixed depth (the lower ones with
// noise in their evaluation), 9 and 10 think for half and all of the
// move budget. Each search stands alone, so a seed replays the same move
// at every level.
var ladder = search.Ladder[congo.Position, congo.Move]{
	Levels: search.Climb(0, []int{150, 80, 40}, []int{1, 2, 3, 3, 4, 5, 6}, []int{2, 1}),
	Random: Random, Clear: search.ClearAlways, Over: congo.ErrGameOver,
}

// ChooseMove picks a move at level within budget with a fresh 16 MB
// searcher, made only for a level that searches; seed makes the choice
// repeatable (for a depth-limited level). Hosts that play many games
// should share a Pool instead.
func ChooseMove(ctx context.Context, pos congo.Position, level int, budget time.Duration, seed int64) (congo.Move, error) {
	return NewPool(1, 16, budget).ChooseMove(ctx, pos, level, seed)
}

// Pool lends a bounded number of Searchers, each with its own table, to
// any number of games: memory and CPU stay fixed however many games run.
type Pool = search.Player[*Searcher, congo.Position, congo.Move]

// NewPool returns a pool of n searchers with hashMB megabytes of table
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	return search.NewPlayer(search.NewPool(n, budget, func() *Searcher { return NewSearcher(hashMB) }), ladder)
}
