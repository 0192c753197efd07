package stratego

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// build returns a position under rules r with Red to move and the given
// pieces, each "r9@b4" (owner, letter, "@", chat square, optional "'" or
// "!" marks after the letter). Each side gets a Flag in a far corner
// unless the list names one, so the game is not over before it starts.
func build(t testing.TB, r Rules, pieces ...string) Position {
	t.Helper()
	p := EmptyPosition(Options{Rules: r, TurnLimit: DefaultTurnLimit})
	flags := [2]bool{}
	for _, s := range pieces {
		cell, sq, ok := strings.Cut(s, "@")
		if !ok {
			t.Fatalf("build: %q is not PIECE@SQUARE", s)
		}
		pc, err := parseCell(cell)
		if err != nil {
			t.Fatalf("build %q: %v", s, err)
		}
		at, err := ParseSquare(sq)
		if err != nil {
			t.Fatalf("build %q: %v", s, err)
		}
		if err := p.Put(at, pc); err != nil {
			t.Fatalf("build %q: %v", s, err)
		}
		if pc.Rank() == Flag {
			flags[pc.Colour()] = true
		}
	}
	if !flags[Red] {
		p.Put(mustSquare(t, "a1"), NewPiece(Red, Flag))
	}
	if !flags[Blue] {
		p.Put(mustSquare(t, "j10"), NewPiece(Blue, Flag))
	}
	return p
}

func mustSquare(t testing.TB, s string) Square {
	t.Helper()
	sq, err := ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

func mustMove(t testing.TB, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// destinations returns the chat names of the squares the piece on from
// may move to, sorted as the generator makes them.
func destinations(p *Position, from Square) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From() == from {
			out = append(out, m.To().String())
		}
	}
	return out
}

// The combat table: every moving rank against every rank, both rule sets,
// derived here from the manual's sentences one by one rather than from
// Combat's code.
func TestCombatTable(t *testing.T) {
	for _, rules := range []Rules{Progcomp, Manual} {
		for a := Marshal; a <= Spy; a++ {
			for d := Marshal; d < NumRanks; d++ {
				var want Outcome
				switch {
				case d == Flag: // "If any enemy piece encounters the Flag, the controlling player wins."
					want = CapturesFlag
				case d == Bomb && a == Miner: // "Destroys Bombs without being killed"
					want = Kills
				case d == Bomb && rules == Manual: // "both pieces are destroyed"
					want = BothDie
				case d == Bomb: // the program keeps the bomb
					want = Dies
				case a == Spy && d == Marshal: // "If the Spy attacks the Marshal, the Marshal dies"
					want = Kills
				case a == d: // equal ranks: both die (BOTHDIE)
					want = BothDie
				case a < d: // "the piece with the lower rank (higher number) is destroyed"
					want = Kills
				default:
					want = Dies
				}
				if got := Combat(a, d, rules); got != want {
					t.Errorf("%v: %c attacks %c: got %v; want %v", rules, a.Token(), d.Token(), got, want)
				}
			}
		}
	}
	// A few rows spelled out, as the protocol's confirmations show them.
	named := []struct {
		name string
		a, d Rank
		r    Rules
		want Outcome
	}{
		{"3 kills 8 (2 2 UP 1 KILLS 3 8)", Colonel, Miner, Progcomp, Kills},
		{"8 kills B (0 2 UP KILLS 8 B)", Miner, Bomb, Progcomp, Kills},
		{"s kills 1 (0 2 RIGHT KILLS s 1)", Spy, Marshal, Progcomp, Kills},
		{"1 kills s: only the attacking Spy kills", Marshal, Spy, Progcomp, Kills},
		{"7 dies on 6 (1 4 UP DIES 7 6)", Sergeant, Lieutenant, Progcomp, Dies},
		{"6 dies on B, progcomp (0 2 UP DIES 6 B)", Lieutenant, Bomb, Progcomp, Dies},
		{"6 and B both die, manual", Lieutenant, Bomb, Manual, BothDie},
		{"9 and 9 both die (0 5 UP BOTHDIE 9 9)", Scout, Scout, Progcomp, BothDie},
		{"s dies on 9: the Spy is the weakest", Spy, Scout, Progcomp, Dies},
		{"9 kills s", Scout, Spy, Progcomp, Kills},
		{"s takes the flag", Spy, Flag, Manual, CapturesFlag},
		{"2 dies on 1", General, Marshal, Progcomp, Dies},
	}
	for _, c := range named {
		if got := Combat(c.a, c.d, c.r); got != c.want {
			t.Errorf("%s: got %v; want %v", c.name, got, c.want)
		}
	}
}

