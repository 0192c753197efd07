package ataxx

import (
	"fmt"
	"strings"
)

// Move is a packed move: bits 0-5 hold the destination, bits 6-11 the
// origin, bit 12 marks a real move and bit 13 a jump; Pass has only
// bit 14. The zero Move is NoMove.
//
// A clone made by the move generator has origin == destination: in Ataxx
// a clone is known by where it lands. A clone parsed from the manual's
// "a7-b6" keeps its origin so that Position.Play can check the piece is
// there; Canonical drops it.
type Move uint16

const (
	moveReal Move = 1 << 12
	moveJump Move = 1 << 13

	// NoMove is the zero Move: no move at all.
	NoMove Move = 0
	// Pass is the move of a side that has no other move.
	Pass Move = 1 << 14
)

// MaxMoves bounds the moves of any position: 49 clones plus one jump for
// each of the 240 pairs of squares at distance 2 (each pair can be a jump
// in one direction only, from the mover's piece to the empty square).
const MaxMoves = 49 + 240

// Clone returns the clone that lands on to.
func Clone(to Square) Move { return moveReal | Move(to)<<6 | Move(to) }

// Jump returns the jump from from to to.
func Jump(from, to Square) Move { return moveReal | moveJump | Move(from)<<6 | Move(to) }

// CloneFrom returns the clone from from to to, keeping its origin.
func CloneFrom(from, to Square) Move { return moveReal | Move(from)<<6 | Move(to) }

// To returns the destination of a clone or jump.
func (m Move) To() Square { return Square(m & 63) }

// From returns the origin of a jump or of a clone parsed with its origin;
// for a generated clone it equals To.
func (m Move) From() Square { return Square(m >> 6 & 63) }

// IsPass reports whether m is the pass.
func (m Move) IsPass() bool { return m == Pass }

// IsJump reports whether m is a jump.
func (m Move) IsJump() bool { return m&moveJump != 0 }

// IsClone reports whether m is a clone (extension).
func (m Move) IsClone() bool { return m&(moveReal|moveJump) == moveReal }

// Canonical returns m as the move generator makes it: a clone without its
// origin. Other moves are returned unchanged.
func (m Move) Canonical() Move {
	if m.IsClone() {
		return Clone(m.To())
	}
	return m
}

// String returns m in UAI notation: "b6" for a clone, "a7c5" for a jump,
// "0000" for a pass.
func (m Move) String() string {
	switch {
	case m == Pass:
		return "0000"
	case m.IsJump():
		return m.From().String() + m.To().String()
	case m.IsClone():
		return m.To().String()
	default:
		return "(none)"
	}
}

// ParseMove reads a move in any accepted notation, case-insensitively:
// the manual's "a7-b6" (clone or jump, told apart by distance) and "-"
// for a pass; UAI's "b6" (clone), "a7c5" (jump), "a7b6" (clone) and
// "0000" (pass). It checks the form, not the position: see Position.Play.
func ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "-" || t == "0000":
		return Pass, nil
	case len(t) == 2:
		to, err := ParseSquare(t)
		if err != nil {
			return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
		}
		return Clone(to), nil
	case len(t) == 5 && t[2] == '-':
		t = t[:2] + t[3:]
	case len(t) != 4:
		return NoMove, fmt.Errorf("%w: %q: want FROM-TO like a7-b6, or - to pass", ErrInvalidMove, s)
	}
	from, err := ParseSquare(t[:2])
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
	}
	to, err := ParseSquare(t[2:])
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
	}
	switch Distance(from, to) {
	case 1:
		return CloneFrom(from, to), nil
	case 2:
		return Jump(from, to), nil
	default:
		return NoMove, fmt.Errorf("%w: %q: a move goes 1 square (clone) or 2 squares (jump) from its piece", ErrInvalidMove, s)
	}
}

// MoveList is a fixed-size list of moves, filled by GenerateMoves without
// allocating.
type MoveList struct {
	Moves [MaxMoves]Move
	Len   int
}

// Slice returns the moves in the list; the slice shares the list's array.
func (l *MoveList) Slice() []Move { return l.Moves[:l.Len] }

func (l *MoveList) add(m Move) {
	l.Moves[l.Len] = m
	l.Len++
}
