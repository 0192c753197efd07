package abalone

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// TestAWC2015Final replays the final of the Abalone World Championship
// 2015 (shared/games/vectors.txt) move by move: every move is legal, each
// converts to aMalone's notation and back to the same move, and at the end
// Black has ejected 5 marbles and White 1 (the file's "marbles ejected").
func TestAWC2015Final(t *testing.T) {
	text, err := os.ReadFile("testdata/awc2015.txt")
	if err != nil {
		t.Fatal(err)
	}
	var tokens []string
	for line := range strings.Lines(string(text)) {
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "abalone") {
			continue
		}
		for _, tok := range strings.Fields(line) {
			if tok = stripNumber(tok); tok != "" {
				tokens = append(tokens, tok)
			}
		}
	}
	if len(tokens) != 115 {
		t.Fatalf("%d plies in the file; want 115", len(tokens))
	}
	p := NewPosition(BelgianDaisy)
	var moves []Move
	for i, tok := range tokens {
		m, err := p.ParseMoveIn(tok, Standard)
		if err != nil {
			t.Fatalf("ply %d %s: %v\n%s", i+1, tok, err, p.Render(Standard))
		}
		if got := p.FormatMove(m, Standard); got != tok {
			t.Errorf("ply %d: FormatMove(%v) = %q; want %q", i+1, m, got, tok)
		}
		am := p.FormatMove(m, AMalone)
		back, err := p.ParseMoveIn(am, AMalone)
		if err != nil || back != m {
			t.Errorf("ply %d %s: aMalone %q read back as %v, %v", i+1, tok, am, back, err)
		}
		moves = append(moves, m)
		if _, _, err := p.Play(m); err != nil {
			t.Fatalf("ply %d %s: %v", i+1, tok, err)
		}
	}
	if p.Lost(White) != 5 || p.Lost(Black) != 1 {
		t.Errorf("lost at the end: black %d, white %d; want 1, 5", p.Lost(Black), p.Lost(White))
	}
	// The whole file reads as a saved game, and the game writes and reads
	// back in both notations.
	start, got, err := ParseGame(string(text))
	if err != nil || start != NewPosition(BelgianDaisy) || !equalMoves(got, moves) {
		t.Fatalf("ParseGame(file) = %v, %d moves, %v; want belgian, %d moves", start.Text(), len(got), err, len(moves))
	}
	for _, n := range []Notation{Standard, AMalone} {
		saved, err := FormatGame(start, moves, n)
		if err != nil {
			t.Fatalf("FormatGame(%v): %v", n, err)
		}
		s2, m2, err := ParseGame(saved)
		if err != nil || s2 != start || !equalMoves(m2, moves) {
			t.Errorf("ParseGame(FormatGame(%v)) = %d moves, %v; want the same game\n%s", n, len(m2), err, saved)
		}
	}
}

func equalMoves(a, b []Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// playout plays a random game of at most plies moves from p and calls f
// at every position before each move.
func playout(rng *rand.Rand, p Position, plies int, f func(p *Position, l *MoveList)) Position {
	var l MoveList
	for range plies {
		p.GenerateMoves(&l)
		f(&p, &l)
		if l.Len == 0 {
			break
		}
		// Prefer pushes now and then, so that games reach ejections.
		m := l.Moves[rng.IntN(l.Len)]
		for range 3 {
			if p.effect(m).Pushed == 0 {
				m = l.Moves[rng.IntN(l.Len)]
			}
		}
		p.MakeMove(m)
	}
	return p
}

// TestRandomPlayouts checks, at every position of random games from each
// layout: both notations write every legal move in one form of their own
// (no two moves share a text) that reads back as the move; make and unmake
// restore the position and keep the hash exact; the position text and the
// marble list read back as the position; and a saved game replays.
func TestRandomPlayouts(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 6
	}
	rng := rand.New(rand.NewPCG(1, 2))
	ended := 0
	for g := range games {
		start := NewPosition(AllLayouts()[g%3])
		end := playout(rng, start, 400, func(p *Position, l *MoveList) {
			for _, text := range []string{p.Text(), p.MarbleList()} {
				if q, err := ParsePosition(text); err != nil || q != *p {
					t.Fatalf("ParsePosition(%q) = %v, %v; want the same position", text, q.Text(), err)
				}
			}
			for _, n := range []Notation{Standard, AMalone} {
				seen := make(map[string]Move, l.Len)
				for _, m := range l.Slice() {
					s := p.FormatMove(m, n)
					if other, dup := seen[strings.ToLower(s)]; dup {
						t.Fatalf("%v: %v and %v both write as %q", p.Text(), other, m, s)
					}
					seen[strings.ToLower(s)] = m
					if back, err := p.ParseMoveIn(s, n); err != nil || back != m {
						t.Fatalf("%v: %v written %q reads back as %v, %v", p.Text(), m, s, back, err)
					}
				}
			}
			for _, m := range l.Slice() {
				before := *p
				u := p.MakeMove(m)
				if p.hash != p.computeHash() {
					t.Fatalf("%v: hash after %v is not the hash from scratch", before.Text(), m)
				}
				p.UnmakeMove(u)
				if *p != before {
					t.Fatalf("%v: make/unmake of %v gave %v", before.Text(), m, p.Text())
				}
			}
		})
		if end.IsOver() {
			ended++
		}
	}
	if ended == 0 {
		t.Errorf("no random game reached its end; the playouts test no ejection to six")
	}
}

// TestSavedGameRoundTrip saves random games from hand-set and layout
// starts in both notations and loads them back.
func TestSavedGameRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	starts := []Position{
		StartPosition(),
		NewPosition(GermanDaisy),
		mustPosition(t, "black=A1,A2,A3,B2,C3,E5;white=I5,I6,H5,G5,E6;turn=white;lost=2,3"),
	}
	for i, start := range starts {
		var moves []Move
		p := start
		var l MoveList
		for range 120 {
			p.GenerateMoves(&l)
			if l.Len == 0 {
				break
			}
			m := l.Moves[rng.IntN(l.Len)]
			moves = append(moves, m)
			p.MakeMove(m)
		}
		for _, n := range []Notation{Standard, AMalone} {
			text, err := FormatGame(start, moves, n)
			if err != nil {
				t.Fatalf("start %d: FormatGame: %v", i, err)
			}
			s, got, err := ParseGame(text)
			if err != nil || s != start || !equalMoves(got, moves) {
				t.Fatalf("start %d %v: ParseGame = %v, %d moves, %v; want %v, %d moves\n%s", i, n, s.Text(), len(got), err, start.Text(), len(moves), text)
			}
			if single := strings.Join(strings.Fields(text), " "); single != text {
				if _, got, err := ParseGame(single); err != nil || !equalMoves(got, moves) {
					t.Errorf("start %d: the game on one line does not read back: %v", i, err)
				}
			}
			for line := range strings.Lines(text) {
				if len(strings.TrimRight(line, "\n")) > 80 {
					t.Errorf("start %d: line of %d characters: %q", i, len(line), line)
				}
			}
		}
	}
}

func TestParseGameErrors(t *testing.T) {
	tests := []struct {
		name, in string
		want     error
	}{
		{"empty", "", ErrInvalidGame},
		{"bad layout", "abalone chinese 1.a1b2", ErrInvalidPosition},
		{"illegal move", "abalone standard 1.a1b2 i5h5 2.e5e6", ErrIllegalMove},
		{"garbage move", "abalone standard 1.hello", ErrInvalidMove},
		{"white plays twice", "abalone standard 1.a1b2 a2b3", ErrIllegalMove},
	}
	for _, tc := range tests {
		_, _, err := ParseGame(tc.in)
		if !errors.Is(err, ErrInvalidGame) || !errors.Is(err, tc.want) {
			t.Errorf("%s: ParseGame(%q) error %v; want %v and %v", tc.name, tc.in, err, ErrInvalidGame, tc.want)
		}
	}
	if _, err := FormatGame(StartPosition(), []Move{InLine(NewCell(4, 4), East, 1)}, Standard); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("FormatGame with an illegal move: %v; want ErrIllegalMove", err)
	}
}

func TestWhiteBeginsNumbering(t *testing.T) {
	start := StartPosition()
	start.SetTurn(White)
	p := start
	var moves []Move
	for _, s := range []string{"i5h5", "a1b1", "h5g5"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.MakeMove(m)
	}
	got, err := FormatGame(start, moves, Standard)
	want := "abalone wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w 0 0\n1... i5h5 2. a1b1 h5g5\n"
	if err != nil || got != want {
		t.Errorf("FormatGame = %q, %v; want %q", got, err, want)
	}
}
