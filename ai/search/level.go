package search

import (
	"context"
	"fmt"
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

// Options weaken a search for the low levels of a ladder.
type Options struct {
	Noise int    // up to this much is added to or taken from each evaluation
	Seed  uint64 // chooses the noise
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

// Player chooses moves for any number of games, at a level of a game's
// ladder, with searchers lent by its Pool: a game's AI supplies its
// random mover and how a lent searcher chooses.
type Player[S comparable, P, M any] struct {
	pool   *Pool[S]
	levels Levels
	random func(pos P, seed int64) (M, error)
	choose func(s S, ctx context.Context, pos P, level int, budget time.Duration, seed int64) (M, error)
}

// NewPlayer returns a player lending pool's searchers: random answers the
// levels of the ladder that play at random, without a searcher; choose
// the others, with one.
func NewPlayer[S comparable, P, M any](pool *Pool[S], levels Levels,
	random func(pos P, seed int64) (M, error),
	choose func(s S, ctx context.Context, pos P, level int, budget time.Duration, seed int64) (M, error),
) *Player[S, P, M] {
	return &Player[S, P, M]{pool: pool, levels: levels, random: random, choose: choose}
}

// ChooseMove picks a move at level within the pool's budget; seed makes
// the choice repeatable. It waits for a free searcher, and gives up when
// ctx is done.
func (p *Player[S, P, M]) ChooseMove(ctx context.Context, pos P, level int, seed int64) (M, error) {
	return p.ChooseMoveWithin(ctx, pos, level, 0, seed)
}

// ChooseMoveWithin is ChooseMove thinking at most budget (a game clock's
// share), or the pool's own budget when that is less or budget is 0.
func (p *Player[S, P, M]) ChooseMoveWithin(ctx context.Context, pos P, level int, budget time.Duration, seed int64) (M, error) {
	if p.levels.At(level).Random {
		return p.random(pos, seed)
	}
	s, err := p.pool.Lend(ctx)
	if err != nil {
		var none M
		return none, err
	}
	defer p.pool.Return(s)
	return p.choose(s, ctx, pos, level, p.pool.Budget(budget), seed)
}

// Searchers returns the pool the player lends searchers from.
func (p *Player[S, P, M]) Searchers() *Pool[S] { return p.pool }

// Limits returns the search limits of level within a move budget, with
// the evaluation noise it plays with; random reports a level that plays
// at random. Every level stops at budget (Cap) whatever its depth, so a
// game's own Level is this and its options, one ladder read one way.
func (ls Levels) Limits(level int, budget time.Duration) (lim Limits, noise int, random bool) {
	l := ls.At(level)
	return Limits{Depth: l.Depth, MoveTime: l.MoveTime(budget), Cap: budget}, l.Noise, l.Random
}

// RandomMove returns the move of moves (the legal ones) chosen by seed on
// the game's random stream, or M's zero value (each game's NoMove) and
// over wrapped when there is none: the game has ended.
func RandomMove[M any](moves []M, seed int64, stream uint64, over error) (M, error) {
	if len(moves) == 0 {
		var none M
		return none, fmt.Errorf("%w: no move to choose", over)
	}
	return moves[RandomIndex(len(moves), seed, stream)], nil
}

// Chosen turns the move a search found into a player's choice: M's zero
// value (no move, the game has ended) fails with over wrapped, and a
// search cut short by ctx fails with ctx's error, since its move was
// chosen in a hurry.
func Chosen[M comparable](ctx context.Context, m M, over error) (M, error) {
	var none M
	if m == none {
		return none, fmt.Errorf("%w: no move to choose", over)
	}
	if err := ctx.Err(); err != nil {
		return none, err
	}
	return m, nil
}
