package ataxxgame

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// walledIn is a position where Red, to move, has no clone and no jump
// while Blue has: Red's only move is a pass.
const walledIn = "xxxxxxx/-------/-------/o6/7/7/7 x 0 1"

// setUp is a table built as the host builds one: configure commands,
// setup moves, then (when begin) start and moves of play.
type setUp struct {
	configure []bot.Command
	setup     []string // setup moves, before Begin
	begin     bool
	play      []string // moves of play, after Begin ("pass" passes)
}

// build makes the table's state, failing the test on any refusal.
func (u setUp) build(t *testing.T, rules string) *state {
	t.Helper()
	st, err := New(nil, Options{}).New(rules)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	for _, c := range u.configure {
		if _, err := s.Configure(c); err != nil {
			t.Fatalf("%s %v: %v", c.Verb, c.Args, err)
		}
	}
	act := func(text string) {
		t.Helper()
		c := bot.Command{Verb: "move", Args: []string{text}}
		if text == "pass" {
			c = bot.Command{Verb: "pass"}
		}
		if _, err := s.Act(int(s.pos.Turn()), c); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	for _, m := range u.setup {
		act(m)
	}
	if u.begin {
		if err := s.Begin(); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range u.play {
		act(m)
	}
	return s
}

func cmd(verb string, args ...string) bot.Command { return bot.Command{Verb: verb, Args: args} }

// positions are the tables the surface tests look at.
var positions = []struct {
	name  string
	rules string
	u     setUp
}{
	{"start", "", setUp{begin: true}},
	{"midgame", "", setUp{begin: true, play: []string{"a7-b6", "g7-e5", "g1-f2", "a1-c3", "b6-c5", "e5-d4"}}},
	{"forced pass", "", setUp{configure: []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}, begin: true}},
	{"blue after a forced pass", "", setUp{configure: []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}, begin: true, play: []string{"pass"}}},
	{"blocks", "", setUp{configure: []bot.Command{cmd("blocks", "3gh")}, begin: true, play: []string{"a7-b7", "g7-e7", "b7-c6"}}},
	{"blocks and setup moves", "cs61b", setUp{configure: []bot.Command{cmd("blocks", "3gh"), cmd("block", "a4")}, setup: []string{"a7-a6", "g7-f7"}, begin: true, play: []string{"g1-e1"}}},
	{"in setup", "", setUp{configure: []bot.Command{cmd("block", "c3")}, setup: []string{"a7-a5"}}},
}

// near counts the squares at distance 1 from sq in b, by the squares'
// names rather than the engine's tables.
func near(b ataxx.Bitboard, sq ataxx.Square) int {
	n := 0
	for t := ataxx.Square(0); t < ataxx.NumSquares; t++ {
		df, dr := t.File()-sq.File(), t.Rank()-sq.Rank()
		if b.Has(t) && t != sq && df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
			n++
		}
	}
	return n
}

