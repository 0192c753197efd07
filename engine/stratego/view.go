package stratego

import "strings"

// Seat is who looks at the board: a colour's player, a spectator who sees
// only what combat revealed, or everyone (after the game: the whole
// board).
type Seat uint8

const (
	RedSeat Seat = iota
	BlueSeat
	Spectator
	Everyone
)

// SeatOf returns the seat of colour c's player.
func SeatOf(c Colour) Seat { return Seat(c) }

// String returns "RED", "BLUE", "spectator" or "everyone".
func (s Seat) String() string {
	switch s {
	case RedSeat:
		return "RED"
	case BlueSeat:
		return "BLUE"
	case Spectator:
		return "spectator"
	}
	return "everyone"
}

// Knows reports whether the seat knows the rank of piece pc: its own
// pieces, pieces combat revealed, everything for Everyone.
func (s Seat) Knows(pc Piece) bool {
	return s == Everyone || pc.Revealed() || (s <= BlueSeat && pc.Colour() == Colour(s))
}

// View is a board as one seat sees it. It is derived from the full
// Position each time (Position.View), never kept apart, so it cannot
// disagree with the game: pieces whose rank the seat does not know keep
// their owner and public marks (moved, revealed) and lose their rank.
type View struct {
	Seat  Seat
	Board [NumSquares]Piece
	Side  Colour
	Turn  int
}

// View returns what seat s sees of p.
func (p *Position) View(s Seat) View {
	v := View{Seat: s, Side: p.side, Turn: p.turn}
	for i, pc := range p.board {
		if pc.IsPiece() && !s.Knows(pc) {
			pc = pc.Hidden()
		}
		v.Board[i] = pc
	}
	return v
}

// At returns what the seat sees on s.
func (v *View) At(s Square) Piece {
	if !s.Valid() {
		return Empty
	}
	return v.Board[s]
}

// GenerateMoves fills l with the moves of the seat's own side (Red's or
// Blue's seat only; nothing for others): legality depends only on the
// seat's own pieces and on which squares are occupied, which the seat
// sees. It does not know whether the game is over.
func (v *View) GenerateMoves(l *MoveList) {
	l.Len = 0
	if v.Seat <= BlueSeat {
		generate(&v.Board, Colour(v.Seat), l)
	}
}

// LegalMoves returns the seat's moves as a new slice.
func (v *View) LegalMoves() []Move {
	var l MoveList
	v.GenerateMoves(&l)
	return append([]Move(nil), l.Slice()...)
}

// ProtocolLines returns the board message the manager sends a player
// before each move: 10 lines of 10 characters, y = 0 first, the player's
// own pieces by letter, every enemy piece '#' (revealed ones too, as the
// program does), lakes '+', empty squares '.'. For a spectator seat every
// piece is '#'.
func (v *View) ProtocolLines() [Height]string {
	var out [Height]string
	for y := 0; y < Height; y++ {
		b := make([]byte, Width)
		for x := 0; x < Width; x++ {
			pc := v.Board[SquareAt(x, y)]
			switch {
			case pc == Empty:
				b[x] = '.'
			case pc == Lake:
				b[x] = '+'
			case v.Seat <= BlueSeat && pc.Colour() == Colour(v.Seat):
				b[x] = pc.Rank().Token()
			default:
				b[x] = '#'
			}
		}
		out[y] = string(b)
	}
	return out
}

// Render draws the view as plain text with chat coordinates, as seen from
// colour from's side: from Red, row 10 at the top and columns a–j left to
// right; from Blue, turned half round (row 1 at the top, j–a). Each piece
// is its owner's letter (r/b) and its rank letter, '#' when unknown to the
// seat; ".." is empty, "~~" a lake.
func (v *View) Render(from Colour) string {
	var b strings.Builder
	cols := "    a  b  c  d  e  f  g  h  i  j\n"
	if from == Blue {
		cols = "    j  i  h  g  f  e  d  c  b  a\n"
	}
	b.WriteString(cols)
	for i := 0; i < Height; i++ {
		y := Height - 1 - i
		if from == Blue {
			y = i
		}
		row := y + 1
		if row < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(itoa(row))
		b.WriteByte(' ')
		for j := 0; j < Width; j++ {
			x := j
			if from == Blue {
				x = Width - 1 - j
			}
			b.WriteByte(' ')
			b.WriteString(cellText(v.Board[SquareAt(x, y)]))
		}
		b.WriteByte('\n')
	}
	b.WriteString(cols)
	return b.String()
}

func cellText(pc Piece) string {
	switch {
	case pc == Empty:
		return ".."
	case pc == Lake:
		return "~~"
	}
	o := byte('r')
	if pc.Colour() == Blue {
		o = 'b'
	}
	t := byte('#')
	if pc.Rank() != NoRank {
		t = pc.Rank().Token()
	}
	return string([]byte{o, t})
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}
