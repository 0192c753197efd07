package stratego

import "fmt"

// Colour is a side: Red sets up on rows y 0–3 and moves first, Blue on
// rows y 6–9.
type Colour uint8

const (
	Red Colour = iota
	Blue
)

// Other returns the opposing colour.
func (c Colour) Other() Colour { return c ^ 1 }

// String returns "RED" or "BLUE", as the protocol writes colours.
func (c Colour) String() string {
	if c == Blue {
		return "BLUE"
	}
	return "RED"
}

// ParseColour reads "red"/"blue" in any case ("RED", "BLU" also).
func ParseColour(s string) (Colour, error) {
	switch s {
	case "RED", "red", "Red", "r", "R":
		return Red, nil
	case "BLUE", "blue", "Blue", "BLU", "b":
		return Blue, nil
	}
	return Red, fmt.Errorf("colour %q: %w", s, ErrInvalidPosition)
}

// Rank is a kind of piece. The numbers are the manual's: 1 is the Marshal,
// the strongest, 9 the Scout, 10 the Spy, the weakest in combat; Bomb and
// Flag have no rank and never move. NoRank (0) is an unknown piece in a
// View.
type Rank uint8

const (
	NoRank Rank = iota
	Marshal
	General
	Colonel
	Major
	Captain
	Lieutenant
	Sergeant
	Miner
	Scout
	Spy
	Bomb
	Flag
)

// NumRanks bounds Rank values: ranks are 1..NumRanks-1.
const NumRanks = 13

// ArmyCounts is how many pieces of each rank an army has (the manual's
// table); the counts sum to ArmySize.
var ArmyCounts = [NumRanks]int{
	Marshal: 1, General: 1, Colonel: 2, Major: 3, Captain: 4, Lieutenant: 4,
	Sergeant: 4, Miner: 5, Scout: 8, Spy: 1, Bomb: 6, Flag: 1,
}

// ArmySize is the number of pieces a side sets up.
const ArmySize = 40

// tokens are the protocol's letters, indexed by Rank.
const tokens = "?123456789sBF"

var names = [NumRanks]string{"unknown", "Marshal", "General", "Colonel", "Major",
	"Captain", "Lieutenant", "Sergeant", "Miner", "Scout", "Spy", "Bomb", "Flag"}

// Token returns the protocol's letter for r: '1'..'9', 's', 'B', 'F', or
// '?' for NoRank.
func (r Rank) Token() byte {
	if r >= NumRanks {
		return '?'
	}
	return tokens[r]
}

// String returns the rank's English name, "Marshal" … "Flag".
func (r Rank) String() string {
	if r >= NumRanks {
		return fmt.Sprintf("Rank(%d)", uint8(r))
	}
	return names[r]
}

// Movable reports whether pieces of rank r can move (all but Bomb and Flag).
func (r Rank) Movable() bool { return r >= Marshal && r <= Spy }

// Value is the progcomp manager's worth of a rank in its result line:
// 11 - rank for moving pieces (Spy 1, Scout 2, …, Marshal 10), 0 for Bomb
// and Flag. A full army is worth 148.
func (r Rank) Value() int {
	if !r.Movable() {
		return 0
	}
	return 11 - int(r)
}

// RankOfToken returns the rank a protocol letter stands for.
func RankOfToken(b byte) (Rank, bool) {
	switch {
	case b >= '1' && b <= '9':
		return Rank(b - '0'), true
	case b == 's':
		return Spy, true
	case b == 'B':
		return Bomb, true
	case b == 'F':
		return Flag, true
	}
	return NoRank, false
}

// Piece is the content of a square, packed in a byte: bits 0–3 the rank
// (15 for a lake), bit 4 Red, bit 5 Blue, bit 6 "has moved", bit 7
// "revealed". The zero Piece is an empty square. In a View a piece whose
// rank its seat does not know has rank NoRank but keeps its colour and
// marks.
type Piece uint8

const (
	// Empty is the zero Piece.
	Empty Piece = 0
	// Lake is the content of the eight lake squares.
	Lake Piece = 0x0F

	pieceRed      Piece = 1 << 4
	pieceBlue     Piece = 1 << 5
	pieceMoved    Piece = 1 << 6
	pieceRevealed Piece = 1 << 7
	pieceColours        = pieceRed | pieceBlue
)

// NewPiece returns an unmoved, unrevealed piece.
func NewPiece(c Colour, r Rank) Piece {
	if c == Blue {
		return pieceBlue | Piece(r)
	}
	return pieceRed | Piece(r)
}

// IsPiece reports whether p is an army piece (not empty, not a lake).
func (p Piece) IsPiece() bool { return p&pieceColours != 0 }

// Colour returns the owner of a piece.
func (p Piece) Colour() Colour {
	if p&pieceBlue != 0 {
		return Blue
	}
	return Red
}

// Rank returns the piece's rank (NoRank if hidden in a View).
func (p Piece) Rank() Rank {
	if !p.IsPiece() {
		return NoRank
	}
	return Rank(p & 0x0F)
}

// Moved reports whether the piece has ever moved: public knowledge that
// rules out Bomb and Flag.
func (p Piece) Moved() bool { return p&pieceMoved != 0 }

// Revealed reports whether combat has shown the piece's rank to both sides.
func (p Piece) Revealed() bool { return p&pieceRevealed != 0 }

// WithMoved returns p marked as having moved.
func (p Piece) WithMoved() Piece { return p | pieceMoved }

// WithRevealed returns p marked as revealed.
func (p Piece) WithRevealed() Piece { return p | pieceRevealed }

// Hidden returns p with its rank erased, as a seat that does not know it
// sees it.
func (p Piece) Hidden() Piece { return p &^ 0x0F }

// String returns "r9", "bB" … with "'" if moved and "!" if revealed;
// "." for empty and "+" for a lake: the cells of the position text format.
func (p Piece) String() string {
	switch {
	case p == Empty:
		return "."
	case p == Lake:
		return "+"
	case !p.IsPiece():
		return fmt.Sprintf("Piece(%#x)", uint8(p))
	}
	b := make([]byte, 0, 4)
	if p.Colour() == Blue {
		b = append(b, 'b')
	} else {
		b = append(b, 'r')
	}
	b = append(b, p.Rank().Token())
	if p.Moved() {
		b = append(b, '\'')
	}
	if p.Revealed() {
		b = append(b, '!')
	}
	return string(b)
}
