package abalone

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"
)

func mustPosition(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

func cell(t testing.TB, s string) Cell {
	t.Helper()
	c, err := ParseCellIn(s, Standard)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestAMaloneSquareMap checks every aMalone name against the map derived
// from the manual's diagram (shared/games/amalone_square_map.txt).
func TestAMaloneSquareMap(t *testing.T) {
	f, err := os.Open("testdata/amalone_square_map.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[Cell]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		c, err := ParseCellIn(fields[0], AMalone)
		if err != nil {
			t.Errorf("ParseCellIn(%q, AMalone): %v", fields[0], err)
			continue
		}
		if got := c.String(); got != fields[1] {
			t.Errorf("aMalone %s = %s; want %s", fields[0], got, fields[1])
		}
		if got := c.AMalone(); got != fields[0] {
			t.Errorf("%s.AMalone() = %s; want %s", c, got, fields[0])
		}
		seen[c] = true
	}
	if len(seen) != NumCells {
		t.Errorf("the map names %d cells; want %d", len(seen), NumCells)
	}
}

func TestParseCell(t *testing.T) {
	tests := []struct {
		name, in string
		n        Notation
		want     string // standard name, "" for an error
	}{
		{"corner", "a1", Standard, "A1"},
		{"upper case", "I9", Standard, "I9"},
		{"centre", "e5", Standard, "E5"},
		{"off the hexagon", "a6", Standard, ""},
		{"row J", "j5", Standard, ""},
		{"diagonal 0", "e0", Standard, ""},
		{"amalone centre", "gg", AMalone, "E5"},
		{"amalone B0", "B0", AMalone, "D5"},
		{"amalone group G", "G1", AMalone, ""},
		{"empty", "", Standard, ""},
	}
	for _, tc := range tests {
		c, err := ParseCellIn(tc.in, tc.n)
		switch {
		case tc.want == "" && !errors.Is(err, ErrInvalidCell):
			t.Errorf("%s: ParseCellIn(%q) = %v, %v; want ErrInvalidCell", tc.name, tc.in, c, err)
		case tc.want != "" && (err != nil || c.String() != tc.want):
			t.Errorf("%s: ParseCellIn(%q) = %v, %v; want %s", tc.name, tc.in, c, err, tc.want)
		}
	}
}

// TestManualExamples plays the four examples of aMalone's manual, each in
// a position where it is legal, in both notations.
func TestManualExamples(t *testing.T) {
	tests := []struct {
		name, pos, std, amalone string
		want                    Move
		ejects                  bool
	}{
		{"single marble B0 to GG", "black=D5;white=I5", "d5e5", "1B0-GG", InLine(NewCell(3, 4), NorthWest, 1), false},
		{"broadside to the left", "black=D4,C3,B2;white=I5", "b2d4c2", "3A0-F0l", Broadside(NewCell(1, 1), NorthEast, 3, NorthWest), false},
		{"broadside to the right", "black=E5,D5;white=I5", "d5e5e6", "2GG-D0r", Broadside(NewCell(3, 4), NorthWest, 2, NorthEast), false},
		{"push two off", "black=D4,E4,F4;white=G4,H4,I9", "d4e4", "3E2-E4+", InLine(NewCell(3, 3), NorthWest, 3), true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.pos)
			for _, n := range []Notation{Standard, AMalone} {
				text := tc.std
				if n == AMalone {
					text = tc.amalone
				}
				m, err := p.ParseMove(text)
				if err != nil || m != tc.want {
					t.Fatalf("ParseMove(%q) = %v, %v; want %v", text, m, err, tc.want)
				}
				if got := p.FormatMove(m, n); got != text {
					t.Errorf("FormatMove(%v, %v) = %q; want %q", m, n, got, text)
				}
			}
			if e := p.Effect(tc.want); e.Ejected != tc.ejects {
				t.Errorf("Effect(%v).Ejected = %v; want %v", tc.want, e.Ejected, tc.ejects)
			}
		})
	}
}

