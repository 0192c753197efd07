package abalonegame_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// surfaceOf is st's Surface for viewer.
func surfaceOf(t *testing.T, st bot.State, viewer int) bot.Surface {
	t.Helper()
	sf, ok := st.(bot.Surfacer)
	if !ok {
		t.Fatalf("%T is no bot.Surfacer", st)
	}
	return sf.Surface(viewer)
}

// positionOf is the position st shows with its position command.
func positionOf(t *testing.T, st bot.State) abalone.Position {
	t.Helper()
	r, err := st.View(bot.Command{Verb: "position"}, bot.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(r.Text, "\n")
	p, err := abalone.ParsePosition(line)
	if err != nil {
		t.Fatalf("position %q: %v", line, err)
	}
	return p
}

// command is a line as the page says it: a verb and its arguments.
func command(line string) bot.Command {
	f := strings.Fields(line)
	return bot.Command{Verb: f[0], Args: f[1:]}
}

// surfaceGame makes a state from the layout rules, applies the setup
// commands, begins play and says the acts (by the seat to move).
func surfaceGame(t *testing.T, rules string, setup, acts []string) bot.State {
	t.Helper()
	st := newState(t, abalonegame.New(abalonegame.Options{}), rules)
	for _, c := range setup {
		if _, err := st.Configure(command(c)); err != nil {
			t.Fatalf("setup %q: %v", c, err)
		}
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	for _, c := range acts {
		if _, err := st.Act(st.Pending()[0], command(c)); err != nil {
			t.Fatalf("act %q: %v", c, err)
		}
	}
	return st
}

// pushSetup is a midgame set up by hand where Black may push three
// against two, the last off the board (e5 e6 e7 against e8 e9 on row E),
// and two against one (c3 c4 against c5, c6 empty); White's b1 c1 d1 may
// push Black's a1 off the board.
var pushSetup = []string{
	"empty",
	"put black e5 e6 e7 c3 c4 a1 a2 a3",
	"put white e8 e9 c5 b1 c1 d1",
	"turn black",
}

// clickKey is a ClickMove's selection (in any order) and path: what the
// page knows when it says a Text.
func clickKey(c bot.ClickMove) string {
	sel := slices.Clone(c.Select)
	slices.Sort(sel)
	return strings.Join(sel, ",") + ">" + strings.Join(c.Path, ",")
}

// TestSurfaceMovesAreTheLegalMoves: the moves as clicks are the engine's
// legal moves as the table writes them, each told by the marbles that
// move and a cell they go to: for an in-line move the cell ahead of the
// leading marble (empty, or an opponent's marble, marked push or
// capture), for a broadside a cell one of its marbles moves to (empty,
// and meaning no other broadside of the marbles). Every Text plays.
func TestSurfaceMovesAreTheLegalMoves(t *testing.T) {
	tests := []struct {
		name                string
		rules               string
		setup, acts         []string
		notation            abalone.Notation
		wantPush, wantTaken bool
	}{
		{name: "standard start", setup: nil},
		{name: "standard start in aMalone", setup: []string{"write amalone"}, notation: abalone.AMalone},
		{name: "belgian after two moves", rules: "belgian", acts: []string{"a1b2", "i5h5"}},
		{name: "midgame with pushes", setup: pushSetup, wantPush: true, wantTaken: true},
		{name: "midgame with pushes in aMalone", setup: append(slices.Clone(pushSetup), "write amalone"),
			notation: abalone.AMalone, wantPush: true, wantTaken: true},
		{name: "white pushes off", setup: pushSetup, acts: []string{"a3b4"}, wantTaken: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := surfaceGame(t, tc.rules, tc.setup, tc.acts)
			p := positionOf(t, st)
			seat := int(p.Turn())
			sf := surfaceOf(t, st, seat)
			if sf.Turn != seat {
				t.Errorf("Turn: got %d; want %d", sf.Turn, seat)
			}
			want := map[string]abalone.Move{}
			for _, m := range p.LegalMoves() {
				want[p.FormatMove(m, tc.notation)] = m
			}
			got := map[string]bool{}
			byKey := map[string]string{}
			marks := map[string]bool{}
			for _, c := range sf.Moves {
				got[c.Text] = true
				marks[c.Mark] = true
				if other, ok := byKey[clickKey(c)]; ok && other != c.Text {
					t.Errorf("select %v, path %v means both %s and %s", c.Select, c.Path, other, c.Text)
				}
				byKey[clickKey(c)] = c.Text
				m, ok := want[c.Text]
				if !ok {
					t.Errorf("%s: not a legal move written in %v", c.Text, tc.notation)
					continue
				}
				checkClick(t, &p, m, c, tc.notation)
			}
			for text := range want {
				if !got[text] {
					t.Errorf("legal move %s: no click gives it", text)
				}
			}
			if marks["push"] != tc.wantPush || marks["capture"] != tc.wantTaken {
				t.Errorf("marks: got push %v, capture %v; want %v, %v", marks["push"], marks["capture"], tc.wantPush, tc.wantTaken)
			}
			// Every Text plays, as the page says it, from this position.
			data := encode(t, st)
			kind := abalonegame.New(abalonegame.Options{})
			for text, m := range want {
				back, err := kind.Decode([]byte(data))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := back.Act(seat, command(text)); err != nil {
					t.Errorf("Act %s: %v", text, err)
					continue
				}
				after := p
				after.MakeMove(m)
				if got := positionOf(t, back); got != after {
					t.Errorf("after %s: got %v; want %v", text, got.Text(), after.Text())
				}
			}
		})
	}
}

// checkClick checks click c of legal move m in position p: the marbles
// selected are m's, and the one cell clicked is where m goes.
func checkClick(t *testing.T, p *abalone.Position, m abalone.Move, c bot.ClickMove, n abalone.Notation) {
	t.Helper()
	var group []string
	for _, cl := range m.Group() {
		group = append(group, cl.Name(n))
	}
	sel := slices.Clone(c.Select)
	slices.Sort(sel)
	slices.Sort(group)
	if !slices.Equal(sel, lowerStandard(group, n)) {
		t.Errorf("%s: select %v; want the marbles that move, %v", c.Text, c.Select, group)
	}
	if len(c.Path) != 1 {
		t.Fatalf("%s: path %v; want one cell", c.Text, c.Path)
	}
	to, err := abalone.ParseCellIn(c.Path[0], n)
	if err != nil {
		t.Fatalf("%s: path %v: %v", c.Text, c.Path, err)
	}
	if pc, _ := p.At(to).Color(); p.At(to) != abalone.Empty && pc == p.Turn() {
		t.Errorf("%s: path %v is the mover's own marble", c.Text, c.Path)
	}
	g := m.Group()
	if !m.IsBroadside() {
		ahead := g[len(g)-1].Neighbor(m.Dir())
		if to != ahead {
			t.Errorf("%s: path %v; want the cell ahead of the leading marble, %s", c.Text, c.Path, ahead.Name(n))
		}
		mark := ""
		if e := p.Effect(m); e.Ejected {
			mark = "capture"
		} else if e.Pushed > 0 {
			mark = "push"
		}
		if c.Mark != mark {
			t.Errorf("%s: mark %q; want %q", c.Text, c.Mark, mark)
		}
		return
	}
	if p.At(to) != abalone.Empty || c.Mark != "" {
		t.Errorf("%s: broadside to %v (%v), mark %q; want an empty cell, no mark", c.Text, c.Path, p.At(to), c.Mark)
	}
	dest := false
	for _, cl := range g {
		dest = dest || cl.Neighbor(m.Dir()) == to
	}
	if !dest {
		t.Errorf("%s: path %v is where none of its marbles goes", c.Text, c.Path)
	}
}

// lowerStandard writes standard names in lower case, as the table does.
func lowerStandard(names []string, n abalone.Notation) []string {
	if n == abalone.AMalone {
		return names
	}
	out := make([]string, len(names))
	for i, s := range names {
		out[i] = strings.ToLower(s)
	}
	return out
}

// broadsideGame is the standard start after Black's b6c6 and c6d6 (White
// moves h4g4 and g4f4 between): Black's d6 blocks c3 c4 c5 going
// up-right, so their broadside up-left to d3 d4 d5 shares no cell with
// another move.
//
// The moves and cells of the cases are standard: an aMalone case looks
// for the same move and cells by their aMalone names.
var broadsideGame = []string{"b6c6", "h4g4", "c6d6", "g4f4"}

// TestSurfaceBroadsideClicks: a broadside is given by each cell one of its
// marbles moves to, unless another broadside of the same marbles goes
// there too.
func TestSurfaceBroadsideClicks(t *testing.T) {
	tests := []struct {
		name      string
		setup     []string
		acts      []string
		text      string
		wantPaths []string
	}{
		{name: "three marbles, nothing shared", acts: broadsideGame, text: "c3c5d3", wantPaths: []string{"d3", "d4", "d5"}},
		{name: "three marbles, aMalone", setup: []string{"write amalone"}, acts: broadsideGame,
			text: "c3c5d3", wantPaths: []string{"d3", "d4", "d5"}},
		// At the start c3 c4 c5 may go up-left (c3c5d3) or up-right
		// (c3c5d4): d4 and d5 would mean both.
		{name: "start, up-right", text: "c3c5d4", wantPaths: []string{"d6"}},
		{name: "start, up-left", text: "c3c5d3", wantPaths: []string{"d3"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := surfaceGame(t, "", tc.setup, tc.acts)
			seat := st.Pending()[0]
			sf := surfaceOf(t, st, seat)
			n := abalone.Standard
			if sf.Cells[30].Name == "GG" {
				n = abalone.AMalone
			}
			p := positionOf(t, st)
			m, err := p.ParseMoveIn(tc.text, abalone.Standard)
			if err != nil {
				t.Fatal(err)
			}
			text := p.FormatMove(m, n)
			var want []string
			for _, w := range tc.wantPaths {
				c, err := abalone.ParseCellIn(w, abalone.Standard)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, lowerStandard([]string{c.Name(n)}, n)[0])
			}
			slices.Sort(want)
			var paths []string
			for _, c := range sf.Moves {
				if c.Text == text {
					paths = append(paths, c.Path...)
				}
			}
			slices.Sort(paths)
			if !slices.Equal(paths, want) {
				t.Errorf("paths of %s: got %v; want %v", text, paths, want)
			}
		})
	}
}

