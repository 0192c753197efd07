package congo

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	// The guide's examples, and positions in the middle of a jump.
	tests := []struct{ name, fen string }{
		{"empty board", "7/7/7/7/7/7/7/w/-1"},
		{"standard", "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1"},
		{"monkey wins", "7/4l2/7/4c2/7/2p4/1M1L3/w/-1"},
		{"no pawns", "gmelecz/2ppp2/7/7/7/2PPP2/GMELECZ/w/-1"},
		{"plenty of moves", "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"},
		{"jump under way", "7/4l2/7/4c2/3M3/7/3L3/w/43"},
		{"black jump under way", "3l3/7/3m3/4C2/7/7/3L3/b/1"},
		{"superpawns", "3l3/S6/7/7/7/6s/3L3/b/-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q): %v", tt.fen, err)
			}
			if got := p.FEN(); got != tt.fen {
				t.Errorf("FEN() = %q; want %q", got, tt.fen)
			}
			if p.Hash() != p.computeHash() {
				t.Errorf("hash %x; want %x", p.Hash(), p.computeHash())
			}
		})
	}
}

func TestFENJumpSquare(t *testing.T) {
	p, err := ParseFEN("7/4l2/7/4c2/3M3/7/3L3/w/43")
	if err != nil {
		t.Fatal(err)
	}
	// 43 = b1 in the guide's numbering (a7 = 0, g1 = 48).
	if got, want := p.JumpFrom().String(), "b1"; got != want {
		t.Errorf("JumpFrom() = %s; want %s", got, want)
	}
	if got, want := p.Jumper().String(), "d3"; got != want {
		t.Errorf("Jumper() = %s; want %s", got, want)
	}
	q, err := ParseFEN("7/4l2/7/4c2/3M3/7/3L3/w/b1")
	if err != nil {
		t.Fatal(err)
	}
	if q != p {
		t.Errorf("jump field b1 reads as %s; want %s", q.FEN(), p.FEN())
	}
	got := movesString(p.LegalMoves())
	if want := "d3-d3 d3-f5 d3-f5-d7"; got != want {
		t.Errorf("moves while jumping = %q; want %q", got, want)
	}
}

func movesString(ms []Move) string {
	s := ""
	for i, m := range ms {
		if i > 0 {
			s += " "
		}
		s += m.String()
	}
	return s
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ name, fen string }{
		{"empty", ""},
		{"too few fields", "7/7/7/7/7/7/7/w"},
		{"too many fields", "7/7/7/7/7/7/7/w/-1/x"},
		{"short rank", "6/7/7/7/7/7/7/w/-1"},
		{"long rank", "8/7/7/7/7/7/7/w/-1"},
		{"long rank of pieces", "ppppppp1/7/7/7/7/7/7/w/-1"},
		{"unknown piece", "x6/7/7/7/7/7/7/w/-1"},
		{"zero", "07/7/7/7/7/7/7/w/-1"},
		{"bad side", "7/7/7/7/7/7/7/x/-1"},
		{"bad jump", "7/7/7/7/7/7/7/w/49"},
		{"jump text", "7/7/7/7/7/7/7/w/zz"},
		{"jump without a monkey", "7/7/7/7/7/7/7/w/3"},
		{"jump with two monkeys", "7/7/7/7/7/7/MM5/w/3"},
		{"jump with the other side's monkey", "7/7/7/7/7/7/m6/w/3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseFEN(tt.fen); !errors.Is(err, ErrInvalidFEN) {
				t.Errorf("ParseFEN(%q) error = %v; want %v", tt.fen, err, ErrInvalidFEN)
			}
		})
	}
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name, fen string
		want      Outcome
	}{
		{"start", StartFEN, Ongoing},
		{"white's lion is gone", "3l3/7/7/7/7/7/P6/w/-1", BlackWins},
		{"black's lion is gone", "7/p6/7/7/7/7/3L3/b/-1", WhiteWins},
		{"no lions", "7/7/7/7/7/7/7/w/-1", NoLions},
		// White's only piece, a lion put outside its castle, cannot
		// move: no move, and no stalemate draw.
		{"no move loses", "3l3/7/7/7/7/7/L6/w/-1", BlackWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Outcome(); got != tt.want {
				t.Errorf("Outcome() = %v; want %v", got, tt.want)
			}
		})
	}
}

