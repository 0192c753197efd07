package strategogame_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// surfTable is a game played through the State with the engine alongside
// it: the truth (every army, every rank) that each view is checked
// against.
type surfTable struct {
	t       *testing.T
	k       *strategogame.Kind
	st      bot.State
	armies  [2]*stratego.Setup // nil until sent
	isReady [2]bool
	game    *stratego.Game // nil until both are ready
	// positions are the game's positions since both armies were placed:
	// [0] the start, [i] after move i.
	positions []stratego.Position
	moves     []string
}

func newSurfTable(t *testing.T, turns int) *surfTable {
	t.Helper()
	k := newKind(t, strategogame.Options{})
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	if turns > 0 {
		if _, err := st.Configure(bot.Command{Verb: "turns", Args: []string{fmt.Sprint(turns)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	return &surfTable{t: t, k: k, st: st}
}

// act says text as seat's command and fails the test if it is refused.
func (tb *surfTable) act(seat int, text string) bot.Played {
	tb.t.Helper()
	f := strings.Fields(text)
	p, err := tb.st.Act(seat, bot.Command{Verb: f[0], Args: f[1:]})
	if err != nil {
		tb.t.Fatalf("seat %d %q: %v", seat, text, err)
	}
	return p
}

// send sets up seat's army as the named formation.
func (tb *surfTable) send(seat int, name string) {
	tb.t.Helper()
	army, err := stratego.Formation(name)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.act(seat, "setup "+name)
	tb.armies[seat] = &army
}

// swap exchanges two pieces of seat's army, in the State and in the
// truth.
func (tb *surfTable) swap(seat int, a, b string) {
	tb.t.Helper()
	tb.act(seat, "swap "+a+" "+b)
	var at [2]*stratego.Rank
	for i, name := range []string{a, b} {
		sq, err := stratego.ParseSquare(name)
		if err != nil {
			tb.t.Fatal(err)
		}
		row := sq.Y()
		if seat == int(stratego.Blue) {
			row = stratego.Height - 1 - sq.Y()
		}
		at[i] = &tb.armies[seat].Rows[row][sq.X()]
	}
	*at[0], *at[1] = *at[1], *at[0]
}

// ready says ready for seat; once both are, the engine's game starts from
// the armies.
func (tb *surfTable) ready(seat int) {
	tb.t.Helper()
	tb.act(seat, "ready")
	tb.isReady[seat] = true
	if tb.isReady[0] && tb.isReady[1] {
		g, err := stratego.NewGame(*tb.armies[0], *tb.armies[1], stratego.Options{Rules: stratego.Progcomp, TurnLimit: tb.limit()})
		if err != nil {
			tb.t.Fatal(err)
		}
		tb.game = g
		tb.positions = []stratego.Position{g.Position()}
	}
}

// limit is the turn limit the state's record holds.
func (tb *surfTable) limit() int {
	data, err := tb.st.Encode()
	if err != nil {
		tb.t.Fatal(err)
	}
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		tb.t.Fatal(err)
	}
	return rec.Turns
}

// play plays m through the State, as its side's seat says it, and in the
// engine.
func (tb *surfTable) play(m stratego.Move) {
	tb.t.Helper()
	p := tb.game.Position()
	tb.act(int(p.Side()), m.String())
	if _, err := tb.game.Play(m); err != nil {
		tb.t.Fatal(err)
	}
	tb.positions = append(tb.positions, tb.game.Position())
	tb.moves = append(tb.moves, m.String())
}

// playOn plays up to n moves, attacks first (the first attacking move of
// the list, so combats come soon), otherwise a move spread over the list;
// after each it calls check. It returns how many combats there were.
func (tb *surfTable) playOn(n int, check func(step string)) (combats int) {
	tb.t.Helper()
	for i := range n {
		p := tb.game.Position()
		if tb.game.Status().Over() {
			break
		}
		moves := p.LegalMoves()
		m := moves[(i*7)%len(moves)]
		for _, a := range moves {
			if p.At(a.To()).IsPiece() {
				m = a
				break
			}
		}
		tb.play(m)
		if h := tb.game.History(); h[len(h)-1].Combat() {
			combats++
		}
		if check != nil {
			check(fmt.Sprintf("after move %d %v", i+1, m))
		}
	}
	return combats
}

// truth is every piece on the board now, as nobody but the engine sees
// it: in the setup, the armies sent so far.
func (tb *surfTable) truth() stratego.Position {
	if tb.game != nil {
		return tb.game.Position()
	}
	p := stratego.EmptyPosition(stratego.DefaultOptions())
	for c, army := range tb.armies {
		if army == nil {
			continue
		}
		for i, row := range army.Rows {
			y := i
			if c == int(stratego.Blue) {
				y = stratego.Height - 1 - i
			}
			for x, r := range row {
				if err := p.Put(stratego.SquareAt(x, y), stratego.NewPiece(stratego.Colour(c), r)); err != nil {
					tb.t.Fatal(err)
				}
			}
		}
	}
	return p
}

// textOf is a piece as the text board prints it, its rank shown or not:
// r or b, then the rank's letter or #; "" for no piece.
func textOf(pc stratego.Piece, showRank bool) string {
	if !pc.IsPiece() {
		return ""
	}
	owner := "r"
	if pc.Colour() == stratego.Blue {
		owner = "b"
	}
	if !showRank {
		return owner + "#"
	}
	return owner + string(pc.Rank().Token())
}

// labelOf is a piece's label with its rank: "red marshal".
func labelOf(c stratego.Colour, r stratego.Rank) string {
	return [2]string{"red", "blue"}[c] + " " + strings.ToLower(r.String())
}

// expectedCell is what viewer may see on a square holding pc: in the
// setup only its own army; in play its own pieces and those combat
// revealed by rank, the others by their army's mark.
func expectedCell(pc stratego.Piece, viewer int, setup bool) string {
	if !pc.IsPiece() {
		return ""
	}
	own := int(pc.Colour()) == viewer
	if setup && !own {
		return ""
	}
	return textOf(pc, own || pc.Revealed())
}

func surfacer(t *testing.T, st bot.State) bot.Surfacer {
	t.Helper()
	s, ok := st.(bot.Surfacer)
	if !ok {
		t.Fatalf("%T is not a bot.Surfacer", st)
	}
	return s
}

// cellsByName indexes a surface's cells by square name.
func cellsByName(t *testing.T, sf bot.Surface) map[string]bot.Cell {
	t.Helper()
	out := map[string]bot.Cell{}
	for _, c := range sf.Cells {
		if _, dup := out[c.Name]; dup {
			t.Fatalf("cell %s twice", c.Name)
		}
		out[c.Name] = c
	}
	return out
}

// auditSurface checks that viewer's surface shows exactly what viewer may
// see of truth (the cells), that its Pieces map holds exactly the looks
// on its cells, and that the surface as JSON names no rank of another
// army that viewer cannot see: neither its piece text nor its label.
func auditSurface(t *testing.T, step string, st bot.State, truth stratego.Position, viewer int, setup bool) {
	t.Helper()
	sf := surfacer(t, st).Surface(viewer)
	cells := cellsByName(t, sf)
	if len(cells) != stratego.NumSquares {
		t.Fatalf("%s, viewer %d: %d cells; want %d", step, viewer, len(cells), stratego.NumSquares)
	}
	onBoard := map[string]bool{}
	// visible are the (colour, rank) pairs viewer may know are on the
	// board: its own army's and those combat revealed.
	visible := map[string]bool{}
	for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
		pc := truth.At(sq)
		want := expectedCell(pc, viewer, setup)
		if got := cells[sq.String()].Piece; got != want {
			t.Fatalf("%s, viewer %d, %v: got %q; want %q", step, viewer, sq, got, want)
		}
		if want != "" {
			onBoard[want] = true
		}
		if pc.IsPiece() && !strings.HasSuffix(want, "#") && want != "" {
			visible[textOf(pc, true)] = true
		}
	}
	for text := range sf.Pieces {
		if !onBoard[text] {
			t.Fatalf("%s, viewer %d: Pieces has %q, which is on no cell", step, viewer, text)
		}
	}
	for text := range onBoard {
		if _, ok := sf.Pieces[text]; !ok {
			t.Fatalf("%s, viewer %d: Pieces lacks %q", step, viewer, text)
		}
	}
	data, err := json.Marshal(sf)
	if err != nil {
		t.Fatal(err)
	}
	js := string(data)
	for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
		pc := truth.At(sq)
		if !pc.IsPiece() || int(pc.Colour()) == viewer || pc.Revealed() {
			continue
		}
		text := textOf(pc, true)
		if visible[text] {
			continue // another piece of that rank is in plain view
		}
		// As a cell's piece or a key of Pieces ("b4" alone is also a
		// square's name).
		if strings.Contains(js, `"Piece":"`+text+`"`) || strings.Contains(js, `"`+text+`":{`) {
			t.Fatalf("%s, viewer %d: the surface names the hidden %v on %v (%q):\n%s", step, viewer, pc.Rank(), sq, text, js)
		}
		if l := labelOf(pc.Colour(), pc.Rank()); strings.Contains(js, l) {
			t.Fatalf("%s, viewer %d: the surface names the hidden %v on %v (%q):\n%s", step, viewer, pc.Rank(), sq, l, js)
		}
	}
}

// TestSurfaceHidesOtherArmies audits every viewer's surface through the
// setup and a game with combats: nobody is shown a rank of another army
// that combat has not revealed.
func TestSurfaceHidesOtherArmies(t *testing.T) {
	tb := newSurfTable(t, 0)
	viewers := []int{bot.Spectator, 0, 1}
	auditAll := func(step string) {
		t.Helper()
		truth := tb.truth()
		if tb.game != nil && tb.game.Status().Over() {
			return // everyone sees everything
		}
		for _, v := range viewers {
			auditSurface(t, step, tb.st, truth, v, tb.game == nil)
		}
	}
	steps := []struct {
		name string
		do   func()
	}{
		{"setup, no army", func() {}},
		{"setup, Red's army sent", func() { tb.send(0, "progcomp") }},
		{"setup, both armies sent", func() { tb.send(1, "fortress") }},
		{"setup, Red swapped", func() { tb.swap(0, "b1", "d1") }},
		{"setup, Blue swapped", func() { tb.swap(1, "e10", "b7") }},
		{"setup, Red ready", func() { tb.ready(0) }},
		{"play, both ready", func() { tb.ready(1) }},
	}
	for _, s := range steps {
		s.do()
		auditAll(s.name)
	}
	combats := tb.playOn(80, auditAll)
	if combats < 5 {
		t.Fatalf("got %d combats; want at least 5 for the audit to mean something", combats)
	}
	revealed := 0
	truth := tb.truth()
	for sq := stratego.Square(0); sq < stratego.NumSquares; sq++ {
		if truth.At(sq).Revealed() {
			revealed++
		}
	}
	if revealed == 0 {
		t.Fatalf("got no revealed piece on the board; want some, for the audit to check them")
	}
}

// TestSurfaceMatchesBoard: each cell's piece is the text Board prints on
// that square, for every viewer, in the setup and in play.
func TestSurfaceMatchesBoard(t *testing.T) {
	tb := newSurfTable(t, 0)
	tb.send(0, "progcomp")
	tb.send(1, "fortress")
	check := func(phase string) {
		for _, v := range []int{bot.Spectator, 0, 1} {
			sf := surfacer(t, tb.st).Surface(v)
			cells := cellsByName(t, sf)
			rows := 0
			for _, line := range strings.Split(tb.st.Board(v).Text, "\n") {
				m := boardRow.FindStringSubmatch(line)
				if m == nil {
					continue
				}
				rows++
				for j, text := range strings.Fields(m[2]) {
					file := j
					if v == 1 {
						file = stratego.Width - 1 - j // Blue's board runs j to a
					}
					name := string(rune('a'+file)) + m[1]
					want := text
					if text == ".." || text == "~~" {
						want = ""
					}
					if got := cells[name].Piece; got != want {
						t.Fatalf("%s, viewer %d, %s: got %q; want %q as Board prints it", phase, v, name, got, want)
					}
				}
			}
			if v >= 0 && rows != stratego.Height {
				t.Fatalf("%s, viewer %d: Board printed %d rows; want %d", phase, v, rows, stratego.Height)
			}
		}
	}
	check("setup")
	tb.ready(0)
	tb.ready(1)
	check("play")
	tb.playOn(40, check)
}

// TestSurfaceGeometry: squares are named as the chat names them, a1 at
// the bottom left, the lakes are water.
func TestSurfaceGeometry(t *testing.T) {
	tb := newSurfTable(t, 0)
	sf := surfacer(t, tb.st).Surface(bot.Spectator)
	if sf.Shape != "square" || sf.Width != 10 || sf.Height != 10 {
		t.Fatalf("got shape %q %vx%v; want square 10x10", sf.Shape, sf.Width, sf.Height)
	}
	cells := cellsByName(t, sf)
	cases := []struct {
		name  string
		x, y  float64
		class string
	}{
		{"a1", 0.5, 9.5, ""},
		{"j1", 9.5, 9.5, ""},
		{"a10", 0.5, 0.5, ""},
		{"j10", 9.5, 0.5, ""},
		{"b4", 1.5, 6.5, ""},
		{"c5", 2.5, 5.5, "water"},
		{"d6", 3.5, 4.5, "water"},
		{"g5", 6.5, 5.5, "water"},
		{"h6", 7.5, 4.5, "water"},
		{"e5", 4.5, 5.5, ""},
		{"a6", 0.5, 4.5, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := cells[c.name]
			if !ok {
				t.Fatalf("no cell %s", c.name)
			}
			if got.X != c.x || got.Y != c.y || got.Class != c.class {
				t.Fatalf("got (%v, %v) %q; want (%v, %v) %q", got.X, got.Y, got.Class, c.x, c.y, c.class)
			}
		})
	}
	water := 0
	for _, c := range sf.Cells {
		if c.Class == "water" {
			water++
		}
	}
	if water != 8 {
		t.Fatalf("got %d water cells; want 8", water)
	}
}

