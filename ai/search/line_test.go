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
