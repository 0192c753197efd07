package ataxx

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// perftVector is one line of a perft file: a FEN and the expected leaf
// counts by depth.
type perftVector struct {
	line   int
	fen    string
	counts map[int]uint64
}

// readPerftFile reads the format of ../shared/ataxx/perft.txt:
// "FEN | n0 n1 n2 ..." or "FEN | dN=COUNT", with '#' comments.
func readPerftFile(t *testing.T, path string) []perftVector {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open %s: %v", path, err)
	}
	defer f.Close()
	var out []perftVector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, counts, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("%s:%d: no '|' in %q", path, n, line)
		}
		v := perftVector{line: n, fen: strings.TrimSpace(fen), counts: map[int]uint64{}}
		for i, field := range strings.Fields(counts) {
			depth := i
			if d, c, ok := strings.Cut(field, "="); ok {
				var err error
				if depth, err = strconv.Atoi(strings.TrimPrefix(d, "d")); err != nil {
					t.Fatalf("%s:%d: bad depth %q", path, n, field)
				}
				field = c
			}
			c, err := strconv.ParseUint(field, 10, 64)
			if err != nil {
				t.Fatalf("%s:%d: bad count %q", path, n, field)
			}
			v.counts[depth] = c
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func checkPerftFile(t *testing.T, path string) {
	vectors := readPerftFile(t, path)
	if len(vectors) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	for _, v := range vectors {
		t.Run(fmt.Sprintf("line%d", v.line), func(t *testing.T) {
			p, err := ParseFEN(v.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", v.fen, err)
			}
			p.SetRules(RulesUAI)
			before := p
			for depth, want := range v.counts {
				if testing.Short() && want > 3_000_000 {
					continue
				}
				if got := Perft(&p, depth); got != want {
					t.Errorf("Perft(%q, %d) = %d; want %d", v.fen, depth, got, want)
				}
				if p != before {
					t.Fatalf("position changed by Perft: got %v; want %v", p.FEN(), before.FEN())
				}
			}
		})
	}
}

func TestPerftLocalVectors(t *testing.T) {
	checkPerftFile(t, filepath.Join("testdata", "perft.txt"))
}

// TestPerftSharedVectors runs every vector of the project's shared perft
// file when ../shared is present (it is, in CI).
func TestPerftSharedVectors(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "ataxx", "perft.txt")
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: shared perft vectors missing: %v", err)
		}
		t.Skipf("no shared vectors: %v", err)
	}
	checkPerftFile(t, path)
}

// slowPerft counts leaves by making every move with MakeMove: the plain
// definition that Perft's shortcuts must agree with.
func slowPerft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		n += slowPerft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return n
}

// TestPerftCountsMatchGeneration checks Perft, which neither makes moves
// nor generates the last two plies, against making every move: on the
// start position, on positions reached by seeded random games (crowded
// boards with passes and wins by capture), and with the clock one or two
// plies short of each rule set's jump limit.
func TestPerftCountsMatchGeneration(t *testing.T) {
	type perftCase struct {
		name  string
		pos   Position
		depth int
	}
	start := NewPosition()
	start.SetRules(RulesUAI)
	cases := []perftCase{{name: "start", pos: start, depth: 4}}
	for _, fen := range []string{
		"7/7/7/7/-------/-------/x5o x 0 1",                        // passes
		"xxxxxxx/ooooooo/ooooooo/7/7/7/7 x 0 1",                    // one move, then many
		"xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxo1/6o x 0 1", // x must pass
		"ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooo2/5xx o 0 1", // captures end it
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		cases = append(cases, perftCase{name: fen, pos: p, depth: 4})
	}
	seed := uint64(1)
	next := func(n int) int { // xorshift: the same games on every run
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	for game := 0; game < 12; game++ {
		p := NewPosition()
		for ply := 0; ply < 60 && !p.IsOver(); ply++ {
			moves := p.LegalMoves()
			p.MakeMove(moves[next(len(moves))])
			if ply%15 == 14 {
				cases = append(cases, perftCase{name: fmt.Sprintf("game%d/ply%d", game, ply), pos: p, depth: 3})
			}
		}
	}
	for _, r := range []Rules{RulesUAI, RulesManual, RulesCS61B} {
		for short := 1; short <= 3; short++ {
			p, err := ParseFEN(fmt.Sprintf("x5o/7/2-1-2/7/2-1-2/7/o5x x %d 1", r.JumpLimit()-short))
			if err != nil {
				t.Fatal(err)
			}
			p.SetRules(r)
			cases = append(cases, perftCase{name: fmt.Sprintf("%v/limit-%d", r, short), pos: p, depth: 4})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.pos
			for depth := 1; depth <= c.depth; depth++ {
				if got, want := Perft(&p, depth), slowPerft(&p, depth); got != want {
					t.Errorf("Perft(%q, %d) = %d; want %d (made move by move)", p.FEN(), depth, got, want)
				}
			}
			if p != c.pos {
				t.Errorf("Perft changed the position: got %v; want %v", p.FEN(), c.pos.FEN())
			}
		})
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	p := NewPosition()
	var sum uint64
	for _, n := range Divide(&p, 3) {
		sum += n
	}
	if got, want := sum, Perft(&p, 3); got != want {
		t.Errorf("sum of Divide(start, 3) = %d; want %d", got, want)
	}
}

func TestGenerateMovesAllocatesNothing(t *testing.T) {
	p := NewPosition()
	var l MoveList
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateMoves(&l)
		u := p.MakeMove(l.Moves[0])
		p.UnmakeMove(l.Moves[0], u)
		_ = p.CountMoves()
		_ = Perft(&p, 2)
	})
	if allocs != 0 {
		t.Errorf("GenerateMoves/MakeMove/UnmakeMove/Perft allocate: got %v allocs per run; want 0", allocs)
	}
}

func BenchmarkPerft(b *testing.B) {
	p := NewPosition()
	p.SetRules(RulesUAI)
	const depth, want = 6, 141865520
	var leaves uint64
	for b.Loop() {
		n := Perft(&p, depth)
		if n != want {
			b.Fatalf("Perft(start, %d) = %d; want %d", depth, n, want)
		}
		leaves += n
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkGenerateMoves(b *testing.B) {
	p, err := ParseFEN("x5o/1o3x1/2xo3/3x3/2o1x2/1x3o1/o5x x 0 1")
	if err != nil {
		b.Fatal(err)
	}
	var l MoveList
	for b.Loop() {
		p.GenerateMoves(&l)
	}
}

func BenchmarkMakeUnmake(b *testing.B) {
	p := NewPosition()
	moves := p.LegalMoves()
	for i := 0; b.Loop(); i++ {
		m := moves[i%len(moves)]
		u := p.MakeMove(m)
		p.UnmakeMove(m, u)
	}
}
