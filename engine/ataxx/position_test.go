package ataxx

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// randomPlayout plays random legal moves from p, calling check before and
// after each make/unmake pair.
func randomPlayouts(t *testing.T, games int, check func(t *testing.T, p *Position, m Move)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	starts := []string{StartFEN, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "x-1-1-o/1-1-1-1/1-1-1-1/1-1-1-1/1-1-1-1/1-1-1-1/o-1-1-x x 0 1"}
	for g := range games {
		p, err := ParseFEN(starts[g%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		p.SetRules(Rules(g % 3))
		var l MoveList
		for ply := 0; ply < 400; ply++ {
			p.GenerateMoves(&l)
			if l.Len == 0 {
				if !p.IsOver() {
					t.Fatalf("no moves but game not over: %v", p.FEN())
				}
				break
			}
			m := l.Moves[rng.IntN(l.Len)]
			check(t, &p, m)
			p.MakeMove(m)
		}
	}
}

func TestMakeUnmakeRestoresExactly(t *testing.T) {
	randomPlayouts(t, 300, func(t *testing.T, p *Position, m Move) {
		before := *p
		u := p.MakeMove(m)
		if got, want := p.Hash(), p.computeHash(); got != want {
			t.Fatalf("after %v from %v: incremental hash %x; want %x", m, before.FEN(), got, want)
		}
		p.UnmakeMove(m, u)
		if *p != before {
			t.Fatalf("make/unmake %v: got %v (halfmove %d, hash %x); want %v (halfmove %d, hash %x)",
				m, p.FEN(), p.halfmove, p.hash, before.FEN(), before.halfmove, before.hash)
		}
	})
}

func TestFENRoundTripOverPlayouts(t *testing.T) {
	randomPlayouts(t, 100, func(t *testing.T, p *Position, m Move) {
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", p.FEN(), err)
		}
		q.SetRules(p.Rules())
		if q != *p {
			t.Fatalf("FEN round trip of %v: got %v hash %x; want hash %x", p.FEN(), q.FEN(), q.hash, p.hash)
		}
	})
}

func TestLegalAgreesWithGenerator(t *testing.T) {
	randomPlayouts(t, 50, func(t *testing.T, p *Position, _ Move) {
		legal := map[Move]bool{}
		for _, m := range p.LegalMoves() {
			legal[m] = true
		}
		// Every syntactic move: clones by destination, jumps and clones
		// with an origin, and the pass.
		for from := Square(0); from < NumSquares; from++ {
			for to := Square(0); to < NumSquares; to++ {
				var m Move
				switch Distance(from, to) {
				case 0:
					m = Clone(to)
				case 1:
					m = CloneFrom(from, to)
				case 2:
					m = Jump(from, to)
				default:
					continue
				}
				err := p.Legal(m)
				want := legal[m]
				if m.IsClone() && from != to {
					want = legal[m.Canonical()] && p.Pieces(p.Turn()).Has(from)
				}
				if (err == nil) != want {
					t.Fatalf("Legal(%v) at %v: got %v; want legal=%v", m, p.FEN(), err, want)
				}
			}
		}
		if err := p.Legal(Pass); (err == nil) != legal[Pass] {
			t.Fatalf("Legal(pass) at %v: got %v; want legal=%v", p.FEN(), err, legal[Pass])
		}
	})
}

func TestOutcome(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		rules Rules
		want  Outcome
	}{
		{"start", StartFEN, RulesManual, Ongoing},
		{"empty board", "7/7/7/7/7/7/7 x 0 1", RulesManual, Draw},
		{"red has no pieces", "o6/7/7/7/7/7/7 x 0 1", RulesManual, BlueWins},
		{"blue has no pieces", "x6/7/7/7/7/7/7 o 0 1", RulesManual, RedWins},
		{"full board red ahead", "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1", RulesManual, RedWins},
		{"full board with blocks equal", "xxxxxxx/xxxxxxx/xxx-ooo/ooooooo/ooooooo/xxxxxx-/-oooooo o 0 1", RulesManual, Draw},
		{"manual jump limit by count", "xxx3o/7/7/7/7/7/o6 x 45 30", RulesManual, RedWins},
		{"manual below limit", "xx4o/7/7/7/7/7/o6 x 44 30", RulesManual, Ongoing},
		{"cs61b jump limit", "xxx3o/7/7/7/7/7/o6 x 25 30", RulesCS61B, RedWins},
		{"cs61b below limit", "xx4o/7/7/7/7/7/o6 x 24 30", RulesCS61B, Ongoing},
		{"uai limit is a draw", "xx4o/7/7/7/7/7/o6 x 100 60", RulesUAI, Draw},
		{"uai below limit", "xx4o/7/7/7/7/7/o6 x 99 60", RulesUAI, Ongoing},
		{"one side blocked in is not over", "xxxxxxx/-------/-------/o6/7/7/7 x 0 1", RulesManual, Ongoing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			p.SetRules(tt.rules)
			if got := p.Outcome(); got != tt.want {
				t.Errorf("Outcome(%s, %v) = %v; want %v", tt.fen, tt.rules, got, tt.want)
			}
		})
	}
}

