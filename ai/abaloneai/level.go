package abaloneai

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// ladder is the ladder (see search.Climb): 1 plays at random, 2 to 6
// search to a fixed depth, the lower ones with noise in their
// evaluation as a beginner wants; 7 to 10 think for an eighth, a
// quarter, half and all of the budget. The random and fixed-depth
// levels think for all of the budget, so that no iteration starts after
// two fifths of it (see budget). A fixed-depth level first forgets
// earlier searches, so its choice depends only on the position and
// seed, while the timed levels keep what they learned, which is worth
// depth on the next move of the same game.
var ladder = search.Ladder[abalone.Position, abalone.Move]{
	Levels: search.Climb(1, []int{400, 150, 40}, []int{1, 2, 2, 3, 4}, []int{8, 4, 2, 1}),
	Random: search.Randomly((*abalone.Position).LegalMoves, 0x616261, abalone.ErrGameOver),
	Clear:  search.ClearFixedDepth, Over: abalone.ErrGameOver,
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