// TestSurfaceMovesAreTheLegalMoves: the side to move's clicks are the
// engine's legal moves, each clone from every piece that can make it,
// each said as the guide writes it and played as it is said; the other
// seat and spectators get none.
func TestSurfaceMovesAreTheLegalMoves(t *testing.T) {
	for _, tc := range positions {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.u.build(t, tc.rules)
			turn := int(s.pos.Turn())
			sf := s.Surface(turn)
			if sf.Turn != turn {
				t.Errorf("Turn: got %d; want %d", sf.Turn, turn)
			}
			legal := map[ataxx.Move]bool{}
			for _, m := range s.pos.LegalMoves() {
				if m != ataxx.Pass {
					legal[m] = true
				}
			}
			us := s.pos.Pieces(s.pos.Turn())
			wantClones := 0
			for _, m := range s.pos.LegalMoves() {
				if m.IsClone() {
					wantClones += near(us, m.To())
				}
			}
			clicked := map[ataxx.Move]bool{}
			texts := map[string]bool{}
			clones := 0
			for _, cm := range sf.Moves {
				if len(cm.Select) != 1 || len(cm.Path) != 1 {
					t.Fatalf("%+v: got %d selected and %d path squares; want 1 and 1", cm, len(cm.Select), len(cm.Path))
				}
				if want := cm.Select[0] + "-" + cm.Path[0]; cm.Text != want {
					t.Errorf("%+v: Text got %q; want %q", cm, cm.Text, want)
				}
				if texts[cm.Text] {
					t.Errorf("%s: got it twice; want each move once", cm.Text)
				}
				texts[cm.Text] = true
				from, err := ataxx.ParseSquare(cm.Select[0])
				if err != nil {
					t.Fatal(err)
				}
				if !us.Has(from) {
					t.Errorf("%s: selects %s; want a square of the side to move", cm.Text, cm.Select[0])
				}
				m, err := ataxx.ParseMove(cm.Text)
				if err != nil {
					t.Fatalf("%s: %v", cm.Text, err)
				}
				wantMark := "jump"
				if m.IsClone() {
					wantMark = "clone"
					clones++
				}
				if cm.Mark != wantMark {
					t.Errorf("%s: Mark got %q; want %q", cm.Text, cm.Mark, wantMark)
				}
				clicked[m.Canonical()] = true
			}
			for m := range legal {
				if !clicked[m] {
					t.Errorf("legal move %s (%s): got no click for it", m, s.pos.ManualNotation(m))
				}
			}
			for m := range clicked {
				if !legal[m] {
					t.Errorf("click for %s: got it; want only legal moves", m)
				}
			}
			if clones != wantClones {
				t.Errorf("clone clicks: got %d; want %d (one for each piece next to each target)", clones, wantClones)
			}
			for _, cm := range sf.Moves {
				c := s.Clone().(*state)
				p, err := c.Act(turn, cmd("move", cm.Text))
				if err != nil {
					t.Errorf("Act(move %s): %v", cm.Text, err)
					continue
				}
				if p.Notation != cm.Text {
					t.Errorf("Act(move %s): notation got %q; want %q", cm.Text, p.Notation, cm.Text)
				}
			}
			for _, viewer := range []int{1 - turn, bot.Spectator} {
				if got := s.Surface(viewer).Moves; len(got) != 0 {
					t.Errorf("Surface(%d).Moves: got %d moves; want none when it is not their turn", viewer, len(got))
				}
			}
		})
	}
}

// TestSurfaceForcedPassHasNoClicks: a side that can only pass clicks no
// move; the Pass button is its move.
func TestSurfaceForcedPassHasNoClicks(t *testing.T) {
	s := setUp{configure: []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}, begin: true}.build(t, "")
	if got := s.pos.LegalMoves(); !slices.Equal(got, []ataxx.Move{ataxx.Pass}) {
		t.Fatalf("legal moves: got %v; want only the pass", got)
	}
	if got := s.Surface(0).Moves; len(got) != 0 {
		t.Errorf("Moves: got %v; want none", got)
	}
	if got := s.Actions(0); len(got) != 1 || got[0].Command != "pass" {
		t.Errorf("Actions(0): got %v; want the Pass button", got)
	}
}

// TestActionsPassOnlyWhenForced: the Pass button is offered to the side
// to move exactly when the pass is its only legal move.
func TestActionsPassOnlyWhenForced(t *testing.T) {
	walled := []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}
	tests := []struct {
		name   string
		u      setUp
		resign bool // the host ends the game before the buttons are asked
		seat   int
		want   bool
	}{
		{"start, red to move", setUp{begin: true}, false, 0, false},
		{"start, blue waiting", setUp{begin: true}, false, 1, false},
		{"walled in, red to move", setUp{configure: walled, begin: true}, false, 0, true},
		{"walled in, blue waiting", setUp{configure: walled, begin: true}, false, 1, false},
		{"walled in, after the pass", setUp{configure: walled, begin: true, play: []string{"pass"}}, false, 1, false},
		{"walled in, red resigned", setUp{configure: walled, begin: true}, true, 0, false},
		{"over by the rules", setUp{configure: []bot.Command{cmd("setfen", "xxxxxxx/-------/-------/o6/7/7/7", "x", "45", "30")}, begin: true}, false, 0, false},
		{"in setup, walled in", setUp{configure: walled}, false, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.u.build(t, "")
			if tc.resign {
				s.End(bot.Result{Over: true, Winner: 1, Ending: "resignation"})
			}
			acts := s.Actions(tc.seat)
			got := slices.ContainsFunc(acts, func(a bot.Action) bool { return a.Command == "pass" })
			if got != tc.want {
				t.Errorf("Actions(%d) offers pass: got %v; want %v (legal moves %v)", tc.seat, got, tc.want, s.pos.LegalMoves())
			}
			if got && tc.seat == int(s.pos.Turn()) {
				if _, err := s.Clone().Act(tc.seat, cmd("pass")); err != nil {
					t.Errorf("the offered pass: %v", err)
				}
			}
		})
	}
}

// TestSurfaceCells: the 49 squares in the text board's order, named as
// the table writes them, centred in their unit squares, holding what the
// dump prints, blocks drawn as blocks.
func TestSurfaceCells(t *testing.T) {
	for _, tc := range positions {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.u.build(t, tc.rules)
			sf := s.Surface(bot.Spectator)
			if sf.Shape != "square" || sf.Width != 7 || sf.Height != 7 {
				t.Errorf("shape: got %s %gx%g; want square 7x7", sf.Shape, sf.Width, sf.Height)
			}
			if len(sf.Cells) != 49 {
				t.Fatalf("cells: got %d; want 49", len(sf.Cells))
			}
			// The dump's rows, top down, give each cell's letter.
			rows := strings.Split(strings.TrimSpace(s.pos.Dump()), "\n")
			rows = rows[1 : len(rows)-1]
			for i, c := range sf.Cells {
				row, col := i/7, i%7
				wantName := string(rune('a'+col)) + string(rune('7'-row))
				if c.Name != wantName {
					t.Errorf("cell %d: Name got %q; want %q", i, c.Name, wantName)
				}
				if wantX, wantY := float64(col)+0.5, float64(row)+0.5; c.X != wantX || c.Y != wantY {
					t.Errorf("%s: centre got (%g, %g); want (%g, %g)", c.Name, c.X, c.Y, wantX, wantY)
				}
				want := strings.Fields(rows[row])[col]
				if want == "-" {
					want = ""
				}
				if c.Piece != want {
					t.Errorf("%s: Piece got %q; want %q", c.Name, c.Piece, want)
				}
				wantClass := ""
				if want == "X" {
					wantClass = "block"
				}
				if c.Class != wantClass {
					t.Errorf("%s: Class got %q; want %q", c.Name, c.Class, wantClass)
				}
				if c.Piece != "" {
					if _, ok := sf.Pieces[c.Piece]; !ok {
						t.Errorf("%s: piece %q has no look", c.Name, c.Piece)
					}
				}
			}
		})
	}
}

// TestSurfacePieceLooks: the two sides' pieces and the blocks, which
// belong to nobody.
func TestSurfacePieceLooks(t *testing.T) {
	s := setUp{begin: true}.build(t, "")
	looks := s.Surface(bot.Spectator).Pieces
	want := map[string]bot.PieceLook{
		"r": {Label: "red piece", Side: 0},
		"b": {Label: "blue piece", Side: 1},
		"X": {Label: "block", Side: -1},
	}
	for text, w := range want {
		if got := looks[text]; got != w {
			t.Errorf("Pieces[%q]: got %+v; want %+v", text, got, w)
		}
	}
	if len(looks) != len(want) {
		t.Errorf("Pieces: got %d looks; want %d", len(looks), len(want))
	}
}

