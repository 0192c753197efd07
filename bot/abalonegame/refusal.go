package abalonegame

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// refusal explains why the move text is refused here, naming cells and
// moves in notation n (the table's), whichever notation text is in: the
// engine's reasons name the cells a player typed as they were typed and
// the others in standard notation. The reasons and their order are the
// engine's (ParseMove); where text does not describe a group of marbles
// that the table's notation could name, the engine's error err stands.
// TestRefusalsAgreeWithTheEngine holds the two together.
func refusal(pos *abalone.Position, text string, n abalone.Notation, err error) error {
	if !errors.Is(err, abalone.ErrInvalidMove) && !errors.Is(err, abalone.ErrIllegalMove) {
		return err
	}
	r := explain(pos, text, n)
	if r.why == "" {
		return err
	}
	return fmt.Errorf("%w: %q: %s", r.kind, text, r.why)
}

// reason is what is wrong with a move: its kind (abalone.ErrInvalidMove
// or abalone.ErrIllegalMove) and why, in words; the zero reason says
// nothing.
type reason struct {
	kind error
	why  string
}

// explain reads text as ParseMove does, in the notation its first
// character says, and says what is wrong with it, cells named in n; the
// zero reason when the engine's own words need no names of the table (a
// bad shape, a cell that is no cell, a row off the board, four marbles)
// or when it finds nothing wrong.
func explain(pos *abalone.Position, text string, n abalone.Notation) reason {
	t := strings.ToUpper(strings.TrimSpace(text))
	if t != "" && t[0] >= '1' && t[0] <= '3' {
		return explainAMalone(pos, t, n)
	}
	return explainStandard(pos, t, n)
}

func explainStandard(pos *abalone.Position, t string, n abalone.Notation) reason {
	if len(t) != 4 && len(t) != 6 {
		return reason{}
	}
	var cells []abalone.Cell
	for i := 0; i < len(t); i += 2 {
		c, err := abalone.ParseCellIn(t[i:i+2], abalone.Standard)
		if err != nil {
			return reason{}
		}
		cells = append(cells, c)
	}
	name := func(c abalone.Cell) string { return c.Name(n) }
	a, b := cells[0], cells[1]
	if len(cells) == 2 {
		d, ok := direction(a, b)
		if !ok {
			return reason{abalone.ErrInvalidMove, fmt.Sprintf("%s and %s are not neighbours", name(a), name(b))}
		}
		own := abalone.MarbleOf(pos.Turn())
		count := 0
		for c := a; c.Valid() && pos.At(c) == own && count < 4; c = c.Neighbor(d) {
			count++
		}
		switch {
		case count == 0:
			return reason{abalone.ErrIllegalMove, fmt.Sprintf("no %v marble on %s", pos.Turn(), name(a))}
		case count > 3:
			return reason{} // "at most three marbles move": no cells
		}
		return whyIllegal(pos, abalone.InLine(a, d, count), n)
	}
	for e := range abalone.Direction(abalone.NumDirections) {
		for count := 2; count <= 3; count++ {
			if step(a, e, count-1) != b {
				continue
			}
			c := cells[2]
			d, ok := direction(a, c)
			if !ok {
				return reason{abalone.ErrInvalidMove, fmt.Sprintf("%s is not a neighbour of %s", name(c), name(a))}
			}
			if d%3 == e%3 {
				hint := "a broadside goes off its line; write an in-line move"
				if form := inLineForm(a, b, c, d, e, count, n); form != "" {
					hint += " as " + form
				}
				return reason{abalone.ErrInvalidMove, hint}
			}
			return whyIllegal(pos, abalone.Broadside(a, e, count, d), n)
		}
	}
	return reason{abalone.ErrInvalidMove, fmt.Sprintf("%s and %s are not the ends of 2 or 3 cells in line", name(a), name(b))}
}

// inLineForm writes the in-line move a player who typed the broadside
// a b c along its own line meant: the engine's standard hint (a and c),
// or aMalone's form of the row from a to b moving in direction d ("" if
// its head would leave the board, which aMalone cannot write).
func inLineForm(a, b, c abalone.Cell, d, e abalone.Direction, count int, n abalone.Notation) string {
	if n != abalone.AMalone {
		return strings.ToLower(a.String() + c.String())
	}
	head := a // moving away from b: a leads
	if d == e {
		head = b
	}
	if to := head.Neighbor(d); to.Valid() {
		return fmt.Sprintf("%d%s-%s", count, head.AMalone(), to.AMalone())
	}
	return ""
}

func explainAMalone(pos *abalone.Position, t string, n abalone.Notation) reason {
	if len(t) < 6 || len(t) > 7 || t[3] != '-' {
		return reason{}
	}
	count := int(t[0] - '0')
	top, err1 := abalone.ParseCellIn(t[1:3], abalone.AMalone)
	to, err2 := abalone.ParseCellIn(t[4:6], abalone.AMalone)
	if err1 != nil || err2 != nil {
		return reason{}
	}
	d, ok := direction(top, to)
	if !ok {
		return reason{abalone.ErrInvalidMove, fmt.Sprintf("%s and %s are not neighbours", top.Name(n), to.Name(n))}
	}
	x := byte(0)
	if len(t) == 7 {
		x = t[6]
	}
	switch x {
	case 0, '+':
		trailing := step(top, d.Opposite(), count-1)
		if !trailing.Valid() {
			return reason{} // "the row runs off the board"
		}
		return whyIllegal(pos, abalone.InLine(trailing, d, count), n)
	case 'L', 'R':
		if count < 2 {
			return reason{}
		}
		up := d.Right()
		if x == 'R' {
			up = d.Left()
		}
		if !step(top, up.Opposite(), count-1).Valid() {
			return reason{}
		}
		return whyIllegal(pos, abalone.Broadside(top, up.Opposite(), count, d), n)
	}
	return reason{}
}

// whyIllegal explains why well-formed move m is not legal here, as the
// engine does, naming cells in n; "" if it is legal after all.
func whyIllegal(pos *abalone.Position, m abalone.Move, n abalone.Notation) reason {
	if pos.IsLegal(m) {
		return reason{}
	}
	own := abalone.MarbleOf(pos.Turn())
	group := m.Group()
	for _, c := range group {
		if pos.At(c) != own {
			return reason{abalone.ErrIllegalMove, fmt.Sprintf("no %v marble on %s", pos.Turn(), c.Name(n))}
		}
	}
	return reason{} // the engine's other reasons name no cell
}

// direction is the direction from a to its neighbour b.
func direction(a, b abalone.Cell) (abalone.Direction, bool) {
	for d := range abalone.Direction(abalone.NumDirections) {
		if a.Neighbor(d) == b && b.Valid() {
			return d, true
		}
	}
	return 0, false
}

// step walks k steps from c in direction d, NoCell once off the board.
func step(c abalone.Cell, d abalone.Direction, k int) abalone.Cell {
	for range k {
		c = c.Neighbor(d)
	}
	return c
}
