package strategoai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// world builds a full-information position, Red to move, from pieces
// such as "r5@e9" (owner, rank letter, square) with "'" after the letter
// for a piece that moved and "!" for one combat revealed.
func world(t *testing.T, pieces ...string) stratego.Position {
	t.Helper()
	p := stratego.EmptyPosition(stratego.Options{Rules: stratego.Progcomp})
	for _, s := range pieces {
		c := stratego.Red
		if s[0] == 'b' {
			c = stratego.Blue
		}
		r, ok := stratego.RankOfToken(s[1])
		if !ok {
			t.Fatalf("world: %q: no rank %c", s, s[1])
		}
		pc := stratego.NewPiece(c, r)
		i := 2
		for ; s[i] != '@'; i++ {
			switch s[i] {
			case '\'':
				pc = pc.WithMoved()
			case '!':
				pc = pc.WithRevealed()
			}
		}
		sq, err := stratego.ParseSquare(s[i+1:])
		if err != nil {
			t.Fatalf("world: %q: %v", s, err)
		}
		if err := p.Put(sq, pc); err != nil {
			t.Fatalf("world: %q: %v", s, err)
		}
	}
	p.SetSide(stratego.Red)
	return p
}

// rootScore searches each named move of p at depth 4 and returns the
// scores by move.
func rootScore(t *testing.T, p stratego.Position, moves ...string) map[string]int {
	t.Helper()
	return rootScoreWith(t, &searcher{}, p, moves...)
}

// rootScoreWith is rootScore with a given searcher.
func rootScoreWith(t *testing.T, s *searcher, p stratego.Position, moves ...string) map[string]int {
	t.Helper()
	ms := make([]stratego.Move, len(moves))
	for i, s := range moves {
		ms[i] = mv(t, s)
	}
	out := make([]int, len(ms))
	s.rootScores(&p, ms, 4, out)
	got := make(map[string]int, len(ms))
	for i, m := range moves {
		got[m] = out[i]
	}
	return got
}

// A known enemy Miner stands beside our Flag and nothing of ours can
// reach it. In a sampled world the enemy sees every rank; if its strike
// at the Flag counted as the lost game, every move would score the same
// and the choice would fall to chance, here a Captain thrown at a known
// Colonel. The enemy cannot tell the Flag from our Bomb beside it (both
// never moved), so the strike counts as a large loss and the rest of the
// board still counts: the Captain stays out of the Colonel's way.
func TestHiddenFlagBesideEnemyStillWeighsTheBoard(t *testing.T) {
	p := world(t,
		"rF@j1", "rB@h1", "rB@i1", "r5'@e3", "r1'@a1",
		"b8'!@j2", "b3'!@e4", "bF@a10", "bB@b10",
	)
	got := rootScore(t, p, "e3-e4", "e3-d3", "a1-a2")
	if got["e3-e4"] >= got["e3-d3"] {
		t.Errorf("Captain strikes the known Colonel: got %d; want below stepping aside (%d)", got["e3-e4"], got["e3-d3"])
	}
	if got["e3-d3"] <= -winScore/2 {
		t.Errorf("stepping aside: got %d; want no lost game while the Flag is one of two unmoved pieces", got["e3-d3"])
	}
}

// Once every other piece has moved or been seen, the unmoved one is the
// Flag for the enemy too, and its strike is the lost game it is.
func TestKnownFlagIsLost(t *testing.T) {
	p := world(t,
		"rF@j1", "r5'@e3", "r1'@a1",
		"b8'!@j2", "b3'!@e4", "bF@a10", "bB@b10",
	)
	for m, v := range rootScore(t, p, "e3-d3", "a1-a2") {
		if v > -winScore/2 {
			t.Errorf("%s with the Flag the last unmoved piece: got %d; want a lost game (at most %d)", m, v, -winScore/2)
		}
	}
}

func TestFlagHidden(t *testing.T) {
	cases := []struct {
		name   string
		pieces []string
		want   bool
	}{
		{"a Bomb beside it", []string{"rF@a1", "rB@b1", "r1'@c1"}, true},
		{"an unmoved Sergeant", []string{"rF@a1", "r7@b1"}, true},
		{"every other piece moved", []string{"rF@a1", "r7'@b1", "r1'@c1"}, false},
		{"the other unmoved piece seen", []string{"rF@a1", "r3!@b1"}, false},
	}
	for _, c := range cases {
		p := world(t, append(c.pieces, "bF@j10")...)
		if got := flagHidden(&p, stratego.Red); got != c.want {
			t.Errorf("%s: got %v; want %v", c.name, got, c.want)
		}
	}
}

// A known enemy Miner stands two steps from our Flag, its Bomb beside it
// gone, and our Marshal is three moves away: too far for four plies to
// see it catch the Miner. The evaluation counts the intruder's danger,
// less as a piece that beats it comes near, so the Marshal heads for it
// rather than idling.
func TestDefenderComesToAnIntruderNearTheFlag(t *testing.T) {
	p := world(t,
		"rF@a1", "rB@b1", "r1'@e2", "r7'@h3",
		"b8'!@b2", "bF@j10", "bB@i10",
	)
	got := rootScore(t, p, "e2-d2", "h3-h4")
	if got["e2-d2"] <= got["h3-h4"] {
		t.Errorf("the Marshal toward the Miner: got %d; want above an idle move (%d)", got["e2-d2"], got["h3-h4"])
	}
}
