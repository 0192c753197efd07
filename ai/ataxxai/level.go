package ataxxai

import (
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// ladder is the ladder (see search.Climb): 1 plays at random, 2 to 8
// search to a fixed depth (the lower ones with noise in their
// evaluation, as a beginner wants), 9 and 10 think for half and all of
// the move budget. Each search stands alone, so a seed replays the same
// move at every level.
var ladder = search.Ladder[ataxx.Position, ataxx.Move]{
	Levels: search.Climb(0, []int{60, 30, 15}, []int{1, 2, 3, 4, 5, 6, 8}, []int{2, 1}),
	Random: search.Randomly((*ataxx.Position).LegalMoves, 0x72616e64, ataxx.ErrGameOver),
	Clear:  search.ClearAlways, Over: ataxx.ErrGameOver,
}

// Level returns the limits and options of a chat level (see ladder);
// random reports a level that plays at random. Every level stops at
// budget.
func Level(level int, budget time.Duration) (search.Limits, search.Options, bool) {
	return ladder.Levels.Limits(level, budget)
}

// Pool lends a bounded number of Searchers, each with its own hash table,
// to any number of games: memory and CPU stay fixed however many games
// are running. It implements the bot's Ataxx engine.
type Pool = search.Player[*Searcher, ataxx.Position, ataxx.Move]

// NewPool returns a pool of n searchers with hashMB megabytes of hash
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	return search.NewPlayer(search.NewPool(n, budget, func() *Searcher { return NewSearcher(hashMB) }), ladder)
}

// RandomMove returns a legal move chosen by seed: level 1's.
func RandomMove(pos ataxx.Position, seed int64) (ataxx.Move, error) { return ladder.Random(pos, seed) }
