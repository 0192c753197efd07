package tourney

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Format
		err  bool
	}{
		{"roundrobin", "roundrobin", RoundRobin, false},
		{"rr", "rr", RoundRobin, false},
		{"round-robin in capitals", "Round-Robin", RoundRobin, false},
		{"robin", "ROBIN", RoundRobin, false},
		{"gauntlet", "Gauntlet", Gauntlet, false},
		{"swiss", "swiss", Swiss, false},
		{"Swiss", "SWISS", Swiss, false},
		{"empty", "", "", true},
		{"round robin with a space", "round robin", "", true},
		{"knockout", "knockout", "", true},
		{"padded", " rr", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFormat(tt.in)
			if tt.err {
				if !errors.Is(err, ErrTournament) {
					t.Errorf("ParseFormat(%q) error = %v; want ErrTournament", tt.in, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ParseFormat(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestTitle(t *testing.T) {
	for _, tt := range []struct {
		f    Format
		want string
	}{
		{RoundRobin, "round robin"},
		{Gauntlet, "gauntlet"},
		{Swiss, "Swiss"},
	} {
		if got := tt.f.Title(); got != tt.want {
			t.Errorf("%q.Title() = %q; want %q", tt.f, got, tt.want)
		}
	}
}

func TestDefaultRounds(t *testing.T) {
	tests := []struct {
		name string
		f    Format
		n    int
		want int
	}{
		{"round robin", RoundRobin, 8, 2},
		{"gauntlet", Gauntlet, 5, 2},
		{"Swiss of 2: at least 3", Swiss, 2, 3},
		{"Swiss of 4: log2 4 + 1", Swiss, 4, 3},
		{"Swiss of 5: ceil(log2 5) + 1", Swiss, 5, 4},
		{"Swiss of 8", Swiss, 8, 4},
		{"Swiss of 9", Swiss, 9, 5},
		{"Swiss of 32", Swiss, 32, 6},
		{"Swiss of 0", Swiss, 0, 3},
	}
	for _, tt := range tests {
		if got := DefaultRounds(tt.f, tt.n); got != tt.want {
			t.Errorf("%s: DefaultRounds(%q, %d) = %d; want %d", tt.name, tt.f, tt.n, got, tt.want)
		}
	}
}

func TestCut(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		n        int
		want     string
	}{
		{"short", "Ann", 5, "Ann"},
		{"exact", "Annie", 5, "Annie"},
		{"long", "Annabelle", 5, "Anna…"},
		{"runes, not bytes", "ÉéÉéÉé", 4, "ÉéÉ…"},
	} {
		if got := cut(tt.in, tt.n); got != tt.want {
			t.Errorf("%s: cut(%q, %d) = %q; want %q", tt.name, tt.in, tt.n, got, tt.want)
		}
	}
}

// FuzzParseFormat checks that ParseFormat accepts exactly the names of
// the formats in any case, and refuses the rest with ErrTournament and a
// short message.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{"rr", "Round-Robin", "gauntlet", "swiss", "", "knockout"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseFormat(s)
		if err != nil {
			if !errors.Is(err, ErrTournament) {
				t.Fatalf("ParseFormat(%q) error = %v; want ErrTournament", s, err)
			}
			if len(err.Error()) > 200 {
				t.Fatalf("ParseFormat(%q) error is %d bytes; want at most 200", s, len(err.Error()))
			}
			return
		}
		switch got {
		case RoundRobin, Gauntlet, Swiss:
		default:
			t.Fatalf("ParseFormat(%q) = %q; want one of the formats", s, got)
		}
		again, err := ParseFormat(strings.ToUpper(string(got)))
		if err != nil || again != got {
			t.Fatalf("ParseFormat(%q) = %q, %v; want %q", strings.ToUpper(string(got)), again, err, got)
		}
	})
}