// TestSurfaceLayout: the cells are the 61 of the hexagon, named in the
// table's notation, laid out as pointy-top hexagons of unit width:
// neighbours a cell apart, every cell inside the extent.
func TestSurfaceLayout(t *testing.T) {
	for _, n := range []abalone.Notation{abalone.Standard, abalone.AMalone} {
		t.Run(n.String(), func(t *testing.T) {
			st := surfaceGame(t, "", []string{"write " + n.String()}, nil)
			sf := surfaceOf(t, st, bot.Spectator)
			if sf.Shape != "hex" || len(sf.Cells) != abalone.NumCells {
				t.Fatalf("shape %q, %d cells; want hex, %d", sf.Shape, len(sf.Cells), abalone.NumCells)
			}
			at := map[abalone.Cell]bot.Cell{}
			p := positionOf(t, st)
			for _, c := range sf.Cells {
				cl, err := abalone.ParseCellIn(c.Name, n)
				if err != nil || cl.Name(n) != strings.ToUpper(c.Name) && cl.Name(n) != c.Name {
					t.Fatalf("cell %q: not a cell name in %v (%v)", c.Name, n, err)
				}
				if _, dup := at[cl]; dup {
					t.Fatalf("cell %q twice", c.Name)
				}
				at[cl] = c
				if c.X < 0.5 || c.X > sf.Width-0.5 || c.Y < 0.5 || c.Y > sf.Height-0.5 {
					t.Errorf("cell %q at (%.2f, %.2f): outside %.2f x %.2f", c.Name, c.X, c.Y, sf.Width, sf.Height)
				}
				want := p.At(cl).String()
				if want == "." {
					want = ""
				}
				if c.Piece != want {
					t.Errorf("cell %q: piece %q; want %q", c.Name, c.Piece, want)
				}
				if _, ok := sf.Pieces[c.Piece]; c.Piece != "" && !ok {
					t.Errorf("cell %q: piece %q has no look", c.Name, c.Piece)
				}
			}
			for cl, c := range at {
				for d := range abalone.Direction(abalone.NumDirections) {
					nb := cl.Neighbor(d)
					if nb == abalone.NoCell {
						continue
					}
					if dist := math.Hypot(at[nb].X-c.X, at[nb].Y-c.Y); math.Abs(dist-1) > 1e-9 {
						t.Errorf("%s to its %v neighbour %s: %.3f apart; want 1", c.Name, d, at[nb].Name, dist)
					}
				}
			}
			// White's edge is at the top, as the text board draws it.
			if a, i := at[abalone.NewCell(0, 0)], at[abalone.NewCell(8, 8)]; a.Y <= i.Y {
				t.Errorf("A1 at y %.2f, I9 at %.2f; want row A below", a.Y, i.Y)
			}
		})
	}
}

