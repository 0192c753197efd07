package abalone

import (
	"testing"
)

// perftCases are the counts of shared/games/vectors.txt (an independent
// script, cross-checked against Scriptim/Abalone-BoAI at depths 1 and 2).
var perftCases = []struct {
	name   string
	layout Layout
	counts []uint64 // depth 1, 2, ...
}{
	{"standard", StandardLayout, []uint64{44, 1936, 98912, 5045110}},
	{"belgian daisy", BelgianDaisy, []uint64{52, 2692, 149322, 8270666}},
	{"german daisy", GermanDaisy, []uint64{80, 6244, 493480, 38240570}},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPosition(tc.layout)
			before := p
			for i, want := range tc.counts {
				if got := Perft(&p, i+1); got != want {
					t.Errorf("perft(%d) = %d; want %d", i+1, got, want)
				}
			}
			if p != before {
				t.Errorf("perft changed the position: %v; want %v", p.Text(), before.Text())
			}
		})
	}
}

// TestPerftMakeUnmake walks the tree to depth 3 making every move, and
// checks at each node that the incremental hash equals one computed from
// scratch, that the move list's length equals CountMoves, and that unmake
// restores the position exactly.
func TestPerftMakeUnmake(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPosition(tc.layout)
			if got := walk(t, &p, 3); got != tc.counts[2] {
				t.Errorf("walk(3) = %d; want %d", got, tc.counts[2])
			}
		})
	}
}

func walk(t *testing.T, p *Position, depth int) uint64 {
	if h := p.computeHash(); h != p.hash {
		t.Fatalf("%v: hash %x; from scratch %x", p.Text(), p.hash, h)
	}
	if depth == 0 {
		return 1
	}
	var l MoveList
	p.GenerateMoves(&l)
	if n := p.CountMoves(); n != l.Len {
		t.Fatalf("%v: CountMoves = %d; GenerateMoves made %d", p.Text(), n, l.Len)
	}
	var n uint64
	for _, m := range l.Slice() {
		before := *p
		u := p.MakeMove(m)
		if p.Count(before.turn) != before.Count(before.turn) {
			t.Fatalf("%v: %v changed the mover's marble count", before.Text(), m)
		}
		n += walk(t, p, depth-1)
		p.UnmakeMove(u)
		if *p != before {
			t.Fatalf("%v: unmake of %v gave %v", before.Text(), m, p.Text())
		}
	}
	return n
}

func TestDivideSumsToPerft(t *testing.T) {
	p := NewPosition(BelgianDaisy)
	var sum uint64
	for _, n := range Divide(&p, 3) {
		sum += n
	}
	if sum != 149322 {
		t.Errorf("sum of divide(3) = %d; want 149322", sum)
	}
}

func TestGenerateMovesDoesNotAllocate(t *testing.T) {
	p := NewPosition(GermanDaisy)
	var l MoveList
	if a := testing.AllocsPerRun(100, func() {
		p.GenerateMoves(&l)
		for _, m := range []Move{l.Moves[0], l.Moves[l.Len-1]} { // in line, broadside
			u := p.MakeMove(m)
			_ = p.CountMoves()
			p.UnmakeMove(u)
		}
	}); a != 0 {
		t.Errorf("GenerateMoves, MakeMove, CountMoves, UnmakeMove: %v allocations; want 0", a)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := StartPosition()
	var leaves uint64
	for b.Loop() {
		leaves += Perft(&p, 4)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkGenerateMoves(b *testing.B) {
	p := NewPosition(BelgianDaisy)
	var l MoveList
	for b.Loop() {
		p.GenerateMoves(&l)
	}
}
