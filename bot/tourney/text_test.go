package tourney

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name, or rewrites it with
// -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

// names5 and swiss5 are two rounds of a Swiss of five, with a long name
// and a name out of Latin-1.
var names5 = []string{"Ann", "Bartholomew the Magnificent", "Zoë", "Dee", "李小龍"}

var swiss5 = []Result{
	{Pairing{1, 0, 1}, 1}, {Pairing{1, 2, 3}, 0.5}, {Pairing{1, 4, Bye}, 1},
	{Pairing{2, 4, 0}, 0.5}, {Pairing{2, 3, 1}, 0}, {Pairing{2, 2, Bye}, 1},
}

func TestStandingsText(t *testing.T) {
	tests := []struct {
		name    string
		names   []string
		n       int
		results []Result
	}{
		{"standings-roundrobin.txt", names4, 4, field4},
		{"standings-swiss.txt", names5, 5, swiss5},
		{"standings-none.txt", []string{"Ann", ""}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, StandingsText(tt.names, Standings(tt.n, tt.results)))
		})
	}
}

func TestCrosstableText(t *testing.T) {
	tests := []struct {
		name    string
		names   []string
		results []Result
	}{
		{"crosstable-roundrobin.txt", names4, field4},
		{"crosstable-swiss.txt", names5, swiss5},
		// Two cycles: the points of both games summed, "1½".
		{"crosstable-twice.txt", []string{"Ann", "Bob"}, []Result{{Pairing{1, 0, 1}, 1}, {Pairing{2, 1, 0}, 0.5}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, CrosstableText(tt.names, tt.results))
		})
	}
}

func TestTextLines(t *testing.T) {
	// Whatever the names, a table is one line a entrant and a header.
	names := []string{"line\nbreak", "tab\there", "\x00"}
	for _, tt := range []struct {
		name string
		text string
	}{
		{"standings", StandingsText(names, Standings(3, nil))},
		{"crosstable", CrosstableText(names, nil)},
	} {
		if got := strings.Count(tt.text, "\n"); got != 4 {
			t.Errorf("%s: got %d lines; want 4:\n%s", tt.name, got, tt.text)
		}
	}
}

func TestHalvesText(t *testing.T) {
	for _, tt := range []struct {
		p    float64
		want string
	}{{0, "0"}, {0.5, "½"}, {1, "1"}, {1.5, "1½"}, {12, "12"}, {0.25, "0.25"}} {
		if got := halvesText(tt.p); got != tt.want {
			t.Errorf("halvesText(%v) = %q; want %q", tt.p, got, tt.want)
		}
	}
}

func TestScoreText(t *testing.T) {
	for _, c := range []struct {
		first float64
		want  string
	}{{1, "1-0"}, {0.5, "½-½"}, {0, "0-1"}} {
		if got := ScoreText(c.first); got != c.want {
			t.Errorf("ScoreText(%v): got %q; want %q", c.first, got, c.want)
		}
	}
}
