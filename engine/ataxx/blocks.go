package ataxx

import (
	"fmt"
	"strings"
)

// Reflections returns s together with its mirror images across the centre
// row and the centre column: the 1, 2 or 4 squares that one block fills.
func Reflections(s Square) Bitboard {
	f, r := s.File(), s.Rank()
	return NewSquare(f, r).Bit() | NewSquare(6-f, r).Bit() |
		NewSquare(f, 6-r).Bit() | NewSquare(6-f, 6-r).Bit()
}

// ParseBlock reads the square of the CS61B "block CR" command and returns
// it with its reflections: "c3" gives c3, e3, c5 and e5.
func ParseBlock(s string) (Bitboard, error) {
	sq, err := ParseSquare(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	return Reflections(sq), nil
}

// patternSquares maps the symbols of the users' guide block patterns
// (IV.A.2.c, Figure 1) to their squares in the top-left quarter.
var patternSquares = map[byte]string{
	'1': "a4", '2': "b4", '3': "c4",
	'4': "d7", '5': "d6", '6': "d5",
	'a': "a6", 'b': "a5", 'c': "b5", 'd': "b7",
	'e': "c7", 'f': "c6", 'g': "b6", 'h': "c5",
}

// ParseBlockPattern reads the pattern of the users' guide "blocks PATTERN"
// command: symbols 1-6 and a-h (Figure 1), each placing its square and the
// reflections (Figure 2). "3gh" gives the board of Figure 3. Letters are
// read in either case; an empty pattern or an unknown symbol is an error.
func ParseBlockPattern(pattern string) (Bitboard, error) {
	pattern = strings.TrimSpace(pattern)
	if pattern == "" {
		return 0, fmt.Errorf("%w: empty: use symbols 1-6 and a-h, like 3gh", ErrInvalidPattern)
	}
	var b Bitboard
	for i := 0; i < len(pattern); i++ {
		name, ok := patternSquares[lower(pattern[i])]
		if !ok {
			return 0, fmt.Errorf("%w: %q: unknown symbol %q; use 1-6 and a-h, like 3gh", ErrInvalidPattern, pattern, pattern[i])
		}
		sq, err := ParseSquare(name)
		if err != nil {
			return 0, err // the table above is wrong
		}
		b |= Reflections(sq)
	}
	return b, nil
}
