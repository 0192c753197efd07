package abalone

import (
	"errors"
	"testing"
)

func TestParsePosition(t *testing.T) {
	start := StartPosition()
	white := start
	white.SetTurn(White)
	tests := []struct {
		name, in string
		want     Position
	}{
		{"layout", "standard", start},
		{"layout alias", "Startpos", start},
		{"text", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0", start},
		{"text without lost", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w", white},
		{"upper-case text", "WWWWW/WWWWWW/2WWW2/8/9/8/2BBB2/BBBBBB/BBBBB B", start},
		{"marble list", "black=A1,A2,A3,A4,A5,B1,B2,B3,B4,B5,B6,C3,C4,C5;white=I5,I6,I7,I8,I9,H4,H5,H6,H7,H8,H9,G5,G6,G7;turn=black", start},
		{"marble list with spaces", " white=I5, I6,I7,I8,I9,H4,H5,H6,H7,H8,H9,G5,G6,G7 ; black=a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c3,c4,c5; turn = white", white},
	}
	for _, tc := range tests {
		got, err := ParsePosition(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%s: ParsePosition(%q) = %v, %v; want %v", tc.name, tc.in, got.Text(), err, tc.want.Text())
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"unknown layout", "chinese"},
		{"eight rows", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb b"},
		{"long row", "wwwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b"},
		{"short row", "wwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b"},
		{"bad turn", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb x"},
		{"bad symbol", "wwwww/wwwwww/2wxw2/8/9/8/2bbb2/bbbbbb/bbbbb b"},
		{"one lost count", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0"},
		{"too many lost", "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 1 0"},
		{"lost beyond six", "5/6/7/8/9/8/7/6/5 b 7 0"},
		{"duplicate cell", "black=A1,A1"},
		{"cell of both", "black=A1;white=A1"},
		{"off-board cell", "black=A6"},
		{"unknown key", "red=A1"},
		{"key twice", "black=A1;black=A2"},
		{"bad turn word", "black=A1;turn=purple"},
		{"fifteen marbles", "black=A1,A2,A3,A4,A5,B1,B2,B3,B4,B5,B6,C1,C2,C3,C4"},
		{"bad lost", "black=A1;lost=x,1"},
	}
	for _, tc := range tests {
		p, err := ParsePosition(tc.in)
		if !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("%s: ParsePosition(%q) = %v, %v; want ErrInvalidPosition", tc.name, tc.in, p.Text(), err)
		}
	}
}

func TestSetup(t *testing.T) {
	var p Position
	e5 := NewCell(4, 4)
	if got, err := p.Toggle(e5, Black); err != nil || got != BlackMarble {
		t.Fatalf("Toggle(E5, black) = %v, %v; want @", got, err)
	}
	if got, err := p.Toggle(e5, White); err != nil || got != WhiteMarble {
		t.Fatalf("Toggle(E5, white) over black = %v, %v; want O", got, err)
	}
	if got, _ := p.Toggle(e5, White); got != Empty {
		t.Fatalf("second Toggle(E5, white) = %v; want empty", got)
	}
	p.SetTurn(White)
	if p.Turn() != White || p.hash != p.computeHash() {
		t.Fatalf("SetTurn(White): turn %v, hash exact %v", p.Turn(), p.hash == p.computeHash())
	}
	if err := p.Put(NoCell, Black); !errors.Is(err, ErrInvalidCell) {
		t.Errorf("Put(NoCell) = %v; want ErrInvalidCell", err)
	}
	if err := p.SetLost(Black, 7); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("SetLost(7) = %v; want ErrInvalidPosition", err)
	}
	if p.Outcome() != BlackWins {
		t.Errorf("White to move with no marble: %v; want black wins (no legal move loses)", p.Outcome())
	}
}

// TestStartInAMaloneNames checks the standard layout against the line of
// shared/games/vectors.txt that names it in aMalone's cells.
func TestStartInAMaloneNames(t *testing.T) {
	want := map[Color][]string{
		Black: {"A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "B1", "B3", "B6", "B7", "F9"},
		White: {"D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "E1", "E3", "E6", "E7", "C9"},
	}
	p := StartPosition()
	for c, names := range want {
		for _, name := range names {
			cl, err := ParseCellIn(name, AMalone)
			if err != nil {
				t.Fatal(err)
			}
			if p.At(cl) != MarbleOf(c) {
				t.Errorf("aMalone %s (%v) holds %v; want a %v marble", name, cl, p.At(cl), c)
			}
		}
		if p.Count(c) != len(names) {
			t.Errorf("%v has %d marbles; want %d", c, p.Count(c), len(names))
		}
	}
}

func TestMarshalText(t *testing.T) {
	p := mustPosition(t, "black=A1,E5;white=I9;turn=white;lost=2,4")
	b, err := p.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var q Position
	if err := q.UnmarshalText(b); err != nil || q != p {
		t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, q.Text(), err, p.Text())
	}
	if err := q.UnmarshalText([]byte("nonsense")); !errors.Is(err, ErrInvalidPosition) || q != p {
		t.Errorf("UnmarshalText(nonsense) = %v and changed the position to %v; want ErrInvalidPosition, unchanged", err, q.Text())
	}
}
