package stratego

import (
	"errors"
	"testing"
)

// Fuzz targets for every parser that chat, agents or files reach. Seeds
// are table inputs (f.Add) plus the corpus in testdata/fuzz/.

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "j10", "B4", "k1", "a0", "a11", "a01", "", "a+1"} {
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
		if back, err := ParseSquare(sq.String()); err != nil || back != sq {
			t.Fatalf("round trip of %q: got %v, %v", s, back, err)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"b4-b6", "b4b6", "a10xa9", "0 6 UP 2", "2 3 UP 1", "9 9 LEFT 9", "0 0 up", "SURRENDER", "", "j10-j1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidMove) {
				t.Fatalf("ParseMove(%q): %v does not wrap ErrInvalidMove", s, err)
			}
			return
		}
		if !m.Straight() {
			t.Fatalf("ParseMove(%q) = %v, not straight", s, m)
		}
		for _, text := range []string{m.String(), m.Protocol()} {
			if back, err := ParseMove(text); err != nil || back != m {
				t.Fatalf("round trip of %q via %q: got %v, %v", s, text, back, err)
			}
		}
		// Legal never panics and play/unmake is exact.
		p := startPosition(t)
		before := p
		if u, err := p.Play(m); err == nil {
			p.UnmakeMove(m, u)
		}
		if p != before {
			t.Fatalf("Play(%q) then unmake changed the position", s)
		}
	})
}

func FuzzParseSetup(f *testing.F) {
	for _, s := range []string{"FB8sB479B8/BB31555583/6724898974/967B669999", "progcomp", "random",
		"967B669999 6724898974 BB31555583 FB8sB479B8", "FB8sB479B8", "////", ""} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, blue bool) {
		c := Red
		if blue {
			c = Blue
		}
		setup, err := ParseSetup(c, s, nil)
		if err != nil {
			if !errors.Is(err, ErrInvalidSetup) {
				t.Fatalf("ParseSetup(%q): %v does not wrap ErrInvalidSetup", s, err)
			}
			return
		}
		if err := setup.Validate(); err != nil {
			t.Fatalf("ParseSetup(%q) accepted an invalid setup: %v", s, err)
		}
		lines := setup.Lines(c)
		if back, err := ParseSetupLines(c, lines[:]); err != nil || back != setup {
			t.Fatalf("round trip of %q: got %v, %v", s, back, err)
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	p := startPosition(f)
	f.Add(p.String())
	p.MakeMove(NewMove(SquareAt(0, 3), SquareAt(0, 6)))
	f.Add(p.String())
	f.Add("stratego\n")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if !errors.Is(err, ErrInvalidPosition) && !errors.Is(err, ErrInvalidRules) {
				t.Fatalf("ParsePosition: %v does not wrap ErrInvalidPosition", err)
			}
			return
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("round trip: got %v\n%v\nwant\n%v", err, q, p)
		}
		p.Status()
		var l MoveList
		p.GenerateMoves(&l)
		for _, m := range l.Slice() {
			before := p
			u := p.MakeMove(m)
			p.UnmakeMove(m, u)
			if p != before {
				t.Fatalf("make/unmake %v changed the position", m)
			}
		}
	})
}

func FuzzParseGame(f *testing.F) {
	red, _ := Formation("progcomp")
	g, _ := NewGame(red, red, DefaultOptions())
	g.Play(NewMove(SquareAt(0, 3), SquareAt(0, 4)))
	text, _ := g.MarshalText()
	f.Add(string(text))
	g.Resign(Blue)
	text, _ = g.MarshalText()
	f.Add(string(text))
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGame(s)
		if err != nil {
			return
		}
		text, _ := g.MarshalText()
		h, err := ParseGame(string(text))
		if err != nil || h.Position() != g.Position() || h.Status() != g.Status() {
			t.Fatalf("round trip: %v", err)
		}
	})
}