// TestSurfaceLast: the squares of the last move, from and to; none before
// any move and after a pass.
func TestSurfaceLast(t *testing.T) {
	walled := []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}
	tests := []struct {
		name string
		u    setUp
		want []string
	}{
		{"no move", setUp{begin: true}, nil},
		{"a clone", setUp{begin: true, play: []string{"a7-b6"}}, []string{"a7", "b6"}},
		{"a jump", setUp{begin: true, play: []string{"a7-b6", "g7-e5"}}, []string{"g7", "e5"}},
		{"a setup move", setUp{setup: []string{"g1-e3"}}, []string{"g1", "e3"}},
		{"a pass", setUp{configure: walled, begin: true, play: []string{"pass"}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.u.build(t, "")
			if got := s.Surface(bot.Spectator).Last; !slices.Equal(got, tc.want) {
				t.Errorf("Last: got %v; want %v", got, tc.want)
			}
		})
	}
}

// TestSurfaceTools: a game not over offers the setup tools, and each says
// a command the table takes: a block with its reflections, a setup move.
// An ended game offers none, and no turn.
func TestSurfaceTools(t *testing.T) {
	s := setUp{}.build(t, "")
	tools := s.Surface(0).Tools
	byLabel := map[string]bot.Tool{}
	for _, tool := range tools {
		byLabel[tool.Label] = tool
	}
	block, ok := byLabel["Block"]
	if !ok || block.Squares != 1 {
		t.Fatalf("tools %+v: want Block on one square", tools)
	}
	verb, arg, _ := strings.Cut(strings.Replace(block.Command, "{1}", "c3", 1), " ")
	if _, err := s.Configure(cmd(verb, arg)); err != nil {
		t.Fatalf("%s %s: %v", verb, arg, err)
	}
	for _, name := range []string{"c3", "e3", "c5", "e5"} {
		sq, _ := ataxx.ParseSquare(name)
		if got := s.pos.At(sq); got != ataxx.Block {
			t.Errorf("after %s: %s holds %v; want a block (the square and its reflections)", block.Command, name, got)
		}
	}
	move, ok := byLabel["Move"]
	if !ok || move.Squares != 2 {
		t.Fatalf("tools %+v: want Move on two squares", tools)
	}
	text := strings.NewReplacer("{1}", "g1", "{2}", "f2").Replace(move.Command)
	verb, arg, _ = strings.Cut(text, " ")
	if _, err := s.Act(int(s.pos.Turn()), cmd(verb, arg)); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	if sq, _ := ataxx.ParseSquare("f2"); s.pos.At(sq) != ataxx.RedPiece {
		t.Errorf("after %s: f2 holds %v; want Red's piece", text, s.pos.At(sq))
	}

	over := setUp{configure: []bot.Command{cmd("setfen", "xxxxxxx/-------/-------/o6/7/7/7", "x", "45", "30")}, begin: true}.build(t, "")
	resigned := setUp{begin: true, play: []string{"a7-b6"}}.build(t, "")
	resigned.End(bot.Result{Over: true, Winner: 0, Ending: "resignation"})
	for name, s := range map[string]*state{"over by the rules": over, "resigned": resigned} {
		for _, viewer := range []int{0, 1, bot.Spectator} {
			sf := s.Surface(viewer)
			if sf.Turn != -1 || len(sf.Moves) != 0 || len(sf.Tools) != 0 {
				t.Errorf("%s, Surface(%d): got turn %d, %d moves, %d tools; want -1, none, none", name, viewer, sf.Turn, len(sf.Moves), len(sf.Tools))
			}
		}
	}
}

// playByClicks plays s by its surface's clicks (and the Pass button)
// until the game ends or limit moves are made, choosing with rng. It
// returns the moves' texts as the page says them.
func playByClicks(t *testing.T, s *state, rng *rand.Rand, limit int) []string {
	t.Helper()
	var said []string
	for len(said) < limit && !s.over() {
		turn := int(s.pos.Turn())
		c := cmd("pass")
		if ms := s.Surface(turn).Moves; len(ms) > 0 {
			c = cmd("move", ms[rng.IntN(len(ms))].Text)
		} else if len(s.Actions(turn)) == 0 {
			t.Fatalf("after %v: no click and no Pass for %d", said, turn)
		}
		p, err := s.Act(turn, c)
		if err != nil {
			t.Fatalf("after %v: %v: %v", said, c, err)
		}
		said = append(said, p.Notation)
	}
	return said
}

