package abalone

import (
	"math/rand/v2"
	"testing"
)

// TestEjectionsMatchGenerator checks GenerateEjections and Ejections
// against the full move list filtered by Effect, over random games.
func TestEjectionsMatchGenerator(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for g := range 12 {
		playout(rng, NewPosition(AllLayouts()[g%3]), 300, func(p *Position, l *MoveList) {
			want := map[Move]bool{}
			for _, m := range l.Slice() {
				if p.Effect(m).Ejected {
					want[m] = true
				}
			}
			var ej MoveList
			p.GenerateEjections(&ej)
			if ej.Len != len(want) || p.Ejections(p.Turn()) != len(want) {
				t.Fatalf("%v: %d ejections generated, %d counted; want %d", p.Text(), ej.Len, p.Ejections(p.Turn()), len(want))
			}
			for _, m := range ej.Slice() {
				if !want[m] {
					t.Fatalf("%v: %v generated as an ejection; it is not one", p.Text(), m)
				}
			}
			checked += len(want)
		})
	}
	if checked == 0 {
		t.Fatal("no ejection met in the random games")
	}
}

func TestRingsAndLinks(t *testing.T) {
	p := StartPosition()
	if got, want := p.RingCounts(Black), [5]int{0, 0, 3, 4, 7}; got != want {
		t.Errorf("RingCounts(black) at the start = %v; want %v", got, want)
	}
	// Along rows A, B, C: 4, 5, 2 links; each cell of row A touches two of
	// row B (10), each of C3-C5 two of row B (6).
	if got := p.Links(Black); got != 4+5+2+10+6 {
		t.Errorf("Links(black) at the start = %d; want %d", got, 4+5+2+10+6)
	}
	if d := Distance(NewCell(0, 0), NewCell(8, 8)); d != 8 {
		t.Errorf("Distance(A1, I9) = %d; want 8", d)
	}
}
