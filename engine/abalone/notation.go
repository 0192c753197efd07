package abalone

import (
	"fmt"
	"strings"
)

// Notation is a way of writing cells and moves.
type Notation uint8

const (
	// Standard is the notation of Aba-Pro and online play: rows A..I from
	// Black's edge and diagonals 1..9; an in-line move is its trailing
	// marble's from and to ("a1b2"), a broadside move its two end marbles,
	// lower first, and where the first goes ("c6c7d6").
	Standard Notation = iota
	// AMalone is the notation of the Amiga program aMalone (1994):
	// "<n><s1>-<s2><x>" over its cell names A0..F9 and GG, where s1 is the
	// top marble, the one in front in the direction of the move, and s2
	// where it goes; x is "l" or "r" for a broadside, "+" for an in-line
	// move that pushes a marble off, and nothing otherwise.
	AMalone
)

// String returns "standard" or "amalone".
func (n Notation) String() string {
	if n == AMalone {
		return "amalone"
	}
	return "standard"
}

// ParseNotation reads a notation name, "standard" or "amalone" (also
// "std", "aba-pro", "abapro"); case does not matter.
func ParseNotation(s string) (Notation, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "standard", "std", "aba-pro", "abapro":
		return Standard, nil
	case "amalone", "a-malone":
		return AMalone, nil
	}
	return Standard, fmt.Errorf("%w: %q: want standard or amalone", ErrInvalidNotation, s)
}

// FormatMove writes legal move m in notation n. The aMalone form depends on
// the position (a push off the board is marked "+"); the standard form is
// m.String().
func (p *Position) FormatMove(m Move, n Notation) string {
	if n != AMalone || !m.valid() {
		return m.String()
	}
	d := m.Dir()
	if !m.IsBroadside() {
		head := m.last()
		s := fmt.Sprintf("%d%s-%s", m.Count(), head.AMalone(), head.Neighbor(d).AMalone())
		if p.effect(m).Ejected {
			s += "+"
		}
		return s
	}
	// The top marble is the end in front in the direction of the move:
	// the line leans 60° from d, so one end is a step ahead of the other.
	top, up := m.last(), m.Along()
	if d != up.Left() && d != up.Right() {
		top, up = m.From(), up.Opposite()
	}
	side := "r"
	if d == up.Left() {
		side = "l"
	}
	return fmt.Sprintf("%d%s-%s%s", m.Count(), top.AMalone(), top.Neighbor(d).AMalone(), side)
}

// ParseMove reads a move of the side to move in either notation, telling
// them apart by the first character (aMalone's is the count 1..3), and
// checks that it is legal here. Case does not matter. Besides the one form
// FormatMove writes it accepts a standard broadside with its ends in
// either order and an aMalone push off the board without its "+".
// Errors wrap ErrInvalidMove (not a move in any notation) or
// ErrIllegalMove (a move the rules forbid here).
func (p *Position) ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if t != "" && t[0] >= '1' && t[0] <= '3' {
		return p.ParseMoveIn(s, AMalone)
	}
	return p.ParseMoveIn(s, Standard)
}

// ParseMoveIn reads a move in notation n: see ParseMove.
func (p *Position) ParseMoveIn(s string, n Notation) (Move, error) {
	var (
		m   Move
		err error
	)
	if n == AMalone {
		m, err = p.parseAMalone(s)
	} else {
		m, err = p.parseStandard(s)
	}
	if err != nil {
		return NoMove, err
	}
	if o := p.Outcome(); o != Ongoing {
		return NoMove, fmt.Errorf("%w: %q: %v", ErrGameOver, s, o)
	}
	if !p.IsLegal(m) {
		return NoMove, fmt.Errorf("%w: %q: %s", ErrIllegalMove, s, p.whyIllegal(m))
	}
	return m, nil
}

func (p *Position) parseStandard(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if len(t) != 4 && len(t) != 6 {
		return NoMove, fmt.Errorf("%w: %q: want a1b2 (in line) or c6c7d6 (broadside)", ErrInvalidMove, s)
	}
	var cells [3]Cell
	for i := 0; i < len(t)/2; i++ {
		c, err := ParseCellIn(t[2*i:2*i+2], Standard)
		if err != nil {
			return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
		}
		cells[i] = c
	}
	if len(t) == 4 {
		d, ok := direction(cells[0], cells[1])
		if !ok {
			return NoMove, fmt.Errorf("%w: %q: %v and %v are not neighbours", ErrInvalidMove, s, cells[0], cells[1])
		}
		// The group is every marble of the mover in line from the
		// trailing one: all of them must move.
		own := p.marbles[p.turn]
		n, c := 0, int(cells[0])
		for own.has(c) && n < 4 {
			n++
			c += offset[d]
		}
		if n == 0 {
			return NoMove, fmt.Errorf("%w: %q: no %v marble on %v", ErrIllegalMove, s, p.turn, cells[0])
		}
		if n > 3 {
			return NoMove, fmt.Errorf("%w: %q: at most three marbles move", ErrIllegalMove, s)
		}
		return InLine(cells[0], d, n), nil
	}
	a, b := cells[0], cells[1]
	for e := range Direction(NumDirections) {
		for n := 2; n <= 3; n++ {
			if Cell(int(a)+(n-1)*offset[e]) != b || !inLine(a, e, n) {
				continue
			}
			d, ok := direction(a, cells[2])
			if !ok {
				return NoMove, fmt.Errorf("%w: %q: %v is not a neighbour of %v", ErrInvalidMove, s, cells[2], a)
			}
			if d.axis() == e.axis() {
				return NoMove, fmt.Errorf("%w: %q: a broadside goes off its line; write an in-line move as %v%v",
					ErrInvalidMove, s, lower(a.String()), lower(cells[2].String()))
			}
			return Broadside(a, e, n, d), nil
		}
	}
	return NoMove, fmt.Errorf("%w: %q: %v and %v are not the ends of 2 or 3 cells in line", ErrInvalidMove, s, a, b)
}

