package congo

import (
	"fmt"
	"math/bits"
)

// Square is one of the 49 squares, numbered row by row from a1 = 0 to
// g7 = 48: index = 7*(rank-1) + file, with file a = 0. (Congo FEN numbers
// squares the other way, a7 = 0 to g1 = 48; see FENIndex.)
type Square uint8

// NumSquares is the number of squares on the board.
const NumSquares = 49

// NoSquare is no square at all: returned with errors, and the jump origin
// of a position where no monkey is jumping.
const NoSquare Square = 255

// NewSquare returns the square at file f (0 = a) and rank r (0 = rank 1).
func NewSquare(f, r int) Square { return Square(r*7 + f) }

// File returns the file, 0 for a through 6 for g.
func (s Square) File() int { return int(s) % 7 }

// Rank returns the rank, 0 for rank 1 through 6 for rank 7.
func (s Square) Rank() int { return int(s) / 7 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < NumSquares }

// IsRiver reports whether s is on the river, rank 4.
func (s Square) IsRiver() bool { return s.Valid() && s.Rank() == 3 }

// FENIndex returns the number Congo FEN gives s: a7 = 0, left to right,
// top to bottom, g1 = 48.
func (s Square) FENIndex() int { return (6-s.Rank())*7 + s.File() }

// SquareFromFENIndex is the inverse of FENIndex; i must be in 0..48.
func SquareFromFENIndex(i int) Square { return NewSquare(i%7, 6-i/7) }

// String returns the square's name, like "a1".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "a1" or "G7" (letters in either
// case).
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("%w: %q: want a file a-g and a rank 1-7, like d4", ErrInvalidSquare, s)
	}
	f := int(lower(s[0])) - 'a'
	r := int(s[1]) - '1'
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return NoSquare, fmt.Errorf("%w: %q: want a file a-g and a rank 1-7, like d4", ErrInvalidSquare, s)
	}
	return NewSquare(f, r), nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// Bitboard is a set of squares: bit i is Square(i). Only the low 49 bits
// are used.
type Bitboard uint64

// Useful sets.
const (
	AllSquares Bitboard = 1<<NumSquares - 1
	// River is rank 4.
	River Bitboard = 0x7f << 21
	// WhiteCastle and BlackCastle are c–e × 1–3 and c–e × 5–7: the lions'
	// homes.
	WhiteCastle Bitboard = 0x1c | 0x1c<<7 | 0x1c<<14
	BlackCastle Bitboard = WhiteCastle << 28
)

// Bit returns the set holding only s.
func (s Square) Bit() Bitboard { return 1 << s }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return s < 64 && b&(1<<s) != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }
