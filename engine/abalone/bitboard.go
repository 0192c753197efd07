package abalone

import "math/bits"

// bitboard is a set of cells: bit r*10+d for row r (A = 0) and diagonal
// d (1 = 0), in two words. The stride of 10 leaves a padding column, so a
// one-cell step off the hexagon from any cell lands on a bit that is never
// a cell, and shifts need no edge masks.
type bitboard struct{ lo, hi uint64 }

// stride is the bit distance between rows.
const stride = 10

func (b bitboard) and(o bitboard) bitboard    { return bitboard{b.lo & o.lo, b.hi & o.hi} }
func (b bitboard) or(o bitboard) bitboard     { return bitboard{b.lo | o.lo, b.hi | o.hi} }
func (b bitboard) xor(o bitboard) bitboard    { return bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b bitboard) andNot(o bitboard) bitboard { return bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b bitboard) not() bitboard              { return bitboard{^b.lo, ^b.hi} }
func (b bitboard) empty() bool                { return b.lo|b.hi == 0 }
func (b bitboard) count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

func (b bitboard) has(i int) bool {
	if i < 0 {
		return false
	}
	if i < 64 {
		return b.lo>>uint(i)&1 != 0
	}
	return b.hi>>uint(i-64)&1 != 0
}

func bit(i int) bitboard {
	if i < 64 {
		return bitboard{lo: 1 << uint(i)}
	}
	return bitboard{hi: 1 << uint(i-64)}
}

// first returns the lowest set bit; b must not be empty.
func (b bitboard) first() int {
	if b.lo != 0 {
		return bits.TrailingZeros64(b.lo)
	}
	return 64 + bits.TrailingZeros64(b.hi)
}

// dropFirst clears the lowest set bit.
func (b bitboard) dropFirst() bitboard {
	if b.lo != 0 {
		return bitboard{b.lo & (b.lo - 1), b.hi}
	}
	return bitboard{0, b.hi & (b.hi - 1)}
}

// shift moves every bit by k places (k may be negative); 0 < |k| < 64.
func (b bitboard) shift(k int) bitboard {
	if k > 0 {
		u := uint(k)
		return bitboard{b.lo << u, b.hi<<u | b.lo>>(64-u)}
	}
	u := uint(-k)
	return bitboard{b.lo>>u | b.hi<<(64-u), b.hi >> u}
}

// step moves every cell one step in direction d: bit i goes to i+offset[d].
func (b bitboard) step(d Direction) bitboard { return b.shift(offset[d]) }

// back moves every cell one step against d: the result holds i when the
// d-neighbour of i was in b.
func (b bitboard) back(d Direction) bitboard { return b.shift(-offset[d]) }
