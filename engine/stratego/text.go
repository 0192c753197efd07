package stratego

import (
	"fmt"
	"strconv"
	"strings"
)

// The position text format, full information, one header line and ten
// board lines:
//
//	stratego rules=progcomp turn=1 move=RED limit=5000
//	rF  rB  r8  rs  rB  r4  r7  r9  rB  r8
//	…
//	.   .   +   +   .   .   +   +   .   .
//	…
//
// The header's fields may come in any order and default to the values
// shown (limit=0 is "inf"). Board lines are y = 0 (Red's back row, the
// top as the protocol draws it) to y = 9; cells are separated by spaces:
// "." empty, "+" lake, otherwise "r" or "b", the protocol's letter, then
// "'" if the piece has moved and "!" if combat revealed it ("b9'!").
// Lines starting with "#" and blank lines are ignored.

// MarshalText writes the position in the text format.
func (p Position) MarshalText() ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "stratego rules=%v turn=%d move=%v limit=%d\n", p.rules, p.turn, p.side, p.limit)
	for y := 0; y < Height; y++ {
		var line strings.Builder
		for x := 0; x < Width; x++ {
			c := p.board[SquareAt(x, y)].String()
			line.WriteString(c)
			if x < Width-1 {
				line.WriteString(strings.Repeat(" ", max(1, 4-len(c))))
			}
		}
		b.WriteString(line.String())
		b.WriteByte('\n')
	}
	return []byte(b.String()), nil
}

// String returns the text format.
func (p Position) String() string {
	b, _ := p.MarshalText()
	return string(b)
}

// ParsePosition reads the text format.
func ParsePosition(text string) (Position, error) {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		lines = append(lines, l)
	}
	if len(lines) != 1+Height {
		return Position{}, fmt.Errorf("%d lines, want a header and %d board lines: %w", len(lines), Height, ErrInvalidPosition)
	}
	p := EmptyPosition(DefaultOptions())
	head := strings.Fields(lines[0])
	if len(head) == 0 || head[0] != "stratego" {
		return Position{}, fmt.Errorf("header %q does not start with \"stratego\": %w", clip(lines[0]), ErrInvalidPosition)
	}
	for _, f := range head[1:] {
		k, v, _ := strings.Cut(f, "=")
		var err error
		switch k {
		case "rules":
			p.rules, err = ParseRules(v)
		case "turn":
			p.turn, err = strconv.Atoi(v)
			if err == nil && (p.turn < 1 || p.turn > 1<<30) {
				err = ErrInvalidPosition
			}
		case "move":
			p.side, err = ParseColour(v)
		case "limit":
			if v == "inf" {
				p.limit = 0
				break
			}
			p.limit, err = strconv.Atoi(v)
			if err == nil && (p.limit < 0 || p.limit > 1<<30) {
				err = ErrInvalidPosition
			}
		default:
			err = ErrInvalidPosition
		}
		if err != nil {
			return Position{}, fmt.Errorf("header field %q: %w", clip(f), ErrInvalidPosition)
		}
	}
	for y := 0; y < Height; y++ {
		cells := strings.Fields(lines[1+y])
		if len(cells) != Width {
			return Position{}, fmt.Errorf("board line %d has %d cells, want %d: %w", y, len(cells), Width, ErrInvalidPosition)
		}
		for x, c := range cells {
			s := SquareAt(x, y)
			pc, err := parseCell(c)
			if err != nil {
				return Position{}, fmt.Errorf("square %v: %w", s, err)
			}
			if (pc == Lake) != s.IsLake() {
				return Position{}, fmt.Errorf("square %v: lakes are at x 2,3,6,7 of y 4,5: %w", s, ErrInvalidPosition)
			}
			if pc.IsPiece() {
				p.board[s] = pc
				p.count(pc, 1)
			}
		}
	}
	for c := Red; c <= Blue; c++ {
		for r := Marshal; r < NumRanks; r++ {
			if int(p.counts[c][r]) > ArmyCounts[r] {
				return Position{}, fmt.Errorf("%v has %d %v, more than %d: %w", c, p.counts[c][r], r, ArmyCounts[r], ErrInvalidPosition)
			}
		}
	}
	return p, nil
}

// UnmarshalText reads the text format into p.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := ParsePosition(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

func parseCell(c string) (Piece, error) {
	switch c {
	case ".":
		return Empty, nil
	case "+":
		return Lake, nil
	}
	if len(c) < 2 || len(c) > 4 {
		return Empty, fmt.Errorf("cell %q: %w", clip(c), ErrInvalidPosition)
	}
	var pc Piece
	switch c[0] {
	case 'r':
		pc = pieceRed
	case 'b':
		pc = pieceBlue
	default:
		return Empty, fmt.Errorf("cell %q: owner is not r or b: %w", clip(c), ErrInvalidPosition)
	}
	r, ok := RankOfToken(c[1])
	if !ok {
		return Empty, fmt.Errorf("cell %q: %q is not a piece: %w", clip(c), c[1], ErrInvalidPosition)
	}
	pc |= Piece(r)
	rest := c[2:]
	if strings.HasPrefix(rest, "'") {
		if !r.Movable() {
			return Empty, fmt.Errorf("cell %q: a %v never moves: %w", c, r, ErrInvalidPosition)
		}
		pc |= pieceMoved
		rest = rest[1:]
	}
	if strings.HasPrefix(rest, "!") {
		pc |= pieceRevealed
		rest = rest[1:]
	}
	if rest != "" {
		return Empty, fmt.Errorf("cell %q: marks are \"'\" then \"!\": %w", c, ErrInvalidPosition)
	}
	return pc, nil
}
