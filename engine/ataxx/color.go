package ataxx

// Color is a side: Red moves first (x in FEN, r in dumps), Blue second
// (o in FEN, b in dumps).
type Color uint8

// The two sides.
const (
	Red Color = iota
	Blue
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "Red" or "Blue".
func (c Color) String() string {
	if c == Red {
		return "Red"
	}
	return "Blue"
}

// Piece is what a square holds.
type Piece uint8

// The contents of a square.
const (
	Empty Piece = iota
	RedPiece
	BluePiece
	Block
)

// String returns the piece's letter in the users' guide dump format:
// "r", "b", "X" or "-".
func (p Piece) String() string {
	switch p {
	case RedPiece:
		return "r"
	case BluePiece:
		return "b"
	case Block:
		return "X"
	default:
		return "-"
	}
}