// TestSurfaceFlip: Blue's army is drawn at the top, so Blue's surface is
// flipped, in the setup and in play; Red's and a spectator's are not.
func TestSurfaceFlip(t *testing.T) {
	tb := newSurfTable(t, 0)
	tb.send(0, "progcomp")
	tb.send(1, "fortress")
	phases := []struct {
		name string
		do   func()
	}{
		{"setup", func() {}},
		{"play", func() { tb.ready(0); tb.ready(1) }},
	}
	for _, ph := range phases {
		ph.do()
		for _, c := range []struct {
			viewer int
			want   bool
		}{{bot.Spectator, false}, {0, false}, {1, true}} {
			t.Run(fmt.Sprintf("%s viewer %d", ph.name, c.viewer), func(t *testing.T) {
				if got := surfacer(t, tb.st).Surface(c.viewer).Flip; got != c.want {
					t.Fatalf("got Flip %v; want %v", got, c.want)
				}
			})
		}
	}
}

// TestSurfaceMoves: the side to move gets every legal move as clicks,
// Scouts' long moves included, marked attack onto an enemy piece; each
// one's Text plays through Act; nobody else gets moves.
func TestSurfaceMoves(t *testing.T) {
	tb := newSurfTable(t, 0)
	tb.send(0, "progcomp")
	tb.send(1, "progcomp")
	tb.ready(0)
	tb.ready(1)
	stages := []struct {
		name string
		do   func()
	}{
		{"Red's first move", func() {}},
		{"Blue's first move", func() { tb.playOn(1, nil) }},
		{"after combats", func() { tb.playOn(30, nil) }},
	}
	for _, s := range stages {
		s.do()
		t.Run(s.name, func(t *testing.T) {
			pos := tb.game.Position()
			side := int(pos.Side())
			var want []string
			long := false
			for _, m := range pos.LegalMoves() {
				want = append(want, m.String())
				long = long || m.Distance() > 1
			}
			if !long {
				t.Fatalf("the position has no long Scout move; the stage tests none")
			}
			sf := surfacer(t, tb.st).Surface(side)
			if sf.Turn != side {
				t.Fatalf("got Turn %d; want %d", sf.Turn, side)
			}
			var got []string
			for _, cm := range sf.Moves {
				m, err := stratego.ParseChatMove(cm.Text)
				if err != nil {
					t.Fatalf("move text %q: %v", cm.Text, err)
				}
				if !slices.Equal(cm.Select, []string{m.From().String()}) || !slices.Equal(cm.Path, []string{m.To().String()}) {
					t.Fatalf("%q: got Select %v Path %v; want [%v] [%v]", cm.Text, cm.Select, cm.Path, m.From(), m.To())
				}
				wantMark := ""
				if pos.At(m.To()).IsPiece() {
					wantMark = "attack"
				}
				if cm.Mark != wantMark {
					t.Fatalf("%q: got Mark %q; want %q", cm.Text, cm.Mark, wantMark)
				}
				got = append(got, cm.Text)
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("got moves %v; want %v", got, want)
			}
			for _, v := range []int{bot.Spectator, 1 - side} {
				if n := len(surfacer(t, tb.st).Surface(v).Moves); n != 0 {
					t.Fatalf("viewer %d not to move: got %d moves; want none", v, n)
				}
			}
			data, err := tb.st.Encode()
			if err != nil {
				t.Fatal(err)
			}
			for _, cm := range sf.Moves {
				st, err := tb.k.Decode(data)
				if err != nil {
					t.Fatal(err)
				}
				p, err := st.Act(side, bot.Command{Verb: cm.Text})
				if err != nil {
					t.Fatalf("%q: %v", cm.Text, err)
				}
				if p.Notation != cm.Text {
					t.Fatalf("%q: got notation %q; want %q", cm.Text, p.Notation, cm.Text)
				}
			}
		})
	}
}

