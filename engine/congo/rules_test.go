package congo

import (
	"slices"
	"strings"
	"testing"
)

// board builds a position from tokens such as "Ea7" (uppercase: White)
// and "pb3", with the given side to move.
func board(t *testing.T, pieces string, turn Color) Position {
	t.Helper()
	p := EmptyPosition()
	for _, tok := range strings.Fields(pieces) {
		pc, ok := pieceFromLetter(tok[0])
		if !ok {
			t.Fatalf("bad piece in %q", tok)
		}
		s, err := ParseSquare(tok[1:])
		if err != nil {
			t.Fatalf("bad square in %q: %v", tok, err)
		}
		p.Put(s, pc)
	}
	p.SetTurn(turn)
	return p
}

// movesFrom lists, sorted, the moves of the piece on s as the generator
// makes them, lions or not.
func movesFrom(p *Position, s Square) []string {
	var l MoveList
	p.generate(&l)
	var out []string
	for _, m := range l.Slice() {
		if m.From() == s {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// The piece cases follow the rules of the guide; their positions are the
// ones of zhukovdm/Congo's PieceTest.cs, with the monkey's expectations
// extended to whole paths.
func TestPieceMoves(t *testing.T) {
	tests := []struct {
		name   string
		pieces string
		turn   Color
		from   string
		want   string // destinations, or whole paths for monkeys
	}{
		{"elephant skips friends", "Ea7 Eb7", White, "a7", "a5 a6 c7"},
		{"elephant captures and jumps", "Ea7 eb7 ec7", White, "a7", "a5 a6 b7 c7"},
		{"zebra skips friends", "Zd4 Ze6 Zf5 Zb3 Ze2", White, "d4", "b5 c2 c6 f3"},
		{"zebra captures", "Zd7 zc5 zb6 zf6 ze5", White, "d7", "b6 c5 e5 f6"},
		{"giraffe skips friends", "Ga7 Ga6 Gb7 Ga5 Gc5", White, "a7", "b6 c7"},
		{"giraffe steps never capture", "Ga7 ga6 gb6 gb7 ga5 gc5 gc7", White, "a7", "a5 c5 c7"},
		{"crocodile in the river, friends", "Cd4 Cc4 Cc5 Ce5 Cd3", White, "d4", "c3 d5 e3 e4 f4 g4"},
		{"crocodile in the river captures", "Cd4 cc4 cf4 cc5 ce5 cd3", White, "d4", "c3 c4 c5 d3 d5 e3 e4 e5 f4"},
		{"crocodile on land, friends", "Cd7 Cc7 Cc6 Ce6 Cd4", White, "d7", "d5 d6 e7"},
		{"crocodile on land captures", "Cd7 cc7 cc6 ce6 cd4", White, "d7", "c6 c7 d4 d5 d6 e6 e7"},
		{"crocodile slides to the river", "Cf1", White, "f1", "e1 e2 f2 f3 f4 g1 g2"},
		{"crocodile slide stops at a capture", "Cf1 cf3", White, "f1", "e1 e2 f2 f3 g1 g2"},
		{"black crocodile slides down", "cb7", Black, "b7", "a6 a7 b4 b5 b6 c6 c7"},
		{"pawn below the river", "Pg3", White, "g3", "f4 g4"},
		{"pawn in the river", "Pd4", White, "d4", "c5 d5 e5"},
		{"pawn beyond the river goes back", "Pb5", White, "b5", "a6 b3 b4 b6 c6"},
		{"pawn's way back blocked by a friend", "Pd5 Pd3", White, "d5", "c6 d4 d6 e6"},
		{"pawn never captures backwards", "Pd5 pd4", White, "d5", "c6 d6 e6"},
		{"black pawn beyond the river", "pd3", Black, "d3", "c2 d2 d4 d5 e2"},
		{"pawn captures forward", "Pd2 pc3 pd3 Pe3", White, "d2", "c3 d3"},
		{"superpawn below the river", "Sd2", White, "d2", "c1 c2 c3 d1 d3 e1 e2 e3"},
		{"superpawn in the river", "Sa4", White, "a4", "a2 a3 a5 b3 b4 b5 c2"},
		{"superpawn on the last rank", "Sf7", White, "f7", "d5 e6 e7 f5 f6 g6 g7"},
		{"superpawn's way back blocked by friends", "Sd4 Sb2 Sd3 Sf2", White, "d4", "c3 c4 c5 d5 e3 e4 e5"},
		{"superpawn never captures backwards", "Sd4 sb2 sd3 sf2", White, "d4", "c3 c4 c5 d5 e3 e4 e5"},
		{"superpawn captures sideways", "Sd4 sc4 se4", White, "d4", "b2 c3 c4 c5 d2 d3 d5 e3 e4 e5 f2"},
		{"lion jumps along the file", "Ld1 ld6", White, "d1", "c1 c2 d2 d6 e1 e2"},
		{"lion's jump blocked by a friend", "Ld1 Pd5 ld6", White, "d1", "c1 c2 d2 e1 e2"},
		{"lion's jump blocked by an enemy", "Ld1 pd4 ld6", White, "d1", "c1 c2 d2 e1 e2"},
		{"lion outside its castle has no move", "Lb3 lb5", White, "b3", ""},
		{"lion in the wrong castle has no move", "Ld5 ld3", White, "d5", ""},
		{"lion jumps c3-e5", "Lc3 le5", White, "c3", "c2 d2 d3 e5"},
		{"lion jumps e3-c5", "Le3 lc5", White, "e3", "d2 d3 e2 c5"},
		{"lion's diagonal jump blocked by a friend", "Lc3 Pd4 le5", White, "c3", "c2 d2 d3"},
		{"lion's diagonal jump blocked by an enemy", "Le3 pd4 lc5", White, "e3", "d2 d3 e2"},
		{"black lion jumps down the file", "ld7 Ld2", Black, "d7", "c6 c7 d2 d6 e6 e7"},
		{"black lion jumps e5-c3", "le5 Lc3", Black, "e5", "c3 d5 d6 e6"},
		{"lion captures in its castle", "Ld2 pd3", White, "d2", "c1 c2 c3 d1 d3 e1 e2 e3"},
		{"monkey skips friends", "Md3 Pc3 Pd4 Pe4 Pe2", White, "d3", "d3-c2 d3-c4 d3-d2 d3-e3"},
		{"monkey jumps", "Md4 pc3 pc4 pd5 pe3", White, "d4",
			"d4-b2 d4-b4 d4-b4-d2 d4-b4-d2-f4 d4-c5 d4-d3 d4-d6 d4-e4 d4-e5 d4-f2"},
		{"monkey at the edge", "Mf2 pe1 pe2 pe3 pf3 pg3 pg2 pg1 pf1", White, "f2",
			"f2-d2 f2-d2-f4 f2-d2-f4-f2 f2-d4 f2-f4 f2-f4-d2 f2-f4-d2-f2"},
		{"monkey never jumps a friend", "Mb2 Pc3", White, "b2", "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-c1 b2-c2"},
		{"monkey's jump needs an empty landing", "Mb2 pc3 pd4", White, "b2", "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-c1 b2-c2"},
		{"monkey stops at the lion", "Mb2 lc3 pe5", White, "b2", "b2-a1 b2-a2 b2-a3 b2-b1 b2-b3 b2-c1 b2-c2 b2-d4"},
		{"monkey may land where it started", "Mc1 pc2 pd3 pd2", White, "c1",
			"c1-b1 c1-b2 c1-d1 c1-c3 c1-c3-e3 c1-c3-e3-c1 c1-c3-e1 c1-e3 c1-e3-c3 c1-e3-c3-c1"},
		{"black monkey jumps down", "mf6 Pe5 Pd3 Pc3", Black, "f6",
			"f6-d4 f6-d4-b2 f6-d4-d2 f6-d4-d2-b4 f6-e6 f6-e7 f6-f5 f6-f7 f6-g5 f6-g6 f6-g7"},
		{"black superpawn goes back up", "sd4", Black, "d4", "b6 c3 c4 c5 d3 d5 d6 e3 e4 e5 f6"},
		{"elephant jumps the river", "Ed3 Pd4 pd5", White, "d3", "b3 c3 d1 d2 d5 e3 f3"},
		{"giraffe leaps over pieces", "Gd2 Pd3 pd4 Pe3 pf4", White, "d2", "b2 b4 c1 c2 c3 d1 e1 e2 f2 d4 f4"},
		{"crocodile's river slide stops at a friend", "Cc4 Pe4", White, "c4", "a4 b3 b4 b5 c3 c5 d3 d4 d5"},
		{"lion may step where it can be taken", "Ld2 ze5", White, "d2", "c1 c2 c3 d1 d3 e1 e2 e3"},
		{"monkey's own river piece blocks a landing", "Ma2 pb3 pd4 Ee4", White, "a2",
			"a2-a1 a2-a3 a2-b1 a2-b2 a2-c4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := board(t, tt.pieces, tt.turn)
			from, err := ParseSquare(tt.from)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, w := range strings.Fields(tt.want) {
				if !strings.Contains(w, "-") {
					w = tt.from + "-" + w
				}
				want = append(want, w)
			}
			slices.Sort(want)
			got := movesFrom(&p, from)
			if !slices.Equal(got, want) {
				t.Errorf("moves from %s = %v; want %v", tt.from, got, want)
			}
		})
	}
}

// fenOf builds the FEN of a position given as tokens, for readable cases.
func fenOf(t *testing.T, pieces string, turn Color) string {
	t.Helper()
	p := board(t, pieces, turn)
	return p.FEN()
}

// TestTurns plays moves and compares the board after them. The cases
// port zhukovdm/Congo's GameTest.cs (with lions added so the game is
// on) and add the monkey's turn.
func TestTurns(t *testing.T) {
	tests := []struct {
		name   string
		before string // pieces, White to move unless turn says
		turn   Color
		moves  string // played with ParseStep, separated by ';'
		after  string // pieces after the moves
		aTurn  Color  // side to move after
		jump   string // the unfinished jump's origin, "" for none
	}{
		{"promotion both sides", "Pd6 pf2 Pg5 pb3 Lc1 le7", White, "d6-d7;f2-f1;g5-g6;b3-b2",
			"Sd7 sf1 Pg6 pb2 Lc1 le7", White, ""},
		{"crocodile swims along the river", "Cc4 Lc1 le7", White, "c4-d4", "Cd4 Lc1 le7", Black, ""},
		{"my move never drowns the enemy", "Cc4 ee4 Lc1 le7", White, "c4-d4", "Cd4 ee4 Lc1 le7", Black, ""},
		{"a piece left in the river drowns", "Eb4 Ec4 Lc1 le7", White, "b4-b5", "Eb5 Lc1 le7", Black, ""},
		{"river to river drowns", "Ec4 Lc1 le7", White, "c4-d4", "Lc1 le7", Black, ""},
		{"land to river survives a turn", "Ec3 Lc1 le7", White, "c3-c4", "Ec4 Lc1 le7", Black, ""},
		{"then drowns if it stays", "Ec3 Lc1 le7 pa6", White, "c3-c4;a6-a5;c1-d1", "Ld1 le7 pa5", Black, ""},
		{"or lives if it leaves", "Ec3 Lc1 le7 pa6", White, "c3-c4;a6-a5;c4-c5", "Ec5 Lc1 le7 pa5", Black, ""},
		{"black drowns on black's turn", "ec5 Lc1 le7 Pa2", Black, "c5-c4;a2-a3;e7-d7", "Pa3 Lc1 ld7", White, ""},
		{"monkey's path from land into the river lives", "Ma2 pb3 Lc1 le7", White, "a2-c4", "Mc4 Lc1 le7", Black, ""},
		{"monkey's path river to river drowns", "Ma4 pb4 pd4 Lc1 le7", White, "a4-c4-e4", "Lc1 le7", Black, ""},
		{"monkey's path river to land lives", "Ma4 pb4 pc5 Lc1 le7", White, "a4-c4-c6", "Mc6 Lc1 le7", Black, ""},
		{"monkey's path that leaves and comes back drowns", "Ma4 pb5 pc5 Lc1 le7", White, "a4-c6-c4", "Lc1 le7", Black, ""},
		{"monkey's step keeps the turn", "Mb1 pc2 pe4 pd6 Lc1 le7", White, "b1-d3", "Md3 pe4 pd6 Lc1 le7", White, "b1"},
		{"monkey steps on, then stops", "Mb1 pc2 pe4 pe6 Lc1 le7", White, "b1-d3;d3-f5;f5-f5", "Mf5 pe6 Lc1 le7", Black, ""},
		{"a step that cannot go on ends the turn", "Mb1 pc2 Lc1 le7", White, "b1-d3", "Md3 Lc1 le7", Black, ""},
		{"monkey's stop in the river after a river start drowns", "Ma4 pb4 pd4 pf4 Lc1 le7", White, "a4-c4;c4-c4", "pd4 pf4 Lc1 le7", Black, ""},
		{"a path while jumping ends the turn", "Mb1 pc2 pe4 pe6 Lc1 le7", White, "b1-d3;d3-f5-d7", "Md7 Lc1 le7", Black, ""},
		{"a step that can go on keeps the turn", "Mb1 pc2 pe4 pe6 Lc1 le7", White, "b1-d3;d3-f5", "Mf5 pe6 Lc1 le7", White, "b1"},
		{"monkey takes the lion and the game", "Mb1 pc2 ce4 le6 Ld1", White, "b1-d3-f5-d7", "Md7 Ld1", Black, ""},
		{"black monkey's path river to river drowns", "mg4 Pf4 Pd4 lc7 Ld1", Black, "g4-e4-c4", "lc7 Ld1", White, ""},
		{"black monkey's stop on land lives", "mf6 Pe5 Pd3 lc7 Ld1", Black, "f6-d4;d4-d4", "md4 Pd3 lc7 Ld1", White, ""},
		{"a piece that leaves the river by a capture lives", "Ec4 pc5 Lc1 le7", White, "c4-c5", "Ec5 Lc1 le7", Black, ""},
		{"only the mover's river pieces drown", "Pa4 pb4 Lc1 le7", White, "c1-d1", "pb4 Ld1 le7", Black, ""},
		{"the lion jumps to the lion", "Ld1 ld6 Pa2", White, "d1-d6", "Ld6 Pa2", Black, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseFEN(fenOf(t, tt.before, tt.turn))
			if err != nil {
				t.Fatal(err)
			}
			for _, mv := range strings.Split(tt.moves, ";") {
				m, err := p.ParseStep(mv)
				if err != nil {
					t.Fatalf("ParseStep(%q) in %s: %v", mv, p.FEN(), err)
				}
				if err := p.Play(m); err != nil {
					t.Fatalf("Play(%v) in %s: %v", m, p.FEN(), err)
				}
			}
			want := board(t, tt.after, tt.aTurn)
			if tt.jump != "" {
				want.jumpFrom, _ = ParseSquare(tt.jump)
				want.jumper = want.Pieces(tt.aTurn, Monkey).First()
				want.hash = want.computeHash()
			}
			if p.FEN() != want.FEN() {
				t.Errorf("after %s: %s; want %s", tt.moves, p.FEN(), want.FEN())
			}
			if p.Hash() != p.computeHash() {
				t.Errorf("hash %x; want %x", p.Hash(), p.computeHash())
			}
		})
	}
}