// Every line of the manual's GAME RULES, on the board.
func TestGameRules(t *testing.T) {
	t.Run("pieces move one square horizontally or vertically", func(t *testing.T) {
		p := build(t, Progcomp, "r5@e2")
		if got := strings.Join(destinations(&p, mustSquare(t, "e2")), " "); got != "e1 e3 d2 f2" {
			t.Errorf("captain on e2: got %s; want e1 e3 d2 f2", got)
		}
		for _, m := range []string{"e2-e4", "e2-g2", "0 3 UP"} {
			mv, err := ParseMove(m)
			if err != nil {
				continue // off the board or not straight: refused by the parser
			}
			if err := p.Legal(mv); !errors.Is(err, ErrIllegalMove) {
				t.Errorf("%s: got %v; want ErrIllegalMove", m, err)
			}
		}
		if _, err := ParseMove("e2-f3"); !errors.Is(err, ErrInvalidMove) {
			t.Errorf("diagonal e2-f3: got %v; want ErrInvalidMove", err)
		}
	})
	t.Run("scouts move through multiple empty squares", func(t *testing.T) {
		p := build(t, Progcomp, "r9@a3", "b5@a8")
		if got := strings.Join(destinations(&p, mustSquare(t, "a3")), " "); got != "a2 a4 a5 a6 a7 a8 b3 c3 d3 e3 f3 g3 h3 i3 j3" {
			t.Errorf("scout on a3: got %s", got)
		}
		u, err := p.Play(mustMove(t, "0 2 DOWN 5"))
		if err != nil {
			t.Fatal(err)
		}
		if r := u.Result(); r.Outcome != Dies || r.Attacker != Scout || r.Defender != Captain {
			t.Errorf("scout attacks at the end of its run: got %+v; want DIES 9 5", r)
		}
	})
	t.Run("scouts stop at lakes and never cross them", func(t *testing.T) {
		p := build(t, Progcomp, "r9@c4", "r9@a5")
		if got := strings.Join(destinations(&p, mustSquare(t, "c4")), " "); got != "c3 c2 c1 b4 a4 d4 e4 f4 g4 h4 i4 j4" {
			t.Errorf("scout on c4 below the lake: got %s", got)
		}
		// a5 to j5 crosses the lake lane: stops at b5.
		if got := strings.Join(destinations(&p, mustSquare(t, "a5")), " "); got != "a4 a3 a2 a6 a7 a8 a9 a10 b5" {
			t.Errorf("scout on a5: got %s", got)
		}
		if err := p.Legal(mustMove(t, "c4-c7")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("c4-c7 across the lake: got %v; want ErrIllegalMove", err)
		}
		if err := p.Legal(mustMove(t, "c4-c5")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("c4-c5 into the lake: got %v; want ErrIllegalMove", err)
		}
	})
	t.Run("scouts run the three lanes between the lakes", func(t *testing.T) {
		p := build(t, Progcomp, "r9@e1", "r9@a4", "r9@j4")
		for _, c := range []struct{ from, want string }{
			{"e1", "e2 e3 e4 e5 e6 e7 e8 e9 e10 d1 c1 b1 f1 g1 h1 i1 j1"},
			{"a4", "a3 a2 a1 a5 a6 a7 a8 a9 a10 b4 c4 d4 e4 f4 g4 h4 i4"},
		} {
			got := destinations(&p, mustSquare(t, c.from))
			// a1 holds Red's own flag: a4's run up stops at a2.
			if c.from == "a4" {
				c.want = "a3 a2 a5 a6 a7 a8 a9 a10 b4 c4 d4 e4 f4 g4 h4 i4"
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("scout on %s: got %s; want %s", c.from, strings.Join(got, " "), c.want)
			}
		}
	})
	t.Run("pieces may not move through or onto allied pieces", func(t *testing.T) {
		p := build(t, Progcomp, "r9@a3", "r4@a6", "r4@b3")
		if got := strings.Join(destinations(&p, mustSquare(t, "a3")), " "); got != "a2 a4 a5" {
			t.Errorf("scout boxed by allies: got %s; want a2 a4 a5", got)
		}
		if err := p.Legal(mustMove(t, "a3-a7")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("through an ally: got %v; want ErrIllegalMove", err)
		}
		if err := p.Legal(mustMove(t, "a3-b3")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("onto an ally: got %v; want ErrIllegalMove", err)
		}
	})
	t.Run("a scout may not jump over an enemy", func(t *testing.T) {
		p := build(t, Progcomp, "r9@a3", "b4@a5")
		if err := p.Legal(mustMove(t, "a3-a7")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("over an enemy: got %v; want ErrIllegalMove", err)
		}
	})
	t.Run("only scouts move more than one square", func(t *testing.T) {
		p := build(t, Progcomp, "r1@a3")
		if err := p.Legal(mustMove(t, "0 2 DOWN 2")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("marshal two squares: got %v; want ErrIllegalMove", err)
		}
	})
	t.Run("moving onto an enemy destroys the lower rank", func(t *testing.T) {
		p := build(t, Progcomp, "r3@c3", "b8@c4")
		u, err := p.Play(mustMove(t, "c3-c4"))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.At(mustSquare(t, "c4")); got.Rank() != Colonel || got.Colour() != Red || !got.Revealed() || !got.Moved() {
			t.Errorf("c4 after 3 kills 8: got %v; want r3'!", got)
		}
		if p.At(mustSquare(t, "c3")) != Empty || u.Result().Outcome != Kills {
			t.Errorf("c3 after the move: got %v, %v", p.At(mustSquare(t, "c3")), u.Result())
		}
		q := build(t, Progcomp, "r7@b4", "b6@b5")
		q.Play(mustMove(t, "b4-b5"))
		if got := q.At(mustSquare(t, "b5")); got.Colour() != Blue || got.Rank() != Lieutenant || !got.Revealed() || got.Moved() {
			t.Errorf("b5 after 7 dies on 6: got %v; want b6!", got)
		}
		if q.At(mustSquare(t, "b4")) != Empty {
			t.Errorf("the attacker that died is still on b4")
		}
	})
	t.Run("equal ranks both die", func(t *testing.T) {
		p := build(t, Progcomp, "r9@a5", "b9@a6")
		p.Play(mustMove(t, "a5-a6"))
		if p.At(mustSquare(t, "a5")) != Empty || p.At(mustSquare(t, "a6")) != Empty {
			t.Errorf("9 on 9: got %v %v; want both empty", p.At(mustSquare(t, "a5")), p.At(mustSquare(t, "a6")))
		}
	})
	t.Run("marshal dies if attacked by the spy", func(t *testing.T) {
		p := build(t, Progcomp, "rs@a3", "b1@b3", "r4@j4")
		p.Play(mustMove(t, "0 2 RIGHT"))
		if got := p.At(mustSquare(t, "b3")); got.Rank() != Spy || got.Colour() != Red {
			t.Errorf("spy attacks marshal: got %v on b3; want the spy", got)
		}
		q := build(t, Progcomp, "r1@a3", "bs@b3", "b4@j7")
		q.Play(mustMove(t, "a3-b3"))
		if got := q.At(mustSquare(t, "b3")); got.Rank() != Marshal {
			t.Errorf("marshal attacks spy: got %v on b3; want the marshal", got)
		}
	})
	t.Run("bombs and the flag never move", func(t *testing.T) {
		p := build(t, Progcomp, "rB@e3", "rF@e2", "r4@j4")
		if got := destinations(&p, mustSquare(t, "e3")); len(got) != 0 {
			t.Errorf("bomb moves: %v", got)
		}
		if got := destinations(&p, mustSquare(t, "e2")); len(got) != 0 {
			t.Errorf("flag moves: %v", got)
		}
		if err := p.Legal(mustMove(t, "e3-e4")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("bomb e3-e4: got %v; want ErrIllegalMove", err)
		}
	})
	t.Run("a miner destroys a bomb without being killed", func(t *testing.T) {
		for _, r := range []Rules{Progcomp, Manual} {
			p := build(t, r, "r8@e3", "bB@e4")
			p.Play(mustMove(t, "e3-e4"))
			if got := p.At(mustSquare(t, "e4")); got.Rank() != Miner || got.Colour() != Red {
				t.Errorf("%v: miner on bomb: got %v; want the miner on e4", r, got)
			}
		}
	})
	t.Run("progcomp: a non-miner dies on a bomb, the bomb stays", func(t *testing.T) {
		p := build(t, Progcomp, "r1@e3", "bB@e4")
		u, _ := p.Play(mustMove(t, "e3-e4"))
		if got := p.At(mustSquare(t, "e4")); got.Rank() != Bomb || got.Colour() != Blue || !got.Revealed() {
			t.Errorf("e4: got %v; want bB!", got)
		}
		if p.At(mustSquare(t, "e3")) != Empty || u.Result().Outcome != Dies {
			t.Errorf("marshal on bomb: got %v", u.Result())
		}
	})
	t.Run("manual: a non-miner and a bomb destroy each other", func(t *testing.T) {
		p := build(t, Manual, "r1@e3", "bB@e4", "r4@j4")
		u, _ := p.Play(mustMove(t, "e3-e4"))
		if p.At(mustSquare(t, "e4")) != Empty || p.At(mustSquare(t, "e3")) != Empty || u.Result().Outcome != BothDie {
			t.Errorf("marshal on bomb, manual: got %v, e4 %v", u.Result(), p.At(mustSquare(t, "e4")))
		}
	})
	t.Run("capturing the flag wins", func(t *testing.T) {
		p := build(t, Progcomp, "rs@e3", "bF@e4", "b1@a10")
		u, _ := p.Play(mustMove(t, "e3-e4"))
		if st := p.Status(); !st.Over() || st.Winner != Red || st.Reason != FlagCaptured || u.Result().Outcome != CapturesFlag {
			t.Errorf("got %v, %v; want RED wins (flag captured)", st, u.Result())
		}
		if p.HasMove() {
			t.Errorf("moves generated after the game ended")
		}
	})
	t.Run("destroying all enemy moving pieces wins", func(t *testing.T) {
		p := build(t, Progcomp, "r4@e3", "b5@e4", "bB@a10", "r9@a4")
		p.Play(mustMove(t, "e3-e4"))
		if st := p.Status(); st.Winner != Red || st.Reason != Attrition {
			t.Errorf("got %v; want RED wins (attrition)", st)
		}
	})
	t.Run("both sides without moving pieces: a draw", func(t *testing.T) {
		p := build(t, Progcomp, "r5@e3", "b5@e4", "bB@a10")
		p.Play(mustMove(t, "e3-e4"))
		if st := p.Status(); !st.Draw || st.Reason != NoMobilePieces {
			t.Errorf("got %v; want draw (no mobile pieces)", st)
		}
	})
	t.Run("the mover losing its last piece plays on until the opponent moves", func(t *testing.T) {
		p := build(t, Progcomp, "r5@e3", "b4@e4", "b9@a10")
		p.Play(mustMove(t, "e3-e4"))
		if st := p.Status(); st.Over() {
			t.Fatalf("after Red's last piece died: got %v; want ongoing (Blue to move)", st)
		}
		p.Play(mustMove(t, "a10-a9"))
		if st := p.Status(); st.Winner != Blue || st.Reason != Attrition {
			t.Errorf("after Blue's move: got %v; want BLUE wins (attrition)", st)
		}
	})
	t.Run("a side whose pieces are all boxed in loses", func(t *testing.T) {
		p := build(t, Progcomp, "rF@a1", "r5@b1", "rB@c1", "rB@b2", "b4@j7")
		if st := p.Status(); st.Winner != Blue || st.Reason != NoMoves {
			t.Errorf("got %v; want BLUE wins (no legal move)", st)
		}
	})
	t.Run("turn limit: a draw when the counter reaches N", func(t *testing.T) {
		p := build(t, Progcomp, "r4@a4", "b4@j7")
		p.limit = 3
		moves := []string{"a4-a3", "j7-j6", "a3-a4", "j6-j7"}
		for i, m := range moves {
			if st := p.Status(); st.Over() {
				t.Fatalf("before move %d: %v", i, st)
			}
			p.Play(mustMove(t, m))
		}
		if st := p.Status(); !st.Draw || st.Reason != TurnLimit || p.Turn() != 3 {
			t.Errorf("after 2 full turns with limit 3: got %v at turn %d; want draw (turn limit) at 3", st, p.Turn())
		}
	})
	t.Run("pieces are hidden; combat reveals both ranks", func(t *testing.T) {
		p := build(t, Progcomp, "r3@c3", "b8@c4", "b2@h7", "r2@h3")
		red := p.View(RedSeat)
		if got := red.At(mustSquare(t, "h7")); got.Rank() != NoRank || got.Colour() != Blue {
			t.Errorf("Red sees Blue's general as %v; want an unknown blue piece", got)
		}
		p.Play(mustMove(t, "c3-c4"))
		for _, s := range []Seat{RedSeat, BlueSeat, Spectator} {
			v := p.View(s)
			if got := v.At(mustSquare(t, "c4")); got.Rank() != Colonel {
				t.Errorf("%v sees the winner on c4 as %v; want the colonel", s, got)
			}
		}
		sp := p.View(Spectator)
		if got := sp.At(mustSquare(t, "h3")); got.Rank() != NoRank {
			t.Errorf("spectator sees h3 as %v; want unknown", got)
		}
		blue := p.View(BlueSeat)
		if got := blue.At(mustSquare(t, "h7")); got.Rank() != General {
			t.Errorf("Blue sees its own general as %v", got)
		}
		all := p.View(Everyone)
		if got := all.At(mustSquare(t, "h3")); got.Rank() != General {
			t.Errorf("everyone sees h3 as %v", got)
		}
	})
}

