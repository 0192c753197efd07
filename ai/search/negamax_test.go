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

	// With lazy set, Moves leaves the scoring to Order, which counts
	// its calls (as Moves counts its own).
	lazy          bool
	moveCalls     int
	orderCalls    int
	hashFirstMade int // hash moves made before Order was asked
	ordered       [pileMaxPly + 1]bool
	// With pass set, a null move is allowed below the root; afterNull
	// marks the nodes a null move led to, generated those whose moves
	// were generated, and badPass counts the passes asked where the
	// loop should not have (after a null move, before the moves).
	pass      bool
	afterNull [pileMaxPly + 2]bool
	generated [pileMaxPly + 1]bool
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
	if g.afterNull[ply] || !g.generated[ply] {
		g.badPass++
	}
	q := &g.passed[ply+1]
	*q = *p
	q.turn ^= 1
	g.afterNull[ply+1] = true
	return q, 0, true
}

func (g *pileGame) Moves(p *pile, ply int, hashMove int) ([]int, []int32) {
	g.moveCalls++
	g.generated[ply] = true
	g.ordered[ply] = false
	n := min(p.stones, 3)
	for i := range n {
		g.moves[ply][i] = i + 1
	}
	if g.lazy {
		if hashMove > 0 && hashMove <= n {
			g.moves[ply][0], g.moves[ply][hashMove-1] = hashMove, 1
		}
		return g.moves[ply][:n], nil
	}
	g.order(ply, n, hashMove)
	return g.moves[ply][:n], g.sc[ply][:n]
}

func (g *pileGame) order(ply, n, hashMove int) {
	for i := range n {
		g.sc[ply][i] = 1
		if g.moves[ply][i] == hashMove {
			g.sc[ply][i] = 2
		}
	}
}

func (g *pileGame) Order(p *pile, ply, hashMove int) []int32 {
	g.orderCalls++
	g.ordered[ply] = true
	g.order(ply, min(p.stones, 3), hashMove)
	return g.sc[ply][:]
}

func (g *pileGame) End(_ *pile, ply int) int { return -pileMate + ply }

func (g *pileGame) Futile(*pile, int, int, int, int) bool     { return false }
func (g *pileGame) Prune(*pile, int, int, int, int, int) bool { return false }

func (g *pileGame) Make(p *pile, m, ply int) *pile {
	if g.lazy && !g.ordered[ply] {
		g.hashFirstMade++
	}
	g.afterNull[ply+1] = false
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

// TestNegamaxLazyOrder: a game that leaves the scoring for later has its
// hash move searched first, unscored, and is asked to order only when
// another move must be picked; the value found is the same.
func TestNegamaxLazyOrder(t *testing.T) {
	for stones := 5; stones <= 13; stones++ {
		var clock Clock
		clock.Start(context.Background(), time.Time{}, 0, 0, 0)
		pv := NewPV[int](pileMaxPly)
		g := &pileGame{lazy: true}
		n := Negamax[*pile, int, *pileGame]{
			Game: g, Clock: &clock, Table: NewTable[int](1), PV: &pv,
			MaxPly: pileMaxPly, Infinity: 2 * pileMate, Win: pileMate - pileMaxPly,
			NullDepth: pileMaxPly, LateMove: 12,
		}
		for depth := 1; depth <= stones+1; depth++ {
			score := n.Search(&pile{stones: stones}, depth, 0, -n.Infinity, n.Infinity)
			if depth == stones+1 && (score > 0) != (stones%4 != 0) {
				t.Errorf("%d stones: score %d; want a win %v", stones, score, stones%4 != 0)
			}
		}
		if g.hashFirstMade == 0 || g.orderCalls >= g.moveCalls {
			t.Errorf("%d stones: %d hash moves made unscored, Order asked %d times for %d nodes; want some, fewer",
				stones, g.hashFirstMade, g.orderCalls, g.moveCalls)
		}
	}
}

// TestNegamaxNullAfterMoves: with NullAfterMoves and NoDoubleNull, Pass
// is asked only once the node's moves are generated, and never at a
// node a null move led to.
func TestNegamaxNullAfterMoves(t *testing.T) {
	var clock Clock
	clock.Start(context.Background(), time.Time{}, 0, 0, 0)
	pv := NewPV[int](pileMaxPly)
	g := &pileGame{pass: true}
	n := Negamax[*pile, int, *pileGame]{
		Game: g, Clock: &clock, Table: NewTable[int](1), PV: &pv,
		MaxPly: pileMaxPly, Infinity: 2 * pileMate, Win: pileMate - pileMaxPly,
		NullDepth: 2, LateMove: 12, NullAfterMoves: true, NoDoubleNull: true,
	}
	for depth := 1; depth <= 12; depth++ {
		n.Search(&pile{stones: 20}, depth, 0, -1, 1)
	}
	if g.badPass != 0 {
		t.Errorf("Pass asked %d times after a null move or before the moves; want never", g.badPass)
	}
	if n.nulled != 0 {
		t.Errorf("after the search, the null move's ply is %d; want 0", n.nulled)
	}
}
