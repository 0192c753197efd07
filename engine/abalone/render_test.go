package abalone

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func TestRenderGolden(t *testing.T) {
	tests := []struct {
		name, pos string
		n         Notation
	}{
		{"standard-start", "standard", Standard},
		{"standard-start-amalone", "standard", AMalone},
		{"belgian-amalone", "belgian", AMalone},
		{"german", "german", Standard},
		{"midgame-white-to-move", "black=A1,A2,B2,C3,C4,D4,D5,E5,E6,F6,G7;white=I5,I6,H5,H6,G5,F5,E4,D3;turn=white;lost=3,6", Standard},
		{"black-wins-amalone", "black=A1,A2,B2,C3,C4,D4,D5,E5,E6,F6,G7;white=I5,I6,H5,H6,G5,F5,E4,D3;turn=white;lost=3,6", AMalone},
		{"setup-in-progress", "black=E5;white=", Standard},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPosition(t, tc.pos)
			got := p.Render(tc.n)
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			if len(lines) > 13 {
				t.Errorf("%d lines; want at most 13", len(lines))
			}
			for _, l := range lines {
				if w := utf8.RuneCountInString(l); w > 40 {
					t.Errorf("line %q is %d columns; want at most 40", l, w)
				}
			}
			path := filepath.Join("testdata", "golden", tc.name+".txt")
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
				t.Errorf("Render(%v) =\n%s\nwant\n%s", tc.n, got, want)
			}
		})
	}
}