func TestTurnCounter(t *testing.T) {
	p := build(t, Progcomp, "r4@a4", "b4@j7")
	for i, want := range []int{1, 1, 2, 2} {
		m := []string{"a4-a3", "j7-j6", "a3-a4", "j6-j7"}[i]
		if got := p.Turn(); got != want {
			t.Errorf("before %s: turn %d; want %d", m, got, want)
		}
		p.Play(mustMove(t, m))
	}
}

// The manager raises its turn counter after Blue's move only when the game
// goes on: a game Blue's move ends (the Flag taken, Red left without a
// moving piece) ends on the turn that move was made in, as a game Red's
// move ends does; a game that goes on, or reaches the turn limit, counts
// the next turn.
func TestTurnCounterWhenAMoveEndsTheGame(t *testing.T) {
	cases := []struct {
		name   string
		limit  int
		pieces []string
		moves  []string // Red, Blue, ...; the last one is checked
		over   bool
	}{
		{"Blue takes the flag", 0, []string{"r4@e3", "b4@a2"}, []string{"e3-e4", "a2-a1"}, true},
		{"Blue kills Red's last moving piece", 0, []string{"r9@e3", "b4@e5"}, []string{"e3-e4", "e5-e4"}, true},
		{"Red takes the flag", 0, []string{"r4@j9", "b4@a5"}, []string{"j9-j10"}, true},
		{"Red kills Blue's last moving piece", 0, []string{"r4@e4", "b9@e7", "r4@a3"}, []string{"a3-a2", "e7-e5", "e4-e5"}, true},
		{"Blue's quiet move", 0, []string{"r4@e3", "b4@e7"}, []string{"e3-e4", "e7-e6"}, false},
		{"Blue's move reaches the turn limit", 3, []string{"r4@e3", "b4@e7"}, []string{"e3-e4", "e7-e6", "e4-e3", "e6-e7"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := build(t, Progcomp, c.pieces...)
			if c.limit > 0 {
				p.limit = c.limit
			}
			var before int
			var mover Colour
			for _, m := range c.moves {
				before, mover = p.Turn(), p.Side()
				if _, err := p.Play(mustMove(t, m)); err != nil {
					t.Fatalf("%s: %v", m, err)
				}
			}
			st := p.Status()
			if st.Over() != c.over {
				t.Fatalf("after %v: status %v; want over %v", c.moves, st, c.over)
			}
			want := before
			if mover == Blue && (!st.Over() || st.Reason == TurnLimit) {
				want = before + 1
			}
			if got := p.Turn(); got != want {
				t.Errorf("after %v (%v): turn %d; want %d (the move was made on turn %d)", c.moves, st, got, want, before)
			}
		})
	}
}

