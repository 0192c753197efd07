package ai

import "github.com/ataxxbot/ataxxbot/engine/ataxx"

// Bound says what a stored score is.
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
	move  ataxx.Move
	score int16
	depth int8
	bound bound
	_     [2]byte
}

// table is a transposition table: one entry per slot, replaced when the
// new search is as deep or the slot holds another position.
type table struct {
	entries []ttEntry
	mask    uint64
}

const entrySize = 16

// newTable returns a table of at most mb megabytes (a power of two of
// entries, at least 1024).
func newTable(mb int) *table {
	n := uint64(1024)
	for n*2*entrySize <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	t := &table{entries: make([]ttEntry, n), mask: n - 1}
	// Touch every page now: the operating system hands out fresh memory
	// lazily, and faulting it in during the first moves of a game costs
	// a loaded machine tens of milliseconds the clock does not have.
	for i := 0; i < len(t.entries); i += 4096 / entrySize {
		t.entries[i].depth = -1
	}
	return t
}

func (t *table) clear() { clear(t.entries) }

func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *table) store(key uint64, m ataxx.Move, score, depth int, b bound) {
	e := &t.entries[key&t.mask]
	if e.key == key && int(e.depth) > depth && b != boundExact {
		return
	}
	if m == ataxx.NoMove && e.key == key {
		m = e.move
	}
	*e = ttEntry{key: key, move: m, score: int16(score), depth: int8(depth), bound: b}
}
