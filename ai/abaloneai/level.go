package abaloneai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

// ladder is the ladder: 1 plays at random, 2 to 6 search to a fixed
// depth, the lower ones with noise in their evaluation as a beginner
// wants; 7 to 10 think for an eighth, a quarter, half and all of the
// budget. Every level stops at the budget whatever its depth. A
// fixed-depth level first forgets earlier searches, so its choice
// depends only on the position and seed, while the timed levels keep
// what they learned, which is worth depth on the next move of the same
// game.
var ladder = search.Ladder[abalone.Position, abalone.Move]{
	Levels: search.Levels{
		{Random: true, TimeDiv: 1},
		{Depth: 1, Noise: 400, TimeDiv: 1},
		{Depth: 2, Noise: 150, TimeDiv: 1},
		{Depth: 2, Noise: 40, TimeDiv: 1},
		{Depth: 3, TimeDiv: 1},
		{Depth: 4, TimeDiv: 1},
		{TimeDiv: 8},
		{TimeDiv: 4},
		{TimeDiv: 2},
		{TimeDiv: 1},
	},
	Random: RandomMove, Clear: search.ClearFixedDepth, Over: abalone.ErrGameOver,
}

// Level returns the limits and options of a chat level within a move
// budget (see ladder); random reports a level that plays at random.
func Level(level int, budget time.Duration) (Limits, Options, bool) {
	return ladder.Levels.Limits(level, budget)
}

// ChooseMove picks a move for the side to move at level (1..10) within
// budget; seed makes weak levels' choices repeatable (see ladder). It
// fails with abalone.ErrGameOver when there is no move, and with ctx's
// error when ctx is done before a move was found.
func (s *Searcher) ChooseMove(ctx context.Context, pos abalone.Position, level int, budget time.Duration, seed int64) (abalone.Move, error) {
	return ladder.Choose(ctx, s, pos, level, budget, seed)
}

// Pool lends a bounded number of Searchers, each with its own hash table,
// to any number of games: memory and CPU stay fixed however many games
// are running.
type Pool = search.Player[*Searcher, abalone.Position, abalone.Move]

// NewPool returns a pool of n searchers with hashMB megabytes of hash
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	return search.NewPlayer(search.NewPool(n, budget, func() *Searcher { return NewSearcher(hashMB) }), ladder)
}

// RandomMove returns a legal move chosen by seed.
func RandomMove(pos abalone.Position, seed int64) (abalone.Move, error) {
	var l abalone.MoveList
	pos.GenerateMoves(&l)
	return search.RandomMove(l.Moves[:l.Len], seed, 0x616261, abalone.ErrGameOver)
}

// Greedy returns the move that scores best by the evaluation one ply on,
// without search: a push off the board when there is one, else the move
// that leaves the best position. Ties go to the first move generated. It
// returns NoMove when the game is over.
func Greedy(pos abalone.Position) abalone.Move {
	var l abalone.MoveList
	if pos.IsOver() {
		return abalone.NoMove
	}
	pos.GenerateMoves(&l)
	best, bestScore := abalone.NoMove, -Infinity
	for _, m := range l.Slice() {
		u := pos.MakeMove(m)
		v := -Evaluate(&pos)
		if pos.Lost(pos.Turn()) >= abalone.WinningLosses {
			v = WinScore
		}
		pos.UnmakeMove(u)
		if v > bestScore {
			best, bestScore = m, v
		}
	}
	return best
}

// benchPositions are the positions Bench searches.
var benchPositions = []string{
	"standard",
	"belgian",
	"german",
	"5/6/1bbb3/2bb1b2/3bbw1b1/2wwww2/2bwww1/1b1wwb/4b b 1 4", // after 60 plies
}

// BenchDepth is the depth of the bench signature.
const BenchDepth = 5

// Bench searches its positions (the three layouts and the AWC 2015 final
// after 60 plies) to depth with a 16 MB table, cleared for each, and
// returns the nodes visited, the time taken and the moves chosen: a
// fixed depth makes the node count the same in every run, so it changes
// only when the search's behaviour does.
func Bench(depth int) (nodes uint64, elapsed time.Duration, moves string, err error) {
	return search.Bench(benchPositions, abalone.ParsePosition, depth, NewSearcher(16))
}
