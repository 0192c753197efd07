package picture

import "math"

// HexGrid places the cells of a hexagonal board whose rows run
// horizontally (Abalone's): row 0 at the bottom, each row Step pixels from
// the next cell of its row, rows Step*√3/2 apart. Cell (row, col) is
// centred at Origin + (col - row/2)·Step across and row·Step·√3/2 up, so
// that a cell's neighbour one row up and one column on lies up and to the
// right, and the neighbour one row up in the same column up and to the
// left. Turned turns the board half round.
type HexGrid struct {
	Origin Point // centre of cell (0, 0)
	Step   float32
	Turned bool
	// Span is the highest row and column, the board's diameter less one
	// (Abalone: 8); Turned uses it to turn about the board's centre.
	Span int
}

// Center is the middle of cell (row, col).
func (h HexGrid) Center(row, col int) Point {
	if h.Turned {
		row, col = h.Span-row, h.Span-col
	}
	x := h.Origin.X + (float32(col)-float32(row)/2)*h.Step
	y := h.Origin.Y - float32(row)*h.Step*float32(math.Sqrt(3))/2
	return Pt(x, y)
}

// RowHeight is the vertical distance between rows.
func (h HexGrid) RowHeight() float32 { return h.Step * float32(math.Sqrt(3)) / 2 }
