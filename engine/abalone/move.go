package abalone

// Move is a packed move: a group of 1 to 3 of the mover's marbles in a
// line and the direction they go. Bits 0-6 hold the group's first cell,
// bits 7-9 the direction, bits 10-11 the number of marbles, bits 12-13 the
// axis of a broadside group and bit 14 marks a broadside.
//
// Every move has one Move value: an in-line move (its direction along its
// line, a single marble included) is known by its trailing marble; a
// broadside move by the end of its group on the lower row (on a row, the
// lower diagonal) and the axis E, NE or NW from there to the other end.
// The zero Move is NoMove.
type Move uint16

// NoMove is the zero Move: no move at all.
const NoMove Move = 0

const moveBroadside = 1 << 14

// MaxMoves bounds the moves of any position: each of 14 marbles can trail
// an in-line move in 6 directions, and each of at most 42 pairs and 42
// triples of marbles in line can go broadside 4 ways.
const MaxMoves = 14*6 + (42+42)*4

// InLine returns the move of the n marbles that start at trailing and lie
// in direction d from it, one step in direction d.
func InLine(trailing Cell, d Direction, n int) Move {
	return Move(uint16(trailing)&127 | uint16(d%6)<<7 | uint16(n&3)<<10)
}

// Broadside returns the move of the n marbles that start at end and lie in
// direction along from it, one step sideways in direction d (d must not
// run along the line). Either end of the group may be given.
func Broadside(end Cell, along Direction, n int, d Direction) Move {
	along %= 6
	if along >= 3 {
		end = Cell(int(end) + (n-1)*offset[along])
		along -= 3
	}
	return Move(uint16(end)&127 | uint16(d%6)<<7 | uint16(n&3)<<10 | uint16(along)<<12 | moveBroadside)
}

// From returns the first cell of the group: the trailing marble of an
// in-line move, the lower end of a broadside group.
func (m Move) From() Cell { return Cell(m & 127) }

// Dir returns the direction the group moves.
func (m Move) Dir() Direction { return Direction(m >> 7 & 7) }

// Count returns the number of marbles moved, 1 to 3.
func (m Move) Count() int { return int(m >> 10 & 3) }

// IsBroadside reports whether the group moves sideways.
func (m Move) IsBroadside() bool { return m&moveBroadside != 0 }

// Along returns the direction from From to the rest of the group.
func (m Move) Along() Direction {
	if m.IsBroadside() {
		return Direction(m >> 12 & 3)
	}
	return m.Dir()
}

// Group returns the cells of the moved marbles from From along the group.
func (m Move) Group() []Cell {
	out := make([]Cell, 0, 3)
	c, off := int(m.From()), offset[m.Along()%6]
	for range m.Count() {
		out = append(out, Cell(c))
		c += off
	}
	return out
}

// last returns the other end of the group: the leading marble of an
// in-line move.
func (m Move) last() Cell {
	return Cell(int(m.From()) + (m.Count()-1)*offset[m.Along()%6])
}

// valid reports whether m is a well-formed move on the board: 1 to 3
// cells in line on the board, and for a broadside a direction off the
// line. It says nothing of the position.
func (m Move) valid() bool {
	n := m.Count()
	if n == 0 || m.Dir() >= NumDirections || m&^(1<<15-1) != 0 {
		return false
	}
	if m.IsBroadside() {
		if m.Along() >= 3 || n < 2 || m.Dir().axis() == m.Along() {
			return false
		}
	} else if m>>12&3 != 0 {
		return false
	}
	c := m.From()
	for range n {
		if !c.Valid() {
			return false
		}
		c = c.Neighbor(m.Along())
	}
	return true
}

// String returns m in standard notation, lower case: an in-line move as
// its trailing marble's from and to ("a1b2"), a broadside as its two end
// marbles, lower first, and where the first goes ("c6c7d6").
func (m Move) String() string {
	if m == NoMove || !m.valid() {
		return "(none)"
	}
	from := m.From()
	if !m.IsBroadside() {
		return lower(from.String() + from.Neighbor(m.Dir()).String())
	}
	return lower(from.String() + m.last().String() + from.Neighbor(m.Dir()).String())
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// MoveList is a fixed-size list of moves, filled by GenerateMoves without
// allocating.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// Slice returns the moves in the list; the slice shares the list's array.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }

// Contains reports whether m is in the list.
func (l *MoveList) Contains(m Move) bool {
	for _, x := range l.Moves[:l.Len] {
		if x == m {
			return true
		}
	}
	return false
}
