package congogame_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// doubleJump is White's monkey on b1 able to jump the pawn on c2 to d3,
// then the crocodile on e4 to f5, or to stop on d3: a monkey's double
// jump with both stopping points. The lions (c1, d6) see no way to each
// other.
const doubleJump = "7/3l3/7/4c2/7/2p4/1ML4/w/-1"

// busy is the guide's position with plenty of moves, Black to move.
const busy = "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"

// surfacer returns st as a Surfacer and a Replayer, failing if it is not.
func surfacer(t *testing.T, st bot.State) interface {
	bot.Surfacer
	bot.Replayer
} {
	t.Helper()
	sf, ok := st.(interface {
		bot.Surfacer
		bot.Replayer
	})
	if !ok {
		t.Fatalf("congo state %T: not a Surfacer and Replayer", st)
	}
	return sf
}

// copyState returns an independent copy of st, through its record.
func copyState(t *testing.T, st bot.State) bot.State {
	t.Helper()
	back, err := congogame.New(nil, congogame.Options{}).Decode([]byte(encoded(t, st)))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// actAll plays each act as the seat to move says it.
func actAll(t *testing.T, st bot.State, acts []string) []string {
	t.Helper()
	var notes []string
	for _, a := range acts {
		p, err := st.Act(st.Pending()[0], words(a))
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		notes = append(notes, p.Notation)
	}
	return notes
}

// TestSurfaceMoves: the seat to move gets every legal move as clicks,
// each a whole turn its Text plays as the engine plays that move; the
// other seat and a spectator get none.
func TestSurfaceMoves(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		acts []string // played first
	}{
		{name: "standard opening", fen: congo.StartFEN},
		{name: "busy position, black to move", fen: busy},
		{name: "monkey double jump", fen: doubleJump},
		{name: "the guide's triple jump taking the lion", fen: monkeyWins},
		{name: "a monkey jumping one jump at a time", fen: doubleJump, acts: []string{"b1-d3"}},
		{name: "mid-game", fen: congo.StartFEN, acts: []string{"a2-a3", "b6-b5", "c2-c3", "b5-b4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			actAll(t, st, tt.acts)
			pos, err := congo.ParseFEN(fenOf(t, st))
			if err != nil {
				t.Fatal(err)
			}
			turn := int(pos.Turn())
			sf := surfacer(t, st).Surface(turn)
			if sf.Turn != turn {
				t.Errorf("Turn: got %d; want %d", sf.Turn, turn)
			}
			// The engine's moves as the record writes them, and the
			// position each leads to.
			want := map[string]string{}
			for _, m := range pos.LegalMoves() {
				after := pos
				after.MakeMove(m)
				want[m.String()] = after.FEN()
			}
			got := map[string]string{}
			for _, cm := range sf.Moves {
				c := copyState(t, st)
				p, err := c.Act(turn, words(cm.Text))
				if err != nil {
					t.Errorf("%q: %v", cm.Text, err)
					continue
				}
				if _, dup := got[p.Notation]; dup {
					t.Errorf("%q: move %s offered twice", cm.Text, p.Notation)
				}
				got[p.Notation] = fenOf(t, c)
				// The clicks spell the move: the piece, then the
				// squares of its path.
				if cm.Text != "stop" {
					if spelled := strings.Join(append(slices.Clone(cm.Select), cm.Path...), "-"); spelled != p.Notation {
						t.Errorf("%q: clicks %v then %v spell %s; want %s", cm.Text, cm.Select, cm.Path, spelled, p.Notation)
					}
				}
			}
			if len(got) != len(want) {
				t.Errorf("moves: got %d; want %d", len(got), len(want))
			}
			for n, fen := range want {
				g, ok := got[n]
				switch {
				case !ok:
					t.Errorf("move %s: got none; want one", n)
				case g != fen:
					t.Errorf("move %s: got position %s; want %s", n, g, fen)
				}
			}
			for n := range got {
				if _, ok := want[n]; !ok {
					t.Errorf("move %s: got one; want none (not legal)", n)
				}
			}
			for _, viewer := range []int{1 - turn, bot.Spectator} {
				if other := surfacer(t, st).Surface(viewer); len(other.Moves) != 0 {
					t.Errorf("viewer %d: got %d moves; want none", viewer, len(other.Moves))
				}
			}
		})
	}
}

// findMove returns the click move whose clicks are sel then path.
func findMove(moves []bot.ClickMove, sel string, path ...string) (bot.ClickMove, bool) {
	for _, cm := range moves {
		if slices.Equal(cm.Select, []string{sel}) && slices.Equal(cm.Path, path) {
			return cm, true
		}
	}
	return bot.ClickMove{}, false
}

// TestSurfaceMonkeyPaths: a monkey's multiple jump lists each landing in
// order, and every stopping point is a move of its own, said so that the
// turn ends there.
func TestSurfaceMonkeyPaths(t *testing.T) {
	tests := []struct {
		name     string
		fen      string
		acts     []string
		sel      string
		path     []string
		wantText string
		wantMark string
	}{
		{name: "double jump", fen: doubleJump, sel: "b1", path: []string{"d3", "f5"}, wantText: "b1-d3-f5", wantMark: "capture"},
		{name: "stop after the first jump", fen: doubleJump, sel: "b1", path: []string{"d3"}, wantText: "b1-d3 stop", wantMark: "capture"},
		{name: "triple jump taking the lion", fen: monkeyWins, sel: "b1", path: []string{"d3", "f5", "d7"}, wantText: "b1-d3-f5-d7", wantMark: "capture"},
		{name: "triple jump stopped after two", fen: monkeyWins, sel: "b1", path: []string{"d3", "f5"}, wantText: "b1-d3-f5", wantMark: "capture"},
		{name: "a monkey's step", fen: doubleJump, sel: "b1", path: []string{"b2"}, wantText: "b1-b2"},
		{name: "the last jump, alone", fen: doubleJump, acts: []string{"b1-d3"}, sel: "d3", path: []string{"f5"}, wantText: "d3-f5", wantMark: "capture"},
		{name: "the stop of jumps one at a time", fen: doubleJump, acts: []string{"b1-d3"}, sel: "d3", path: []string{"d3"}, wantText: "stop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			actAll(t, st, tt.acts)
			sf := surfacer(t, st).Surface(st.Pending()[0])
			cm, ok := findMove(sf.Moves, tt.sel, tt.path...)
			if !ok {
				t.Fatalf("clicks %s then %v: got no move; want %q", tt.sel, tt.path, tt.wantText)
			}
			if cm.Text != tt.wantText || cm.Mark != tt.wantMark {
				t.Errorf("clicks %s then %v: got %q mark %q; want %q mark %q", tt.sel, tt.path, cm.Text, cm.Mark, tt.wantText, tt.wantMark)
			}
		})
	}
}

// TestSurfaceStopButton: Stop is offered to the seat to move only while
// its monkey's jumps are taken one at a time.
func TestSurfaceStopButton(t *testing.T) {
	tests := []struct {
		name string
		acts []string
		seat int
		want bool
	}{
		{name: "before any jump", seat: 0, want: false},
		{name: "jumping, the monkey's side", acts: []string{"b1-d3"}, seat: 0, want: true},
		{name: "jumping, the other side", acts: []string{"b1-d3"}, seat: 1, want: false},
		{name: "after a whole double jump", acts: []string{"b1-d3-f5"}, seat: 1, want: false},
		{name: "after the single jump's stop", acts: []string{"b1-d3 stop"}, seat: 1, want: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, doubleJump)
			actAll(t, st, tt.acts)
			got := slices.ContainsFunc(st.Actions(tt.seat), func(a bot.Action) bool { return a.Command == "stop" })
			if got != tt.want {
				t.Errorf("Stop offered: got %v; want %v", got, tt.want)
			}
		})
	}
	t.Run("jumping, the game resigned", func(t *testing.T) {
		st := newState(t, doubleJump)
		actAll(t, st, []string{"b1-d3"})
		st.(bot.Ender).End(bot.Result{Over: true, Winner: 1, Ending: bot.EndResigned})
		if got := st.Actions(0); len(got) != 0 {
			t.Errorf("Actions: got %v; want none", got)
		}
		if sf := surfacer(t, st).Surface(0); len(sf.Moves) != 0 || sf.Turn != -1 {
			t.Errorf("Surface: got %d moves, turn %d; want none, -1", len(sf.Moves), sf.Turn)
		}
	})
}

