package ataxx

import "math/bits"

// Bitboard is a set of squares: bit i is Square(i). Only the low 49 bits
// are used.
type Bitboard uint64

// Useful sets.
const (
	AllSquares Bitboard = 1<<NumSquares - 1
	fileA      Bitboard = 0x0040810204081 // a1, a2, ..., a7
	fileG      Bitboard = fileA << 6
)

// Bit returns the set holding only s.
func (s Square) Bit() Bitboard { return 1 << s }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b&(1<<s) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// Dilate returns b together with every square adjacent to a square of b.
func (b Bitboard) Dilate() Bitboard {
	h := b | (b<<1)&(AllSquares&^fileA) | (b>>1)&^fileG
	return (h | h<<7 | h>>7) & AllSquares
}

// Squares returns the squares of b in increasing order. It allocates;
// search code walks the bits instead.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		out = append(out, b.First())
	}
	return out
}

// adjacent[s] is the set of up to 8 squares at distance 1 from s;
// ring[s] the up to 16 squares at distance exactly 2. Built once at start.
var adjacent, ring = func() (a, r [NumSquares]Bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		for t := Square(0); t < NumSquares; t++ {
			switch Distance(s, t) {
			case 1:
				a[s] |= t.Bit()
			case 2:
				r[s] |= t.Bit()
			}
		}
	}
	return a, r
}()

// Adjacent returns the squares at distance 1 from s: the destinations of
// its clones and the neighbours converted by a move to s.
func Adjacent(s Square) Bitboard { return adjacent[s] }

// Ring returns the squares at distance exactly 2 from s: the destinations
// of its jumps.
func Ring(s Square) Bitboard { return ring[s] }
