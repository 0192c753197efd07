package abalone

import (
	"fmt"
	"strings"
)

// Render draws the board as a hexagon for a monospaced block, White's edge
// (row I) at the top, "@" for black, "O" for white and "." for an empty
// cell, then the marbles each side has lost and whose turn it is, or the
// result. With Standard the rows are labelled A..I on the left and the
// diagonals 1..9 along the lower right, where each one leaves the board;
// with AMalone every cell shows its aMalone name, then its marble
// ("A0@", "D9O", "GG."), the marble last so that White's "O" never reads
// as part of a name. It is at most 12 lines of at most 35 columns; every line
// ends in a newline.
func (p *Position) Render(n Notation) string {
	var b strings.Builder
	b.Grow(512)
	for r := 8; r >= 0; r-- {
		first := max(0, r-4)
		var line []byte
		if n == AMalone {
			line = append(line, strings.Repeat(" ", 2*abs(r-4))...)
			for d := first; d < first+rowLen(r); d++ {
				if d > first {
					line = append(line, ' ')
				}
				c := NewCell(r, d)
				line = append(line, c.AMalone()...)
				line = append(line, p.At(c).String()...)
			}
		} else {
			line = append(line, strings.Repeat(" ", abs(r-4))...)
			line = append(line, byte('A'+r))
			for d := first; d < first+rowLen(r); d++ {
				line = append(line, ' ')
				line = append(line, p.At(NewCell(r, d)).String()...)
			}
			if r < 4 {
				line = append(line, ' ', byte('1'+r+5))
			}
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	if n != AMalone {
		b.WriteString("       1 2 3 4 5\n")
	}
	fmt.Fprintf(&b, "lost: @ black %d, O white %d\n", p.Lost(Black), p.Lost(White))
	switch o := p.Outcome(); o {
	case BlackWins:
		b.WriteString("@ black wins\n")
	case WhiteWins:
		b.WriteString("O white wins\n")
	default:
		fmt.Fprintf(&b, "%s %v to move\n", MarbleOf(p.turn), p.turn)
	}
	return b.String()
}
