package congoai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

// ladder is the ladder: 1 plays at random, 2 to 8 search to a fixed
// depth (the lower ones with noise in their evaluation), 9 and 10 think
// for half and all of the move budget. Each search stands alone, so a
// seed replays the same move at every level.
var ladder = search.Ladder[congo.Position, congo.Move]{
	Levels: search.Levels{
		{Random: true},
		{Depth: 1, Noise: 150},
		{Depth: 2, Noise: 80},
		{Depth: 3, Noise: 40},
		{Depth: 3}, {Depth: 4}, {Depth: 5}, {Depth: 6},
		{TimeDiv: 2},
		{TimeDiv: 1},
	},
	Random: Random, Clear: search.ClearAlways, Over: congo.ErrGameOver,
}

// Level returns the limits and options of a host level (see ladder);
// random reports a level that plays at random. Every level stops at
// budget.
func Level(level int, budget time.Duration) (Limits, Options, bool) {
	return ladder.Levels.Limits(level, budget)
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
