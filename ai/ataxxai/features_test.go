package ataxxai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// TestRegions: the symmetry classes and the centre cover the board once,
// and each class is closed under the board's symmetries.
func TestRegions(t *testing.T) {
	centre := ataxx.NewSquare(3, 3).Bit()
	var all ataxx.Bitboard
	wantSizes := [numRegions]int{4, 8, 8, 4, 4, 8, 4, 4, 4}
	for i, r := range regions {
		if all&r != 0 {
			t.Fatalf("region %d overlaps an earlier one", i)
		}
		all |= r
		if got := r.Count(); got != wantSizes[i] {
			t.Errorf("region %d has %d squares; want %d", i, got, wantSizes[i])
		}
		for s := ataxx.Square(0); s < ataxx.NumSquares; s++ {
			if !r.Has(s) {
				continue
			}
			f, k := s.File(), s.Rank()
			for _, img := range []ataxx.Square{ataxx.NewSquare(6-f, k), ataxx.NewSquare(f, 6-k), ataxx.NewSquare(k, f)} {
				if !r.Has(img) {
					t.Errorf("region %d holds %v but not its image %v", i, s, img)
				}
			}
		}
	}
	if all|centre != ataxx.AllSquares || all&centre != 0 {
		t.Errorf("regions and centre cover %x; want the board", uint64(all|centre))
	}
}

// transform returns p with its squares mapped by f and, if swap, its
// colours and turn exchanged.
func transform(p ataxx.Position, f func(ataxx.Square) ataxx.Square, swap bool) ataxx.Position {
	q, _ := ataxx.ParseFEN("7/7/7/7/7/7/7 x 0 1")
	if (p.Turn() == ataxx.Blue) != swap {
		q, _ = ataxx.ParseFEN("7/7/7/7/7/7/7 o 0 1")
	}
	for s := ataxx.Square(0); s < ataxx.NumSquares; s++ {
		pc := p.At(s)
		if swap {
			switch pc {
			case ataxx.RedPiece:
				pc = ataxx.BluePiece
			case ataxx.BluePiece:
				pc = ataxx.RedPiece
			}
		}
		q.Put(f(s), pc)
	}
	return q
}

// TestEvaluateSymmetric: the trained evaluation is the same after a
// reflection of the board, and after swapping the colours with the turn.
func TestEvaluateSymmetric(t *testing.T) {
	w := DefaultTuning.Weights
	id := func(s ataxx.Square) ataxx.Square { return s }
	maps := []struct {
		name string
		f    func(ataxx.Square) ataxx.Square
		swap bool
	}{
		{"mirror", func(s ataxx.Square) ataxx.Square { return ataxx.NewSquare(6-s.File(), s.Rank()) }, false},
		{"flip", func(s ataxx.Square) ataxx.Square { return ataxx.NewSquare(s.File(), 6-s.Rank()) }, false},
		{"transpose", func(s ataxx.Square) ataxx.Square { return ataxx.NewSquare(s.Rank(), s.File()) }, false},
		{"colours", id, true},
	}
	for i, pos := range randomPositions(300, 5) {
		want := w.Evaluate(&pos)
		for _, m := range maps {
			q := transform(pos, m.f, m.swap)
			if got := w.Evaluate(&q); got != want {
				t.Fatalf("position %d %s, %s: %s evaluates %d; want %d", i, pos.FEN(), m.name, q.FEN(), got, want)
			}
		}
	}
}

// TestFeaturesOfStart: the start position is even but for the tempo.
func TestFeaturesOfStart(t *testing.T) {
	pos := ataxx.NewPosition()
	f := Features(&pos)
	for i, x := range f {
		want := int32(0)
		if i == FeatTempo {
			want = 1
		}
		if x != want {
			t.Errorf("feature %d of the start = %d; want %d", i, x, want)
		}
	}
}

func TestEvaluateAllocatesNothing(t *testing.T) {
	pos := randomPositions(1, 9)[0]
	w := DefaultTuning.Weights
	if n := testing.AllocsPerRun(100, func() { w.Evaluate(&pos) }); n != 0 {
		t.Errorf("Evaluate allocates %v times; want 0", n)
	}
}
