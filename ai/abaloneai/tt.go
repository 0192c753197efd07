package abaloneai

import "github.com/ataxxbot/ataxxbot/engine/abalone"

// bound says what a stored score is.
type bound uint8

const (
	boundNone bound = iota
	boundExact
	boundLower // score >= stored (a beta cut-off)
	boundUpper // score <= stored (no move raised alpha)
)

// ttEntry is 16 bytes: the full key, so collisions are checked, and the
// result of one search of the position.
type ttEntry struct {
	key   uint64
	score int32
	move  abalone.Move
	depth int8
	bound bound
}

const entrySize = 16

// table is a transposition table: one entry per slot, replaced when the
// new search is as deep or the slot holds another position.
type table struct {
	entries []ttEntry
	mask    uint64
}

// newTable returns a table of at most mb megabytes (a power of two of
// entries, at least 1024).
func newTable(mb int) *table {
	n := uint64(1024)
	for n*2*entrySize <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	return &table{entries: make([]ttEntry, n), mask: n - 1}
}

func (t *table) clear() { clear(t.entries) }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *table) store(key uint64, m abalone.Move, score, depth int, b bound) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && b != boundExact {
		return
	}
	if m == abalone.NoMove && e.key == key {
		m = e.move
	}
	*e = ttEntry{key: key, score: int32(score), move: m, depth: int8(max(depth, -1)), bound: b}
}