// TestSurfaceSetupTools: in the setup a seat that is not ready has the
// Random army and Fortress buttons, Ready once it has an army, and the
// Swap tool with its army; a spectator and a ready seat have none.
func TestSurfaceSetupTools(t *testing.T) {
	tb := newSurfTable(t, 0)
	swap := []bot.Tool{{Label: "Swap", Command: "swap {1} {2}", Squares: 2, Private: true}}
	choose := []string{"setup random", "setup fortress"}
	withReady := []string{"setup random", "setup fortress", "ready"}
	stages := []struct {
		name      string
		do        func()
		seat      int
		wantActs  []string
		wantTools []bot.Tool
	}{
		{"no army yet", func() {}, 0, choose, nil},
		{"army sent", func() { tb.send(0, "blitz") }, 0, withReady, swap},
		{"the other seat without one", func() {}, 1, choose, nil},
		{"a spectator", func() {}, bot.Spectator, nil, nil},
		{"ready", func() { tb.ready(0) }, 0, nil, nil},
		{"in play", func() { tb.send(1, "corner"); tb.ready(1) }, 1, nil, nil},
	}
	for _, s := range stages {
		s.do()
		t.Run(s.name, func(t *testing.T) {
			var acts []string
			for _, a := range tb.st.Actions(s.seat) {
				acts = append(acts, a.Command)
			}
			if !slices.Equal(acts, s.wantActs) {
				t.Fatalf("got actions %q; want %q", acts, s.wantActs)
			}
			if got := surfacer(t, tb.st).Surface(s.seat).Tools; !slices.Equal(got, s.wantTools) {
				t.Fatalf("got tools %+v; want %+v", got, s.wantTools)
			}
		})
	}
	labels := map[string]string{}
	tb2 := newSurfTable(t, 0)
	tb2.send(1, "shield")
	for _, a := range tb2.st.Actions(1) {
		labels[a.Command] = a.Label
	}
	for cmd, want := range map[string]string{"setup random": "Random army", "setup fortress": "Fortress", "ready": "Ready"} {
		if labels[cmd] != want {
			t.Fatalf("%q: got label %q; want %q", cmd, labels[cmd], want)
		}
	}
}

