package ataxx

import (
	"errors"
	"testing"
)

func TestParseSquare(t *testing.T) {
	tests := []struct {
		in      string
		want    Square
		wantErr bool
	}{
		{"a1", 0, false},
		{"g1", 6, false},
		{"a7", 42, false},
		{"g7", 48, false},
		{"D4", 24, false},
		{"h1", NoSquare, true},
		{"a8", NoSquare, true},
		{"a0", NoSquare, true},
		{"", NoSquare, true},
		{"a10", NoSquare, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSquare(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("ParseSquare(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
			}
			if err != nil && !errors.Is(err, ErrInvalidSquare) {
				t.Errorf("error %v does not wrap ErrInvalidSquare", err)
			}
			if err == nil && got.String() != string([]byte{lower(tt.in[0]), tt.in[1]}) {
				t.Errorf("String() = %q; want %q", got.String(), tt.in)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	sq := func(s string) Square {
		q, err := ParseSquare(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	tests := []struct {
		name, in string
		want     Move
		wantUAI  string
		wantErr  bool
	}{
		{"manual clone", "a7-b6", CloneFrom(sq("a7"), sq("b6")), "b6", false},
		{"manual jump", "a1-c1", Jump(sq("a1"), sq("c1")), "a1c1", false},
		{"manual pass", "-", Pass, "0000", false},
		{"uai clone", "b6", Clone(sq("b6")), "b6", false},
		{"uai jump", "a7c5", Jump(sq("a7"), sq("c5")), "a7c5", false},
		{"uai clone with origin", "a7b6", CloneFrom(sq("a7"), sq("b6")), "b6", false},
		{"uai pass", "0000", Pass, "0000", false},
		{"upper case", "A7-C5", Jump(sq("a7"), sq("c5")), "a7c5", false},
		{"spaces around", "  g1-f2 ", CloneFrom(sq("g1"), sq("f2")), "f2", false},
		{"too far", "a7-d4", NoMove, "", true},
		{"same square", "a7-a7", NoMove, "", true},
		{"off board", "a7-a8", NoMove, "", true},
		{"garbage", "hello", NoMove, "", true},
		{"empty", "", NoMove, "", true},
		{"wrong separator", "a7+b6", NoMove, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseMove(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalidMove) {
					t.Fatalf("ParseMove(%q) error = %v; want ErrInvalidMove", tt.in, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseMove(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			if got.String() != tt.wantUAI {
				t.Errorf("ParseMove(%q).String() = %q; want %q", tt.in, got.String(), tt.wantUAI)
			}
		})
	}
}

func TestManualNotation(t *testing.T) {
	p := NewPosition()
	tests := []struct{ move, want string }{
		{"b6", "a7-b6"},
		{"f2", "g1-f2"},
		{"a7c5", "a7-c5"},
		{"a7-b6", "a7-b6"},
	}
	for _, tt := range tests {
		m, err := ParseMove(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.ManualNotation(m); got != tt.want {
			t.Errorf("ManualNotation(%q) = %q; want %q", tt.move, got, tt.want)
		}
	}
	if got := p.ManualNotation(Pass); got != "-" {
		t.Errorf("ManualNotation(pass) = %q; want %q", got, "-")
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct{ name, in string }{
		{"empty", ""},
		{"six rows", "x5o/7/7/7/7/o5x x 0 1"},
		{"long row", "x6o/7/7/7/7/7/o5x x 0 1"},
		{"short row", "x4o/7/7/7/7/7/o5x x 0 1"},
		{"row overflow by digits", "x5o/44/7/7/7/7/o5x x 0 1"},
		{"bad letter", "x5o/7/7/3r3/7/7/o5x x 0 1"},
		{"zero digit", "x5o/07/7/7/7/7/o5x x 0 1"},
		{"bad side", "x5o/7/7/7/7/7/o5x r 0 1"},
		{"negative clock", "x5o/7/7/7/7/7/o5x x -1 1"},
		{"zero fullmove", "x5o/7/7/7/7/7/o5x x 0 0"},
		{"extra field", "x5o/7/7/7/7/7/o5x x 0 1 9"},
		{"no side", "x5o/7/7/7/7/7/o5x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := ParseFEN(tt.in); !errors.Is(err, ErrInvalidFEN) {
				t.Errorf("ParseFEN(%q) error = %v; want ErrInvalidFEN", tt.in, err)
			}
		})
	}
}

func TestParseFENForms(t *testing.T) {
	tests := []struct{ in, want string }{
		{"startpos", StartFEN},
		{"x5o/7/7/7/7/7/o5x x", StartFEN},
		{"x5o/7/2-1-2/7/2-1-2/7/o5x o 7 12", "x5o/7/2-1-2/7/2-1-2/7/o5x o 7 12"},
		{"X5O/7/7/7/7/7/O5X X 0 1", StartFEN},
	}
	for _, tt := range tests {
		p, err := ParseFEN(tt.in)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", tt.in, err)
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q; want %q", tt.in, got, tt.want)
		}
	}
	start := NewPosition()
	if p, _ := ParseFEN(StartFEN); p != start {
		t.Errorf("ParseFEN(StartFEN) = %v; want NewPosition() %v", p.FEN(), start.FEN())
	}
}

func TestMarshalText(t *testing.T) {
	p := NewPosition()
	p.SetRules(RulesCS61B)
	text, err := p.MarshalText()
	if err != nil || string(text) != StartFEN {
		t.Fatalf("MarshalText = %q, %v; want %q", text, err, StartFEN)
	}
	var q Position
	q.SetRules(RulesCS61B)
	if err := q.UnmarshalText(text); err != nil || q != p {
		t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", text, q.FEN(), err, p.FEN())
	}
}

func TestParseRules(t *testing.T) {
	for _, r := range []Rules{RulesManual, RulesCS61B, RulesUAI} {
		got, err := ParseRules(r.String())
		if err != nil || got != r {
			t.Errorf("ParseRules(%q) = %v, %v; want %v", r.String(), got, err, r)
		}
	}
	if _, err := ParseRules("chess"); !errors.Is(err, ErrInvalidRules) {
		t.Errorf("ParseRules(chess) error = %v; want ErrInvalidRules", err)
	}
}