// playouts walks random games and checks at every ply: the hash against
// one computed from scratch, the FEN round trip, make/unmake of every
// legal move, CountMoves against the list, and that a monkey's path
// played a jump at a time ends where the whole path does.
func TestRandomPlayouts(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	starts := []string{StartFEN, "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1", "gmelecz/2ppp2/7/7/7/2PPP2/GMELECZ/w/-1"}
	rng := rand.New(rand.NewPCG(13, 7))
	plies, paths := 0, 0
	for g := range games {
		p, err := ParseFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200; ply++ {
			if p.Hash() != p.computeHash() {
				t.Fatalf("%s: hash %x; want %x", p.FEN(), p.Hash(), p.computeHash())
			}
			q, err := ParseFEN(p.FEN())
			if err != nil || q != p {
				t.Fatalf("FEN round trip of %s: %v, %v", p.FEN(), q.FEN(), err)
			}
			moves := p.LegalMoves()
			if got := p.CountMoves(); got != len(moves) {
				t.Fatalf("%s: CountMoves() = %d; want %d", p.FEN(), got, len(moves))
			}
			if len(moves) == 0 {
				break
			}
			takes := false
			for _, m := range moves {
				before := p
				u := p.MakeMove(m)
				if p.Hash() != p.computeHash() {
					t.Fatalf("%s after %v: hash %x; want %x", before.FEN(), m, p.Hash(), p.computeHash())
				}
				after := p
				takes = takes || p.Pieces(before.Turn().Other(), Lion) == 0
				p.UnmakeMove(m, u)
				if p != before {
					t.Fatalf("make/unmake %v changed %s into %s", m, before.FEN(), p.FEN())
				}
				if m.Jumps() > 1 {
					checkStepByStep(t, p, m, after)
					paths++
				}
			}
			if got := p.CanTakeLion(); got != takes {
				t.Fatalf("%s: CanTakeLion() = %v; want %v", p.FEN(), got, takes)
			}
			m := moves[rng.IntN(len(moves))]
			p.MakeMove(m)
			plies++
		}
	}
	t.Logf("%d plies, %d multi-jump paths played step by step", plies, paths)
	if paths == 0 {
		t.Errorf("no monkey path of two jumps or more came up; the playouts prove less than they should")
	}
}

func checkStepByStep(t *testing.T, p Position, m Move, want Position) {
	t.Helper()
	cur := m.From()
	for i := range m.Jumps() {
		d := m.JumpDir(i)
		step := PathMove(cur, d).Open()
		if !p.IsLegal(step) {
			t.Fatalf("%s: step %v of %v is not legal", p.FEN(), step, m)
		}
		p.MakeMove(step)
		cur, _ = d.Step(cur, 2)
	}
	if p.Jumping() {
		p.MakeMove(NewMove(cur, cur))
	}
	if p != want {
		t.Fatalf("%v a jump at a time gives %s; want %s", m, p.FEN(), want.FEN())
	}
}

func TestGenerateMovesDoesNotAllocate(t *testing.T) {
	p, err := ParseFEN("1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1")
	if err != nil {
		t.Fatal(err)
	}
	var l MoveList
	allocs := testing.AllocsPerRun(100, func() {
		p.GenerateMoves(&l)
		_ = p.CountMoves()
		for _, m := range l.Slice() {
			u := p.MakeMove(m)
			p.UnmakeMove(m, u)
		}
	})
	if allocs != 0 {
		t.Errorf("GenerateMoves, CountMoves, MakeMove, UnmakeMove allocate %v times; want 0", allocs)
	}
}

// A board built to multiply a monkey's paths: every square between the
// squares it can land on holds an enemy pawn. The generator must stop at
// MaxMoves instead of walking billions of paths.
func TestMonkeyPathExplosionIsCapped(t *testing.T) {
	p := EmptyPosition()
	for s := range Square(NumSquares) {
		if s.File()%2 == 1 || s.Rank()%2 == 1 {
			p.Put(s, NewPiece(Black, Pawn))
		}
	}
	p.Put(NewSquare(3, 5), NewPiece(Black, Lion)) // d6
	p.Put(NewSquare(0, 0), NewPiece(White, Monkey))
	p.Put(NewSquare(2, 0), NewPiece(White, Lion)) // c1
	var l MoveList
	p.GenerateMoves(&l)
	if l.Len != MaxMoves {
		t.Errorf("GenerateMoves made %d moves; want the cap, %d", l.Len, MaxMoves)
	}
	if got := p.CountMoves(); got != MaxMoves {
		t.Errorf("CountMoves() = %d; want the cap, %d", got, MaxMoves)
	}
}

func TestParseBoard(t *testing.T) {
	p, err := ParseBoard("standard")
	if err != nil || p.FEN() != StartFEN {
		t.Errorf("ParseBoard(standard) = %v, %v; want %s", p.FEN(), err, StartFEN)
	}
	const fen = "gmelecz/2ppp2/7/7/7/2PPP2/GMELECZ/w/-1"
	if p, err := ParseBoard(fen); err != nil || p.FEN() != fen {
		t.Errorf("ParseBoard(%q) = %v, %v", fen, p.FEN(), err)
	}
	if _, err := ParseBoard("42"); !errors.Is(err, ErrInvalidFEN) {
		t.Errorf("ParseBoard(42) error = %v; want %v", err, ErrInvalidFEN)
	}
}
