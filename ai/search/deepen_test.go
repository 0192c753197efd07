package search

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TestDeepenerRun drives Run with a stand-in search whose root line is
// the depth itself (and the move after it as the reply).
func TestDeepenerRun(t *testing.T) {
	tests := []struct {
		name      string
		root      []int
		maxDepth  int
		fixed     bool
		score     func(depth int) int
		stopAt    int // the iteration the clock stops during; 0: none
		wantDepth int
		wantMove  int
	}{
		{name: "to the depth asked", root: []int{1, 2, 3}, maxDepth: 5, fixed: true, score: func(int) int { return 0 }, wantDepth: 5, wantMove: 5},
		{name: "only move, no fixed depth", root: []int{7}, maxDepth: 5, score: func(int) int { return 0 }, wantDepth: 1, wantMove: 1},
		{name: "to the game's deepest", root: []int{1, 2, 3}, maxDepth: 0, fixed: false, score: func(int) int { return 0 }, wantDepth: 7, wantMove: 7},
		{name: "a proven end", root: []int{1, 2}, maxDepth: 20, fixed: true, score: func(int) int { return 1000 - 3 }, wantDepth: 6, wantMove: 6}, // mate in 2: 2*2+2 plies
		{name: "stopped mid-iteration", root: []int{1, 2}, maxDepth: 20, fixed: true, score: func(int) int { return 0 }, stopAt: 4, wantDepth: 3, wantMove: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c Clock
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			c.Start(ctx, time.Time{}, 0, 0, 0)
			pv := NewPV[int](8)
			d := Deepener[int]{Clock: &c, PV: &pv, MaxDepth: 7, Mate: 1000, MateBound: 900}
			iterate := func(depth, prev int) int {
				if depth == tt.stopAt {
					cancel()
					c.Check()
					return 0
				}
				pv.Start(0)
				pv.Start(1)
				pv.Update(0, depth)
				d.RootDone++
				return tt.score(depth)
			}
			res := d.Run(tt.root, tt.maxDepth, tt.fixed, iterate, nil)
			if res.Info.Depth != tt.wantDepth || res.Move != tt.wantMove {
				t.Errorf("Run: depth %d, move %d; want depth %d, move %d", res.Info.Depth, res.Move, tt.wantDepth, tt.wantMove)
			}
		})
	}
}

// TestDeepenerHooks: each iteration sees the last one's best move as
// Best (the first root move before any), and a game's Proven rule ends
// the deepening in place of the mate rule.
func TestDeepenerHooks(t *testing.T) {
	var c Clock
	c.Start(context.Background(), time.Time{}, 0, 0, 0)
	pv := NewPV[int](8)
	d := Deepener[int]{Clock: &c, PV: &pv, MaxDepth: 7, Mate: 1000, MateBound: 900,
		Proven: func(depth, score int) bool { return depth >= 3 }}
	var seen []int
	iterate := func(depth, prev int) int {
		seen = append(seen, d.Best)
		pv.Start(0)
		pv.Start(1)
		pv.Update(0, 10*depth)
		d.RootDone++
		return 0
	}
	res := d.Run([]int{5, 6}, 0, false, iterate, nil)
	if res.Info.Depth != 3 || res.Move != 30 || fmt.Sprint(seen) != "[5 10 20]" {
		t.Errorf("Run: depth %d, move %d, Best seen %v; want depth 3, move 30, Best seen [5 10 20]", res.Info.Depth, res.Move, seen)
	}
}
