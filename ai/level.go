package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

// Level returns the limits and options of a chat level: 1 plays at
// random (Random reports it), 2 to 8 search to a fixed depth (the lower
// ones with noise in their evaluation, as a beginner wants), 9 and 10
// think for half and all of the move budget.
func Level(level int, budget time.Duration) (lim Limits, opts Options, random bool) {
	lim.Cap = budget
	switch {
	case level <= 1:
		return lim, opts, true
	case level == 2:
		lim.Depth, opts.Noise = 1, 60
	case level == 3:
		lim.Depth, opts.Noise = 2, 30
	case level == 4:
		lim.Depth, opts.Noise = 3, 15
	case level <= 7:
		lim.Depth = level - 1
	case level == 8:
		lim.Depth = 8
	case level == 9:
		lim.MoveTime = budget / 2
	default:
		lim.MoveTime = budget
	}
	return lim, opts, false
}

// Pool lends a bounded number of Searchers, each with its own hash table,
// to any number of games: memory and CPU stay fixed however many games
// are running. It implements the bot's Ataxx engine.
type Pool struct {
	free   chan *Searcher
	hashMB int
	budget time.Duration
}

// NewPool returns a pool of n searchers with hashMB megabytes of hash
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	p := &Pool{free: make(chan *Searcher, max(n, 1)), hashMB: hashMB, budget: budget}
	for range max(n, 1) {
		p.free <- nil
	}
	return p
}

// ChooseMove picks a move at level; seed makes the choice repeatable.
// It waits for a free searcher, and gives up when ctx is done.
func (p *Pool) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	return p.ChooseMoveWithin(ctx, pos, level, 0, seed)
}

// ChooseMoveWithin is ChooseMove thinking at most budget (a game clock's
// share), or the pool's own budget when that is less or budget is 0.
func (p *Pool) ChooseMoveWithin(ctx context.Context, pos ataxx.Position, level int, budget time.Duration, seed int64) (ataxx.Move, error) {
	if budget <= 0 || budget > p.budget {
		budget = p.budget
	}
	lim, opts, random := Level(level, budget)
	if random {
		return RandomMove(pos, seed)
	}
	var s *Searcher
	select {
	case s = <-p.free:
	case <-ctx.Done():
		return ataxx.NoMove, ctx.Err()
	}
	defer func() { p.free <- s }()
	if s == nil {
		s = NewSearcher(p.hashMB)
	} else {
		s.Clear() // each search stands alone, so a seed replays the same
	}
	opts.Seed = uint64(seed)
	res := s.Search(ctx, pos, lim, opts, nil)
	if res.Move == ataxx.NoMove {
		return ataxx.NoMove, fmt.Errorf("%w: no move to choose", ataxx.ErrGameOver)
	}
	if err := ctx.Err(); err != nil {
		return ataxx.NoMove, err
	}
	return res.Move, nil
}

// RandomMove returns a legal move chosen by seed.
func RandomMove(pos ataxx.Position, seed int64) (ataxx.Move, error) {
	var l ataxx.MoveList
	pos.GenerateMoves(&l)
	if l.Len == 0 {
		return ataxx.NoMove, fmt.Errorf("%w: no move to choose", ataxx.ErrGameOver)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x72616e64))
	return l.Moves[rng.IntN(l.Len)], nil
}