func TestPassOnlyWhenBlocked(t *testing.T) {
	p, err := ParseFEN("xxxxxxx/-------/-------/o6/7/7/7 x 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.LegalMoves(); len(got) != 1 || got[0] != Pass {
		t.Fatalf("LegalMoves of blocked Red = %v; want [0000]", got)
	}
	if _, _, err := p.Play(Pass); err != nil {
		t.Fatalf("Play(pass) when blocked: %v", err)
	}
	if got, want := p.Halfmove(), 1; got != want {
		t.Errorf("halfmove after pass = %d; want %d", got, want)
	}
	if err := p.Legal(Pass); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Legal(pass) with moves: got %v; want ErrIllegalMove", err)
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name    string
		fen     string
		move    string
		wantFEN string
		wantErr error
	}{
		{"clone by destination", StartFEN, "b6", "x5o/1x5/7/7/7/7/o5x o 0 1", nil},
		{"clone with origin", StartFEN, "a7-b6", "x5o/1x5/7/7/7/7/o5x o 0 1", nil},
		{"jump", StartFEN, "a7-c5", "6o/7/2x4/7/7/7/o5x o 1 1", nil},
		{"jump converts", "x5o/7/7/3o3/7/7/o5x x 0 1", "a7-c5", "6o/7/2x4/3x3/7/7/o5x o 1 1", nil},
		{"jump converts all around", "7/7/1ooo3/1o1o3/1ooo3/x6/o5x x 3 9", "a2-c4", "7/7/1xxx3/1xxx3/1xxx3/7/o5x o 4 9", nil},
		{"clone resets halfmove", "7/7/1ooo3/1o1o3/1ooo3/x6/o5x x 3 9", "b2", "7/7/1ooo3/1o1o3/1xxo3/xx5/x5x o 0 9", nil},
		{"blue move grows fullmove", "x5o/7/7/7/7/7/o5x o 0 1", "g7-f6", "x5o/5o1/7/7/7/7/o5x x 0 2", nil},
		{"origin not ours", StartFEN, "g7-f6", "", ErrIllegalMove},
		{"origin empty", StartFEN, "c3-c4", "", ErrIllegalMove},
		{"destination taken", StartFEN, "a7-c7", "", nil},
		{"no piece next to clone", StartFEN, "d4", "", ErrIllegalMove},
		{"jump onto block", "x5o/7/2-4/7/7/7/o5x x 0 1", "a7-c5", "", ErrIllegalMove},
		{"pass with moves", StartFEN, "-", "", ErrIllegalMove},
		{"after the game", "x6/7/7/7/7/7/7 o 0 1", "-", "", ErrGameOver},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.move, err)
			}
			before := p
			_, _, err = p.Play(m)
			if tt.wantFEN == "" && tt.wantErr == nil {
				// a7-c7 is legal: the destination is empty at the start.
				if err != nil {
					t.Fatalf("Play(%q): %v", tt.move, err)
				}
				return
			}
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("Play(%q) at %s: got error %v; want %v", tt.move, tt.fen, err, tt.wantErr)
				}
				if p != before {
					t.Fatalf("refused Play(%q) changed the position to %v", tt.move, p.FEN())
				}
				return
			}
			if err != nil {
				t.Fatalf("Play(%q): %v", tt.move, err)
			}
			if got := p.FEN(); got != tt.wantFEN {
				t.Errorf("Play(%q) at %s: got %s; want %s", tt.move, tt.fen, got, tt.wantFEN)
			}
		})
	}
}

func TestAddBlocksOnPieceChangesNothing(t *testing.T) {
	p := NewPosition()
	before := p
	err := p.AddBlocks(Reflections(NewSquare(0, 0)) | Reflections(NewSquare(2, 2)))
	if !errors.Is(err, ErrOccupied) {
		t.Fatalf("AddBlocks over a1: got %v; want ErrOccupied", err)
	}
	if p != before {
		t.Errorf("refused AddBlocks changed the board: %v", p.FEN())
	}
}
