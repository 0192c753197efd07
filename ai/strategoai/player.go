package strategoai

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Level is a strength for chat: 0 moves at random, 1 is weak, 5 the
// strongest.
type Level int

// Levels bounds the levels: 0..Levels-1.
const Levels = 6

// DefaultLevel is the agent program's level.
const DefaultLevel Level = 5

// Config is what a Level sets.
type Config struct {
	// Samples: how many worlds (assignments of the unknown enemy ranks)
	// each move is searched in.
	Samples int
	// Depth of the alpha-beta search in each world, in plies.
	Depth int
	// Noise: the spread of a random term added to each move's score.
	Noise int
	// Budget stops sampling once spent (0: no limit), and a search still
	// running at 1.2 times the budget is cut short: an agent has 2 s per
	// reply by default, and a busy machine can stretch the budget's CPU
	// time well beyond it in wall time (against peternlewis, with a
	// trainer beside it on two cores, 1.9 s at 1.5 times 500 ms, and once
	// more than 2 s). A move that overran its cut by a third halves the
	// next move's budget.
	Budget time.Duration
	// Doubt plays the best sum less its doubt (one standard error) rather
	// than the best sum; it needs many worlds to measure the spread.
	Doubt bool
	// Strata scores each strike at an unknown piece by the chance of
	// each outcome, measured over many unsearched worlds (see strike).
	Strata bool
}

// LevelConfig returns the settings of level l. Level 5 searches an even
// depth, which ends on the opponent's reply: odd depths end on our own
// move and overrate attacks whose recapture lies past the horizon (in
// ten games each, depth 4 beat level 3 where depth 3 did not). It samples
// up to 100 worlds, as many as its budget allows: a strike at an unmoved
// piece wins a world outright where the piece is the Flag and loses the
// striker where it is a Bomb, and over 24 worlds those few worlds swing
// the sum enough that the same position chose the Marshal's strike at a
// likely Bomb in half of 40 tries. It also plays by the sum less its
// doubt (see doubt); with the lower levels' few worlds the spread is
// itself too noisy to go by.
func LevelConfig(l Level) Config {
	switch {
	case l <= 0:
		return Config{}
	case l == 1:
		return Config{Samples: 2, Depth: 1, Noise: 120}
	case l == 2:
		return Config{Samples: 4, Depth: 2, Noise: 40}
	case l == 3:
		return Config{Samples: 8, Depth: 2, Noise: 8}
	case l == 4:
		return Config{Samples: 10, Depth: 3, Noise: 4, Budget: 300 * time.Millisecond}
	}
	return Config{Samples: 100, Depth: 4, Noise: 2, Budget: 500 * time.Millisecond, Doubt: true, Strata: true}
}

// Player is our Stratego AI for one side of one game. It knows only what
// its seat may know: its own army, and the public record of moves and
// combats (Observe), from which it infers what each enemy piece can be;
// it chooses moves by searching sampled worlds.
type Player struct {
	me    stratego.Colour
	cfg   Config
	rng   *rand.Rand
	t     *tracker
	setup stratego.Setup
	// late is set when the last move overran its deadline by more than
	// a third: the machine is busy, and the next move thinks for half
	// the budget.
	late bool
	// Nodes counts the search nodes visited, for benchmarks.
	Nodes uint64
}

// New returns a player for colour me at level l under rules, seeded for
// reproducible play.
func New(me stratego.Colour, l Level, rules stratego.Rules, seed uint64) *Player {
	p := &Player{me: me, cfg: LevelConfig(l), rng: rand.New(rand.NewPCG(seed, uint64(me)+1))}
	p.setup = p.ChooseSetup()
	p.t = newTracker(me, p.setup, rules)
	return p
}

// WithConfig replaces the level's settings.
func (p *Player) WithConfig(c Config) *Player { p.cfg = c; return p }

// Setup returns the army the player set up.
func (p *Player) Setup() stratego.Setup { return p.setup }

// UseSetup replaces the army (before the first move), for a host that
// lets its AI take a given formation.
func (p *Player) UseSetup(s stratego.Setup) error {
	if err := s.Validate(); err != nil {
		return err
	}
	p.setup = s
	p.t = newTracker(p.me, s, p.t.rules)
	return nil
}

// ChooseSetup draws an army from the built-in formations: one of them,
// mirrored half the time, with a few pieces of the front two rows
// swapped so that no two games start alike.
func (p *Player) ChooseSetup() stratego.Setup {
	names := stratego.Formations()
	s, _ := stratego.Formation(names[p.rng.IntN(len(names))])
	if p.rng.IntN(2) == 1 {
		s = s.Mirror()
	}
	for i := 0; i < 4; i++ {
		a, b := p.rng.IntN(20), p.rng.IntN(20)
		ra, rb := &s.Rows[2+a/10][a%10], &s.Rows[2+b/10][b%10]
		if ra.Movable() && rb.Movable() {
			*ra, *rb = *rb, *ra
		}
	}
	keepBehindFront(&s)
	return s
}

// keepBehindFront moves the Marshal, the General and the Spy off the front
// row, each swapped with a lesser moving piece of the row behind it. The
// front row is what the enemy's Scouts and probes reach first: a Marshal
// found there tells the enemy that every other piece of ours is beaten by
// its own Marshal, and shows its Spy the way; a Spy found there dies to
// anything.
func keepBehindFront(s *stratego.Setup) {
	front, behind := &s.Rows[3], &s.Rows[2]
	kept := func(r stratego.Rank) bool {
		return r == stratego.Marshal || r == stratego.General || r == stratego.Spy
	}
	for x, r := range front {
		if !kept(r) {
			continue
		}
		// The square straight behind first, then the nearest along the row.
	swap:
		for d := 0; d < stratego.Width; d++ {
			for _, bx := range [2]int{x - d, x + d} {
				if bx >= 0 && bx < stratego.Width && behind[bx].Movable() && !kept(behind[bx]) {
					front[x], behind[bx] = behind[bx], r
					break swap
				}
			}
		}
	}
}

// Observe takes the public result of any move, either side's, in order.
// A quiet move's rank is ignored (see stratego.Result.Public).
func (p *Player) Observe(r stratego.Result) error {
	return p.t.observe(r.Public())
}

// Sync checks the player's picture against the view its seat has and
// repairs it if they differ; it reports whether they agreed.
func (p *Player) Sync(v *stratego.View) bool { return p.t.sync(v) }

// Guess returns, for each enemy piece on the board, the ranks it may
// still be (a known rank alone), for hosts that show the AI's beliefs.
func (p *Player) Guess() map[stratego.Square][]stratego.Rank {
	out := make(map[stratego.Square][]stratego.Rank)
	pool := p.t.pool()
	for i := range p.t.enemies {
		e := &p.t.enemies[i]
		if !e.alive {
			continue
		}
		if e.rank != stratego.NoRank {
			out[e.sq] = []stratego.Rank{e.rank}
			continue
		}
		for r := stratego.Marshal; r < stratego.NumRanks; r++ {
			if pool[r] > 0 && prior(e, r, p.t.rules) > 0 {
				out[e.sq] = append(out[e.sq], r)
			}
		}
	}
	return out
}

// Move chooses a move for the player's side, or NoMove if it has none.
func (p *Player) Move() stratego.Move {
	world := p.t.sample(p.rng, p.me)
	v := world.View(stratego.SeatOf(p.me))
	moves := v.LegalMoves()
	if len(moves) == 0 {
		return stratego.NoMove
	}
	if p.cfg.Samples == 0 || len(moves) == 1 {
		return moves[p.rng.IntN(len(moves))]
	}
	start := time.Now()
	total := make([]int, len(moves))
	scores := make([]int, len(moves))
	// squares sums, for each move, the square of its score less the
	// world's static evaluation: how much its outcome hangs on the world.
	squares := make([]float64, len(moves))
	worlds, baseSum := 0, 0
	var s searcher
	budget := p.cfg.Budget
	if p.late && budget > 1 {
		budget /= 2
	}
	if budget > 0 {
		s.deadline = start.Add(budget * 6 / 5)
		defer func() { p.late = time.Since(start) > budget*8/5 }()
	}
	var strikes []*strike
	if p.cfg.Strata {
		strikes = p.t.strikes(moves)
	}
	if strikes != nil {
		for range oddsWorlds {
			w := p.t.sample(p.rng, p.me)
			for _, k := range strikes {
				if k != nil {
					k.count(&w)
				}
			}
		}
	}
	for n := 0; n < p.cfg.Samples; n++ {
		if n > 0 {
			if budget > 0 && time.Since(start) > budget {
				break
			}
			world = p.t.sample(p.rng, p.me)
		}
		done := s.rootScores(&world, moves, p.cfg.Depth, scores)
		base := evaluate(&world)
		capOutcomes(scores[:done], base)
		if done < len(moves) {
			// Out of time: a world half searched counts only if it is
			// the first, and then only for the moves it scored.
			if n == 0 {
				for i := done; i < len(moves); i++ {
					total[i] = -winScore
				}
				copy(total[:done], scores[:done])
			}
			break
		}
		for i, v := range scores {
			total[i] += v
			d := float64(v - base)
			squares[i] += d * d
			if strikes != nil && strikes[i] != nil {
				strikes[i].add(&world, d)
			}
		}
		worlds++
		baseSum += base
	}
	p.Nodes += s.nodes
	best, bestScore := 0, 0
	for i, m := range moves {
		v, d := total[i], 0
		if p.cfg.Doubt {
			d = doubt(total[i]-baseSum, squares[i], worlds)
		}
		if strikes != nil && strikes[i] != nil && worlds > 1 {
			if mean, se, ok := strikes[i].estimate(); ok {
				v = baseSum + int(math.Round(float64(worlds)*mean))
				if p.cfg.Doubt {
					d = int(float64(worlds) * se)
				}
			}
		}
		v -= d
		if p.cfg.Noise > 0 {
			v += p.rng.IntN(p.cfg.Noise*2+1) - p.cfg.Noise
		}
		// Undoing the last move is how games go round in circles.
		if last := p.t.lastOwn; m.From() == last.To() && m.To() == last.From() {
			v -= 30
		}
		if i == 0 || v > bestScore {
			best, bestScore = i, v
		}
	}
	return moves[best]
}

// doubt is what a move's summed score gives up for the spread of its
// outcome across the worlds (sum and squares of its scores less each
// world's static evaluation, over n worlds): one standard error of the
// sum. The worlds are few, and a strike at an unknown piece is won in
// some and lost in others (Flag, Bomb, or a stronger piece), so its mean
// strays by far more than a quiet move's; chosen by the plain sum, such
// a strike is played whenever the draw of worlds happens to favour it.
// Less its doubt it is played only when it is worth it.
func doubt(sum int, squares float64, n int) int {
	if n < 2 {
		return 0
	}
	mean := float64(sum) / float64(n)
	variance := squares/float64(n) - mean*mean
	if variance <= 0 {
		return 0
	}
	return int(math.Sqrt(float64(n) * variance))
}

// outcomeWorth is what a won (or lost) world adds to (or takes from) the
// world's standing when the worlds' scores are summed. A search score of
// winScore means certain victory in that world, but a sampled world is
// only a guess: one world in twenty-four that puts the Flag behind an
// unmoved piece would otherwise outweigh the Bomb the other worlds put
// there, and the Marshal would be sent into it. Capped, a win counts a
// little more than the Marshal, so an unmoved piece is tried with a piece
// the worlds' odds of Flag against Bomb can pay for: a minor piece when
// the Flag is unlikely, the Marshal only when it is near certain.
const outcomeWorth = 500

// capOutcomes replaces, in one world's root scores, each won or lost
// result by the world's standing (base, its static evaluation) plus or
// minus outcomeWorth.
func capOutcomes(scores []int, base int) {
	for i, v := range scores {
		switch {
		case v >= winScore/2:
			scores[i] = base + outcomeWorth
		case v <= -winScore/2:
			scores[i] = base - outcomeWorth
		}
	}
}

// String describes the player.
func (p *Player) String() string {
	return fmt.Sprintf("strategoai %v samples=%d depth=%d", p.me, p.cfg.Samples, p.cfg.Depth)
}
