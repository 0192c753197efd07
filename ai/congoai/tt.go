package congoai

import "github.com/ataxxbot/ataxxbot/engine/congo"

type bound uint8

const (
	boundExact bound = iota + 1
	boundLower       // the score is at least this (a beta cutoff)
	boundUpper       // the score is at most this (no move raised alpha)
)

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  congo.Move
	score int16
	depth int8
	bound bound
}

// table is a transposition table, always-replace, indexed by the low
// bits of the Zobrist hash.
type table struct {
	entries []ttEntry
	mask    uint64
}

func newTable(mb int) *table {
	n := uint64(1)
	for n*2*24 <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &table{entries: make([]ttEntry, n), mask: n - 1}
}

func (t *table) clear() { clear(t.entries) }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != 0
}

func (t *table) store(key uint64, m congo.Move, score, depth int, b bound) {
	e := &t.entries[key&t.mask]
	// Keep a deeper entry of the same position unless this one is exact.
	if e.key == key && int(e.depth) > depth && b != boundExact {
		return
	}
	*e = ttEntry{key: key, move: m, score: int16(score), depth: int8(depth), bound: b}
}
