package ataxx

import (
	"fmt"
	"strings"
)

// Dump returns the board exactly in the users' guide dump format
// (IV.A.1.d): a line "===", the rows from 7 down to 1 as two spaces and the
// squares separated by spaces (r, b, X, -), and a line "===". Every line
// ends in a newline.
func (p *Position) Dump() string {
	var b strings.Builder
	b.Grow(10 + 7*16)
	b.WriteString("===\n")
	for r := 6; r >= 0; r-- {
		b.WriteString(" ")
		for f := 0; f < 7; f++ {
			b.WriteByte(' ')
			b.WriteString(p.At(NewSquare(f, r)).String())
		}
		b.WriteByte('\n')
	}
	b.WriteString("===\n")
	return b.String()
}

// Pretty returns the board for people: row numbers and column letters
// around the dump's letters, then the score and whose turn it is, or the
// result when the game is over. Every line ends in a newline.
func (p *Position) Pretty() string {
	var b strings.Builder
	const files = "   a b c d e f g\n"
	b.WriteString(files)
	for r := 6; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r+1)
		for f := 0; f < 7; f++ {
			b.WriteByte(' ')
			b.WriteString(p.At(NewSquare(f, r)).String())
		}
		fmt.Fprintf(&b, "  %d\n", r+1)
	}
	b.WriteString(files)
	red, blue := p.Count(Red), p.Count(Blue)
	if o := p.Outcome(); o != Ongoing {
		fmt.Fprintf(&b, "Red (r) %d, Blue (b) %d. Game over: %v\n", red, blue, o)
	} else {
		fmt.Fprintf(&b, "Red (r) %d, Blue (b) %d. %v to move.\n", red, blue, p.turn)
	}
	return b.String()
}