// TestFrames: a game's frames are the position play began from (blocks
// and setup moves in it), then one after each move of play, which a
// fresh table replays move by move; the last is the final board.
func TestFrames(t *testing.T) {
	tests := []struct {
		name  string
		rules string
		u     setUp
		limit int
		over  bool   // the game is played to its end
		first string // the first move of play, when it is forced
	}{
		{"a whole game", "cs61b", setUp{begin: true}, 500, true, ""},
		{"blocks and setup moves", "", setUp{configure: []bot.Command{cmd("blocks", "3gh")}, setup: []string{"a7-a6", "g7-e7"}, begin: true}, 500, true, ""},
		{"a forced pass", "", setUp{configure: []bot.Command{cmd("setfen", strings.Fields(walledIn)...)}, begin: true}, 12, false, "-"},
		{"no move yet", "", setUp{begin: true}, 0, false, ""},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.u.build(t, tc.rules)
			begin := s.Surface(bot.Spectator)
			said := playByClicks(t, s, rand.New(rand.NewPCG(uint64(i), 7)), tc.limit)
			if s.over() != tc.over {
				t.Fatalf("after %d moves: over got %v; want %v", len(said), s.over(), tc.over)
			}
			frames, err := s.Frames(nil)
			if err != nil {
				t.Fatal(err)
			}
			if tc.first != "" && frames[1].Move != tc.first {
				t.Errorf("frame 1: Move got %q; want %q", frames[1].Move, tc.first)
			}
			if len(frames) != len(said)+1 {
				t.Fatalf("frames: got %d; want %d (the moves %d, and the start)", len(frames), len(said)+1, len(said))
			}
			final := s.Surface(bot.Spectator)
			if got, want := frames[len(frames)-1].Pieces, cellPieces(final); !slices.Equal(got, want) {
				t.Errorf("last frame: got %v; want the final board %v", got, want)
			}
			if got, want := frames[0].Pieces, cellPieces(begin); !slices.Equal(got, want) {
				t.Errorf("frame 0: got %v; want the board when play began %v", got, want)
			}
			if frames[0].Move != "" || frames[0].Last != nil {
				t.Errorf("frame 0: got move %q, last %v; want none", frames[0].Move, frames[0].Last)
			}
			// A fresh table set up the same way replays the frames' moves
			// to the frames' boards.
			r := tc.u.build(t, tc.rules)
			for n, f := range frames[1:] {
				c := cmd("move", f.Move)
				if f.Move == "-" {
					c = cmd("pass")
				}
				if _, err := r.Act(int(r.pos.Turn()), c); err != nil {
					t.Fatalf("frame %d: %s: %v", n+1, f.Move, err)
				}
				sf := r.Surface(bot.Spectator)
				if got, want := f.Pieces, cellPieces(sf); !slices.Equal(got, want) {
					t.Fatalf("frame %d (%s): got %v; want the replayed board %v", n+1, f.Move, got, want)
				}
				if !slices.Equal(f.Last, sf.Last) {
					t.Errorf("frame %d (%s): Last got %v; want %v", n+1, f.Move, f.Last, sf.Last)
				}
				if want := canonicalText(t, said[n]); canonicalText(t, f.Move) != want {
					t.Errorf("frame %d: Move got %q; want the move played, %q", n+1, f.Move, said[n])
				}
			}
		})
	}
}

// cellPieces are the pieces of a surface's cells, in order.
func cellPieces(sf bot.Surface) []string {
	out := make([]string, len(sf.Cells))
	for i, c := range sf.Cells {
		out[i] = c.Piece
	}
	return out
}

// canonicalText is a move's text as the engine records it: a clone by
// where it lands, whatever piece it was said from.
func canonicalText(t *testing.T, text string) string {
	t.Helper()
	m, err := ataxx.ParseMove(text)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	return m.Canonical().String()
}
