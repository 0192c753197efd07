package congo

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
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s:\ngot\n%s\nwant\n%s", name, got, want)
	}
}

// The guide's own sample texts, verbatim.
func TestGuideTexts(t *testing.T) {
	p := NewPosition()
	wantBoard := " 7   g m e l e c z\n" +
		" 6   p p p p p p p\n" +
		" 5   - - - - - - -\n" +
		" 4   + + + + + + +\n" +
		" 3   - - - - - - -\n" +
		" 2   P P P P P P P\n" +
		" 1   G M E L E C Z\n" +
		"\n" +
		" /   a b c d e f g\n"
	if got := BoardText(&p); got != wantBoard {
		t.Errorf("BoardText =\n%s\nwant\n%s", got, wantBoard)
	}
	wantPlayers := " * white 2E 1Z 1G 1C 7P 0S 1L 1M\n" +
		"   black 2e 1z 1g 1c 7p 0s 1l 1m\n"
	if got := PlayersText(&p); got != wantPlayers {
		t.Errorf("PlayersText =\n%s\nwant\n%s", got, wantPlayers)
	}
	wantMoves := " (a2,a3) (a2,b3) (b2,a3) (b2,b3) (b2,c3)\n" +
		" (c2,b3) (c2,c3) (c2,d3) (d2,c3) (d2,d3)\n" +
		" (d2,e3) (e2,d3) (e2,e3) (e2,f3) (f2,e3)\n" +
		" (f2,f3) (f2,g3) (g2,f3) (g2,g3) (a1,a3)\n" +
		" (a1,c3) (c1,c3) (e1,e3) (g1,f3)\n"
	if got := MovesText(p.LegalMoves()); got != wantMoves {
		t.Errorf("MovesText =\n%s\nwant\n%s", got, wantMoves)
	}
	m, err := p.ParseStep("a2 a3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := TransitionText(m), " transition (a2,a3)\n"; got != want {
		t.Errorf("TransitionText = %q; want %q", got, want)
	}
	p.MakeMove(m)
	if got := BoardText(&p); !strings.Contains(got, " 3   P - - - - - -\n 2   - P P P P P P\n") {
		t.Errorf("board after a2 a3:\n%s", got)
	}
	if got, want := AllowedText(), " Allowed commands are allow, advise, help, show, exit, move.\n"; got != want {
		t.Errorf("AllowedText() = %q; want %q", got, want)
	}
	if got, want := UnsupportedText("unknown"), " Command unknown is not supported. Consult \"help help\".\n"; got != want {
		t.Errorf("UnsupportedText = %q; want %q", got, want)
	}
	wantHelp := " NAME\n    move\n DESCRIPTION\n    Moves a certain piece from a square to a square.\n USAGE\n    move [a-g][1-7] [a-g][1-7]\n"
	if got, ok := Help("move"); !ok || got != wantHelp {
		t.Errorf("Help(move) = %q, %v; want %q", got, ok, wantHelp)
	}
	b1a2 := NewMove(NewSquare(1, 0), NewSquare(0, 1))
	if got, want := AdvisedText(b1a2), " Advised move is (b1,a2).\n"; got != want {
		t.Errorf("AdvisedText = %q; want %q", got, want)
	}
}

func TestTextGolden(t *testing.T) {
	tests := []struct{ name, fen string }{
		{"start", StartFEN},
		{"plenty", "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"},
		{"monkey-wins", "7/4l2/7/4c2/7/2p4/1M1L3/w/-1"},
		{"jumping", "7/4l2/7/4c2/3M3/7/3L3/w/43"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(tt.fen)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name+".txt", BoardText(&p)+"\n"+PlayersText(&p)+"\n"+MovesText(p.LegalMoves()))
		})
	}
}

func TestHelpGolden(t *testing.T) {
	var all strings.Builder
	for _, c := range Commands() {
		page, ok := Help(c)
		if !ok {
			t.Errorf("Help(%q) has no page", c)
		}
		all.WriteString(page)
	}
	golden(t, "help.txt", Banner+all.String())
	if _, ok := Help("fly"); ok {
		t.Errorf("Help(fly) found a page; want none")
	}
}
