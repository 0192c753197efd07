package congo

import (
	"slices"
	"testing"
)

// FuzzParseFEN: no input panics, and what parses writes back a FEN that
// parses to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		"7/7/7/7/7/7/7/w/-1",
		"7/4l2/7/4c2/7/2p4/1M1L3/w/-1",
		"1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1",
		"7/4l2/7/4c2/3M3/7/3L3/w/43",
		"7/4l2/7/4c2/3M3/7/3L3/w/b1",
		"8/7/7/7/7/7/7/w/-1",
		"7/7/7/7/7/7/7/x/-1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("ParseFEN(%q) then FEN() = %q which does not parse: %v", s, p.FEN(), err)
		}
		if q != p {
			t.Fatalf("round trip of %q: %q; want %q", s, q.FEN(), p.FEN())
		}
		_ = p.LegalMoves()
		_ = p.Outcome()
	})
}

// FuzzParseMove: no input panics, and a move that parses is legal and
// reads back from its own String.
func FuzzParseMove(f *testing.F) {
	fens := []string{
		StartFEN,
		"7/4l2/7/4c2/7/2p4/1M1L3/w/-1",
		"1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1",
		"7/4l2/7/4c2/3M3/7/3L3/w/43",
	}
	for i, s := range []string{"a2 a3", "a2-a3", "(a2,a3)", "b1-d3-f5-d7", "b1d3", "d3 d3", "c5-a7", "a1 b3", "zz", ""} {
		f.Add(uint8(i), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, err := ParseFEN(fens[int(which)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		for _, parse := range []func(string) (Move, error){p.ParseMove, p.ParseStep} {
			m, err := parse(s)
			if err != nil {
				continue
			}
			if !slices.Contains(p.LegalMoves(), m.Closed()) {
				t.Fatalf("%q parsed to %v, which is not legal in %s", s, m, p.FEN())
			}
			again, err := p.ParseMove(m.String())
			if err != nil || again != m.Closed() {
				t.Fatalf("%v.String() = %q reads back as %v, %v", m, m.String(), again, err)
			}
			q := p
			q.MakeMove(m)
		}
	})
}
