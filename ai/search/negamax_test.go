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

// pileGame is pile's hooks for Negamax. No move is quiet and, unless
// pass is set, there is no null move, so the loop must find the exact
// game value. With copy set, Make plays on a copy (Negamax.CopyMake),
// and Unmake counts its calls, which must be none.
type pileGame struct {
	moves   [pileMaxPly + 1][3]int
	sc      [pileMaxPly + 1][3]int32
	root    []int // the root moves fully searched, in order
	copy    bool
	child   [pileMaxPly + 1]pile
	unmakes int

	// With pass set, a null move is allowed below the root; passes
	// counts the null moves made, generated marks the nodes whose
	// moves were generated, and badPass counts the passes asked where
	// the loop should not have (after the node's moves).
	pass      bool
	passes    int
	generated [pileMaxPly + 2]bool
	passed    [pileMaxPly + 2]pile
	badPass   int
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

func (g *pileGame) Pass(p *pile, ply, _, _ int) (*pile, int, bool) {
	if !g.pass || ply == 0 {
		return nil, 0, false
	}
	if g.generated[ply] {
		g.badPass++
	}
	g.passes++
	q := &g.passed[ply+1]
	*q = *p
	q.turn ^= 1
	g.generated[ply+1] = false
	return q, 0, true
}

func (g *pileGame) Moves(p *pile, ply int, hashMove int) ([]int, []int32) {
	g.generated[ply] = true
	n := min(p.stones, 3)
	for i := range n {
		g.moves[ply][i] = i + 1
		g.sc[ply][i] = 1
		if i+1 == hashMove {
			g.sc[ply][i] = 2
		}
	}
	return g.moves[ply][:n], g.sc[ply][:n]
}

func (g *pileGame) End(_ *pile, ply int) int { return -pileMate + ply }

func (g *pileGame) Make(p *pile, m, ply int) *pile {
	g.generated[ply+1] = false
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

// pileOptions are the loop's variants the games search with: Congo's
// (the defaults) and Abalone's (a copy for each move, the null window
// first on a re-search, every node counted before it is settled).
var pileOptions = []struct {
	name                                  string
	copyMake, nullWindowFirst, visitFirst bool
}{
	{name: "make and unmake"},
	{name: "copy make", copyMake: true},
	{name: "copy make, null window first, visit first", copyMake: true, nullWindowFirst: true, visitFirst: true},
}

func TestNegamaxPile(t *testing.T) {
	for _, o := range pileOptions {
		for stones := 1; stones <= 13; stones++ {
			t.Run(fmt.Sprintf("%s, %d stones", o.name, stones), func(t *testing.T) {
				var clock Clock
				clock.Start(context.Background(), time.Time{}, 0, 0, 0)
				pv := NewPV[int](pileMaxPly)
				g := &pileGame{copy: o.copyMake}
				n := Negamax[*pile, int, *pileGame]{
					Game: g, Clock: &clock, Table: NewTable[int](1), PV: &pv,
					MaxPly: pileMaxPly, Infinity: 2 * pileMate, Win: pileMate - pileMaxPly,
					NullDepth: pileMaxPly, LateMove: 12,
					CopyMake: o.copyMake, NullWindowFirst: o.nullWindowFirst, VisitFirst: o.visitFirst,
				}
				testNegamaxPile(t, &n, g, stones)
			})
		}
	}
}

func testNegamaxPile(t *testing.T, n *Negamax[*pile, int, *pileGame], g *pileGame, stones int) {
	p := &pile{stones: stones}
	score := n.Search(p, stones+1, 0, -n.Infinity, n.Infinity)
	wins := stones%4 != 0
	if got := score > 0; got != wins {
		t.Fatalf("score %d: a win %v; want %v", score, got, wins)
	}
	if *p != (pile{stones: stones}) {
		t.Errorf("position after the search = %+v; want it as it was", *p)
	}
	if n.CopyMake && g.unmakes != 0 {
		t.Errorf("Unmake called %d times with CopyMake; want never", g.unmakes)
	}
	if len(g.root) != min(stones, 3) {
		t.Errorf("root moves heard = %v; want %d", g.root, min(stones, 3))
	}
	if visits := n.Clock.Nodes(); visits == 0 {
		t.Errorf("nodes counted = %d; want some", visits)
	}
	if wins {
		if got, want := n.PV.First(), stones%4; got != want {
			t.Errorf("best move = take %d; want take %d", got, want)
		}
		// The score counts the plies to the last stone, which
		// the line plays out.
		if got, want := MateIn(score, pileMate, n.Win), (len(n.PV.Line())+1)/2; got != want {
			t.Errorf("mate in %d; want %d (line %v)", got, want, n.PV.Line())
		}
	}
}

// TestNegamaxNullMove: Pass is asked before the node's moves are
// generated, so a null move that cuts off spares generating them, and
// the position is as it was after the search.
func TestNegamaxNullMove(t *testing.T) {
	var clock Clock
	clock.Start(context.Background(), time.Time{}, 0, 0, 0)
	pv := NewPV[int](pileMaxPly)
	g := &pileGame{pass: true}
	n := Negamax[*pile, int, *pileGame]{
		Game: g, Clock: &clock, Table: NewTable[int](1), PV: &pv,
		MaxPly: pileMaxPly, Infinity: 2 * pileMate, Win: pileMate - pileMaxPly,
		NullDepth: 2, LateMove: 12,
	}
	p := &pile{stones: 20}
	for depth := 1; depth <= 12; depth++ {
		n.Search(p, depth, 0, -1, 1)
	}
	if g.passes == 0 {
		t.Errorf("null moves made = 0; want some")
	}
	if g.badPass != 0 {
		t.Errorf("Pass asked %d times after the node's moves; want never", g.badPass)
	}
	if *p != (pile{stones: 20}) {
		t.Errorf("position after the search = %+v; want it as it was", *p)
	}
}
