package stratego

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// The manual's table: "Each player sets up 40 pieces … Number".
func TestArmyCountsAreTheManuals(t *testing.T) {
	want := map[byte]int{'1': 1, '2': 1, '3': 2, '4': 3, '5': 4, '6': 4, '7': 4, '8': 5, '9': 8, 's': 1, 'B': 6, 'F': 1}
	total := 0
	for r := Marshal; r < NumRanks; r++ {
		if got := ArmyCounts[r]; got != want[r.Token()] {
			t.Errorf("%v (%c): got %d; want %d", r, r.Token(), got, want[r.Token()])
		}
		total += ArmyCounts[r]
	}
	if total != 40 {
		t.Errorf("army size: got %d; want 40", total)
	}
	if got := len(Army()); got != 40 {
		t.Errorf("len(Army()): got %d; want 40", got)
	}
}

func TestParseSetupLines(t *testing.T) {
	red := []string{"FB8sB479B8", "BB31555583", "6724898974", "967B669999"}
	blue := []string{"967B669999", "6724898974", "BB31555583", "FB8sB479B8"}
	rs, err := ParseSetupLines(Red, red)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := ParseSetupLines(Blue, blue)
	if err != nil {
		t.Fatal(err)
	}
	if rs != bs {
		t.Errorf("the protocol's Red and Blue sample setups are one formation: got %v and %v", rs, bs)
	}
	if got := bs.Lines(Blue); strings.Join(got[:], "/") != strings.Join(blue, "/") {
		t.Errorf("Lines(Blue): got %v; want %v", got, blue)
	}
	p, err := NewPosition(rs, bs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	// Red's first line is y 0, Blue's first line is y 6.
	if got := p.At(SquareAt(0, 0)); got != NewPiece(Red, Flag) {
		t.Errorf("(0,0): got %v; want rF", got)
	}
	if got := p.At(SquareAt(0, 6)); got != NewPiece(Blue, Scout) {
		t.Errorf("(0,6): got %v; want b9", got)
	}
	if got := p.At(SquareAt(0, 9)); got != NewPiece(Blue, Flag) {
		t.Errorf("(0,9): got %v; want bF", got)
	}
	if p.Value(Red) != 148 || p.Value(Blue) != 148 {
		t.Errorf("values: got %d %d; want 148 148", p.Value(Red), p.Value(Blue))
	}

	bad := []struct {
		name  string
		lines []string
	}{
		{"three lines", red[:3]},
		{"short line", []string{"FB8sB479B", "BB31555583", "6724898974", "967B669999"}},
		{"long line", []string{"FB8sB479B88", "BB31555583", "6724898974", "967B669999"}},
		{"unknown letter", []string{"FB8SB479B8", "BB31555583", "6724898974", "967B669999"}},
		{"empty square", []string{"FB8.B479B8", "BB31555583", "6724898974", "967B669999"}},
		{"two flags, one bomb short", []string{"FF8sB479B8", "BB31555583", "6724898974", "967B669999"}},
		{"nine scouts, no spy", []string{"FB89B479B8", "BB31555583", "6724898974", "967B669999"}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := ParseSetupLines(Red, c.lines); !errors.Is(err, ErrInvalidSetup) {
				t.Errorf("got %v; want ErrInvalidSetup", err)
			}
		})
	}
}

func TestFormationsAreValid(t *testing.T) {
	for _, name := range Formations() {
		s, err := Formation(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if err := s.Mirror().Validate(); err != nil {
			t.Errorf("%s mirrored: %v", name, err)
		}
		if got, err := ParseSetup(Red, name, nil); err != nil || got != s {
			t.Errorf("ParseSetup(%q): got %v, %v; want %v", name, got, err, s)
		}
	}
	if _, err := Formation("nope"); !errors.Is(err, ErrUnknownFormation) {
		t.Errorf("Formation(nope): got %v; want ErrUnknownFormation", err)
	}
}

func TestRandomSetup(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[Setup]bool{}
	for i := 0; i < 50; i++ {
		s := RandomSetup(rng)
		if err := s.Validate(); err != nil {
			t.Fatalf("random setup %v: %v", s, err)
		}
		seen[s] = true
	}
	if len(seen) < 50 {
		t.Errorf("50 random setups: got %d distinct; want 50", len(seen))
	}
	s, err := ParseSetup(Blue, "random", rng)
	if err != nil || s.Validate() != nil {
		t.Errorf("ParseSetup(random): %v", err)
	}
}

func TestParseSetupSeparators(t *testing.T) {
	want, _ := Formation("progcomp")
	for _, text := range []string{
		"967B669999/6724898974/BB31555583/FB8sB479B8",
		"967B669999 6724898974 BB31555583 FB8sB479B8",
		"967B669999\n6724898974\nBB31555583\nFB8sB479B8\n",
		"967B669999, 6724898974, BB31555583, FB8sB479B8",
	} {
		if got, err := ParseSetup(Blue, text, nil); err != nil || got != want {
			t.Errorf("ParseSetup(Blue, %q): got %v, %v; want %v", text, got, err, want)
		}
	}
}
