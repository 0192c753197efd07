package stratego

import (
	"fmt"
	"strconv"
	"strings"
)

// Move is a packed move: bits 0–6 the origin square, bits 7–13 the
// destination. Moves are always in a straight line; the zero Move (origin
// and destination a1) is NoMove.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

// MaxMoves bounds the legal moves of any position: 8 scouts with at most
// 18 destinations each and 32 other pieces with at most 4.
const MaxMoves = 8*18 + 32*4

// NewMove returns the move from from to to.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<7 }

// From returns the origin.
func (m Move) From() Square { return Square(m & 127) }

// To returns the destination.
func (m Move) To() Square { return Square(m >> 7 & 127) }

// Straight reports whether m goes from one valid square to another along
// a row or a column.
func (m Move) Straight() bool {
	f, t := m.From(), m.To()
	return f.Valid() && t.Valid() && f != t && (f.X() == t.X() || f.Y() == t.Y())
}

// Direction returns the direction of a straight move.
func (m Move) Direction() Direction {
	f, t := m.From(), m.To()
	switch {
	case t.Y() < f.Y():
		return Up
	case t.Y() > f.Y():
		return Down
	case t.X() < f.X():
		return Left
	}
	return Right
}

// Distance returns how many squares a straight move travels.
func (m Move) Distance() int {
	f, t := m.From(), m.To()
	return abs(f.X()-t.X()) + abs(f.Y()-t.Y())
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// String returns the chat form, "b4-b6", or "-" for a move that is not
// straight.
func (m Move) String() string {
	if !m.Straight() {
		return "-"
	}
	return m.From().String() + "-" + m.To().String()
}

// Protocol returns the protocol form, "X Y DIR" with " N" appended when
// the move travels more than one square ("0 6 UP 2").
func (m Move) Protocol() string {
	if !m.Straight() {
		return "-"
	}
	s := strconv.Itoa(m.From().X()) + " " + strconv.Itoa(m.From().Y()) + " " + m.Direction().String()
	if d := m.Distance(); d > 1 {
		s += " " + strconv.Itoa(d)
	}
	return s
}

// ParseMove reads a move in either notation: the chat form "b4-b6" (also
// "b4b6", "b4 b6", "b4xb6", any case) or the protocol's "X Y DIR [N]".
func ParseMove(s string) (Move, error) {
	if m, err := ParseProtocolMove(s); err == nil {
		return m, nil
	}
	return ParseChatMove(s)
}

// ParseChatMove reads "b4-b6", "b4b6", "b4 b6" or "b4xb6" (any case). The
// two squares must be on one row or column; legality is Position's
// business.
func ParseChatMove(s string) (Move, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	var a, b string
	if i := strings.IndexAny(t, "-x "); i >= 0 {
		a, b = strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+1:])
	} else {
		// No separator: the first square ends where the second letter
		// starts.
		i := strings.IndexFunc(t[min(1, len(t)):], func(r rune) bool { return r >= 'a' && r <= 'j' })
		if i < 0 {
			return NoMove, fmt.Errorf("move %q: %w", s, ErrInvalidMove)
		}
		a, b = t[:i+1], t[i+1:]
	}
	from, err := ParseSquare(a)
	if err != nil {
		return NoMove, fmt.Errorf("move %q: %w", s, ErrInvalidMove)
	}
	to, err := ParseSquare(b)
	if err != nil {
		return NoMove, fmt.Errorf("move %q: %w", s, ErrInvalidMove)
	}
	m := NewMove(from, to)
	if !m.Straight() {
		return NoMove, fmt.Errorf("move %q is not along a row or column: %w", s, ErrInvalidMove)
	}
	return m, nil
}

// ParseProtocolMove reads the protocol's "X Y DIR [N]": X and Y from 0,
// DIR one of UP DOWN LEFT RIGHT (case-sensitive, as the program reads it),
// N ≥ 1 (default 1). The destination must be on the board.
func ParseProtocolMove(s string) (Move, error) {
	f := strings.Fields(s)
	if len(f) != 3 && len(f) != 4 {
		return NoMove, fmt.Errorf("move %q: want X Y DIR [N]: %w", s, ErrInvalidMove)
	}
	x, err1 := strconv.Atoi(f[0])
	y, err2 := strconv.Atoi(f[1])
	d, ok := ParseDirection(f[2])
	n := 1
	var err3 error
	if len(f) == 4 {
		n, err3 = strconv.Atoi(f[3])
	}
	if err1 != nil || err2 != nil || err3 != nil || !ok || n < 1 || n > Width {
		return NoMove, fmt.Errorf("move %q: want X Y DIR [N]: %w", s, ErrInvalidMove)
	}
	from := SquareAt(x, y)
	to := from.Step(d, n)
	if from == NoSquare || to == NoSquare {
		return NoMove, fmt.Errorf("move %q leaves the board: %w", s, ErrInvalidMove)
	}
	return NewMove(from, to), nil
}

// MoveList is a fixed array of moves filled by Position.GenerateMoves
// without allocating.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// Slice returns the filled part of the list.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }
