package strategoai

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

func sq(t *testing.T, s string) stratego.Square {
	t.Helper()
	q, err := stratego.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func mv(t *testing.T, s string) stratego.Move {
	t.Helper()
	m, err := stratego.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// observer returns a function that feeds p one public result (a chat
// move, the outcome and the ranks combat showed) and fails the test if p
// rejects it.
func observer(t *testing.T, p *Player) func(m string, o stratego.Outcome, a, d stratego.Rank) {
	return func(m string, o stratego.Outcome, a, d stratego.Rank) {
		t.Helper()
		if err := p.Observe(stratego.Result{Move: mv(t, m), Outcome: o, Attacker: a, Defender: d}); err != nil {
			t.Fatal(err)
		}
	}
}

// Inference from what moved, what fought and what combat revealed.
func TestInference(t *testing.T) {
	p := New(stratego.Red, 3, stratego.Progcomp, 1)
	s, _ := stratego.Formation("progcomp")
	if err := p.UseSetup(s); err != nil {
		t.Fatal(err)
	}
	obs := observer(t, p)
	g := p.Guess()
	if len(g) != 40 || len(g[sq(t, "e7")]) != 12 {
		t.Fatalf("at the start every enemy piece may be anything: got %d pieces, e7 %v", len(g), g[sq(t, "e7")])
	}
	// A quiet move's rank is never used, even if a host leaks it.
	obs("a4-a5", stratego.Moved, stratego.Scout, 0)
	obs("e7-e6", stratego.Moved, stratego.Marshal, 0)
	if got := p.Guess()[sq(t, "e6")]; slices.Contains(got, stratego.Bomb) || slices.Contains(got, stratego.Flag) || len(got) != 10 {
		t.Errorf("a piece that moved: got %v; want any moving rank", got)
	}
	obs("a5-a4", stratego.Moved, 0, 0)
	obs("j7-j5", stratego.Moved, 0, 0) // two squares: a Scout
	if got := p.Guess()[sq(t, "j5")]; !slices.Equal(got, []stratego.Rank{stratego.Scout}) {
		t.Errorf("a piece that moved two squares: got %v; want [Scout]", got)
	}
	// Our lieutenant (b4, a 6) attacks b7 and dies: b7 is a 5, known.
	obs("b4-b5", stratego.Moved, 0, 0)
	obs("e6-e5", stratego.Moved, 0, 0)
	obs("b5-b6", stratego.Moved, 0, 0)
	obs("e5-e6", stratego.Moved, 0, 0)
	obs("b6-b7", stratego.Dies, stratego.Lieutenant, stratego.Captain)
	if got := p.Guess()[sq(t, "b7")]; !slices.Equal(got, []stratego.Rank{stratego.Captain}) {
		t.Errorf("the defender that won: got %v; want [Captain]", got)
	}
	// Their piece attacks our lieutenant on e4 and wins: revealed where it
	// lands.
	obs("e6-e5", stratego.Moved, 0, 0)
	obs("a4-a5", stratego.Moved, 0, 0)
	obs("e5-e4", stratego.Kills, stratego.Colonel, stratego.Lieutenant)
	if got := p.Guess()[sq(t, "e4")]; !slices.Equal(got, []stratego.Rank{stratego.Colonel}) {
		t.Errorf("the attacker that won: got %v; want [Colonel]", got)
	}
	pool := p.t.pool()
	if pool[stratego.Captain] != 3 || pool[stratego.Scout] != 7 {
		t.Errorf("pool: captains %d, scouts %d; want 3 and 7", pool[stratego.Captain], pool[stratego.Scout])
	}
	// Sampled worlds keep every constraint.
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		w := p.t.sample(rng, stratego.Red)
		for _, c := range []struct {
			s    string
			want func(stratego.Rank) bool
		}{
			{"j5", func(r stratego.Rank) bool { return r == stratego.Scout }},
			{"b7", func(r stratego.Rank) bool { return r == stratego.Captain }},
			{"e4", func(r stratego.Rank) bool { return r == stratego.Colonel }},
		} {
			if r := w.At(sq(t, c.s)).Rank(); !c.want(r) {
				t.Fatalf("sample %d: %s is a %v", i, c.s, r)
			}
		}
		for r := stratego.Marshal; r < stratego.NumRanks; r++ {
			if got := w.Count(stratego.Blue, r); got != stratego.ArmyCounts[r] {
				t.Fatalf("sample %d: Blue has %d %v; want %d", i, got, r, stratego.ArmyCounts[r])
			}
		}
		if w.Count(stratego.Red, stratego.Lieutenant) != 2 {
			t.Fatalf("sample %d: our dead lieutenants are back", i)
		}
	}
}

// Killing a rank's last piece rules it out for every unknown piece.
func TestInferenceByCounting(t *testing.T) {
	p := New(stratego.Red, 3, stratego.Progcomp, 1)
	s, _ := stratego.Formation("progcomp")
	p.UseSetup(s)
	// Our scout on a4 runs to a7 and meets their marshal... it dies; then
	// their marshal (now known, a7) is no longer possible elsewhere.
	p.Observe(stratego.Result{Move: mv(t, "a4-a7"), Outcome: stratego.Dies, Attacker: stratego.Scout, Defender: stratego.Marshal})
	g := p.Guess()
	if !slices.Equal(g[sq(t, "a7")], []stratego.Rank{stratego.Marshal}) {
		t.Errorf("a7: got %v; want [Marshal]", g[sq(t, "a7")])
	}
	for s, ranks := range g {
		if s != sq(t, "a7") && slices.Contains(ranks, stratego.Marshal) {
			t.Errorf("%v may still be the Marshal", s)
		}
	}
}

// An enemy piece that walks up to our Marshal, once combat has shown it,
// is most likely the Spy (or their own Marshal): a player brings nothing
// else beside a known Marshal. One that stepped beside an unseen piece of
// ours, or beside nothing of ours, tells nothing.
func TestApproachToASeenPiece(t *testing.T) {
	p := New(stratego.Red, 3, stratego.Progcomp, 1)
	s, _ := stratego.Formation("progcomp")
	// The Marshal to e4, on the front row.
	s.Rows[1][3], s.Rows[3][4] = s.Rows[3][4], s.Rows[1][3]
	if err := p.UseSetup(s); err != nil {
		t.Fatal(err)
	}
	obs := observer(t, p)
	// A Scout walks up to the unseen Marshal (that tells nothing), strikes
	// it and dies: the Marshal is seen.
	obs("a4-a5", stratego.Moved, 0, 0)
	obs("e7-e6", stratego.Moved, 0, 0)
	obs("a5-a4", stratego.Moved, 0, 0)
	obs("e6-e5", stratego.Moved, 0, 0)
	obs("a4-a5", stratego.Moved, 0, 0)
	obs("e5-e4", stratego.Dies, stratego.Scout, stratego.Marshal)
	obs("a5-a4", stratego.Moved, 0, 0)
	obs("f7-f6", stratego.Moved, 0, 0)
	obs("a4-a5", stratego.Moved, 0, 0)
	obs("f6-f5", stratego.Moved, 0, 0) // diagonal to e4: not beside it
	obs("a5-a4", stratego.Moved, 0, 0)
	obs("f5-f4", stratego.Moved, 0, 0) // beside the Marshal on e4
	obs("a4-a5", stratego.Moved, 0, 0)
	obs("d7-d6", stratego.Moved, 0, 0) // a quiet piece elsewhere
	e := &p.t.enemies[p.t.at[sq(t, "f4")]-1]
	if e.approached != stratego.Marshal {
		t.Fatalf("f4 walked up to the seen Marshal: approached %v; want Marshal", e.approached)
	}
	if d := &p.t.enemies[p.t.at[sq(t, "d6")]-1]; d.approached != stratego.NoRank {
		t.Errorf("d6 walked up to nothing seen: approached %v; want none", d.approached)
	}
	cases := []struct {
		name   string
		square string
		rank   stratego.Rank
		want   float64
	}{
		{"the Spy beside a seen Marshal", "f4", stratego.Spy, approachWeight},
		{"the Marshal beside a seen Marshal (a trade)", "f4", stratego.Marshal, approachWeight},
		{"a General beside a seen Marshal", "f4", stratego.General, 1},
		{"the Spy that walked up to nothing", "d6", stratego.Spy, 1},
	}
	for _, c := range cases {
		e := &p.t.enemies[p.t.at[sq(t, c.square)]-1]
		if got := prior(e, c.rank, stratego.Progcomp); got != c.want {
			t.Errorf("%s: got weight %v; want %v", c.name, got, c.want)
		}
	}
	// In sampled worlds f4 is the Spy far more often than one piece in the
	// twenty-odd that could be.
	rng := rand.New(rand.NewPCG(3, 4))
	spies := 0
	const n = 400
	for i := 0; i < n; i++ {
		w := p.t.sample(rng, stratego.Red)
		if w.At(sq(t, "f4")).Rank() == stratego.Spy {
			spies++
		}
	}
	if spies < n/8 {
		t.Errorf("f4 the Spy in %d of %d worlds; want at least %d", spies, n, n/8)
	}
}
