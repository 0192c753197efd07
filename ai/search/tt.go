package search

import "unsafe"

// Bound says what a stored score is.
type Bound uint8

// The bounds a stored score may be.
const (
	BoundNone  Bound = iota // an empty slot
	BoundExact              // the score itself
	BoundLower              // score >= stored (a beta cut-off)
	BoundUpper              // score <= stored (no move raised alpha)
)

// Entry is the result of one search of a position. Its fields are laid
// out so that a 2-byte move makes a 16-byte entry and an 8-byte one a
// 24-byte entry: a table of a given size holds as many as it can.
type Entry[M comparable] struct {
	Key   uint64 // the full hash, so collisions are caught
	Move  M      // the best move found, or M's zero value (no move)
	Depth int8
	Bound Bound
	Score int32 // relative to the node: see ToTT
}

// Table is a transposition table: one entry per slot, indexed by the low
// bits of the hash; a slot is replaced unless it holds a deeper search of
// the same position and the new result is only a bound. M's zero value
// means no move.
type Table[M comparable] struct {
	entries []Entry[M]
	mask    uint64
}

// NewTable returns a table of at most mb megabytes: a power of two of
// entries, at least 1024.
func NewTable[M comparable](mb int) *Table[M] {
	size := uint64(unsafe.Sizeof(Entry[M]{}))
	n := uint64(1024)
	for n*2*size <= uint64(max(mb, 1))<<20 {
		n *= 2
	}
	t := &Table[M]{entries: make([]Entry[M], n), mask: n - 1}
	// Touch every page now: the operating system hands out fresh memory
	// lazily, and faulting it in during the first moves of a game costs
	// a loaded machine tens of milliseconds the clock does not have.
	for i := 0; i < len(t.entries); i += int(4096 / size) {
		t.entries[i].Depth = -1
	}
	return t
}

// Bytes returns the memory the entries take.
func (t *Table[M]) Bytes() int {
	return len(t.entries) * int(unsafe.Sizeof(Entry[M]{}))
}

// Clear empties the table, so that the next search starts afresh (and
// repeats exactly).
func (t *Table[M]) Clear() { clear(t.entries) }

// Probe returns the entry stored for key, and whether there is one.
func (t *Table[M]) Probe(key uint64) (Entry[M], bool) {
	e := t.entries[key&t.mask]
	return e, e.Key == key && e.Bound != BoundNone
}

// Store keeps the result of a search of key to depth. A result without a
// move (no move raised alpha) keeps the move stored for the same position.
func (t *Table[M]) Store(key uint64, m M, score, depth int, b Bound) {
	e := &t.entries[key&t.mask]
	if e.Key == key && int(e.Depth) > depth && b != BoundExact {
		return
	}
	var none M
	if m == none && e.Key == key {
		m = e.Move
	}
	*e = Entry[M]{Key: key, Move: m, Score: int32(score), Depth: int8(max(depth, -1)), Bound: b}
}

// ToTT makes a score relative to the node at ply rather than the root, for
// storing: a won or lost game (a score at or beyond ±win) counts its
// plies from the node, so it stays right where the position is met again
// at another ply.
func ToTT(score, ply, win int) int {
	switch {
	case score >= win:
		return score + ply
	case score <= -win:
		return score - ply
	}
	return score
}

// FromTT undoes ToTT for a node at ply.
func FromTT(score, ply, win int) int {
	switch {
	case score >= win:
		return score - ply
	case score <= -win:
		return score + ply
	}
	return score
}

// Lookup probes the table for key at a node depth plies deep at ply,
// within (alpha, beta), win being the game's least stored win (see
// FromTT). It returns the entry's move (M's zero value when there is
// none) and, when cutOK (as the games have it, a node below the root and
// off the principal variation) and the entry is deep enough and its
// bound settles the window, its score with hit true: the node need not
// be searched. Every game's node begins so.
func (t *Table[M]) Lookup(key uint64, cutOK bool, depth, ply, alpha, beta, win int) (m M, score int, hit bool) {
	e, ok := t.Probe(key)
	if !ok {
		return m, 0, false
	}
	if cutOK && int(e.Depth) >= depth {
		score = FromTT(int(e.Score), ply, win)
		switch {
		case e.Bound == BoundExact,
			e.Bound == BoundLower && score >= beta,
			e.Bound == BoundUpper && score <= alpha:
			return e.Move, score, true
		}
	}
	return e.Move, 0, false
}
