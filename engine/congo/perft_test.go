package congo

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The Congo vectors of ../shared/games/vectors.txt ("turn perft").
var perftVectors = []struct {
	name   string
	fen    string
	counts []uint64 // depth 1, 2, ...
	moves  string   // the depth-1 list, as the vectors write it; "" if not given
}{
	{
		name:   "standard start",
		fen:    "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1",
		counts: []uint64{24, 576, 14332, 356456, 9404326},
		moves: "a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 e2-d3 " +
			"e2-e3 e2-f3 f2-e3 f2-f3 f2-g3 g2-f3 g2-g3 a1-a3 a1-c3 c1-c3 e1-e3 g1-f3",
	},
	{
		name:   "plenty of moves",
		fen:    "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1",
		counts: []uint64{33, 1325, 44701, 1779478},
		moves: "a6-a5 a6-b5 b6-a5 b6-b5 b7-a7 c5-a3 c5-a5 c5-a7 c5-b4 c5-b5 c5-c3 c5-c4 c5-d4 c5-d5 c5-e3 " +
			"c5-e5 c6-b5 c6-d5 c7-a7 d6-d5 d6-e5 e6-d5 e6-e5 e7-e5 e7-g7 f5-d4 f5-e3 f5-g3 f5-g7 f7-f6 " +
			"f7-g7 g5-f4 g5-g4",
	},
	{
		name:   "3-long monkey jump",
		fen:    "7/4l2/7/4c2/7/2p4/1M1L3/w/-1",
		counts: []uint64{12, 215, 2138, 37635},
		moves:  "b1-a1 b1-a2 b1-b2 b1-c1 b1-d3 b1-d3-f5 b1-d3-f5-d7 d1-c1 d1-c2 d1-d2 d1-e1 d1-e2",
	},
}

func TestPerftVectors(t *testing.T) {
	for _, v := range perftVectors {
		t.Run(v.name, func(t *testing.T) {
			p, err := ParseFEN(v.fen)
			if err != nil {
				t.Fatal(err)
			}
			before := p
			for i, want := range v.counts {
				depth := i + 1
				if testing.Short() && want > 2_000_000 {
					continue
				}
				if got := Perft(&p, depth); got != want {
					t.Errorf("Perft(%d) = %d; want %d", depth, got, want)
				}
				if p != before {
					t.Fatalf("Perft(%d) changed the position: %v; want %v", depth, p.FEN(), before.FEN())
				}
			}
		})
	}
}

func TestDepthOneLists(t *testing.T) {
	for _, v := range perftVectors {
		t.Run(v.name, func(t *testing.T) {
			p, err := ParseFEN(v.fen)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range p.LegalMoves() {
				got = append(got, m.String())
			}
			want := strings.Fields(v.moves)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("moves = %v; want %v", got, want)
			}
		})
	}
}

func ExamplePerft() {
	p := NewPosition()
	for d := 1; d <= 3; d++ {
		fmt.Println(d, Perft(&p, d))
	}
	// Output:
	// 1 24
	// 2 576
	// 3 14332
}

func BenchmarkPerft(b *testing.B) {
	p := NewPosition()
	var leaves uint64
	for b.Loop() {
		leaves += Perft(&p, 5)
	}
	if got := Perft(&p, 5); got != 9404326 {
		b.Fatalf("Perft(5) = %d; want 9404326", got)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func TestDivideSumsToPerft(t *testing.T) {
	p, err := ParseFEN("1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1")
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, n := range Divide(&p, 3) {
		sum += n
	}
	if want := Perft(&p, 3); sum != want {
		t.Errorf("Divide(3) sums to %d; want Perft(3) = %d", sum, want)
	}
}

func TestMarshalText(t *testing.T) {
	p := NewPosition()
	text, err := p.MarshalText()
	if err != nil || string(text) != StartFEN {
		t.Fatalf("MarshalText() = %q, %v; want %q", text, err, StartFEN)
	}
	var q Position
	if err := q.UnmarshalText(text); err != nil || q != p {
		t.Errorf("UnmarshalText(%q) = %v, %v", text, q.FEN(), err)
	}
	if err := q.UnmarshalText([]byte("nonsense")); err == nil {
		t.Errorf("UnmarshalText(nonsense) succeeded")
	}
}
