package congoai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

// levels is the ladder: 1 plays at random, 2 to 8 search to a fixed
// depth (the lower ones with noise in their evaluation), 9 and 10 think
// for half and all of the move budget.
var levels = search.Levels{
	{Random: true},
	{Depth: 1, Noise: 150},
	{Depth: 2, Noise: 80},
	{Depth: 3, Noise: 40},
	{Depth: 3}, {Depth: 4}, {Depth: 5}, {Depth: 6},
	{TimeDiv: 2},
	{TimeDiv: 1},
}

// Level returns the limits and options of a host level (see levels);
// random reports a level that plays at random. Every level stops at
// budget.
func Level(level int, budget time.Duration) (lim Limits, opts Options, random bool) {
	lim, noise, random := levels.Limits(level, budget)
	return lim, Options{Noise: noise}, random
}

// ChooseMove picks a move at level within budget with a fresh 16 MB
// searcher; seed makes the choice repeatable (for a depth-limited level).
// Hosts that play many games should share a Pool instead.
func ChooseMove(ctx context.Context, pos congo.Position, level int, budget time.Duration, seed int64) (congo.Move, error) {
	return choose(ctx, nil, pos, level, budget, seed, 16)
}

func choose(ctx context.Context, s *Searcher, pos congo.Position, level int, budget time.Duration, seed int64, hashMB int) (congo.Move, error) {
	lim, opts, random := Level(level, budget)
	if random {
		return Random(pos, seed)
	}
	if s == nil {
		s = NewSearcher(hashMB)
	} else {
		s.Clear()
	}
	opts.Seed = uint64(seed)
	return search.Chosen(ctx, s.Search(ctx, pos, lim, opts, nil).Move, congo.ErrGameOver)
}

// Pool lends a bounded number of Searchers, each with its own table, to
// any number of games: memory and CPU stay fixed however many games run.
type Pool = search.Player[*Searcher, congo.Position, congo.Move]

// NewPool returns a pool of n searchers with hashMB megabytes of table
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	searchers := search.NewPool(n, budget, func() *Searcher { return NewSearcher(hashMB) })
	lent := func(s *Searcher, ctx context.Context, pos congo.Position, level int, budget time.Duration, seed int64) (congo.Move, error) {
		return choose(ctx, s, pos, level, budget, seed, hashMB)
	}
	return search.NewPlayer(searchers, levels, Random, lent)
}
