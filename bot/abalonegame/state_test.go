package abalonegame_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

func newState(t *testing.T, kind *abalonegame.Game, rules string) bot.State {
	t.Helper()
	st, err := kind.New(rules)
	if err != nil {
		t.Fatalf("New(%q): %v", rules, err)
	}
	return st
}

func encode(t *testing.T, st bot.State) string {
	t.Helper()
	data, err := st.Encode()
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return string(data)
}

// TestRecordRoundTrip: a game set up by hand, with setup moves, a changed
// notation and moves in play, is stored as readable JSON and decodes to
// the same game: same record, board, turn, result and undo.
func TestRecordRoundTrip(t *testing.T) {
	kind := abalonegame.New(abalonegame.Options{})
	st := newState(t, kind, "belgian")
	for _, c := range []bot.Command{
		{Verb: "remove", Args: []string{"a1", "i5"}},
		{Verb: "put", Args: []string{"white", "e5"}},
		{Verb: "lost", Args: []string{"black", "1"}},
	} {
		if _, err := st.Configure(c); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
	}
	if _, err := st.Act(0, bot.Command{Verb: "a2b3"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	for i, c := range []bot.Command{
		{Verb: "notation", Args: []string{"amalone"}},
		{Verb: "move", Args: []string{"i6h6"}},
		{Verb: "b2c3"},
	} {
		seat := st.Pending()[0]
		if _, err := st.Act(seat, c); err != nil {
			t.Fatalf("act %d %v: %v", i, c, err)
		}
	}
	data := encode(t, st)
	want := `{"start":"1w1bb/wwwbbb/1ww1bb1/8/4w4/8/1bb1ww1/bbbwww/1b1ww b 1 0","moves":"a2b3 i6h6 b2c3","began":1,"notation":"amalone"}`
	if data != want {
		t.Fatalf("Encode: got %s; want %s", data, want)
	}
	back, err := kind.Decode([]byte(data))
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if got := encode(t, back); got != data {
		t.Errorf("round trip: got %s; want %s", got, data)
	}
	if got, want := back.Board(bot.Spectator).Text, st.Board(bot.Spectator).Text; got != want {
		t.Errorf("board after round trip:\n%s\nwant\n%s", got, want)
	}
	if got, want := back.Summary(0), st.Summary(0); got != want {
		t.Errorf("summary: got %q; want %q", got, want)
	}
	// Undo stops where play began: two moves, not the setup move.
	if n, err := back.Undo(1); n != 2 || err != nil {
		t.Errorf("Undo(white) = %d, %v; want 2 moves", n, err)
	}
	if n, err := back.Undo(-1); n != 0 || !errors.Is(err, bot.ErrNoUndo) {
		t.Errorf("Undo past the start of play = %d, %v; want ErrNoUndo", n, err)
	}
}

// TestDecodeRefuses: a damaged record is an error, never a wrong game.
func TestDecodeRefuses(t *testing.T) {
	kind := abalonegame.New(abalonegame.Options{})
	tests := []struct{ name, data, want string }{
		{"not JSON", `{"start":`, "abalone state"},
		{"no start", `{}`, "invalid position"},
		{"bad start", `{"start":"hexagon"}`, "invalid position"},
		{"illegal move", `{"start":"standard","moves":"a1b2 a2b3"}`, "ply 2"},
		{"aMalone move stored", `{"start":"standard","moves":"1A1-A0"}`, "invalid move"},
		{"began past the moves", `{"start":"standard","moves":"a1b2","began":2}`, "began 2"},
		{"negative began", `{"start":"standard","began":-1}`, "began -1"},
		{"unknown notation", `{"start":"standard","notation":"klingon"}`, "invalid notation"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := kind.Decode([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Decode(%s) = %v, %v; want an error with %q", tc.data, st, err, tc.want)
			}
		})
	}
}

// TestBareMove: the moves typed alone that the host hands to the kind,
// and the words it leaves alone.
func TestBareMove(t *testing.T) {
	bare := abalonegame.New(abalonegame.Options{}).Spec().BareMove
	tests := []struct {
		word string
		want bool
	}{
		{"a1b2", true}, {"C6C7D6", true}, {"i9i8", true}, {"e5e6", true},
		{"1B0-GG", true}, {"3a0-f0l", true}, {"2GG-D0r", true}, {"3E2-E4+", true}, {"1b0-gg", true},
		{"j1a1", false}, {"a0b1", false}, {"a1b", false}, {"a1b2c", false}, {"4A0-A1", false},
		{"1G0-A1", false}, {"1A0-A1x", false}, {"1A0A1", false}, {"move", false}, {"help", false}, {"", false},
	}
	for _, tc := range tests {
		if got := bare(tc.word); got != tc.want {
			t.Errorf("BareMove(%q) = %v; want %v", tc.word, got, tc.want)
		}
	}
}

// TestSpec: seats, layouts as rule sets, notations, and the notation
// written and the layout the settings that start takes as words.
func TestSpec(t *testing.T) {
	s := abalonegame.New(abalonegame.Options{}).Spec()
	if got := strings.Join(s.Seats, ","); got != "black,white" {
		t.Errorf("seats: got %s; want black,white", got)
	}
	if got := strings.Join(s.Rules, ","); got != "standard,belgian,german" {
		t.Errorf("rules: got %s; want standard,belgian,german", got)
	}
	if got := strings.Join(s.Notations, ","); got != "standard,amalone" {
		t.Errorf("notations: got %s; want standard,amalone", got)
	}
	var choices []string
	for _, c := range s.Commands {
		if c.Use == bot.Configure && len(c.Args) == 1 && c.Args[0].Type == bot.ArgChoice {
			choices = append(choices, c.Name)
		}
	}
	if got := strings.Join(choices, ","); got != "layout,write" {
		t.Errorf("configure commands start takes a word of: %s; want layout,write", got)
	}
	if !s.Undo || s.Hidden {
		t.Errorf("undo %v, hidden %v; want undo, not hidden", s.Undo, s.Hidden)
	}
}

// stubEngine is an engine that waits for its context, to show that AIAct
// gives up when the host does.
type stubEngine struct{}

func (stubEngine) ChooseMove(ctx context.Context, pos abalone.Position, level int, seed int64) (abalone.Move, error) {
	<-ctx.Done()
	return abalone.NoMove, ctx.Err()
}

// TestAIAct: the AI answers with a legal move at the host's levels, for
// the side to move only, and stops when its context is done.
func TestAIAct(t *testing.T) {
	kind := abalonegame.New(abalonegame.Options{})
	for _, level := range []int{0, 1, 2, 5, 11} {
		st := newState(t, kind, "german")
		cmd, err := st.AIAct(context.Background(), 0, bot.AIPlayer{Level: level}, 42)
		if err != nil {
			t.Fatalf("level %d: %v", level, err)
		}
		if _, err := st.Act(0, cmd); err != nil {
			t.Fatalf("level %d: the AI's %v refused: %v", level, cmd, err)
		}
	}
	st := newState(t, kind, "")
	if _, err := st.AIAct(context.Background(), 1, bot.AIPlayer{Level: 3}, 1); !errors.Is(err, bot.ErrNotYourTurn) {
		t.Errorf("AIAct for the seat not to move: %v; want ErrNotYourTurn", err)
	}
	if _, err := st.AIAct(context.Background(), 0, bot.AIPlayer{Level: 3, Engine: "aba-pro"}, 1); err == nil {
		t.Errorf("AIAct with an AI program named: no error")
	}
	waiting := abalonegame.New(abalonegame.Options{Engine: stubEngine{}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newState(t, waiting, "").AIAct(ctx, 0, bot.AIPlayer{Level: 10}, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("AIAct with a canceled context: %v; want context.Canceled", err)
	}
}

// TestSaveLoad: what save prints, in either notation, load replays to the
// same game, from every layout and from a position set up by hand, over
// random moves.
func TestSaveLoad(t *testing.T) {
	kind := abalonegame.New(abalonegame.Options{})
	starts := [][]bot.Command{
		{{Verb: "layout", Args: []string{"standard"}}},
		{{Verb: "layout", Args: []string{"belgian"}}},
		{{Verb: "layout", Args: []string{"german"}}},
		{{Verb: "remove", Args: []string{"a1", "i9", "c4"}}, {Verb: "turn", Args: []string{"white"}}, {Verb: "lost", Args: []string{"white", "1"}}},
	}
	for i, setup := range starts {
		for _, plies := range []int{0, 1, 40} {
			st := newState(t, kind, "")
			for _, c := range setup {
				if _, err := st.Configure(c); err != nil {
					t.Fatalf("start %d %v: %v", i, c, err)
				}
			}
			if err := st.Begin(); err != nil {
				t.Fatal(err)
			}
			for n := 0; n < plies && len(st.Pending()) == 1; n++ {
				seat := st.Pending()[0]
				cmd, err := st.AIAct(context.Background(), seat, bot.AIPlayer{Level: 1}, int64(i*100+n))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := st.Act(seat, cmd); err != nil {
					t.Fatal(err)
				}
			}
			if st.Result().Over {
				continue // load refuses a finished game
			}
			for _, n := range []string{"standard", "amalone"} {
				r, err := st.View(bot.Command{Verb: "save", Args: []string{n}}, bot.Spectator)
				if err != nil {
					t.Fatalf("start %d, %d plies: save %s: %v", i, plies, n, err)
				}
				loaded := newState(t, kind, "german")
				if _, err := loaded.Configure(bot.Command{Verb: "load", Args: strings.Fields(r.Text)}); err != nil {
					t.Fatalf("start %d, %d plies: load of %s: %v", i, plies, r.Text, err)
				}
				// The loaded game is the saved one; play begins after it.
				if err := loaded.Begin(); err != nil {
					t.Fatal(err)
				}
				got, want := encode(t, loaded), encode(t, st) // began 0: left out
				if plies > 0 {
					want = strings.TrimSuffix(want, "}") + fmt.Sprintf(`,"began":%d}`, plies)
				}
				if got != want {
					t.Errorf("start %d, %d plies, %s: loaded %s; want %s", i, plies, n, got, want)
				}
			}
		}
	}
}

// BenchmarkDecode: the host decodes a table's state on every command; a
// state replays its moves, here the 115 plies of the AWC 2015 final.
func BenchmarkDecode(b *testing.B) {
	kind := abalonegame.New(abalonegame.Options{})
	st, err := kind.New("belgian")
	if err != nil {
		b.Fatal(err)
	}
	file, err := os.ReadFile("testdata/awc2015.txt")
	if err != nil {
		b.Fatal(err)
	}
	start, moves, err := abalone.ParseGame(string(file))
	if err != nil {
		b.Fatal(err)
	}
	text, err := abalone.FormatGame(start, moves, abalone.Standard)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.Configure(bot.Command{Verb: "load", Args: strings.Fields(text)}); err != nil {
		b.Fatal(err)
	}
	data, err := st.Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := kind.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestActBySeat: only the side to move acts, a move or a notation; a
// refused act changes nothing.
func TestActBySeat(t *testing.T) {
	st := newState(t, abalonegame.New(abalonegame.Options{}), "")
	before := encode(t, st)
	for _, c := range []bot.Command{{Verb: "i5h5"}, {Verb: "notation", Args: []string{"amalone"}}, {Verb: "move", Args: []string{"a1b2"}}} {
		if _, err := st.Act(1, c); !errors.Is(err, bot.ErrNotYourTurn) {
			t.Errorf("white's %v with black to move: %v; want ErrNotYourTurn", c, err)
		}
	}
	if after := encode(t, st); after != before {
		t.Errorf("refused acts changed the state: %s; was %s", after, before)
	}
	p, err := st.Act(0, bot.Command{Verb: "notation", Args: []string{"AMALONE"}})
	if err != nil || p.Notation != "" || !strings.HasPrefix(p.Public, "Notation: aMalone") {
		t.Fatalf("notation amalone: %+v, %v; want no move and the new notation said", p, err)
	}
	p, err = st.Act(0, bot.Command{Verb: "c3d3"})
	if err != nil || p.Notation != "1A1-F2" || p.Public != "1 marble moves." {
		t.Errorf("c3d3 at an aMalone table: %+v, %v; want 1A1-F2 (C3 is A1, D3 is F2 in the square map), 1 marble moves.", p, err)
	}
}
