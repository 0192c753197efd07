package search

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// pile is a game of Nim with one pile: each turn takes one to three
// stones, and whoever takes the last one wins. A pile that is a multiple
// of four loses for the side to move.
type pile struct{ stones, turn int }

const (
	pileMaxPly = 32
	pileMate   = 1000
)

// pileGame is pile's hooks for Negamax. No move is quiet and there is
// no null move, so the loop must find the exact game value. With copy
// set, Make plays on a copy (Negamax.CopyMake), and Unmake counts its
// calls, which must be none.
type pileGame struct {
	moves   [pileMaxPly + 1][3]int
	sc      [pileMaxPly + 1][3]int32
	root    []int // the root moves fully searched, in order
	copy    bool
	child   [pileMaxPly + 1]pile
	unmakes int
}

func (g *pileGame) Settle(p *pile, depth, ply, alpha, beta int) (uint64, int, bool) {
	switch {
	case p.stones == 0:
		return 0, -pileMate + ply, true // the opponent took the last
	case depth <= 0:
		return 0, 0, true
	}
	return uint64(p.stones)<<1 | uint64(p.turn) + 1, 0, false
}

func (g *pileGame) Danger(*pile) bool { return false }

func (g *pileGame) Pass(*pile, int, int, int) (*pile, int, bool) { return nil, 0, false }

func (g *pileGame) Moves(p *pile, ply int, hashMove int) ([]int, []int32) {
	n := min(p.stones, 3)
	for i := range n {
		g.moves[ply][i], g.sc[ply][i] = i+1, 1
		if i+1 == hashMove {
			g.sc[ply][i] = 2
		}
	}
	return g.moves[ply][:n], g.sc[ply][:n]
}

func (g *pileGame) Order(*pile, int, int) []int32 { return nil }

func (g *pileGame) End(_ *pile, ply int) int { return -pileMate + ply }

func (g *pileGame) Futile(*pile, int, int, int, int) bool     { return false }
func (g *pileGame) Prune(*pile, int, int, int, int, int) bool { return false }

func (g *pileGame) Make(p *pile, m, ply int) *pile {
	if g.copy {
		g.child[ply+1] = *p
		p = &g.child[ply+1]
	}
	p.stones -= m
	p.turn ^= 1
	return p
}

func (g *pileGame) Unmake(p *pile, m, _ int) {
	g.unmakes++
	if !g.copy {
		p.stones += m
		p.turn ^= 1
	}
}

func (g *pileGame) Cut(*pile, int, int, int) {}
func (g *pileGame) Root(m int, _ bool)       { g.root = append(g.root, m) }

func TestNegamaxPile(t *testing.T) {
	for _, copyMake := range []bool{false, true} {
		for stones := 1; stones <= 13; stones++ {
			t.Run(fmt.Sprintf("%d stones, copy %v", stones, copyMake), func(t *testing.T) {
				testNegamaxPile(t, stones, copyMake)
			})
		}
	}
}

func testNegamaxPile(t *testing.T, stones int, copyMake bool) {
	var clock Clock
	clock.Start(context.Background(), time.Time{}, 0, 0, 0)
	pv := NewPV[int](pileMaxPly)
	g := &pileGame{copy: copyMake}
	n := Negamax[*pile, int, *pileGame]{
		Game: g, Clock: &clock, Table: NewTable[int](1), PV: &pv,
		MaxPly: pileMaxPly, Infinity: 2 * pileMate, Win: pileMate - pileMaxPly,
		NullDepth: pileMaxPly, LateMove: 12, CopyMake: copyMake,
	}
	p := &pile{stones: stones}
	score := n.Search(p, stones+1, 0, -n.Infinity, n.Infinity)
	wins := stones%4 != 0
	if got := score > 0; got != wins {
		t.Fatalf("score %d: a win %v; want %v", score, got, wins)
	}
	if *p != (pile{stones: stones}) {
		t.Errorf("position after the search = %+v; want it as it was", *p)
	}
	if copyMake && g.unmakes != 0 {
		t.Errorf("Unmake called %d times with CopyMake; want never", g.unmakes)
	}
	if len(g.root) != min(stones, 3) {
		t.Errorf("root moves heard = %v; want %d", g.root, min(stones, 3))
	}
	if wins {
		if got, want := pv.First(), stones%4; got != want {
			t.Errorf("best move = take %d; want take %d", got, want)
		}
		// The score counts the plies to the last stone, which
		// the line plays out.
		if got, want := MateIn(score, pileMate, n.Win), (len(pv.Line())+1)/2; got != want {
			t.Errorf("mate in %d; want %d (line %v)", got, want, pv.Line())
		}
	}
}
