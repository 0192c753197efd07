package congo

import (
	"errors"
	"testing"
)

func TestParseMove(t *testing.T) {
	monkey := "7/4l2/7/4c2/7/2p4/1M1L3/w/-1"
	tests := []struct {
		name, fen, text, want string
		err                   error
	}{
		{"space", StartFEN, "a2 a3", "a2-a3", nil},
		{"hyphen", StartFEN, "a2-a3", "a2-a3", nil},
		{"compact", StartFEN, "a2a3", "a2-a3", nil},
		{"guide's view", StartFEN, "(a2,a3)", "a2-a3", nil},
		{"uppercase", StartFEN, "A2-A3", "a2-a3", nil},
		{"giraffe's leap", StartFEN, "a1 a3", "a1-a3", nil},
		{"the guide's wrong move", StartFEN, "a1 b3", "", ErrIllegalMove},
		{"no piece", StartFEN, "a3 a4", "", ErrIllegalMove},
		{"other side's piece", StartFEN, "a6 a5", "", ErrIllegalMove},
		{"one square", StartFEN, "a2", "", ErrInvalidMove},
		{"not a square", StartFEN, "a2 a9", "", ErrInvalidMove},
		{"garbage", StartFEN, "hello", "", ErrInvalidMove},
		{"empty", StartFEN, "", "", ErrInvalidMove},
		{"monkey's step", monkey, "b1 a2", "b1-a2", nil},
		{"monkey's jump", monkey, "b1-d3", "b1-d3", nil},
		{"monkey's path", monkey, "b1-d3-f5-d7", "b1-d3-f5-d7", nil},
		{"monkey's path compact", monkey, "b1d3f5d7", "b1-d3-f5-d7", nil},
		{"monkey's path that is no jump", monkey, "b1-d3-e4", "", ErrIllegalMove},
		{"monkey's path over nothing", monkey, "b1-d3-b5", "", ErrIllegalMove},
		{"monkey's stop when not jumping", monkey, "b1 b1", "", ErrIllegalMove},
		{"game over", "7/7/7/7/7/7/3L3/w/-1", "d1 d2", "", ErrGameOver},
		{"stop while jumping", "7/4l2/7/4c2/3M3/7/3L3/w/43", "d3 d3", "d3-d3", nil},
		{"path while jumping", "7/4l2/7/4c2/3M3/7/3L3/w/43", "d3-f5-d7", "d3-f5-d7", nil},
		{"another piece while jumping", "7/4l2/7/4c2/3M3/7/3L3/w/43", "d1 d2", "", ErrIllegalMove},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseMove(tt.text)
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Errorf("ParseMove(%q) = %v, %v; want error %v", tt.text, m, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tt.text, err)
			}
			if got := m.String(); got != tt.want {
				t.Errorf("ParseMove(%q) = %s; want %s", tt.text, got, tt.want)
			}
		})
	}
}

func TestParseStepOpensOnlyAJump(t *testing.T) {
	p, err := ParseFEN("7/4l2/7/4c2/7/2p4/1M1L3/w/-1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text string
		open bool
	}{{"b1 d3", true}, {"b1 a2", false}, {"b1-d3-f5", false}, {"d1 d2", false}} {
		m, err := p.ParseStep(tt.text)
		if err != nil {
			t.Fatalf("ParseStep(%q): %v", tt.text, err)
		}
		if m.IsOpen() != tt.open {
			t.Errorf("ParseStep(%q).IsOpen() = %v; want %v", tt.text, m.IsOpen(), tt.open)
		}
	}
}

func TestGuideString(t *testing.T) {
	tests := []struct {
		m    Move
		want string
	}{
		{NewMove(NewSquare(0, 1), NewSquare(0, 2)), "(a2,a3)"},
		{PathMove(NewSquare(1, 0), 1, 1), "(b1,d3,f5)"},
	}
	for _, tt := range tests {
		if got := tt.m.GuideString(); got != tt.want {
			t.Errorf("GuideString() = %s; want %s", got, tt.want)
		}
	}
	if got := NoMove.String(); got != "0000" {
		t.Errorf("NoMove.String() = %s; want 0000", got)
	}
	if got := PathMove(NewSquare(0, 0), 5); got != NoMove {
		t.Errorf("PathMove off the board = %v; want NoMove", got)
	}
}
