package ataxx

import (
	"errors"
	"testing"
)

// The users' guide, IV.A.2.c, Figure 3: the board that "blocks 3gh" makes.
const figure3 = `===
  r - - - - - b
  - X - - - X -
  - - X - X - -
  - - X - X - -
  - - X - X - -
  - X - - - X -
  b - - - - - r
===
`

func TestBlockPatternFigure3(t *testing.T) {
	b, err := ParseBlockPattern("3gh")
	if err != nil {
		t.Fatal(err)
	}
	p := NewPosition()
	if err := p.AddBlocks(b); err != nil {
		t.Fatal(err)
	}
	if got := p.Dump(); got != figure3 {
		t.Errorf("blocks 3gh:\n%s\nwant Figure 3:\n%s", got, figure3)
	}
}

func TestBlockPatternSymbols(t *testing.T) {
	// Figure 2 of the users' guide: each symbol and its reflections.
	figure2 := []string{
		"- d e 4 e d -",
		"a g f 5 f g a",
		"b c h 6 h c b",
		"1 2 3 - 3 2 1",
		"b c h 6 h c b",
		"a g f 5 f g a",
		"- d e 4 e d -",
	}
	for _, sym := range "123456abcdefgh" {
		got, err := ParseBlockPattern(string(sym))
		if err != nil {
			t.Fatalf("ParseBlockPattern(%q): %v", sym, err)
		}
		var want Bitboard
		for i, row := range figure2 {
			for f := 0; f < 7; f++ {
				if rune(row[2*f]) == sym {
					want |= NewSquare(f, 6-i).Bit()
				}
			}
		}
		if got != want {
			t.Errorf("ParseBlockPattern(%q) = %v; want %v", sym, got.Squares(), want.Squares())
		}
	}
}

func TestParseBlock(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"c3", []string{"c3", "e3", "c5", "e5"}},
		{"b2", []string{"b2", "f2", "b6", "f6"}},
		{"d4", []string{"d4"}},
		{"d2", []string{"d2", "d6"}},
		{"a4", []string{"a4", "g4"}},
	}
	for _, tt := range tests {
		got, err := ParseBlock(tt.in)
		if err != nil {
			t.Fatalf("ParseBlock(%q): %v", tt.in, err)
		}
		var want Bitboard
		for _, s := range tt.want {
			q, _ := ParseSquare(s)
			want |= q.Bit()
		}
		if got != want {
			t.Errorf("ParseBlock(%q) = %v; want %v", tt.in, got.Squares(), want.Squares())
		}
	}
	if _, err := ParseBlock("z9"); !errors.Is(err, ErrInvalidSquare) {
		t.Errorf("ParseBlock(z9) error = %v; want ErrInvalidSquare", err)
	}
}

func TestParseBlockPatternErrors(t *testing.T) {
	for _, in := range []string{"", "7", "3gi", "x", "3 g"} {
		if _, err := ParseBlockPattern(in); !errors.Is(err, ErrInvalidPattern) {
			t.Errorf("ParseBlockPattern(%q) error = %v; want ErrInvalidPattern", in, err)
		}
	}
}
