package ataxx

import "fmt"

// Square is one of the 49 squares, numbered row by row from a1 = 0 to
// g7 = 48: index = 7*(row-1) + column, with column a = 0.
type Square uint8

// NumSquares is the number of squares on the board.
const NumSquares = 49

// NoSquare is the zero-information square, returned with errors.
const NoSquare Square = 255

// NewSquare returns the square at file f (0 = a) and rank r (0 = row 1).
func NewSquare(f, r int) Square { return Square(r*7 + f) }

// File returns the column, 0 for a through 6 for g.
func (s Square) File() int { return int(s) % 7 }

// Rank returns the row, 0 for row 1 through 6 for row 7.
func (s Square) Rank() int { return int(s) / 7 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s < NumSquares }

// String returns the square's name, like "a1".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Distance returns the king-move (Chebyshev) distance between two squares:
// 1 for a clone, 2 for a jump.
func Distance(a, b Square) int {
	df := a.File() - b.File()
	if df < 0 {
		df = -df
	}
	dr := a.Rank() - b.Rank()
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}

// ParseSquare reads a square name such as "a1" or "G7" (letters in either
// case).
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, fmt.Errorf("%w: %q: want a column a-g and a row 1-7, like a7", ErrInvalidSquare, s)
	}
	f := int(lower(s[0])) - 'a'
	r := int(s[1]) - '1'
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return NoSquare, fmt.Errorf("%w: %q: want a column a-g and a row 1-7, like a7", ErrInvalidSquare, s)
	}
	return NewSquare(f, r), nil
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