// TestSurfaceNamesFollowTheNotation: notation amalone on one's turn
// renames every cell, the moves and the last move at once.
func TestSurfaceNamesFollowTheNotation(t *testing.T) {
	st := surfaceGame(t, "", nil, []string{"c3d3"})
	before := surfaceOf(t, st, bot.Spectator)
	if !slices.Equal(before.Last, []string{"c3", "d3"}) {
		t.Errorf("last move c3d3: got %v; want [c3 d3]", before.Last)
	}
	if _, err := st.Act(1, command("notation amalone")); err != nil {
		t.Fatal(err)
	}
	after := surfaceOf(t, st, 1)
	for i, c := range after.Cells {
		cl, err := abalone.ParseCellIn(before.Cells[i].Name, abalone.Standard)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name != cl.AMalone() {
			t.Errorf("cell %d: got %q; want aMalone's %q for %s", i, c.Name, cl.AMalone(), before.Cells[i].Name)
		}
	}
	if !slices.Equal(after.Last, []string{"A1", "F2"}) {
		t.Errorf("last move in aMalone: got %v; want [A1 F2]", after.Last)
	}
	for _, c := range after.Moves {
		if c.Text[0] < '1' || c.Text[0] > '3' {
			t.Errorf("move %q: want aMalone's notation", c.Text)
		}
	}
}

