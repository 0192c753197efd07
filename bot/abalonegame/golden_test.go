package abalonegame_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/golden")

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
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

// TestBoardGolden: the boards the bot shows, as the players see them in
// a monospaced block, in both notations: layouts, the AWC 2015 final
// half-way and at its end, and a position set up by hand.
func TestBoardGolden(t *testing.T) {
	final := awcMoves(t)
	tests := []struct {
		name  string
		setup []string // said by alice (bob joins after start)
		after string   // said by alice after the join
		plies int      // of the AWC final to play first (belgian)
		look  string   // the command whose reply is compared
	}{
		{name: "standard-start.txt", setup: []string{"!abalone start @bob"}, look: "!abalone board"},
		{name: "standard-start-amalone.txt", setup: []string{"!abalone start @bob"}, look: "!abalone show amalone"},
		{name: "belgian-amalone.txt", setup: []string{"!abalone start @bob belgian"}, after: "!abalone notation amalone", look: "!abalone board"},
		{name: "german.txt", setup: []string{"!abalone start @bob german"}, look: "!abalone board"},
		{name: "awc-60-standard.txt", setup: []string{"!abalone start @bob belgian"}, plies: 60, look: "!abalone board"},
		{name: "awc-60-amalone.txt", setup: []string{"!abalone start @bob belgian"}, plies: 60, look: "!abalone show amalone"},
		{name: "awc-end-standard.txt", setup: []string{"!abalone start @bob belgian"}, plies: len(final), look: "!abalone board"},
		{name: "awc-end-save-amalone.txt", setup: []string{"!abalone start @bob belgian"}, plies: len(final), look: "!abalone save amalone"},
		{name: "by-hand.txt", setup: []string{"!abalone empty", "!abalone put black e5 d4 d5 c4", "!abalone put white f5 g5 e6",
			"!abalone lost white 3", "!abalone turn white", "!abalone start @bob"}, look: "!abalone board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			for _, text := range tc.setup {
				h.must("alice", text, "")
			}
			h.must("bob", "!abalone join", "Game on")
			if tc.after != "" {
				h.must("alice", tc.after, "")
			}
			p := abalone.NewPosition(abalone.BelgianDaisy)
			for _, m := range final[:tc.plies] {
				user := "alice"
				if p.Turn() == abalone.White {
					user = "bob"
				}
				h.must(user, "!"+m.String(), "plays")
				p.MakeMove(m)
			}
			rs := h.say("carol", tc.look)
			if len(rs) != 1 || rs[0].Error || !rs[0].Mono {
				t.Fatalf("%s: got %d replies %q; want one monospaced block", tc.look, len(rs), joined(rs))
			}
			golden(t, tc.name, rs[0].Text+"\n")
		})
	}
}
