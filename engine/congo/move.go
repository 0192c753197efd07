package congo

import "strings"

// Move is one whole turn, packed into 64 bits:
//
//	bits  0-5   origin square
//	bits  6-11  destination square
//	bits 12-15  number of monkey jumps (0 for every other move)
//	bit  16     open: the monkey's turn goes on after these jumps
//	bits 18-62  the jumps' directions, 3 bits each, first jump lowest
//	bit  63     set in every move, so the zero Move is NoMove
//
// A monkey's multi-capture is one Move holding its whole path, so search
// and perft see a turn as one edge of the tree, and every prefix of a path
// is a Move of its own (the monkey may stop after any jump). While a
// monkey's jump is unfinished (Position.Jumping), the stop is the Move
// from the monkey's square to itself, with no jumps.
type Move uint64

const (
	moveReal  Move = 1 << 63
	moveOpen  Move = 1 << 16
	dirShift       = 18
	jumpShift      = 12
)

// NoMove is the zero Move: no move at all.
const NoMove Move = 0

// MaxJumps bounds the jumps of one monkey turn. The standard armies give
// the opponent 14 pieces, so a longer chain needs a board no game
// reaches; the generator stops a path there.
const MaxJumps = 15

// MaxMoves is the capacity of a MoveList. Real positions have far fewer
// moves; only boards built to multiply a monkey's jump paths come near,
// and the generator keeps the first MaxMoves of those.
const MaxMoves = 512

// Direction is one of the eight compass directions, numbered clockwise
// from north (towards rank 7).
type Direction uint8

var dirFile = [8]int{0, 1, 1, 1, 0, -1, -1, -1}
var dirRank = [8]int{1, 1, 0, -1, -1, -1, 0, 1}

// Step returns the square n steps from s in direction d, and whether it
// is on the board.
func (d Direction) Step(s Square, n int) (Square, bool) {
	f, r := s.File()+n*dirFile[d&7], s.Rank()+n*dirRank[d&7]
	if f < 0 || f > 6 || r < 0 || r > 6 {
		return NoSquare, false
	}
	return NewSquare(f, r), true
}

// jumpDirection returns the direction from a to b if b is exactly two steps
// from a in a straight line (a monkey's jump).
func jumpDirection(a, b Square) (Direction, bool) {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	for d := range Direction(8) {
		if df == 2*dirFile[d] && dr == 2*dirRank[d] {
			return d, true
		}
	}
	return 0, false
}

// NewMove returns the move of a piece from one square to another: a
// step, a leap, a slide, or (from a square to itself while a monkey is
// jumping) the monkey's stop.
func NewMove(from, to Square) Move { return moveReal | Move(from) | Move(to)<<6 }

// PathMove returns a monkey's jumps from from along the given directions,
// ending its turn. It returns NoMove if the path leaves the board or is
// longer than MaxJumps.
func PathMove(from Square, dirs ...Direction) Move {
	if len(dirs) == 0 || len(dirs) > MaxJumps || !from.Valid() {
		return NoMove
	}
	m := moveReal | Move(from) | Move(len(dirs))<<jumpShift
	cur := from
	for i, d := range dirs {
		next, ok := d.Step(cur, 2)
		if !ok {
			return NoMove
		}
		m |= Move(d&7) << (dirShift + 3*i)
		cur = next
	}
	return m | Move(cur)<<6
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 63) }

// To returns the destination square.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Jumps returns the number of monkey jumps, 0 for any other move.
func (m Move) Jumps() int { return int(m >> jumpShift & 15) }

// JumpDir returns the direction of jump i (0 first).
func (m Move) JumpDir(i int) Direction { return Direction(m >> (dirShift + 3*i) & 7) }

// IsOpen reports whether the monkey's turn goes on after m: the guide's
// program takes a jump at a time (see Position.ParseStep).
func (m Move) IsOpen() bool { return m&moveOpen != 0 }

// Open returns m with its open flag set: the turn stays with the monkey.
// Only moves with jumps can be open.
func (m Move) Open() Move {
	if m.Jumps() == 0 {
		return m
	}
	return m | moveOpen
}

// Closed returns m with its open flag cleared.
func (m Move) Closed() Move { return m &^ moveOpen }

// Path returns the squares m visits, origin first. It allocates.
func (m Move) Path() []Square {
	out := []Square{m.From()}
	if m.Jumps() == 0 {
		return append(out, m.To())
	}
	cur := m.From()
	for i := range m.Jumps() {
		cur, _ = m.JumpDir(i).Step(cur, 2)
		out = append(out, cur)
	}
	return out
}

// String writes m as its squares joined by '-': "a2-a3", "b1-d3-f5-d7";
// a monkey's stop is its square twice, "d3-d3". NoMove is "0000".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	var b strings.Builder
	for i, s := range m.Path() {
		if i > 0 {
			b.WriteByte('-')
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// GuideString writes m as the guide's program shows moves: "(a2,a3)",
// and a monkey's path "(b1,d3,f5)".
func (m Move) GuideString() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, s := range m.Path() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.String())
	}
	b.WriteByte(')')
	return b.String()
}

// MoveList is a fixed-capacity list of moves for search: filling it does
// not allocate.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

func (l *MoveList) add(m Move) {
	if l.Len < MaxMoves {
		l.Moves[l.Len] = m
		l.Len++
	}
}

// Slice returns the moves in the list; it aliases the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }
