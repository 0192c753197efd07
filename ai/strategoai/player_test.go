package strategoai

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// side is one player of an in-process game: how it moves given the game
// (from which it may only take its seat's view) and what it is told.
type side struct {
	setup   stratego.Setup
	move    func(g *stratego.Game) stratego.Move
	observe func(stratego.Result) error
}

func aiSide(p *Player) side {
	return side{setup: p.Setup(), move: func(*stratego.Game) stratego.Move { return p.Move() }, observe: p.Observe}
}

func randomSide(c stratego.Colour, seed uint64) side {
	rng := rand.New(rand.NewPCG(seed, 9))
	return side{
		setup: stratego.RandomSetup(rng),
		move: func(g *stratego.Game) stratego.Move {
			v := g.View(stratego.SeatOf(c))
			m := v.LegalMoves()
			if len(m) == 0 {
				return stratego.NoMove
			}
			return m[rng.IntN(len(m))]
		},
		observe: func(stratego.Result) error { return nil },
	}
}

// play runs a game to its end and returns its status. Every AI player's
// tracker must agree with its seat's view after every move.
func play(t *testing.T, red, blue side, ais [2]*Player, limit int) stratego.Status {
	t.Helper()
	g, err := stratego.NewGame(red.setup, blue.setup, stratego.Options{TurnLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	sides := [2]side{red, blue}
	for !g.Status().Over() {
		pos := g.Position()
		m := sides[pos.Side()].move(g)
		if m == stratego.NoMove {
			g.Resign(pos.Side())
			break
		}
		r, err := g.Play(m)
		if err != nil {
			t.Fatalf("%v played %v: %v\n%v", pos.Side(), m, err, pos)
		}
		for _, s := range sides {
			if err := s.observe(r.Public()); err != nil {
				t.Fatalf("observe %v: %v", r, err)
			}
		}
		for c, p := range ais {
			if p == nil {
				continue
			}
			v := g.View(stratego.SeatOf(stratego.Colour(c)))
			if !p.Sync(&v) {
				t.Fatalf("%v's tracker lost the board after %v", stratego.Colour(c), r)
			}
		}
	}
	return g.Status()
}

func TestBeatsRandomMover(t *testing.T) {
	// Level 1 (two worlds, one ply) keeps this quick under -race; the
	// stronger levels' matches are in the report, through the manager.
	games, wins := 4, 0
	if !testing.Short() && !raceEnabled {
		games = 8
	}
	for i := 0; i < games; i++ {
		c := stratego.Colour(i % 2)
		p := New(c, 1, stratego.Progcomp, uint64(i))
		var sides [2]side
		var ais [2]*Player
		sides[c], ais[c] = aiSide(p), p
		sides[c.Other()] = randomSide(c.Other(), uint64(i))
		st := play(t, sides[0], sides[1], ais, 1000)
		if st.Over() && !st.Draw && st.Winner == c {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("level 1 against a random mover: won %d of %d; want at least %d", wins, games, games-1)
	}
}

func TestSelfPlayTrackersStayInSync(t *testing.T) {
	red := New(stratego.Red, 1, stratego.Progcomp, 1)
	blue := New(stratego.Blue, 1, stratego.Progcomp, 2)
	st := play(t, aiSide(red), aiSide(blue), [2]*Player{red, blue}, 200)
	if !st.Over() {
		t.Errorf("game did not end: %v", st)
	}
}

func TestSetupsAreValidAndVaried(t *testing.T) {
	seen := map[stratego.Setup]bool{}
	for i := 0; i < 30; i++ {
		s := New(stratego.Colour(i%2), 3, stratego.Progcomp, uint64(i)).Setup()
		if err := s.Validate(); err != nil {
			t.Fatalf("setup %v: %v", s, err)
		}
		if s.Rows[2] == [10]stratego.Rank{} {
			t.Fatal("empty row")
		}
		seen[s] = true
		// Flag on the back two rows, as every formation keeps it.
		found := false
		for _, row := range s.Rows[:2] {
			for _, r := range row {
				found = found || r == stratego.Flag
			}
		}
		if !found {
			t.Errorf("flag not on the back two rows: %v", s)
		}
		// The Marshal, the General and the Spy start behind the front
		// row, out of reach of the first probes.
		for x, r := range s.Rows[3] {
			if r == stratego.Marshal || r == stratego.General || r == stratego.Spy {
				t.Errorf("setup %d: %v on the front row (column %d): %v", i, r, x, s)
			}
		}
	}
	if len(seen) < 20 {
		t.Errorf("30 setups: %d distinct; want at least 20", len(seen))
	}
}

func BenchmarkMoveLevel4Opening(b *testing.B) {
	p := New(stratego.Red, 4, stratego.Progcomp, 1)
	p.cfg.Budget = 0
	b.ReportAllocs()
	for b.Loop() {
		p.Move()
	}
	b.ReportMetric(float64(p.Nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestCapOutcomes(t *testing.T) {
	const base = 37
	cases := []struct {
		name string
		in   int
		want int
	}{
		{"won world", winScore, base + outcomeWorth},
		{"lost world", -winScore, base - outcomeWorth},
		{"material gain", 260, 260},
		{"material loss", -400, -400},
	}
	for _, c := range cases {
		s := []int{c.in}
		capOutcomes(s, base)
		if s[0] != c.want {
			t.Errorf("%s: got %d; want %d", c.name, s[0], c.want)
		}
	}
}

// A move that overruns its budget marks the player late (its next move
// thinks for half the budget); a quick one clears the mark. Only the mark
// is checked here: the halving shows in the move times through the 2012
// manager.
func TestOverrunMarksLate(t *testing.T) {
	p := New(stratego.Red, 5, stratego.Progcomp, 1)
	p.cfg.Budget = time.Nanosecond
	p.Move()
	if !p.late {
		t.Fatal("a move far past a 1 ns budget: not late")
	}
	p.cfg.Budget = time.Hour
	p.cfg.Samples = 1
	p.Move()
	if p.late {
		t.Error("a move well inside an hour: still late")
	}
}

// A move's doubt is one standard error of its summed score: nothing for a
// move whose outcome is the same in every world, and the more its
// outcome swings between worlds, the more.
func TestDoubt(t *testing.T) {
	// sumAndSquares returns the sum and the sum of squares of scores.
	sumAndSquares := func(scores ...int) (int, float64) {
		sum, sq := 0, 0.0
		for _, v := range scores {
			sum += v
			sq += float64(v * v)
		}
		return sum, sq
	}
	cases := []struct {
		name   string
		scores []int
		want   int
	}{
		{"one world", []int{500}, 0},
		{"the same in every world", []int{40, 40, 40, 40}, 0},
		// Four worlds at ±100: variance 10000, sqrt(4 × 10000) = 200.
		{"won in half the worlds, lost in half", []int{100, -100, 100, -100}, 200},
		// A Flag in one world of four (+500), a Bomb in the others (-400).
		{"a strike at an unmoved piece", []int{500, -400, -400, -400}, 779},
	}
	for _, c := range cases {
		sum, sq := sumAndSquares(c.scores...)
		if got := doubt(sum, sq, len(c.scores)); got != c.want {
			t.Errorf("%s: got %d; want %d", c.name, got, c.want)
		}
	}
}

// A strike at an unknown piece is scored by the chance of each outcome
// measured over many worlds, not by how many of each the searched worlds
// happened to hold; an outcome as likely as minStratum that no searched
// world holds leaves the plain mean in charge.
func TestStrikeEstimate(t *testing.T) {
	type world struct {
		rank  stratego.Rank
		score float64
	}
	// build returns a General's strike whose chances come from odds (how
	// many of 100 worlds hold each rank) and whose searched worlds are ws.
	build := func(odds map[stratego.Rank]int, ws []world) *strike {
		k := &strike{striker: stratego.General, to: stratego.SquareAt(4, 9)}
		for r, n := range odds {
			p := stratego.EmptyPosition(stratego.Options{})
			p.Put(k.to, stratego.NewPiece(stratego.Blue, r))
			for range n {
				k.count(&p)
			}
		}
		for _, w := range ws {
			p := stratego.EmptyPosition(stratego.Options{})
			p.Put(k.to, stratego.NewPiece(stratego.Blue, w.rank))
			k.add(&p, w.score)
		}
		return k
	}
	cases := []struct {
		name     string
		odds     map[stratego.Rank]int
		worlds   []world
		mean, se float64
		ok       bool
	}{
		// A Bomb three times in four, but six of eight searched worlds
		// put a Sergeant there: the plain mean, +25, would strike.
		{"a lucky draw of worlds", map[stratego.Rank]int{stratego.Bomb: 75, stratego.Sergeant: 25},
			[]world{{stratego.Bomb, -400}, {stratego.Bomb, -400}, {stratego.Sergeant, 100}, {stratego.Sergeant, 100},
				{stratego.Sergeant, 100}, {stratego.Sergeant, 100}, {stratego.Sergeant, 100}, {stratego.Sergeant, 100}},
			-275, 0, true},
		// Within each outcome the scores stray ±50 from its mean: the
		// pooled variance is 4 × 2500 over 2 degrees of freedom, 5000;
		// weights 0.5 and 0.5 over two worlds each make the standard
		// error sqrt(5000 × (0.25/2 + 0.25/2)).
		{"spread within the outcomes", map[stratego.Rank]int{stratego.Bomb: 50, stratego.Major: 50},
			[]world{{stratego.Bomb, -450}, {stratego.Bomb, -350}, {stratego.Major, 50}, {stratego.Major, 150}},
			-150, math.Sqrt(5000 * 0.25), true},
		{"a likely Bomb no searched world holds", map[stratego.Rank]int{stratego.Bomb: 30, stratego.Sergeant: 70},
			[]world{{stratego.Sergeant, 100}, {stratego.Sergeant, 100}}, 0, 0, false},
		// The Flag in 2 % of the worlds, none searched: left out, and the
		// rest weighed up to the whole.
		{"a rare Flag no searched world holds", map[stratego.Rank]int{stratego.Flag: 2, stratego.Bomb: 49, stratego.Sergeant: 49},
			[]world{{stratego.Bomb, -400}, {stratego.Bomb, -400}, {stratego.Sergeant, 100}},
			-150, 0, true},
		{"no outcome searched twice", map[stratego.Rank]int{stratego.Bomb: 50, stratego.Sergeant: 50},
			[]world{{stratego.Bomb, -400}, {stratego.Sergeant, 100}}, 0, 0, false},
	}
	for _, c := range cases {
		mean, se, ok := build(c.odds, c.worlds).estimate()
		if ok != c.ok || (ok && (math.Abs(mean-c.mean) > 1e-9 || math.Abs(se-c.se) > 1e-9)) {
			t.Errorf("%s: got mean %v, se %v, ok %v; want %v, %v, %v", c.name, mean, se, ok, c.mean, c.se, c.ok)
		}
	}
}
