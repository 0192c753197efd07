package search

import (
	"context"
	"math/rand/v2"
	"time"
)

// Level is one rung of a game's ladder of play levels.
type Level struct {
	Random bool // plays a legal move at random, without search
	Depth  int  // plies to search; 0: as deep as the time allows
	Noise  int  // up to this much is added to or taken from each evaluation
	// TimeDiv is the share of the move budget the level thinks for: 1 all
	// of it, 2 half, 8 an eighth; 0 sets no move time.
	TimeDiv int
}

// MoveTime returns the time the level thinks within budget, or 0 when it
// sets none.
func (l Level) MoveTime(budget time.Duration) time.Duration {
	if l.TimeDiv <= 0 {
		return 0
	}
	return budget / time.Duration(l.TimeDiv)
}

// Levels is a game's ladder: Levels[0] is level 1, the weakest.
type Levels []Level

// At returns the rung of level: below 1 the first, beyond the ladder the
// last (full strength).
func (ls Levels) At(level int) Level {
	return ls[min(max(level, 1), len(ls))-1]
}

// Pool lends a bounded number of searchers (S, made on first use) to any
// number of games: memory and CPU stay fixed however many games run.
type Pool[S comparable] struct {
	free   chan S
	newS   func() S
	budget time.Duration
}

// NewPool returns a pool of n searchers (at least one) made by newS when
// first lent, thinking at most budget a move.
func NewPool[S comparable](n int, budget time.Duration, newS func() S) *Pool[S] {
	p := &Pool[S]{free: make(chan S, max(n, 1)), newS: newS, budget: budget}
	var none S
	for range max(n, 1) {
		p.free <- none
	}
	return p
}

// Budget returns what a move may think: budget (a game clock's share), or
// the pool's own budget when that is less or budget is 0.
func (p *Pool[S]) Budget(budget time.Duration) time.Duration {
	if budget <= 0 || budget > p.budget {
		return p.budget
	}
	return budget
}

// Lend waits for a free searcher and returns it, or ctx's error when ctx
// is done first. The searcher must go back with Return.
func (p *Pool[S]) Lend(ctx context.Context) (S, error) {
	var s S
	select {
	case s = <-p.free:
	case <-ctx.Done():
		return s, ctx.Err()
	}
	if s == *new(S) {
		s = p.newS()
	}
	return s, nil
}

// Return gives a lent searcher back.
func (p *Pool[S]) Return(s S) { p.free <- s }

// RandomIndex returns an index below n chosen by seed on the random
// stream named stream (each game its own, so games do not mirror).
func RandomIndex(n int, seed int64, stream uint64) int {
	rng := rand.New(rand.NewPCG(uint64(seed), stream))
	return rng.IntN(n)
}
