package abalone

import (
	"fmt"
	"strings"
)

// Cell is one of the 61 cells. Its value is the cell's bit in a board:
// row*10 + diagonal, with row 0 = A (Black's edge) .. 8 = I and diagonal
// 0 = 1 .. 8 = 9. NoCell is -1.
type Cell int8

// NoCell is no cell at all.
const NoCell Cell = -1

// NumCells is the number of cells on the board.
const NumCells = 61

// NewCell returns the cell on row (0 = A .. 8 = I) and diagonal (0 = 1 ..
// 8 = 9), or NoCell when that is off the board.
func NewCell(row, diag int) Cell {
	if row < 0 || row > 8 || diag < 0 || diag > 8 || row-diag > 4 || diag-row > 4 {
		return NoCell
	}
	return Cell(row*stride + diag)
}

// Row returns the row of c: 0 = A .. 8 = I.
func (c Cell) Row() int { return int(c) / stride }

// Diag returns the diagonal of c: 0 = 1 .. 8 = 9.
func (c Cell) Diag() int { return int(c) % stride }

// Valid reports whether c is a cell of the board.
func (c Cell) Valid() bool { return c >= 0 && int(c) < 100 && validCells.has(int(c)) }

// Neighbor returns the cell one step from c in direction d, or NoCell.
func (c Cell) Neighbor(d Direction) Cell {
	if !c.Valid() || d >= NumDirections {
		return NoCell
	}
	n := Cell(int(c) + offset[d])
	if !n.Valid() {
		return NoCell
	}
	return n
}

// String returns c in standard coordinates, "A1" .. "I9".
func (c Cell) String() string {
	if !c.Valid() {
		return "--"
	}
	return string([]byte{byte('A' + c.Row()), byte('1' + c.Diag())})
}

// AMalone returns c's name in aMalone: "GG" for the centre, else a group
// A..F (anti-clockwise, Black faces A, White faces D) and 0..9.
func (c Cell) AMalone() string {
	if !c.Valid() {
		return "--"
	}
	return amaloneName[c]
}

// Name returns c in notation n.
func (c Cell) Name(n Notation) string {
	if n == AMalone {
		return c.AMalone()
	}
	return c.String()
}

// AllCells returns the 61 cells from A1 to I9, row by row.
func AllCells() [NumCells]Cell { return allCells }

var allCells = func() (cs [NumCells]Cell) {
	i := 0
	for r := range 9 {
		for d := range 9 {
			if c := NewCell(r, d); c != NoCell {
				cs[i] = c
				i++
			}
		}
	}
	return cs
}()

// validCells holds the 61 cells.
var validCells = func() (b bitboard) {
	for r := range 9 {
		for d := range 9 {
			if c := NewCell(r, d); c != NoCell {
				b = b.or(bit(int(c)))
			}
		}
	}
	return b
}()

// ParseCell reads a cell in standard coordinates ("a1", "E5", "i9") or,
// when that fails, by its aMalone name ("GG", "b0"); case does not
// matter. Names such as "A1" mean the standard cell: use ParseCellIn to
// read aMalone names only.
func ParseCell(s string) (Cell, error) {
	if c, err := ParseCellIn(s, Standard); err == nil {
		return c, nil
	}
	return ParseCellIn(s, AMalone)
}

// ParseCellIn reads a cell in the coordinates of notation n.
func ParseCellIn(s string, n Notation) (Cell, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if len(t) == 2 {
		if n == AMalone {
			if c, ok := amaloneCell[t]; ok {
				return c, nil
			}
		} else if t[0] >= 'A' && t[0] <= 'I' && t[1] >= '1' && t[1] <= '9' {
			if c := NewCell(int(t[0]-'A'), int(t[1]-'1')); c != NoCell {
				return c, nil
			}
		}
	}
	if n == AMalone {
		return NoCell, fmt.Errorf("%w: %q: want an aMalone name, A0..F9 or GG", ErrInvalidCell, s)
	}
	return NoCell, fmt.Errorf("%w: %q: want a row A..I and a diagonal 1..9 on the board, like e5", ErrInvalidCell, s)
}

// Direction is one of the six directions between neighbouring cells, in
// anti-clockwise order, so d+1 (mod 6) is 60° to the left of d.
type Direction uint8

const (
	East      Direction = iota // same row, next diagonal: A1 → A2
	NorthEast                  // next row, next diagonal: A1 → B2
	NorthWest                  // next row, same diagonal: A1 → B1
	West
	SouthWest
	SouthEast
	// NumDirections is the number of directions.
	NumDirections = 6
)

// offset[d] is the bit distance of one step in direction d.
var offset = [NumDirections]int{1, stride + 1, stride, -1, -stride - 1, -stride}

// Opposite returns the direction opposite d.
func (d Direction) Opposite() Direction { return (d + 3) % NumDirections }

// Left returns the direction 60° anti-clockwise of d.
func (d Direction) Left() Direction { return (d + 1) % NumDirections }

// Right returns the direction 60° clockwise of d.
func (d Direction) Right() Direction { return (d + 5) % NumDirections }

// axis returns 0, 1 or 2 for the line E–W, NE–SW, NW–SE that d runs along.
func (d Direction) axis() Direction { return d % 3 }

var directionNames = [NumDirections]string{"east", "north-east", "north-west", "west", "south-west", "south-east"}

// String returns the direction's name, "east" .. "south-east".
func (d Direction) String() string {
	if d >= NumDirections {
		return "none"
	}
	return directionNames[d]
}

// direction returns the direction from a to its neighbour b.
func direction(a, b Cell) (Direction, bool) {
	for d := range Direction(NumDirections) {
		if a.Neighbor(d) == b && b != NoCell {
			return d, true
		}
	}
	return 0, false
}

// amaloneRows are aMalone's names as its manual draws them: rows I down
// to A, each from its lowest diagonal. The centre is GG; the groups A..F
// are the six sides, anti-clockwise from Black's.
var amaloneRows = [9]string{
	"E6 D9 D8 D7 D6",
	"E7 E3 D5 D4 D3 C9",
	"E8 E4 E1 D2 D1 C5 C8",
	"E9 E5 E2 E0 D0 C2 C4 C7",
	"F6 F3 F1 F0 GG C0 C1 C3 C6",
	"F7 F4 F2 A0 B0 B2 B5 B9",
	"F8 F5 A1 A2 B1 B4 B8",
	"F9 A3 A4 A5 B3 B7",
	"A6 A7 A8 A9 B6",
}

var amaloneName, amaloneCell = func() (names [100]string, cells map[string]Cell) {
	cells = make(map[string]Cell, NumCells)
	for i, line := range amaloneRows {
		row := 8 - i
		first := max(0, row-4)
		for j, name := range strings.Fields(line) {
			c := NewCell(row, first+j)
			names[c] = name
			cells[name] = c
		}
	}
	return names, cells
}()
