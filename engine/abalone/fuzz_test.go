package abalone

import (
	"errors"
	"testing"
)

// Fuzz targets for every parser that chat input reaches. Seeds are the
// table cases' inputs (f.Add) plus the corpus in testdata/fuzz/.

func FuzzParseCell(f *testing.F) {
	for _, s := range []string{"a1", "I9", "e5", "GG", "b0", "F9", "a6", "j1", "", "e10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range []Notation{Standard, AMalone} {
			c, err := ParseCellIn(s, n)
			if err != nil {
				if !errors.Is(err, ErrInvalidCell) || c != NoCell {
					t.Fatalf("ParseCellIn(%q, %v) = %v, %v; want NoCell, ErrInvalidCell", s, n, c, err)
				}
				continue
			}
			if !c.Valid() {
				t.Fatalf("ParseCellIn(%q, %v) = %d, off the board", s, n, c)
			}
			if back, err := ParseCellIn(c.Name(n), n); err != nil || back != c {
				t.Fatalf("round trip of %q in %v: got %v, %v", s, n, back, err)
			}
		}
		if c, err := ParseCell(s); err == nil && !c.Valid() {
			t.Fatalf("ParseCell(%q) = %d, off the board", s, c)
		}
	})
}

// fuzzPositions are the positions a fuzzed move is read in.
var fuzzPositions = []string{
	"standard",
	"belgian",
	"black=D4,E4,F4,E5,D5,C3,B2;white=G4,H4,I9,E6,E7;turn=black",
	"black=A1,B1,C1;white=D1,E1,A5;turn=white;lost=5,5",
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a1b2", "c6c7d6", "1B0-GG", "3A0-F0l", "2GG-D0r", "3E2-E4+", "d4e4", "D4F4D5", "3e2-e4", "hello", "", "1A1-A0+", "a1a0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, text := range fuzzPositions {
			p, err := ParsePosition(text)
			if err != nil {
				t.Fatal(err)
			}
			before := p
			m, err := p.ParseMove(s)
			if p != before {
				t.Fatalf("ParseMove(%q) changed the position", s)
			}
			if err != nil {
				if m != NoMove || !(errors.Is(err, ErrInvalidMove) || errors.Is(err, ErrIllegalMove) || errors.Is(err, ErrGameOver)) {
					t.Fatalf("ParseMove(%q) = %v, %v; want NoMove and a sentinel error", s, m, err)
				}
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("ParseMove(%q) = %v, not legal in %v", s, m, text)
			}
			for _, n := range []Notation{Standard, AMalone} {
				if back, err := p.ParseMoveIn(p.FormatMove(m, n), n); err != nil || back != m {
					t.Fatalf("ParseMove(%q) = %v; written in %v %q, it reads back as %v, %v", s, m, n, p.FormatMove(m, n), back, err)
				}
			}
			u := p.MakeMove(m)
			p.UnmakeMove(u)
			if p != before {
				t.Fatalf("make/unmake of %v changed %v", m, text)
			}
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"standard", "Belgian Daisy", "german", "startpos",
		"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0",
		"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w",
		"5/6/7/8/9/8/7/6/5 b 6 6",
		"black=A1,A2,B1;white=I5,I6;turn=white;lost=1,2",
		"black=;white=", "black=A1,A1", "turn=purple", "lost=9,9", "bbbbbbbbbbbbbbbbbbbbbb/ b",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidPosition) || p != (Position{}) {
				t.Fatalf("ParsePosition(%q) = %v, %v; want the zero Position and ErrInvalidPosition", s, p.Text(), err)
			}
			return
		}
		for c := Black; c <= White; c++ {
			if p.Count(c)+p.Lost(c) > StartMarbles || p.Lost(c) > WinningLosses {
				t.Fatalf("ParsePosition(%q): %v has %d marbles and lost %d", s, c, p.Count(c), p.Lost(c))
			}
		}
		if p.hash != p.computeHash() {
			t.Fatalf("ParsePosition(%q): hash is not the hash from scratch", s)
		}
		for _, text := range []string{p.Text(), p.MarbleList()} {
			if q, err := ParsePosition(text); err != nil || q != p {
				t.Fatalf("ParsePosition(%q) = %v; %q reads back as %v, %v", s, p.Text(), text, q.Text(), err)
			}
		}
		_ = p.Render(Standard)
		_ = p.Render(AMalone)
	})
}

func FuzzParseGame(f *testing.F) {
	for _, s := range []string{
		"abalone belgian\n1. a1b2 i5h5 2. a2b3 i6h6",
		"abalone standard 1.a1b2 1I5-H5",
		"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w 0 0 1... i5h5",
		"# comment\nabalone german",
		"abalone chinese", "", "abalone standard 1.e5e6",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		start, moves, err := ParseGame(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidGame) {
				t.Fatalf("ParseGame(%q) error %v does not wrap ErrInvalidGame", s, err)
			}
			return
		}
		if _, err := Replay(start, moves); err != nil {
			t.Fatalf("ParseGame(%q) gave a game that does not replay: %v", s, err)
		}
		for _, n := range []Notation{Standard, AMalone} {
			text, err := FormatGame(start, moves, n)
			if err != nil {
				t.Fatalf("FormatGame of ParseGame(%q): %v", s, err)
			}
			s2, m2, err := ParseGame(text)
			if err != nil || s2 != start || !equalMoves(m2, moves) {
				t.Fatalf("ParseGame(%q) does not survive a round trip in %v: %v", s, n, err)
			}
		}
	})
}

func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"standard", "amalone", "belgian", "German Daisy", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, err := ParseNotation(s); err != nil && !errors.Is(err, ErrInvalidNotation) {
			t.Fatalf("ParseNotation(%q) error %v", s, err)
		} else if err == nil {
			if back, err := ParseNotation(n.String()); err != nil || back != n {
				t.Fatalf("ParseNotation round trip of %q: %v, %v", s, back, err)
			}
		}
		if l, err := ParseLayout(s); err != nil && !errors.Is(err, ErrInvalidPosition) {
			t.Fatalf("ParseLayout(%q) error %v", s, err)
		} else if err == nil {
			if back, err := ParseLayout(l.String()); err != nil || back != l {
				t.Fatalf("ParseLayout round trip of %q: %v, %v", s, back, err)
			}
		}
	})
}

// FuzzMakeMove makes any 16-bit Move, well formed or not, and unmakes it:
// nothing may panic and the position must come back exactly.
func FuzzMakeMove(f *testing.F) {
	for _, m := range []uint16{0, 1, 0xffff, uint16(InLine(NewCell(0, 0), NorthEast, 3)), 127 | 7<<7 | 3<<10} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, raw uint16) {
		m := Move(raw)
		for _, text := range fuzzPositions {
			p, _ := ParsePosition(text)
			before := p
			_ = m.String()
			_ = p.FormatMove(m, AMalone)
			_ = p.IsLegal(m)
			u := p.MakeMove(m)
			p.UnmakeMove(u)
			if p != before {
				t.Fatalf("make/unmake of %#x changed %v", raw, text)
			}
		}
	})
}
