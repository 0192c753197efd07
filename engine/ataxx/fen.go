package ataxx

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the FEN of the starting position.
const StartFEN = "x5o/7/7/7/7/7/o5x x 0 1"

// ParseFEN reads an Ataxx FEN: seven rows from row 7 down to row 1,
// separated by '/', each with x (Red), o (Blue), '-' (block) and digits
// (runs of empty squares); then the side to move (x or o), and optionally
// the halfmove clock and the fullmove number (default 0 and 1). The word
// "startpos" stands for StartFEN. The position gets DefaultRules.
func ParseFEN(s string) (Position, error) {
	s = strings.TrimSpace(s)
	if s == "startpos" {
		s = StartFEN
	}
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 4 {
		return Position{}, fmt.Errorf("%w: %q: want ROWS SIDE [HALFMOVE FULLMOVE], like %s", ErrInvalidFEN, s, StartFEN)
	}
	var p Position
	rows := strings.Split(fields[0], "/")
	if len(rows) != 7 {
		return Position{}, fmt.Errorf("%w: %q: want 7 rows separated by /, got %d", ErrInvalidFEN, s, len(rows))
	}
	for i, row := range rows {
		r := 6 - i
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '7' {
				f += int(c - '0')
				if f > 7 {
					break
				}
				continue
			}
			if f >= 7 {
				f++
				break
			}
			sq := NewSquare(f, r)
			switch c {
			case 'x', 'X':
				p.pieces[Red] |= sq.Bit()
			case 'o', 'O':
				p.pieces[Blue] |= sq.Bit()
			case '-':
				p.blocks |= sq.Bit()
			default:
				return Position{}, fmt.Errorf("%w: %q: unknown square letter %q in row %d", ErrInvalidFEN, s, c, r+1)
			}
			f++
		}
		if f != 7 {
			return Position{}, fmt.Errorf("%w: %q: row %d has %d squares, want 7", ErrInvalidFEN, s, r+1, f)
		}
	}
	switch fields[1] {
	case "x", "X":
		p.turn = Red
	case "o", "O":
		p.turn = Blue
	default:
		return Position{}, fmt.Errorf("%w: %q: side to move must be x or o", ErrInvalidFEN, s)
	}
	p.fullmove = 1
	if len(fields) > 2 {
		n, err := strconv.Atoi(fields[2])
		if err != nil || n < 0 || n > 10000 {
			return Position{}, fmt.Errorf("%w: %q: halfmove clock must be a number from 0 to 10000", ErrInvalidFEN, s)
		}
		p.halfmove = n
	}
	if len(fields) > 3 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 || n > 100000 {
			return Position{}, fmt.Errorf("%w: %q: fullmove number must be a number from 1 to 100000", ErrInvalidFEN, s)
		}
		p.fullmove = n
	}
	p.rules = DefaultRules
	p.hash = p.computeHash()
	return p, nil
}

// FEN returns the position in Ataxx FEN.
func (p *Position) FEN() string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		run := 0
		for f := 0; f < 7; f++ {
			c := byte(0)
			switch p.At(NewSquare(f, r)) {
			case RedPiece:
				c = 'x'
			case BluePiece:
				c = 'o'
			case Block:
				c = '-'
			default:
				run++
				continue
			}
			if run > 0 {
				b.WriteByte(byte('0' + run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := " x "
	if p.turn == Blue {
		side = " o "
	}
	b.WriteString(side)
	b.WriteString(strconv.Itoa(p.halfmove))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.fullmove))
	return b.String()
}

// MarshalText writes the position as FEN; the rule set is not part of it.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.FEN()), nil }

// UnmarshalText reads a FEN, keeping p's rule set.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParseFEN(string(text))
	if err != nil {
		return err
	}
	q.rules = p.rules
	*p = q
	return nil
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
