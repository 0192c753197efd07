package congo

// Color is a side: White (uppercase in FEN, below the river, moves first)
// or Black.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black", as the guide's players lines do.
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Kind is an animal without its colour.
type Kind uint8

// The eight animals. The order is the engine's own; PlayersText counts
// them in the guide's order (E Z G C P S L M).
const (
	Pawn Kind = iota
	Superpawn
	Monkey
	Elephant
	Giraffe
	Zebra
	Crocodile
	Lion
	numKinds
)

var kindLetters = [numKinds]byte{'p', 's', 'm', 'e', 'g', 'z', 'c', 'l'}

// Letter returns the kind's lowercase letter, as Black's pieces are
// written.
func (k Kind) Letter() byte {
	if k >= numKinds {
		return '?'
	}
	return kindLetters[k]
}

var kindNames = [numKinds]string{"pawn", "superpawn", "monkey", "elephant", "giraffe", "zebra", "crocodile", "lion"}

// String returns the kind's name, like "monkey".
func (k Kind) String() string {
	if k >= numKinds {
		return "?"
	}
	return kindNames[k]
}

// Piece is a coloured animal, or NoPiece: 1 + 8*colour + kind.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// NewPiece returns the piece of colour c and kind k.
func NewPiece(c Color, k Kind) Piece { return Piece(1 + 8*uint8(c) + uint8(k)) }

// Kind returns the piece's kind; p must not be NoPiece.
func (p Piece) Kind() Kind { return Kind((p - 1) & 7) }

// Color returns the piece's colour; p must not be NoPiece.
func (p Piece) Color() Color { return Color((p - 1) >> 3) }

// Letter returns the FEN letter: uppercase for White, lowercase for
// Black, '-' for NoPiece.
func (p Piece) Letter() byte {
	if p == NoPiece || p > maxPiece {
		return '-'
	}
	l := p.Kind().Letter()
	if p.Color() == White {
		l -= 'a' - 'A'
	}
	return l
}

// String returns the FEN letter as a string.
func (p Piece) String() string { return string(p.Letter()) }

// pieceFromLetter reads a FEN letter.
func pieceFromLetter(c byte) (Piece, bool) {
	col := Black
	if c >= 'A' && c <= 'Z' {
		col, c = White, c+'a'-'A'
	}
	for k, l := range kindLetters {
		if l == c {
			return NewPiece(col, Kind(k)), true
		}
	}
	return NoPiece, false
}

// maxPiece is the largest Piece value, Black's lion.
const maxPiece = Piece(1 + 8*Black + Color(Lion))