// TestSwap: swap exchanges two pieces of the seat's army in its own rows,
// and refuses anything else without changing the army.
func TestSwap(t *testing.T) {
	cases := []struct {
		name  string
		setup func(tb *surfTable)
		seat  int
		cmd   string
		// want are the pieces the seat then sees; nil for a refusal, with
		// the error wantErr.
		want    map[string]string
		wantErr error
	}{
		{"red exchanges a1 and b1", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap a1 b1",
			map[string]string{"a1": "rB", "b1": "r8"}, nil},
		{"red exchanges across rows", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap c1 j4",
			map[string]string{"c1": "r6", "j4": "rF"}, nil},
		{"blue exchanges a10 and a7", func(tb *surfTable) { tb.send(1, "fortress") }, 1, "swap A10 a7",
			map[string]string{"a10": "b4", "a7": "b8"}, nil},
		{"refused after ready", func(tb *surfTable) { tb.send(0, "fortress"); tb.ready(0) }, 0, "swap a1 b1", nil, bot.ErrNotYourTurn},
		{"refused out of Red's rows", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap a1 a5", nil, bot.ErrIllegal},
		{"refused in Blue's own rows for Red", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap a7 a1", nil, bot.ErrIllegal},
		{"refused out of Blue's rows", func(tb *surfTable) { tb.send(1, "fortress") }, 1, "swap a4 a7", nil, bot.ErrIllegal},
		{"refused on one square", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap b2 b2", nil, bot.ErrIllegal},
		{"refused without an army", func(tb *surfTable) {}, 0, "swap a1 b1", nil, bot.ErrIllegal},
		{"refused off the board", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap a1 k1", nil, bot.ErrBadCommand},
		{"refused with one square", func(tb *surfTable) { tb.send(0, "fortress") }, 0, "swap a1", nil, bot.ErrBadCommand},
		{"refused in play", func(tb *surfTable) {
			tb.send(0, "fortress")
			tb.send(1, "fortress")
			tb.ready(0)
			tb.ready(1)
		}, 0, "swap a1 b1", nil, bot.ErrIllegal},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := newSurfTable(t, 0)
			c.setup(tb)
			before, err := tb.st.Encode()
			if err != nil {
				t.Fatal(err)
			}
			f := strings.Fields(c.cmd)
			p, err := tb.st.Act(c.seat, bot.Command{Verb: f[0], Args: f[1:]})
			if c.want == nil {
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("got %v; want an error that is %v", err, c.wantErr)
				}
				if after, _ := tb.st.Encode(); string(after) != string(before) {
					t.Fatalf("a refused swap changed the record:\ngot  %s\nwant %s", after, before)
				}
				return
			}
			if err != nil {
				t.Fatalf("got %v; want the swap", err)
			}
			if p.Public != "" || p.Notation != "" {
				t.Fatalf("got public %q notation %q; want nothing public", p.Public, p.Notation)
			}
			cells := cellsByName(t, surfacer(t, tb.st).Surface(c.seat))
			for sq, want := range c.want {
				if got := cells[sq].Piece; got != want {
					t.Fatalf("%s: got %q; want %q", sq, got, want)
				}
			}
			// The army stays legal: ready takes it and the other seat's
			// view has not changed.
			if _, err := tb.st.Act(c.seat, bot.Command{Verb: "ready"}); err != nil {
				t.Fatalf("ready after the swap: %v", err)
			}
			if !strings.Contains(p.Private, "Your army") {
				t.Fatalf("got private %q; want the army", p.Private)
			}
		})
	}
}

// TestSwapIsPrivate: the host takes swap only in a private message; said
// in the channel it is refused and the army does not change.
func TestSwapIsPrivate(t *testing.T) {
	h := newHarness(t, newKind(t, strategogame.Options{}))
	h.in("alice", "!stratego start @bob")
	h.in("bob", "!join")
	h.dm("alice", "setup fortress")
	_, before := h.game()
	// The refusal goes to the speaker alone.
	want(t, h.in("alice", "!swap a1 b1"), "private:id-alice", "swap is secret")
	if _, after := h.game(); after.Setups != before.Setups {
		t.Fatalf("a swap in the channel changed the army: got %v; want %v", after.Setups, before.Setups)
	}
	want(t, h.dm("alice", "swap a1 b1"), "private:id-alice", "Your army")
	if _, after := h.game(); after.Setups[0] == before.Setups[0] {
		t.Fatalf("a private swap left the army as it was: %v", after.Setups[0])
	}
}

// TestFrames: a finished game's frames are its positions from both armies
// placed, each after one move, aligned with the spectator's cells; hide
// draws a seat's unrevealed pieces as its opponent saw them.
func TestFrames(t *testing.T) {
	endings := []struct {
		name string
		end  func(tb *surfTable)
	}{
		{"turn limit", func(tb *surfTable) {
			tb.playOn(1000, nil)
			if !tb.game.Status().Over() {
				t.Fatalf("the game is not over after its turn limit")
			}
		}},
		{"ended by the host", func(tb *surfTable) {
			tb.playOn(25, nil)
			tb.st.(bot.Ender).End(bot.Result{Over: true, Winner: 1, Ending: bot.EndResigned})
		}},
	}
	hides := []struct {
		name string
		hide []bool
	}{
		{"nothing hidden", nil},
		{"nothing hidden, both false", []bool{false, false}},
		{"red hidden", []bool{true, false}},
		{"blue hidden", []bool{false, true}},
		{"both hidden", []bool{true, true}},
	}
	for _, e := range endings {
		t.Run(e.name, func(t *testing.T) {
			tb := newSurfTable(t, 30)
			tb.send(0, "progcomp")
			tb.send(1, "fortress")
			tb.ready(0)
			tb.ready(1)
			tb.playOn(3, nil)
			rp, ok := tb.st.(bot.Replayer)
			if !ok {
				t.Fatalf("%T is not a bot.Replayer", tb.st)
			}
			if _, err := rp.Frames(nil); !errors.Is(err, bot.ErrIllegal) {
				t.Fatalf("frames of a running game: got %v; want an error that is %v", err, bot.ErrIllegal)
			}
			e.end(tb)
			final := surfacer(t, tb.st).Surface(bot.Spectator)
			for _, hc := range hides {
				t.Run(hc.name, func(t *testing.T) {
					frames, err := rp.Frames(hc.hide)
					if err != nil {
						t.Fatal(err)
					}
					if len(frames) != len(tb.moves)+1 {
						t.Fatalf("got %d frames; want %d", len(frames), len(tb.moves)+1)
					}
					for i, f := range frames {
						wantMove, wantLast := "", []string(nil)
						if i > 0 {
							m, _ := stratego.ParseChatMove(tb.moves[i-1])
							wantMove, wantLast = tb.moves[i-1], []string{m.From().String(), m.To().String()}
						}
						if f.Move != wantMove || !slices.Equal(f.Last, wantLast) {
							t.Fatalf("frame %d: got move %q last %v; want %q %v", i, f.Move, f.Last, wantMove, wantLast)
						}
						if len(f.Pieces) != len(final.Cells) {
							t.Fatalf("frame %d: got %d pieces; want %d, one a cell", i, len(f.Pieces), len(final.Cells))
						}
						pos := tb.positions[i]
						for j, cell := range final.Cells {
							sq, err := stratego.ParseSquare(cell.Name)
							if err != nil {
								t.Fatal(err)
							}
							pc := pos.At(sq)
							hidden := pc.IsPiece() && int(pc.Colour()) < len(hc.hide) && hc.hide[pc.Colour()] && !pc.Revealed()
							if want := textOf(pc, !hidden); f.Pieces[j] != want {
								t.Fatalf("frame %d, %s: got %q; want %q", i, cell.Name, f.Pieces[j], want)
							}
							if f.Pieces[j] != "" {
								if _, ok := final.Pieces[f.Pieces[j]]; !ok {
									t.Fatalf("frame %d, %s: %q has no look in the finished surface", i, cell.Name, f.Pieces[j])
								}
							}
						}
					}
					if hc.hide == nil {
						last := frames[len(frames)-1]
						for j, cell := range final.Cells {
							if last.Pieces[j] != cell.Piece {
								t.Fatalf("last frame, %s: got %q; want %q as the finished board shows it", cell.Name, last.Pieces[j], cell.Piece)
							}
						}
					}
				})
			}
		})
	}
}

// TestFramesNeedPlay: a game that ended in its setup has no positions to
// replay.
func TestFramesNeedPlay(t *testing.T) {
	tb := newSurfTable(t, 0)
	tb.send(0, "progcomp")
	tb.st.(bot.Ender).End(bot.Result{Over: true, Winner: -1, Ending: "aborted"})
	if _, err := tb.st.(bot.Replayer).Frames(nil); !errors.Is(err, bot.ErrIllegal) {
		t.Fatalf("got %v; want an error that is %v", err, bot.ErrIllegal)
	}
}
