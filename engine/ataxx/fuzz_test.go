package ataxx

import (
	"errors"
	"testing"
)

// Fuzz targets for every parser that chat input reaches. Seeds are the
// table cases' inputs (f.Add) plus the corpus in testdata/fuzz/.

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "g7", "D4", "h1", "a0", "", "a10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidSquare) || sq != NoSquare {
				t.Fatalf("ParseSquare(%q) = %v, %v; want NoSquare, ErrInvalidSquare", s, sq, err)
			}
			return
		}
		if !sq.Valid() {
			t.Fatalf("ParseSquare(%q) = %d, off the board", s, sq)
		}
		if back, err := ParseSquare(sq.String()); err != nil || back != sq {
			t.Fatalf("round trip of %q: got %v, %v", s, back, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a7-b6", "a1-c1", "-", "b6", "a7c5", "a7b6", "0000", "A7-C5", "a7-d4", "hello", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidMove) {
				t.Fatalf("ParseMove(%q) error %v does not wrap ErrInvalidMove", s, err)
			}
			return
		}
		// Every parsed move must survive a legality check and, if legal,
		// be made and unmade exactly.
		p := NewPosition()
		before := p
		if played, u, err := p.Play(m); err == nil {
			p.UnmakeMove(played, u)
		}
		if p != before {
			t.Fatalf("Play(%q) then unmake changed the position: %v", s, p.FEN())
		}
		if back, err := ParseMove(m.String()); err != nil || back != m.Canonical() {
			t.Fatalf("round trip of %q via %q: got %v, %v", s, m.String(), back, err)
		}
	})
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "startpos", "x5o/7/2-1-2/7/2-1-2/7/o5x o 7 12", "x5o/7/7/7/7/7/o5x", "7/7/7/7/7/7/7 x 0 1", "x6o/7/7/7/7/7/o5x x 0 1", "x5o/44/7/7/7/7/o5x x 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidFEN) {
				t.Fatalf("ParseFEN(%q) error %v does not wrap ErrInvalidFEN", s, err)
			}
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("round trip of %q via %q: got %v, %v", s, p.FEN(), q.FEN(), err)
		}
		// Whatever the position, the generator must not panic.
		_ = p.LegalMoves()
		_ = p.Outcome()
	})
}

func FuzzParseBlockPattern(f *testing.F) {
	for _, s := range []string{"3gh", "123456abcdefgh", "", "7", "3 g", "ABC"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBlockPattern(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidPattern) {
				t.Fatalf("ParseBlockPattern(%q) error %v does not wrap ErrInvalidPattern", s, err)
			}
			return
		}
		if b&^AllSquares != 0 {
			t.Fatalf("ParseBlockPattern(%q) = %x, off the board", s, b)
		}
		// Patterns never touch the corners, so they fit the start position.
		p := NewPosition()
		if err := p.AddBlocks(b); err != nil {
			t.Fatalf("AddBlocks(%q) on the start position: %v", s, err)
		}
		for sq := b; sq != 0; sq &= sq - 1 {
			if Reflections(sq.First())&^b != 0 {
				t.Fatalf("ParseBlockPattern(%q) is not symmetric", s)
			}
		}
	})
}
