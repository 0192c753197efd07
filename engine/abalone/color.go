package abalone

// Color is a side: Black (moves first) or White.
type Color uint8

const (
	Black Color = iota
	White
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Piece is what a cell holds: Empty, a black or a white marble.
type Piece uint8

const (
	Empty Piece = iota
	BlackMarble
	WhiteMarble
)

// MarbleOf returns the marble of colour c.
func MarbleOf(c Color) Piece { return Piece(c) + 1 }

// Color returns the colour of a marble; ok is false for Empty.
func (p Piece) Color() (c Color, ok bool) {
	if p == Empty {
		return Black, false
	}
	return Color(p - 1), true
}

// String returns the board symbol of p: "@" for black, "O" for white, "."
// for an empty cell.
func (p Piece) String() string {
	switch p {
	case BlackMarble:
		return "@"
	case WhiteMarble:
		return "O"
	default:
		return "."
	}
}
