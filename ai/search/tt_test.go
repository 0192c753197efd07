package search

import "testing"

func TestTableSize(t *testing.T) {
	tests := []struct {
		name      string
		mb        int
		bytes     int
		entrySize int
	}{
		{name: "2-byte moves, 1 MB", mb: 1, bytes: 1 << 20, entrySize: 16},
		{name: "2-byte moves, 16 MB", mb: 16, bytes: 16 << 20, entrySize: 16},
	}
	for _, tt := range tests {
		tab := NewTable[uint16](tt.mb)
		if got := tab.Bytes(); got != tt.bytes {
			t.Errorf("%s: Bytes() = %d; want %d", tt.name, got, tt.bytes)
		}
		if got := tab.Bytes() / len(tab.entries); got != tt.entrySize {
			t.Errorf("%s: entry size %d; want %d", tt.name, got, tt.entrySize)
		}
	}
	// An 8-byte move makes a 24-byte entry: a power of two of them fits
	// 4 MB as 131072 entries (3 MB).
	if got, want := len(NewTable[uint64](4).entries), 131072; got != want {
		t.Errorf("entries of a 4 MB table of 8-byte moves = %d; want %d", got, want)
	}
}

func TestTableStore(t *testing.T) {
	const key = 0xabcdef12345
	tests := []struct {
		name      string
		first     Entry[uint16]
		then      Entry[uint16]
		wantMove  uint16
		wantDepth int8
	}{
		{name: "deeper replaces", first: Entry[uint16]{Move: 1, Depth: 2, Bound: BoundLower}, then: Entry[uint16]{Move: 2, Depth: 3, Bound: BoundLower}, wantMove: 2, wantDepth: 3},
		{name: "shallower bound kept out", first: Entry[uint16]{Move: 1, Depth: 5, Bound: BoundLower}, then: Entry[uint16]{Move: 2, Depth: 3, Bound: BoundUpper}, wantMove: 1, wantDepth: 5},
		{name: "shallower exact replaces", first: Entry[uint16]{Move: 1, Depth: 5, Bound: BoundLower}, then: Entry[uint16]{Move: 2, Depth: 3, Bound: BoundExact}, wantMove: 2, wantDepth: 3},
		{name: "no move keeps the move", first: Entry[uint16]{Move: 7, Depth: 2, Bound: BoundExact}, then: Entry[uint16]{Move: 0, Depth: 4, Bound: BoundUpper}, wantMove: 7, wantDepth: 4},
	}
	for _, tt := range tests {
		tab := NewTable[uint16](1)
		if _, ok := tab.Probe(key); ok {
			t.Fatalf("%s: Probe of an empty table found an entry", tt.name)
		}
		tab.Store(key, tt.first.Move, 10, int(tt.first.Depth), tt.first.Bound)
		tab.Store(key, tt.then.Move, 20, int(tt.then.Depth), tt.then.Bound)
		e, ok := tab.Probe(key)
		if !ok || e.Move != tt.wantMove || e.Depth != tt.wantDepth {
			t.Errorf("%s: Probe = %+v, %v; want move %d, depth %d", tt.name, e, ok, tt.wantMove, tt.wantDepth)
		}
		tab.Clear()
		if _, ok := tab.Probe(key); ok {
			t.Errorf("%s: Probe after Clear found an entry", tt.name)
		}
	}
}

func TestTTScores(t *testing.T) {
	const win = 900
	tests := []struct {
		name         string
		score, ply   int
		stored, back int
	}{
		{name: "ordinary", score: 50, ply: 3, stored: 50, back: 50},
		{name: "win", score: 995, ply: 3, stored: 998, back: 995},
		{name: "loss", score: -995, ply: 3, stored: -998, back: -995},
	}
	for _, tt := range tests {
		if got := ToTT(tt.score, tt.ply, win); got != tt.stored {
			t.Errorf("%s: ToTT = %d; want %d", tt.name, got, tt.stored)
		}
		if got := FromTT(tt.stored, tt.ply, win); got != tt.back {
			t.Errorf("%s: FromTT = %d; want %d", tt.name, got, tt.back)
		}
	}
}
