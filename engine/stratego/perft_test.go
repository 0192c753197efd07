package stratego

import (
	"math/rand/v2"
	"testing"
)

// slowMoves is an independent move generator: every straight pair of
// squares, kept when Legal (which walks the path square by square and
// shares no table with GenerateMoves) accepts it.
func slowMoves(p *Position) []Move {
	if p.over() {
		return nil
	}
	var out []Move
	for f := Square(0); f < NumSquares; f++ {
		for t := Square(0); t < NumSquares; t++ {
			m := NewMove(f, t)
			if m.Straight() && p.Legal(m) == nil {
				out = append(out, m)
			}
		}
	}
	return out
}

func slowPerft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range slowMoves(p) {
		q := *p
		q.MakeMove(m)
		n += slowPerft(&q, depth-1)
	}
	return n
}

func startPosition(t testing.TB) Position {
	t.Helper()
	s, err := Formation("progcomp")
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPosition(s, s, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPerftStart(t *testing.T) {
	p := startPosition(t)
	// By hand: Red's front row is 967B669999 and x 2, 3, 6, 7 face
	// lakes; the scouts on x 0, 8, 9 go one, two or three squares (the
	// third attacks), the lieutenants on x 1, 4, 5 one: 3*3 + 3 = 12.
	if got := Perft(&p, 1); got != 12 {
		t.Errorf("perft 1: got %d; want 12", got)
	}
	for depth := 1; depth <= 3; depth++ {
		want := slowPerft(&p, depth)
		if got := Perft(&p, depth); got != want {
			t.Errorf("perft %d: got %d; want %d (slow generator)", depth, got, want)
		}
	}
}

// randomPlayout plays random legal moves, checking at every ply that the
// generator agrees with Legal and that make/unmake is exact.
func TestGeneratorAgreesAndMakeUnmakeRoundTrips(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 40
	if testing.Short() {
		games = 10
	}
	for g := 0; g < games; g++ {
		opts := DefaultOptions()
		if g%2 == 1 {
			opts.Rules = Manual
		}
		p, err := NewPosition(RandomSetup(rng), RandomSetup(rng), opts)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 400 && !p.Status().Over(); ply++ {
			var l MoveList
			p.GenerateMoves(&l)
			if ply%10 == 0 {
				slow := slowMoves(&p)
				if len(slow) != l.Len {
					t.Fatalf("game %d ply %d: generator %d moves, slow %d\n%v", g, ply, l.Len, len(slow), p)
				}
			}
			for _, m := range l.Slice() {
				before := p
				u := p.MakeMove(m)
				p.UnmakeMove(m, u)
				if p != before {
					t.Fatalf("game %d ply %d: make/unmake %v changed the position\n%v\nwant\n%v", g, ply, m, p, before)
				}
			}
			m := l.Moves[rng.IntN(l.Len)]
			if err := p.Legal(m); err != nil {
				t.Fatalf("generated %v refused: %v", m, err)
			}
			p.MakeMove(m)
			checkCounts(t, &p)
		}
	}
}

// checkCounts recounts the board against the incremental counters.
func checkCounts(t *testing.T, p *Position) {
	t.Helper()
	var c [2][NumRanks]int8
	var mob [2]int8
	for _, pc := range p.board {
		if pc.IsPiece() {
			c[pc.Colour()][pc.Rank()]++
			if pc.Rank().Movable() {
				mob[pc.Colour()]++
			}
		}
	}
	if c != p.counts || mob != p.mobile {
		t.Fatalf("counters drifted: got %v %v; want %v %v", p.counts, p.mobile, c, mob)
	}
}

func TestGenerateMovesAllocatesNothing(t *testing.T) {
	p := startPosition(t)
	var l MoveList
	if n := testing.AllocsPerRun(100, func() {
		p.GenerateMoves(&l)
		u := p.MakeMove(l.Moves[0])
		p.UnmakeMove(l.Moves[0], u)
	}); n != 0 {
		t.Errorf("GenerateMoves+MakeMove+UnmakeMove: %v allocations; want 0", n)
	}
}

func BenchmarkGenerateMoves(b *testing.B) {
	p := startPosition(b)
	p.MakeMove(mustMove(b, "a4-a6"))
	var l MoveList
	b.ReportAllocs()
	for b.Loop() {
		p.GenerateMoves(&l)
	}
}

func BenchmarkPerft3(b *testing.B) {
	p := startPosition(b)
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		n += Perft(&p, 3)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "leaves/s")
}
