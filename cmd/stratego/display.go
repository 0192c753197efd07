package main

import (
	"fmt"
	"io"
	"os"
	"regexp"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

const (
	ansiRed   = "\x1b[1;31m"
	ansiBlue  = "\x1b[1;34m"
	ansiLake  = "\x1b[36m"
	ansiReset = "\x1b[0m"
	ansiHome  = "\x1b[H\x1b[2J"
)

// display writes -p and -g output.
type display struct {
	w          io.Writer
	tty        bool
	print, gfx bool
	seat       stratego.Seat // what -g shows: -r/-b disguise a side
}

func newDisplay(w io.Writer, o options) *display {
	d := &display{w: w, tty: isTerminal(w), print: o.print, gfx: o.graphics, seat: stratego.Everyone}
	switch {
	case o.hideRed && o.hideBlue:
		d.seat = stratego.Spectator
	case o.hideRed:
		d.seat = stratego.BlueSeat
	case o.hideBlue:
		d.seat = stratego.RedSeat
	}
	return d
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func (d *display) move(c stratego.Colour, turn int, text string, pos *stratego.Position) {
	if d.print {
		v := pos.View(stratego.Everyone)
		fmt.Fprint(d.w, d.board(&v))
	}
	if d.gfx {
		v := pos.View(d.seat)
		head := fmt.Sprintf("turn %d %v: %s", turn, c, text)
		if d.tty {
			fmt.Fprint(d.w, ansiHome+head+"\n"+d.board(&v))
		} else {
			fmt.Fprint(d.w, "== "+head+"\n"+d.board(&v)+"\n")
		}
	}
}

// board renders a view with chat coordinates, Red at the bottom, in
// colour on a terminal.
func (d *display) board(v *stratego.View) string {
	s := v.Render(stratego.Red)
	if !d.tty {
		return s
	}
	return cellRE.ReplaceAllStringFunc(s, func(c string) string {
		switch c[0] {
		case 'r':
			return ansiRed + c + ansiReset
		case 'b':
			return ansiBlue + c + ansiReset
		}
		return ansiLake + c + ansiReset
	})
}

// cellRE matches the cells of View.Render that get a colour.
var cellRE = regexp.MustCompile(`[rb][1-9sBF#]|~~`)
