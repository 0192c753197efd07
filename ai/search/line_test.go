package search

import (
	"slices"
	"testing"
)

func TestPV(t *testing.T) {
	pv := NewPV[int](4)
	pv.Start(0)
	pv.Start(1)
	pv.Start(2)
	pv.Update(1, 20) // the node at ply 1 finds 20, a leaf below
	pv.Update(0, 10)
	if got, want := pv.Line(), []int{10, 20}; !slices.Equal(got, want) {
		t.Errorf("Line() = %v; want %v", got, want)
	}
	pv.Start(1)
	pv.Update(0, 11) // a better root move whose child line is empty
	if got, want := pv.Line(), []int{11}; !slices.Equal(got, want) || pv.First() != 11 {
		t.Errorf("Line() = %v, First() = %d; want %v, 11", got, pv.First(), want)
	}
}

func TestKillers(t *testing.T) {
	k := NewKillers[int](3)
	k.Add(2, 5)
	k.Add(2, 5)
	k.Add(2, 6)
	tests := []struct {
		name string
		ply  int
		m    int
		want bool
	}{
		{name: "newest", ply: 2, m: 6, want: true},
		{name: "older, not pushed out by a repeat", ply: 2, m: 5, want: true},
		{name: "other ply", ply: 1, m: 6, want: false},
	}
	for _, tt := range tests {
		if got := k.Is(tt.ply, tt.m); got != tt.want {
			t.Errorf("%s: Is(%d, %d) = %v; want %v", tt.name, tt.ply, tt.m, got, tt.want)
		}
	}
	k.Reset()
	if k.Is(2, 6) {
		t.Errorf("Is(2, 6) after Reset = true; want false")
	}
}

func TestBoundOf(t *testing.T) {
	tests := []struct {
		name              string
		best, alpha, beta int
		want              Bound
	}{
		{name: "cut-off", best: 30, alpha: 0, beta: 30, want: BoundLower},
		{name: "fail low", best: 0, alpha: 0, beta: 30, want: BoundUpper},
		{name: "inside", best: 10, alpha: 0, beta: 30, want: BoundExact},
	}
	for _, tt := range tests {
		if got := BoundOf(tt.best, tt.alpha, tt.beta); got != tt.want {
			t.Errorf("%s: BoundOf(%d, %d, %d) = %d; want %d", tt.name, tt.best, tt.alpha, tt.beta, got, tt.want)
		}
	}
}

func TestWindow(t *testing.T) {
	pv := NewPV[int](2)
	pv.Start(0)
	pv.Start(1)
	w := NewWindow(&pv, 0, 10, 20, 1000)
	steps := []struct {
		name        string
		m, score    int
		raised, cut bool
	}{
		{name: "below alpha", m: 1, score: 5},
		{name: "worse still", m: 2, score: 3},
		{name: "raises alpha", m: 3, score: 15, raised: true},
		{name: "reaches beta", m: 4, score: 20, raised: true, cut: true},
	}
	for _, st := range steps {
		raised, cut := w.Add(st.m, st.score)
		if raised != st.raised || cut != st.cut {
			t.Errorf("%s: Add(%d, %d) = %v, %v; want %v, %v", st.name, st.m, st.score, raised, cut, st.raised, st.cut)
		}
	}
	if w.Best != 20 || w.Move != 4 || w.Alpha != 20 || w.Bound() != BoundLower || pv.First() != 4 {
		t.Errorf("after a cut-off: best %d by %d, alpha %d, bound %d, line %v; want 20 by 4, 20, lower, [4]", w.Best, w.Move, w.Alpha, w.Bound(), pv.Line())
	}
	low := NewWindow(&pv, 0, 10, 20, 1000)
	low.Add(7, 2)
	if low.Bound() != BoundUpper || low.Move != 7 {
		t.Errorf("fail low: bound %d, move %d; want upper, 7", low.Bound(), low.Move)
	}
}