func TestMoveNotations(t *testing.T) {
	cases := []struct {
		in, chat, proto string
	}{
		{"b4-b6", "b4-b6", "1 3 DOWN 2"},
		{"B4B6", "b4-b6", "1 3 DOWN 2"},
		{"b4 b6", "b4-b6", "1 3 DOWN 2"},
		{"1 3 DOWN 2", "b4-b6", "1 3 DOWN 2"},
		{"0 6 UP", "a7-a6", "0 6 UP"},
		{"0 6 UP 1", "a7-a6", "0 6 UP"},
		{"j10-a10", "j10-a10", "9 9 LEFT 9"},
		{"a10xa9", "a10-a9", "0 9 UP"},
		{"9 0 LEFT", "j1-i1", "9 0 LEFT"},
	}
	for _, c := range cases {
		m, err := ParseMove(c.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", c.in, err)
			continue
		}
		if m.String() != c.chat || m.Protocol() != c.proto {
			t.Errorf("ParseMove(%q): got %s / %s; want %s / %s", c.in, m, m.Protocol(), c.chat, c.proto)
		}
	}
	for _, bad := range []string{"", "b4", "b4-c5", "k1-k2", "a0-a1", "a11-a10", "0 0 UP", "0 0 up", "0 0 DOWN 0",
		"0 0 DOWN 10", "x 0 DOWN", "0 0 DOWN 1 2", "b4-b4"} {
		if m, err := ParseMove(bad); !errors.Is(err, ErrInvalidMove) {
			t.Errorf("ParseMove(%q): got %v, %v; want ErrInvalidMove", bad, m, err)
		}
	}
}