// TestSurfaceBoard: the cells are the squares as the table writes them,
// a7 top left to g1 bottom right, with the river and the castles marked,
// the pieces as the text board prints them.
func TestSurfaceBoard(t *testing.T) {
	st := newState(t, congo.StartFEN)
	sf := surfacer(t, st).Surface(bot.Spectator)
	if sf.Shape != "square" || sf.Width != 7 || sf.Height != 7 || len(sf.Cells) != 49 {
		t.Fatalf("board: got %s %gx%g with %d cells; want square 7x7 with 49", sf.Shape, sf.Width, sf.Height, len(sf.Cells))
	}
	cells := map[string]bot.Cell{}
	classes := map[string]int{}
	for _, c := range sf.Cells {
		cells[c.Name] = c
		classes[c.Class]++
	}
	tests := []struct {
		name string
		want bot.Cell
	}{
		{name: "top left", want: bot.Cell{Name: "a7", X: 0.5, Y: 0.5, Piece: "g"}},
		{name: "bottom right", want: bot.Cell{Name: "g1", X: 6.5, Y: 6.5, Piece: "Z"}},
		{name: "white lion in its castle", want: bot.Cell{Name: "d1", X: 3.5, Y: 6.5, Piece: "L", Class: "castle"}},
		{name: "black castle, empty", want: bot.Cell{Name: "e5", X: 4.5, Y: 2.5, Class: "castle"}},
		{name: "river", want: bot.Cell{Name: "a4", X: 0.5, Y: 3.5, Class: "river"}},
		{name: "river between the castles", want: bot.Cell{Name: "d4", X: 3.5, Y: 3.5, Class: "river"}},
		{name: "white monkey", want: bot.Cell{Name: "b1", X: 1.5, Y: 6.5, Piece: "M"}},
		{name: "plain empty", want: bot.Cell{Name: "b3", X: 1.5, Y: 4.5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := cells[tt.want.Name]; got != tt.want {
				t.Errorf("cell %s: got %+v; want %+v", tt.want.Name, got, tt.want)
			}
		})
	}
	if classes["river"] != 7 || classes["castle"] != 18 {
		t.Errorf("classes: got %d river, %d castle; want 7, 18", classes["river"], classes["castle"])
	}
	looks := []struct {
		piece string
		want  bot.PieceLook
	}{
		{"L", bot.PieceLook{Label: "white lion", Side: 0, Glyph: "L"}},
		{"m", bot.PieceLook{Label: "black monkey", Side: 1, Glyph: "M"}},
		{"S", bot.PieceLook{Label: "white superpawn", Side: 0, Glyph: "S"}},
		{"c", bot.PieceLook{Label: "black crocodile", Side: 1, Glyph: "C"}},
	}
	for _, l := range looks {
		if got := sf.Pieces[l.piece]; got != l.want {
			t.Errorf("piece %s: got %+v; want %+v", l.piece, got, l.want)
		}
	}
	for _, c := range sf.Cells {
		if _, ok := sf.Pieces[c.Piece]; c.Piece != "" && !ok {
			t.Errorf("cell %s: piece %q has no look", c.Name, c.Piece)
		}
	}
	if sf.Turn != 0 || sf.Flip || !surfacer(t, st).Surface(1).Flip || len(sf.Last) != 0 || len(sf.Tools) != 0 {
		t.Errorf("got turn %d, flip %v, black's flip %v, last %v, %d tools; want 0, false, true, none, none",
			sf.Turn, sf.Flip, surfacer(t, st).Surface(1).Flip, sf.Last, len(sf.Tools))
	}
}

// TestSurfaceLast: the last move's squares, a monkey's whole path, and
// its jumps taken one at a time together.
func TestSurfaceLast(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		acts []string
		want []string
	}{
		{name: "a step", fen: congo.StartFEN, acts: []string{"a2-a3"}, want: []string{"a2", "a3"}},
		{name: "the reply", fen: congo.StartFEN, acts: []string{"a2-a3", "b6-b5"}, want: []string{"b6", "b5"}},
		{name: "a double jump", fen: doubleJump, acts: []string{"b1-d3-f5"}, want: []string{"b1", "d3", "f5"}},
		{name: "a jump under way", fen: doubleJump, acts: []string{"b1-d3"}, want: []string{"b1", "d3"}},
		{name: "jumps one at a time", fen: doubleJump, acts: []string{"b1-d3", "d3-f5"}, want: []string{"b1", "d3", "f5"}},
		{name: "jumps then stop", fen: monkeyWins, acts: []string{"b1-d3", "d3-f5", "stop"}, want: []string{"b1", "d3", "f5"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			actAll(t, st, tt.acts)
			if got := surfacer(t, st).Surface(bot.Spectator).Last; !slices.Equal(got, tt.want) {
				t.Errorf("Last: got %v; want %v", got, tt.want)
			}
		})
	}
}

// TestFrames: one frame for the start of play and one after each action
// of the record, the last the board as it ends.
func TestFrames(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		acts []string
	}{
		{name: "no moves", fen: congo.StartFEN},
		{name: "opening", fen: congo.StartFEN, acts: []string{"a2-a3", "b6-b5", "c2-c3", "b5-b4"}},
		{name: "monkey takes the lion in one path", fen: monkeyWins, acts: []string{"b1-d3-f5-d7"}},
		{name: "monkey jumps one at a time and stops", fen: monkeyWins, acts: []string{"b1-d3", "d3-f5", "stop", "e6-e5"}},
		{name: "double jump stopped early", fen: doubleJump, acts: []string{"b1-d3 stop", "d6-d5", "d3-d4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			start := surfacer(t, st).Surface(bot.Spectator)
			notes := actAll(t, st, tt.acts)
			frames, err := surfacer(t, st).Frames(nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != len(tt.acts)+1 {
				t.Fatalf("frames: got %d; want %d", len(frames), len(tt.acts)+1)
			}
			end := surfacer(t, st).Surface(bot.Spectator)
			for i, want := range []bot.Surface{start, end} {
				f := frames[0]
				if i == 1 {
					f = frames[len(frames)-1]
				}
				for j, c := range want.Cells {
					if f.Pieces[j] != c.Piece {
						t.Errorf("frame %d, %s: got %q; want %q", i*(len(frames)-1), c.Name, f.Pieces[j], c.Piece)
					}
				}
				if !slices.Equal(f.Last, want.Last) {
					t.Errorf("frame %d last: got %v; want %v", i*(len(frames)-1), f.Last, want.Last)
				}
			}
			if frames[0].Move != "" {
				t.Errorf("frame 0 move: got %q; want none", frames[0].Move)
			}
			for i, n := range notes {
				if frames[i+1].Move != n {
					t.Errorf("frame %d move: got %q; want %q", i+1, frames[i+1].Move, n)
				}
			}
			// A decoded game gives the same frames.
			again, err := surfacer(t, copyState(t, st)).Frames(nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(again) != len(frames) {
				t.Fatalf("decoded frames: got %d; want %d", len(again), len(frames))
			}
			for i := range frames {
				if !slices.Equal(again[i].Pieces, frames[i].Pieces) || !slices.Equal(again[i].Last, frames[i].Last) || again[i].Move != frames[i].Move {
					t.Errorf("decoded frame %d: got %+v; want %+v", i, again[i], frames[i])
				}
			}
		})
	}
}

// TestFramesSinceBegin: moves made before play began are the start of
// the replay, not frames of it.
func TestFramesSinceBegin(t *testing.T) {
	st, err := congogame.New(nil, congogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	actAll(t, st, []string{"a2-a3"})
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	before := surfacer(t, st).Surface(bot.Spectator)
	actAll(t, st, []string{"a6-a5"})
	frames, err := surfacer(t, st).Frames(nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(frames) != 2 {
		t.Fatalf("frames: got %d; want 2", len(frames))
	}
	for j, c := range before.Cells {
		if frames[0].Pieces[j] != c.Piece {
			t.Errorf("frame 0, %s: got %q; want %q", c.Name, frames[0].Pieces[j], c.Piece)
		}
	}
	if frames[1].Move != "a6-a5" {
		t.Errorf("frame 1 move: got %q; want a6-a5", frames[1].Move)
	}
}

// TestSurfacePlayouts plays whole games by the page's clicks alone, a
// seeded random click move at a time: each position offers as many
// moves as the engine has, every text offered plays, and the replay has
// a frame per action ending on the final board.
func TestSurfacePlayouts(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		seed uint64
	}{
		{name: "standard", fen: congo.StartFEN, seed: 1},
		{name: "standard again", fen: congo.StartFEN, seed: 2},
		{name: "busy", fen: busy, seed: 3},
		{name: "double jump", fen: doubleJump, seed: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			rng := rand.New(rand.NewPCG(tt.seed, 0))
			acts := 0
			for ; acts < 300 && len(st.Pending()) > 0; acts++ {
				seat := st.Pending()[0]
				pos, err := congo.ParseFEN(fenOf(t, st))
				if err != nil {
					t.Fatal(err)
				}
				moves := surfacer(t, st).Surface(seat).Moves
				if want := len(pos.LegalMoves()); len(moves) != want {
					t.Fatalf("action %d, %s: got %d moves; want %d", acts, pos.FEN(), len(moves), want)
				}
				cm := moves[rng.IntN(len(moves))]
				if _, err := st.Act(seat, words(cm.Text)); err != nil {
					t.Fatalf("action %d, %s: %q: %v", acts, pos.FEN(), cm.Text, err)
				}
			}
			t.Logf("%d actions, %s", acts, fenOf(t, st))
			frames, err := surfacer(t, st).Frames(nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != acts+1 {
				t.Fatalf("frames: got %d; want %d", len(frames), acts+1)
			}
			end := surfacer(t, st).Surface(bot.Spectator)
			last := frames[len(frames)-1]
			for j, c := range end.Cells {
				if last.Pieces[j] != c.Piece {
					t.Errorf("last frame, %s: got %q; want %q", c.Name, last.Pieces[j], c.Piece)
				}
			}
			if !slices.Equal(last.Last, end.Last) {
				t.Errorf("last frame's last: got %v; want %v", last.Last, end.Last)
			}
		})
	}
}
