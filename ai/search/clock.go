package search

import (
	"context"
	"time"
)

// Limits bound a search. Zero values mean no limit of that kind; a search
// with no limit at all runs until its context is done.
type Limits struct {
	Depth     int           // plies
	Nodes     uint64        // positions visited
	MoveTime  time.Duration // exact time for this move
	Time, Inc time.Duration // the mover's clock and increment
	MovesToGo int           // moves to the next time control, 0: sudden death
	Cap       time.Duration // a hard ceiling whatever the other limits say
	// Overhead is the time lost outside the search on every move: reading
	// the command, writing the answer, the pipe and the scheduler. Zero
	// means DefaultOverhead.
	Overhead time.Duration
	// Start is when the clock started for this move (the command's
	// arrival); zero means when the search starts.
	Start time.Time
}

// DefaultOverhead is the time kept back on every move for what happens
// outside the search (see Limits.Overhead).
const DefaultOverhead = 10 * time.Millisecond

// DefaultMoves is how many more moves a clock without moves to go must
// last when Budget is given none: games run long.
const DefaultMoves = 25

// Budget turns limits into a hard stop (the search is abandoned there)
// and a soft one (no iteration starts after it). Zero means none. Both
// count from the start of the move, and both keep the overhead back: the
// hard stop is what the search may use, never what the clock holds.
// Without moves to go, the clock is shared as if it had to last moves
// more moves (0 or less: DefaultMoves).
func Budget(lim Limits, moves int) (hard, soft time.Duration) {
	overhead := lim.Overhead
	if overhead <= 0 {
		overhead = DefaultOverhead
	}
	switch {
	case lim.MoveTime > 0:
		hard = lim.MoveTime - min(overhead, lim.MoveTime/4) - lim.MoveTime/20
		soft = hard * 6 / 10
	case lim.Time > 0:
		// The margin grows with the clock so that a slow answer late in a
		// long game still fits, and takes at most half of a short one.
		margin := min(overhead+lim.Time/20, lim.Time/2)
		left := lim.Time - margin
		if moves <= 0 {
			moves = DefaultMoves
		}
		mtg := time.Duration(moves)
		if lim.MovesToGo > 0 {
			mtg = time.Duration(min(lim.MovesToGo+1, 30))
		}
		// The increment first pays for the time lost outside the search
		// on every move; half the rest is spent, half banked, so that the
		// clock settles well above the margin instead of running down.
		inc := max(lim.Inc-overhead, lim.Inc/4)
		soft = min(left/mtg+inc/2, left/2)
		hard = min(4*soft, max(left/4, soft))
	}
	return CapBudget(hard, soft, lim.Cap)
}

// CapBudget lowers a hard stop to limit (when it is not zero) and the
// soft one to half the hard stop: a ceiling whatever the clock says.
func CapBudget(hard, soft, limit time.Duration) (time.Duration, time.Duration) {
	if limit > 0 {
		if hard == 0 || hard > limit {
			hard = limit
		}
		if soft == 0 || soft > hard/2 {
			soft = hard / 2
		}
	}
	return max(hard, 0), max(soft, 0)
}

// Clock tells a search when to stop: its context is done, its hard stop
// or its node limit has passed. It counts the nodes; the search calls
// Visit at each one. The zero Clock never stops.
type Clock struct {
	ctx       context.Context
	start     time.Time
	deadline  time.Time // hard stop; zero: none
	soft      time.Duration
	baseSoft  time.Duration // soft as Start set it, before ScaleSoft
	nodeLimit uint64
	nodes     uint64
	stopped   bool
	// mustFinish is set while a search must complete (its first
	// iteration, so that there is a move), up to finishNodes nodes.
	mustFinish  bool
	finishNodes uint64
}

// Start sets the clock going for a move begun at start (zero, or a time
// still to come: now), stopping hard after hard and softly after soft
// (zero: never), or after nodes nodes (zero: no limit), or when ctx is
// done.
func (c *Clock) Start(ctx context.Context, start time.Time, hard, soft time.Duration, nodes uint64) {
	if start.IsZero() || time.Since(start) < 0 {
		start = time.Now()
	}
	*c = Clock{ctx: ctx, start: start, soft: soft, baseSoft: soft, nodeLimit: nodes, finishNodes: c.finishNodes}
	if hard > 0 {
		c.deadline = start.Add(hard)
	}
}

// ScaleSoft sets the soft limit to f times what Start set: a search that
// sees its best move settled (most of its nodes spent proving it) stops
// sooner, one that keeps changing its mind thinks longer. The hard stop
// stays where it was.
func (c *Clock) ScaleSoft(f float64) {
	c.soft = time.Duration(float64(c.baseSoft) * f)
}

// SetFinishNodes bounds what MustFinish ignores the clock for: a position
// built to explode must not make even the first iteration endless. Zero
// means no bound.
func (c *Clock) SetFinishNodes(n uint64) { c.finishNodes = n }

// MustFinish says whether the search under way must complete whatever the
// clock says (up to the nodes SetFinishNodes allows).
func (c *Clock) MustFinish(on bool) { c.mustFinish = on }

// Visit counts a node and reports whether the search must stop. It looks
// at the time only every 1024 nodes, and at the node limit when it is
// reached.
func (c *Clock) Visit() bool {
	c.nodes++
	if c.nodes&1023 == 0 || c.nodes == c.nodeLimit {
		c.Check()
	}
	return c.stopped
}

// Check notes whether the search must stop now: its context is done, its
// hard stop or its node limit has passed.
func (c *Clock) Check() {
	if c.mustFinish && (c.finishNodes == 0 || c.nodes < c.finishNodes) {
		return
	}
	if c.ctx != nil {
		select {
		case <-c.ctx.Done():
			c.stopped = true
			return
		default:
		}
	}
	if (!c.deadline.IsZero() && time.Now().After(c.deadline)) || (c.nodeLimit > 0 && c.nodes >= c.nodeLimit) {
		c.stopped = true
	}
}

// Stopped reports whether the search must stop.
func (c *Clock) Stopped() bool { return c.stopped }

// Nodes returns the nodes visited since Start.
func (c *Clock) Nodes() uint64 { return c.nodes }

// CountNode counts a node without looking at the time.
func (c *Clock) CountNode() { c.nodes++ }

// Elapsed returns the time since the move began.
func (c *Clock) Elapsed() time.Duration { return time.Since(c.start) }

// Deadline returns the hard stop, or the zero time for none.
func (c *Clock) Deadline() time.Time { return c.deadline }

// PastSoft reports whether the soft limit is set and has passed: no new
// iteration should start.
func (c *Clock) PastSoft() bool { return c.soft > 0 && time.Since(c.start) > c.soft }

// Another reports whether to start another iteration, elapsed into the
// move, after one that took iter (and one before it that took prev): not
// past the soft limit, and not if the next iteration, as much longer as
// this one was than the last, would end past half as much again as the
// soft limit or past the hard stop. The search then takes about the soft
// limit on average, and an abandoned iteration is rare. Without a soft
// limit it always does.
func (c *Clock) Another(elapsed, iter, prev time.Duration) bool {
	if c.soft <= 0 {
		return true
	}
	if elapsed >= c.soft {
		return false
	}
	if c.deadline.IsZero() {
		return true
	}
	growth := 2.0
	if prev > 100*time.Microsecond {
		growth = min(max(float64(iter)/float64(prev), 1.5), 4)
	}
	end := elapsed + time.Duration(float64(iter)*growth)
	return end <= c.soft*3/2 && c.start.Add(end).Before(c.deadline)
}