// TestSurfaceMovesForTheSeatToMove: only the seat to move gets moves; the
// other seat and a spectator see the board, the turn, no moves. White's
// side is at the top as laid out, so White's view is flipped.
func TestSurfaceMovesForTheSeatToMove(t *testing.T) {
	st := surfaceGame(t, "", nil, []string{"a1b2"})
	tests := []struct {
		name      string
		viewer    int
		wantMoves bool
		wantFlip  bool
	}{
		{"white to move", 1, true, true},
		{"black waits", 0, false, false},
		{"spectator", bot.Spectator, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sf := surfaceOf(t, st, tc.viewer)
			if got := len(sf.Moves) > 0; got != tc.wantMoves {
				t.Errorf("moves: got %d; want some: %v", len(sf.Moves), tc.wantMoves)
			}
			if sf.Turn != 1 || sf.Flip != tc.wantFlip {
				t.Errorf("turn %d, flip %v; want 1, %v", sf.Turn, sf.Flip, tc.wantFlip)
			}
			if len(sf.Tools) != 0 {
				t.Errorf("tools in play: %v", sf.Tools)
			}
		})
	}
	st.(bot.Ender).End(bot.Result{Winner: 0, Ending: bot.EndResigned})
	if sf := surfaceOf(t, st, 1); len(sf.Moves) != 0 || sf.Turn != -1 {
		t.Errorf("after a resignation: %d moves, turn %d; want none, -1", len(sf.Moves), sf.Turn)
	}
}

