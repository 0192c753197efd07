package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

// MaxLevel is the strongest level of every game's ladder.
const MaxLevel = 10

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

// Climb returns a ladder in the shape every game plays: level 1 at
// random, then a level for each of depths that searches to that depth
// (the first ones with noise's noise in their evaluation, as a beginner
// wants), then a level for each of shares that thinks for that share of
// the move budget (2: half). The random and fixed-depth levels think for
// a depthShare of the budget (0: no move time of their own); every level
// stops at the budget whatever its depth.
func Climb(depthShare int, noise, depths, shares []int) Levels {
	ls := Levels{{Random: true, TimeDiv: depthShare}}
	for i, d := range depths {
		l := Level{Depth: d, TimeDiv: depthShare}
		if i < len(noise) {
			l.Noise = noise[i]
		}
		ls = append(ls, l)
	}
	for _, div := range shares {
		ls = append(ls, Level{TimeDiv: div})
	}
	return ls
}

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

// Searcher is a game's search as a Ladder plays it: it searches a
// position P for a move M, and Clear forgets what earlier searches
// learned.
type Searcher[P, M any] interface {
	Search(ctx context.Context, pos P, lim Limits, opts Options, info func(Info[M])) Result[M]
	Clear()
}

// Ladder is a game's levels and how it plays them: Random answers the
// levels that play at random, Clear says which searches first forget the
// earlier ones, and Over is the game's error for a position without a
// move.
type Ladder[P any, M comparable] struct {
	Levels Levels
	Random func(pos P, seed int64) (M, error)
	Clear  func(lim Limits) bool
	Over   error
}

// ClearAlways is the Ladder.Clear of a game each of whose searches stands
// alone, so that a seed replays the same move at every level.
func ClearAlways(Limits) bool { return true }

// ClearFixedDepth is the Ladder.Clear of a game whose fixed-depth levels
// stand alone (their choice depends only on the position and seed) while
// its timed levels keep what they learned, which is worth depth on the
// next move of the same game.
func ClearFixedDepth(lim Limits) bool { return lim.Depth > 0 }

// Choose picks a move for pos at level within budget with s; seed makes
// the choice repeatable. It fails with l.Over wrapped when there is no
// move, and with ctx's error when ctx is done before a move was found.
func (l Ladder[P, M]) Choose(ctx context.Context, s Searcher[P, M], pos P, level int, budget time.Duration, seed int64) (M, error) {
	lim, opts, random := l.Levels.Limits(level, budget)
	if random {
		return l.Random(pos, seed)
	}
	if l.Clear(lim) {
		s.Clear()
	}
	opts.Seed = uint64(seed)
	return Chosen(ctx, s.Search(ctx, pos, lim, opts, nil).Move, l.Over)
}

// Player chooses moves for any number of games, at a level of a game's
// ladder, with searchers lent by its Pool.
type Player[S interface {
	comparable
	Searcher[P, M]
}, P any, M comparable] struct {
	pool   *Pool[S]
	ladder Ladder[P, M]
}

// NewPlayer returns a player that plays ladder with pool's searchers.
func NewPlayer[S interface {
	comparable
	Searcher[P, M]
}, P any, M comparable](pool *Pool[S], ladder Ladder[P, M]) *Player[S, P, M] {
	return &Player[S, P, M]{pool: pool, ladder: ladder}
}

// ChooseMove picks a move at level within the pool's budget; seed makes
// the choice repeatable. It waits for a free searcher, and gives up when
// ctx is done.
func (p *Player[S, P, M]) ChooseMove(ctx context.Context, pos P, level int, seed int64) (M, error) {
	return p.ChooseMoveWithin(ctx, pos, level, 0, seed)
}

// ChooseMoveWithin is ChooseMove thinking at most budget (a game clock's
// share), or the pool's own budget when that is less or budget is 0. A
// level that plays at random answers without a searcher.
func (p *Player[S, P, M]) ChooseMoveWithin(ctx context.Context, pos P, level int, budget time.Duration, seed int64) (M, error) {
	if p.ladder.Levels.At(level).Random {
		return p.ladder.Random(pos, seed)
	}
	s, err := p.pool.Lend(ctx)
	if err != nil {
		var none M
		return none, err
	}
	defer p.pool.Return(s)
	return p.ladder.Choose(ctx, s, pos, level, p.pool.Budget(budget), seed)
}

// Searchers returns the pool the player lends searchers from.
func (p *Player[S, P, M]) Searchers() *Pool[S] { return p.pool }

// Limits returns the search limits of level within a move budget and the
// options (the evaluation noise) it plays with; random reports a level
// that plays at random. Every level stops at budget (Cap) whatever its
// depth, so a game's own Level is this, one ladder read one way.
func (ls Levels) Limits(level int, budget time.Duration) (lim Limits, opts Options, random bool) {
	l := ls.At(level)
	return Limits{Depth: l.Depth, MoveTime: l.MoveTime(budget), Cap: budget}, Options{Noise: l.Noise}, l.Random
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

// Randomly returns a Ladder.Random that plays a move of legal's chosen by
// seed on the game's random stream (see RandomMove).
func Randomly[P, M any](legal func(*P) []M, stream uint64, over error) func(P, int64) (M, error) {
	return func(pos P, seed int64) (M, error) { return RandomMove(legal(&pos), seed, stream, over) }
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
