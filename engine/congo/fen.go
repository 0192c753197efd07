package congo

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseFEN reads a Congo FEN, as the guide defines it: seven ranks from
// rank 7 down to rank 1 (letters for pieces, uppercase White, digits for
// runs of empty squares), the side to move (w or b), and the square a
// monkey's unfinished jump started from, or -1. The square is a number,
// a7 = 0 to g1 = 48 (see Square.FENIndex); a square name such as "b1" is
// accepted too. With a jump under way the side to move must have exactly
// one monkey: it is the one jumping.
func ParseFEN(fen string) (Position, error) {
	fail := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("%w: %q: %s", ErrInvalidFEN, fen, fmt.Sprintf(format, args...))
	}
	fields := strings.Split(strings.TrimSpace(fen), "/")
	if len(fields) != 9 {
		return fail("want 9 fields separated by '/', got %d", len(fields))
	}
	p := EmptyPosition()
	for i, rank := range fields[:7] {
		r := 6 - i
		f := 0
		for j := 0; j < len(rank); j++ {
			c := rank[j]
			if c >= '1' && c <= '7' {
				f += int(c - '0')
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				return fail("rank %d: unknown piece %q", r+1, c)
			}
			if f > 6 {
				return fail("rank %d has more than 7 squares", r+1)
			}
			p.place(NewSquare(f, r), pc)
			f++
		}
		if f != 7 {
			return fail("rank %d has %d squares, want 7", r+1, f)
		}
	}
	switch fields[7] {
	case "w":
	case "b":
		p.SetTurn(Black)
	default:
		return fail("side to move %q: want w or b", fields[7])
	}
	if j := fields[8]; j != "-1" {
		s, err := parseJumpSquare(j)
		if err != nil {
			return fail("jump field %q: want -1, a number 0-48 or a square", j)
		}
		monkeys := p.Pieces(p.turn, Monkey)
		if monkeys.Count() != 1 {
			return fail("a jump is under way but %s has %d monkeys", p.turn, monkeys.Count())
		}
		p.jumpFrom, p.jumper = s, monkeys.First()
		p.hash ^= zobristJump[s]
	}
	return p, nil
}

func parseJumpSquare(j string) (Square, error) {
	if s, err := ParseSquare(j); err == nil {
		return s, nil
	}
	i, err := strconv.Atoi(j)
	if err != nil || i < 0 || i >= NumSquares || len(j) > 2 {
		return NoSquare, ErrInvalidSquare
	}
	return SquareFromFENIndex(i), nil
}

// FEN returns the position in Congo FEN.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		empty := 0
		for f := range 7 {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		b.WriteByte('/')
	}
	if p.turn == White {
		b.WriteString("w/")
	} else {
		b.WriteString("b/")
	}
	if p.jumpFrom == NoSquare {
		b.WriteString("-1")
	} else {
		b.WriteString(strconv.Itoa(p.jumpFrom.FENIndex()))
	}
	return b.String()
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }

// MarshalText writes the position as its FEN, so that stores keep games as
// text.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.FEN()), nil }

// UnmarshalText reads a FEN.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParseFEN(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParseBoard reads the guide's --board value: "standard" for the opening
// position, or a Congo FEN.
func ParseBoard(s string) (Position, error) {
	if strings.TrimSpace(s) == "standard" {
		return NewPosition(), nil
	}
	return ParseFEN(s)
}