func TestParseMoveErrors(t *testing.T) {
	start := StartPosition()
	push := mustPosition(t, "black=D4,E4,F4;white=G4,H4,I9")
	tests := []struct {
		name string
		pos  Position
		in   string
		want error
	}{
		{"garbage", start, "hello", ErrInvalidMove},
		{"empty", start, "", ErrInvalidMove},
		{"not neighbours", start, "a1c3", ErrInvalidMove},
		{"off board cell", start, "a1a6", ErrInvalidMove},
		{"no marble", start, "e5e6", ErrIllegalMove},
		{"opponent's marble", start, "i5h5", ErrIllegalMove},
		{"off the board alone", start, "a1a0", ErrInvalidMove},
		{"leave the board", start, "b1a1", ErrIllegalMove},
		{"broadside along its line", start, "c3c5c2", ErrInvalidMove},
		{"broadside ends too far", start, "a1a5b1", ErrInvalidMove},
		{"broadside onto marbles", start, "a1a3b1", ErrIllegalMove},
		{"amalone bad suffix", start, "2A1-A0x", ErrInvalidMove},
		{"amalone single sideways", start, "1A1-A0l", ErrInvalidMove},
		{"amalone no dash", start, "1B0GG", ErrInvalidMove},
		{"amalone bad name", start, "1Z0-GG", ErrInvalidMove},
		{"amalone false plus", start, "1A1-A0+", ErrIllegalMove},
		{"amalone count too small", push, "1E2-E4", ErrIllegalMove},
		{"four in line", mustPosition(t, "black=A1,B1,C1,D1"), "a1b1", ErrIllegalMove},
		{"two against two", mustPosition(t, "black=A1,B1;white=C1,D1"), "a1b1", ErrIllegalMove},
		{"sandwich", mustPosition(t, "black=A1,B1,C1,E1;white=D1"), "a1b1", ErrIllegalMove},
		{"game over", mustPosition(t, "black=A1,A2,A3,A4,A5,B1,B2,B3;white=I5;lost=6,0"), "a1b1", ErrGameOver},
	}
	for _, tc := range tests {
		m, err := tc.pos.ParseMove(tc.in)
		if !errors.Is(err, tc.want) || m != NoMove {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want NoMove, %v", tc.name, tc.in, m, err, tc.want)
		}
	}
}

func TestParseMoveLeniency(t *testing.T) {
	p := mustPosition(t, "black=D4,E4,F4;white=G4,H4,I9")
	tests := []struct{ name, in, want string }{
		{"upper case", "D4E4", "d4e4"},
		{"spaces", "  d4e4 ", "d4e4"},
		{"amalone lower case", "3e2-e4+", "d4e4"},
		{"amalone plus left out", "3E2-E4", "d4e4"},
		{"broadside ends swapped", "f4d4f5", "d4f4d5"},
	}
	for _, tc := range tests {
		m, err := p.ParseMove(tc.in)
		if err != nil || m.String() != tc.want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", tc.name, tc.in, m, err, tc.want)
		}
	}
}

func TestParseNotation(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Notation
		ok   bool
	}{{"standard", Standard, true}, {"AMALONE", AMalone, true}, {"aba-pro", Standard, true}, {"pgn", Standard, false}} {
		n, err := ParseNotation(tc.in)
		if (err == nil) != tc.ok || (tc.ok && n != tc.want) || (!tc.ok && !errors.Is(err, ErrInvalidNotation)) {
			t.Errorf("ParseNotation(%q) = %v, %v; want %v (ok %v)", tc.in, n, err, tc.want, tc.ok)
		}
	}
}

func TestDescribe(t *testing.T) {
	push := mustPosition(t, "black=D4,E4,F4,A1,A2;white=G4,H4,I9")
	tests := []struct {
		name string
		p    Position
		move string
		n    Notation
		want string
	}{
		{"single", push, "a1b1", Standard, "black a1b1: 1 marble moves"},
		{"broadside", push, "a1a2b1", Standard, "black a1a2b1: 2 marbles broadside"},
		{"push off", push, "d4e4", Standard, "black d4e4: 3 marbles in line, push 2 white marbles, 1 off the board from H4"},
		{"push off in amalone", push, "d4e4", AMalone, "black 3E2-E4+: 3 marbles in line, push 2 white marbles, 1 off the board from E7"},
	}
	for _, tc := range tests {
		m, err := tc.p.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := tc.p.Describe(m, tc.n); got != tc.want {
			t.Errorf("%s: Describe = %q; want %q", tc.name, got, tc.want)
		}
	}
}