// TestSurfaceTools: in setup the tools are aMalone's clicks — the left
// button puts the marble of the side that begins, the right one the
// other's, and a tool empties a cell — and each is a command setup
// takes. Play has none.
func TestSurfaceTools(t *testing.T) {
	tests := []struct {
		name        string
		setup       []string
		left, right string
	}{
		{"black begins", []string{"remove a1 i5"}, "black", "white"},
		{"white begins", []string{"remove a1 i5", "turn white"}, "white", "black"},
		{"aMalone names on an empty board", []string{"write amalone", "empty"}, "black", "white"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newState(t, abalonegame.New(abalonegame.Options{}), "")
			for _, c := range tc.setup {
				if _, err := st.Configure(command(c)); err != nil {
					t.Fatal(err)
				}
			}
			sf := surfaceOf(t, st, 0)
			buttons := map[string]bot.Tool{}
			for _, tool := range sf.Tools {
				buttons[tool.Button] = tool
			}
			if got := buttons["left"]; got.Command != "put "+tc.left+" {1}" || got.Label != strings.ToUpper(tc.left[:1])+tc.left[1:]+" marble" || got.Squares != 1 {
				t.Errorf("left button: got %+v; want put %s {1}", got, tc.left)
			}
			if got := buttons["right"]; got.Command != "put "+tc.right+" {1}" || got.Squares != 1 {
				t.Errorf("right button: got %+v; want put %s {1}", got, tc.right)
			}
			if got := buttons[""]; got.Command != "remove {1}" || got.Label != "Empty" {
				t.Errorf("no button: got %+v; want Empty, remove {1}", got)
			}
			// Each tool on the centre cell, as the page says it.
			centre := sf.Cells[30]
			for _, tool := range sf.Tools {
				line := strings.ReplaceAll(tool.Command, "{1}", centre.Name)
				if _, err := st.Configure(command(line)); err != nil {
					t.Errorf("%s: %v", line, err)
				}
			}
			if got := surfaceOf(t, st, 0).Cells[30].Piece; got != "" {
				t.Errorf("centre after put, put, remove: %q; want empty", got)
			}
			if err := st.Begin(); err != nil {
				t.Fatal(err)
			}
			if got := surfaceOf(t, st, 0).Tools; len(got) != 0 {
				t.Errorf("tools after play began: %v", got)
			}
		})
	}
}