func TestSquareNames(t *testing.T) {
	for _, c := range []struct {
		name string
		x, y int
	}{{"a1", 0, 0}, {"j1", 9, 0}, {"a10", 0, 9}, {"b4", 1, 3}, {"e6", 4, 5}} {
		s, err := ParseSquare(c.name)
		if err != nil || s.X() != c.x || s.Y() != c.y || s.String() != c.name {
			t.Errorf("%s: got %v (%d,%d), %v; want (%d,%d)", c.name, s, s.X(), s.Y(), err, c.x, c.y)
		}
	}
	lakes := 0
	for s := Square(0); s < NumSquares; s++ {
		if s.IsLake() {
			lakes++
			if x, y := s.X(), s.Y(); (y != 4 && y != 5) || (x != 2 && x != 3 && x != 6 && x != 7) {
				t.Errorf("lake at (%d,%d)", x, y)
			}
		}
	}
	if lakes != 8 {
		t.Errorf("lakes: got %d; want 8", lakes)
	}
}

func ExamplePosition_View() {
	red, _ := Formation("progcomp")
	p, _ := NewPosition(red, red, DefaultOptions())
	v := p.View(BlueSeat)
	lines := v.ProtocolLines()
	fmt.Println(strings.Join(lines[3:7], "\n"))
	// Output:
	// ##########
	// ..++..++..
	// ..++..++..
	// 967B669999
}

func TestViewMovesEqualPositionMoves(t *testing.T) {
	p := startPosition(t)
	for i := 0; i < 30; i++ {
		v := p.View(SeatOf(p.Side()))
		want := p.LegalMoves()
		got := v.LegalMoves()
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("ply %d: view moves %v; want %v", i, got, want)
		}
		p.MakeMove(want[(i*7)%len(want)])
	}
}
