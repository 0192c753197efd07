package abalone

import (
	"fmt"
	"strconv"
	"strings"
)

// The position text is this package's FEN-like form: the nine rows from I
// (White's edge) down to A, each from its lowest diagonal, separated by
// "/"; in a row "b" is a black marble, "w" a white one and a digit 1..9 a
// run of empty cells. Then, after spaces, the side to move ("b" or "w")
// and the marbles Black and White have lost. The standard layout with
// Black to move is
//
//	wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0
//
// When reading, the two counts may be left out together: none lost.

// rowLen returns the number of cells in row r (0 = A).
func rowLen(r int) int { return 9 - abs(r-4) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Text returns the position text of p.
func (p *Position) Text() string {
	var b strings.Builder
	b.Grow(80)
	for r := 8; r >= 0; r-- {
		run := 0
		first := max(0, r-4)
		for d := first; d < first+rowLen(r); d++ {
			switch p.At(NewCell(r, d)) {
			case BlackMarble, WhiteMarble:
				if run > 0 {
					b.WriteByte(byte('0' + run))
					run = 0
				}
				if p.At(NewCell(r, d)) == BlackMarble {
					b.WriteByte('b')
				} else {
					b.WriteByte('w')
				}
			default:
				run++
			}
		}
		if run > 0 {
			b.WriteByte(byte('0' + run))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.turn == White {
		b.WriteString(" w")
	} else {
		b.WriteString(" b")
	}
	fmt.Fprintf(&b, " %d %d", p.lost[Black], p.lost[White])
	return b.String()
}

// String returns the position text of p.
func (p Position) String() string { return p.Text() }

// MarshalText returns the position text, so that a Position stores as text.
func (p Position) MarshalText() ([]byte, error) { return []byte(p.Text()), nil }

// UnmarshalText reads any form ParsePosition accepts.
func (p *Position) UnmarshalText(b []byte) error {
	q, err := ParsePosition(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// MarbleList returns p in the marble-list form,
// "black=A1,A2,…;white=I5,…;turn=black", with ";lost=B,W" (the
// marbles Black and White have lost) when any are.
func (p *Position) MarbleList() string {
	var b strings.Builder
	for c := Black; c <= White; c++ {
		if c == White {
			b.WriteByte(';')
		}
		b.WriteString(c.String())
		b.WriteByte('=')
		for i, cl := range p.Marbles(c) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(cl.String())
		}
	}
	b.WriteString(";turn=" + p.turn.String())
	if p.lost != [2]uint8{} {
		fmt.Fprintf(&b, ";lost=%d,%d", p.lost[Black], p.lost[White])
	}
	return b.String()
}

// ParsePosition reads a position in any of its forms: a layout name
// ("standard", "belgian", "german"; Black to move), the marble list
// ("black=A1,A2;white=I5;turn=white;lost=0,1", standard coordinates,
// turn optional and Black by default, lost optional and none by default)
// or the position text (see Text).
// Errors wrap ErrInvalidPosition.
func ParsePosition(s string) (Position, error) {
	t := strings.TrimSpace(s)
	if l, err := ParseLayout(t); err == nil {
		return NewPosition(l), nil
	}
	if strings.Contains(t, "=") {
		return parseMarbleList(t)
	}
	return parseText(t)
}

func parseColor(s string) (Color, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "b", "black":
		return Black, true
	case "w", "white":
		return White, true
	}
	return Black, false
}

func parseText(s string) (Position, error) {
	var p Position
	bad := func(why string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("%w: %q: %s", ErrInvalidPosition, s, fmt.Sprintf(why, args...))
	}
	fields := strings.Fields(s)
	if len(fields) != 2 && len(fields) != 4 {
		start := StartPosition()
		return bad("want a layout name, a marble list or 9 rows and the side to move, like %s", start.Text())
	}
	turn, ok := parseColor(fields[1])
	if !ok {
		return bad("the side to move is b or w, not %q", fields[1])
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 9 {
		return bad("%d rows; want 9, from I down to A, separated by /", len(rows))
	}
	for i, row := range rows {
		r := 8 - i
		d, end := max(0, r-4), max(0, r-4)+rowLen(r)
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '9':
				d += int(ch - '0')
			case ch == 'b' || ch == 'B' || ch == 'w' || ch == 'W':
				if d >= end {
					return bad("row %c has more than %d cells", 'A'+r, rowLen(r))
				}
				c := Black
				if ch == 'w' || ch == 'W' {
					c = White
				}
				if err := p.Put(NewCell(r, d), c); err != nil {
					return bad("%v", err)
				}
				d++
			default:
				return bad("row %c: %q is not b, w or a digit", 'A'+r, ch)
			}
			if d > end {
				return bad("row %c has more than %d cells", 'A'+r, rowLen(r))
			}
		}
		if d != end {
			return bad("row %c has %d cells; want %d", 'A'+r, d-max(0, r-4), rowLen(r))
		}
	}
	p.SetTurn(turn)
	if len(fields) == 4 {
		if err := setLost(&p, fields[2], fields[3]); err != nil {
			return bad("%v", err)
		}
	}
	return p, nil
}

// setLost reads and sets the lost counts of Black and White.
func setLost(p *Position, black, white string) error {
	for c, s := range []string{black, white} {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("%w: lost marbles %q: want a number 0..6", ErrInvalidPosition, s)
		}
		if err := p.SetLost(Color(c), n); err != nil {
			return err
		}
	}
	return nil
}

func parseMarbleList(s string) (Position, error) {
	var p Position
	bad := func(why string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("%w: %q: %s", ErrInvalidPosition, s, fmt.Sprintf(why, args...))
	}
	seen := map[string]bool{}
	turn := Black
	lost := ""
	for part := range strings.SplitSeq(s, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		if !ok {
			return bad("%q is not key=value", part)
		}
		key = strings.ToLower(strings.TrimSpace(key))
		if seen[key] {
			return bad("%s given twice", key)
		}
		seen[key] = true
		switch key {
		case "turn":
			c, ok := parseColor(val)
			if !ok {
				return bad("turn is black or white, not %q", val)
			}
			turn = c
		case "lost":
			lost = val
		case "black", "white":
			c, _ := parseColor(key)
			for name := range strings.SplitSeq(val, ",") {
				name = strings.TrimSpace(name)
				if name == "" {
					continue
				}
				cl, err := ParseCellIn(name, Standard)
				if err != nil {
					return bad("%v", err)
				}
				if p.At(cl) != Empty {
					return bad("%v is given twice", cl)
				}
				if err := p.Put(cl, c); err != nil {
					return bad("%v", err)
				}
			}
		default:
			return bad("unknown key %q; want black, white, turn and lost", key)
		}
	}
	p.SetTurn(turn)
	if lost != "" {
		b, w, ok := strings.Cut(lost, ",")
		if !ok {
			return bad("lost=%s: want lost=B,W, the marbles Black and White have lost", lost)
		}
		if err := setLost(&p, b, w); err != nil {
			return bad("%v", err)
		}
	}
	return p, nil
}