// TestFrames: a game's frames are its positions since play began (not
// the setup move before), each with the move that led there as the
// table wrote it and its cells; the last is the final board.
func TestFrames(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
	}{
		{"standard", nil},
		{"aMalone", []string{"write amalone"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := newState(t, abalonegame.New(abalonegame.Options{}), "")
			for _, c := range tc.setup {
				if _, err := st.Configure(command(c)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := st.Act(0, command("a1b2")); err != nil { // before play
				t.Fatal(err)
			}
			if err := st.Begin(); err != nil {
				t.Fatal(err)
			}
			start := cellPieces(surfaceOf(t, st, bot.Spectator))
			var played []string
			var lasts [][]string
			for _, text := range []string{"i5h5", "b6c6", "h5g5", "c4c6d5"} {
				pl, err := st.Act(st.Pending()[0], command(text))
				if err != nil {
					t.Fatalf("%s: %v", text, err)
				}
				played = append(played, pl.Notation)
				lasts = append(lasts, surfaceOf(t, st, bot.Spectator).Last)
			}
			st.(bot.Ender).End(bot.Result{Winner: 1, Ending: bot.EndResigned})
			frames, err := st.(bot.Replayer).Frames(nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(frames) != len(played)+1 {
				t.Fatalf("frames: got %d; want %d, the start and one a move", len(frames), len(played)+1)
			}
			if !slices.Equal(frames[0].Pieces, start) || frames[0].Move != "" || len(frames[0].Last) != 0 {
				t.Errorf("frame 0: got %+v; want the board as play began, no move", frames[0])
			}
			for i, f := range frames[1:] {
				if f.Move != played[i] || !slices.Equal(f.Last, lasts[i]) {
					t.Errorf("frame %d: move %q, last %v; want %q, %v", i+1, f.Move, f.Last, played[i], lasts[i])
				}
			}
			final := surfaceOf(t, st, bot.Spectator)
			if got := frames[len(frames)-1].Pieces; !slices.Equal(got, cellPieces(final)) {
				t.Errorf("last frame: got %v; want the final board %v", got, cellPieces(final))
			}
		})
	}
}

func cellPieces(sf bot.Surface) []string {
	out := make([]string, len(sf.Cells))
	for i, c := range sf.Cells {
		out[i] = c.Piece
	}
	return out
}

// tableSurface is the Surface for viewer of the game stored at the
// harness's table, decoded as the host decodes it.
func (h *harness) tableSurface(viewer int) bot.Surface {
	h.t.Helper()
	st, err := abalonegame.New(abalonegame.Options{}).Decode(h.record().State)
	if err != nil {
		h.t.Fatal(err)
	}
	return surfaceOf(h.t, st, viewer)
}

// TestSurfaceTextsTheHostTakes: at a table the host keeps, a click's Text
// said as a command is the move, in either notation: the broadside of the
// browser's test (after b6c6 h4g4 c6d6 g4f4, Black's c3 c4 c5 to d3 d4
// d5, given by each of the three cells), and a move of White's.
func TestSurfaceTextsTheHostTakes(t *testing.T) {
	for _, n := range []string{"standard", "amalone"} {
		t.Run(n, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, []step{
				{user: "alice", text: "!abalone start @bob " + n, want: "challenges you"},
				{user: "bob", text: "!abalone join", want: "Game on"},
			})
			users := [2]string{"alice", "bob"}
			for _, text := range broadsideGame {
				p := h.position()
				h.must(users[p.Turn()], "!"+text, "to move")
			}
			sf := h.tableSurface(0)
			p := h.position()
			m, err := p.ParseMoveIn("c3c5d3", abalone.Standard)
			if err != nil {
				t.Fatal(err)
			}
			nt, _ := abalone.ParseNotation(n)
			want := p.FormatMove(m, nt)
			var paths []string
			for _, c := range sf.Moves {
				if c.Text == want {
					paths = append(paths, c.Path...)
				}
			}
			if len(paths) != 3 {
				t.Fatalf("clicks of %s: paths %v; want one for each of the three marbles", want, paths)
			}
			h.must("alice", "!"+want, "3 marbles broadside")
			after := p
			after.MakeMove(m)
			if got := h.position(); got != after {
				t.Fatalf("after %s: %s; want %s", want, got.Text(), after.Text())
			}
			if got := h.tableSurface(bot.Spectator).Last; len(got) != 6 {
				t.Errorf("last after a broadside of three: %v; want the three cells left and the three entered", got)
			}
			// White's turn: a click the page offers White plays.
			white := h.tableSurface(1).Moves
			if len(white) == 0 {
				t.Fatal("white has no moves")
			}
			h.must("bob", "!"+white[len(white)/2].Text, "Black (alice) to move")
			if len(h.tableSurface(1).Moves) != 0 {
				t.Errorf("white has moves on black's turn")
			}
		})
	}
}
