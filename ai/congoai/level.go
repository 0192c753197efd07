package congoai

import (
	"context"
	"fmt"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// MaxLevel is the strongest level.
const MaxLevel = 10

// Level returns the limits and options of a host level: 1 plays at
// random (random reports it), 2 to 8 search to a fixed depth (the lower
// ones with noise in their evaluation), 9 and 10 think for half and all
// of the move budget. Every level stops at budget.
func Level(level int, budget time.Duration) (lim Limits, opts Options, random bool) {
	lim.Cap = budget
	switch {
	case level <= 1:
		return lim, opts, true
	case level == 2:
		lim.Depth, opts.Noise = 1, 150
	case level == 3:
		lim.Depth, opts.Noise = 2, 80
	case level == 4:
		lim.Depth, opts.Noise = 3, 40
	case level <= 7:
		lim.Depth = level - 2 // 3, 4, 5
	case level == 8:
		lim.Depth = 6
	case level == 9:
		lim.MoveTime = budget / 2
	default:
		lim.MoveTime = budget
	}
	return lim, opts, false
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
	res := s.Search(ctx, pos, lim, opts, nil)
	if res.Move == congo.NoMove {
		return congo.NoMove, fmt.Errorf("%w: no move to choose", congo.ErrGameOver)
	}
	if err := ctx.Err(); err != nil {
		return congo.NoMove, err
	}
	return res.Move, nil
}

// Pool lends a bounded number of Searchers, each with its own table, to
// any number of games: memory and CPU stay fixed however many games run.
type Pool struct {
	free   chan *Searcher
	hashMB int
	budget time.Duration
}

// NewPool returns a pool of n searchers with hashMB megabytes of table
// each (allocated on first use), thinking at most budget a move.
func NewPool(n, hashMB int, budget time.Duration) *Pool {
	p := &Pool{free: make(chan *Searcher, max(n, 1)), hashMB: hashMB, budget: budget}
	for range max(n, 1) {
		p.free <- nil
	}
	return p
}

// ChooseMove picks a move at level; it waits for a free searcher and
// gives up when ctx is done.
func (p *Pool) ChooseMove(ctx context.Context, pos congo.Position, level int, seed int64) (congo.Move, error) {
	return p.ChooseMoveWithin(ctx, pos, level, 0, seed)
}

// ChooseMoveWithin is ChooseMove thinking at most budget (a game clock's
// share), or the pool's own budget when that is less or budget is 0.
func (p *Pool) ChooseMoveWithin(ctx context.Context, pos congo.Position, level int, budget time.Duration, seed int64) (congo.Move, error) {
	if budget <= 0 || budget > p.budget {
		budget = p.budget
	}
	var s *Searcher
	select {
	case s = <-p.free:
	case <-ctx.Done():
		return congo.NoMove, ctx.Err()
	}
	if s == nil {
		s = NewSearcher(p.hashMB)
	}
	defer func() { p.free <- s }()
	return choose(ctx, s, pos, level, budget, seed, p.hashMB)
}