// inLine reports whether the n cells from a in direction e are all on
// the board.
func inLine(a Cell, e Direction, n int) bool {
	for range n {
		if !a.Valid() {
			return false
		}
		a = a.Neighbor(e)
	}
	return true
}

func (p *Position) parseAMalone(s string) (Move, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	bad := func(why string) (Move, error) {
		return NoMove, fmt.Errorf("%w: %q: %s", ErrInvalidMove, s, why)
	}
	if len(t) < 6 || len(t) > 7 || t[0] < '1' || t[0] > '3' || t[3] != '-' {
		return bad("want <n><from>-<to><x> like 1B0-GG, 3A0-F0l, 3E2-E4+")
	}
	n := int(t[0] - '0')
	top, err := ParseCellIn(t[1:3], AMalone)
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
	}
	to, err := ParseCellIn(t[4:6], AMalone)
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, s, err)
	}
	d, ok := direction(top, to)
	if !ok {
		return bad(top.AMalone() + " and " + to.AMalone() + " are not neighbours")
	}
	x := byte(0)
	if len(t) == 7 {
		x = t[6]
	}
	switch x {
	case 0, '+':
		trailing := Cell(int(top) - (n-1)*offset[d])
		if !inLine(trailing, d, n) {
			return bad("the row runs off the board")
		}
		m := InLine(trailing, d, n)
		if x == '+' && p.IsLegal(m) && !p.effect(m).Ejected {
			return NoMove, fmt.Errorf("%w: %q: pushes no marble off the board; drop the +", ErrIllegalMove, s)
		}
		return m, nil
	case 'L', 'R':
		if n < 2 {
			return bad("a single marble moves straight: no l or r")
		}
		// The row lies 60° from the move, behind the top marble: on the
		// right of a move to the left, and the other way round.
		up := d.Right()
		if x == 'R' {
			up = d.Left()
		}
		if !inLine(top, up.Opposite(), n) {
			return bad("the row runs off the board")
		}
		return Broadside(top, up.Opposite(), n, d), nil
	}
	return bad("the last character is l, r, + or nothing")
}

// whyIllegal explains why well-formed move m is not legal here.
func (p *Position) whyIllegal(m Move) string {
	own, opp := p.marbles[p.turn], p.marbles[p.turn^1]
	for _, c := range m.Group() {
		if !own.has(int(c)) {
			return fmt.Sprintf("no %v marble on %v", p.turn, c)
		}
	}
	if m.IsBroadside() {
		return "a broadside moves only onto empty cells"
	}
	ahead := int(m.last()) + offset[m.Dir()]
	switch {
	case own.has(ahead):
		return "the row must take in every marble of yours ahead of it"
	case !validCells.has(ahead):
		return "a marble may not leave the board on its own"
	case opp.has(ahead):
		return fmt.Sprintf("%d marbles cannot push there: push 2 against 1, 3 against 1 or 2, onto an empty cell or off the board", m.Count())
	}
	return "not a legal move"
}

// Describe says in words what legal move m does here, for a chat reply:
// "black d4e4: 3 marbles in line, push 2 white marbles, 1 off the
// board". Call it before making the move.
func (p *Position) Describe(m Move, n Notation) string {
	kind := "in line"
	if m.IsBroadside() {
		kind = "broadside"
	}
	marbles := "marbles"
	if m.Count() == 1 {
		marbles, kind = "marble", "moves"
	}
	s := fmt.Sprintf("%v %s: %d %s %s", p.turn, p.FormatMove(m, n), m.Count(), marbles, kind)
	if e := p.effect(m); e.Pushed > 0 {
		s += fmt.Sprintf(", push %d %v", e.Pushed, p.turn.Other())
		if e.Pushed == 1 {
			s += " marble"
		} else {
			s += " marbles"
		}
		if e.Ejected {
			s += ", 1 off the board from " + e.LostCell.Name(n)
		}
	}
	return s
}
