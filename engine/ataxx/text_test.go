package ataxx

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func TestDumpStart(t *testing.T) {
	// The users' guide dump, IV.A.1.d, without blocks (CS61B test01).
	const want = "===\n" +
		"  r - - - - - b\n" +
		"  - - - - - - -\n" +
		"  - - - - - - -\n" +
		"  - - - - - - -\n" +
		"  - - - - - - -\n" +
		"  - - - - - - -\n" +
		"  b - - - - - r\n" +
		"===\n"
	p := NewPosition()
	if got := p.Dump(); got != want {
		t.Errorf("Dump() =\n%q\nwant\n%q", got, want)
	}
}

func TestPrettyGolden(t *testing.T) {
	tests := []struct{ name, fen string }{
		{"start", StartFEN},
		{"blocks-blue-to-move", "x5o/1-3-1/2-1-2/3x3/2-1-2/1-3-1/o5x o 3 7"},
		{"red-wins", "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo o 0 40"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Pretty()
			path := filepath.Join("testdata", "golden", tt.name+".txt")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("Pretty(%s) =\n%s\nwant (%s)\n%s", tt.fen, got, path, want)
			}
		})
	}
}
