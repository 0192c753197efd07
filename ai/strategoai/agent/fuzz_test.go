package agent

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Fuzz targets for every parser of agents' and managers' lines. Seeds are
// table inputs plus the corpus in testdata/fuzz/.

func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{"0 6 UP 2", "SURRENDER", "0 3 down", "x 3 UP", "9 9 LEFT 9", "", "0 3 DOWN 2 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a := ParseAnswer(s)
		if a.Text != s {
			t.Fatalf("text changed: %q", a.Text)
		}
		if a.Kind == AnswerMove {
			if !a.Move.Straight() {
				t.Fatalf("ParseAnswer(%q) move %v not straight", s, a.Move)
			}
			if b := ParseAnswer(a.Move.Protocol()); b.Kind != AnswerMove || b.Move != a.Move {
				t.Fatalf("round trip of %q: %+v", s, b)
			}
		}
	})
}

func FuzzParseConfirmation(f *testing.F) {
	for _, s := range []string{"0 6 UP 2 OK", "2 2 UP 1 KILLS 3 8", "0 2 RIGHT KILLS s 1", "0 5 UP BOTHDIE 9 9",
		"0 0 DOWN ILLEGAL", "0 3 SIDEWAYS", "1 4 UP DIES 7 6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseConfirmation(s)
		if err != nil {
			if !errors.Is(err, ErrProtocol) {
				t.Fatalf("ParseConfirmation(%q): %v does not wrap ErrProtocol", s, err)
			}
			return
		}
		if !c.Illegal {
			back := Confirm(c.Move.Protocol(), c.Result)
			if c2, err := ParseConfirmation(back); err != nil || c2.Result != c.Result {
				t.Fatalf("re-parse of %q (from %q): %+v, %v", back, s, c2, err)
			}
		}
	})
}

func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"agents/asmodeus BLUE DRAW_DEFAULT 40 120 117", "neither BOTH BAD_SETUP 0 0 0", "a b c d e f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseResult(s)
		if err != nil {
			return
		}
		if back, err := ParseResult(r.String()); err != nil || back != r {
			t.Fatalf("round trip of %q: %v, %v", s, back, err)
		}
	})
}

func FuzzParseBoard(f *testing.F) {
	f.Add("FB8sB479B8\nBB31555583\n6724898974\n.67B669999\n9.++..++..\n#.++..++..\n.#########\n##########\n##########\n##########", false)
	f.Add("##########\n##########\n##########\n.#########\n#.++..++..\n..++..++..\n967B669999\n6724898974\nBB31555583\nFB8sB479B8", true)
	f.Fuzz(func(t *testing.T, s string, blue bool) {
		c := stratego.Red
		if blue {
			c = stratego.Blue
		}
		var lines [stratego.Height]string
		copy(lines[:], strings.Split(s, "\n"))
		v, err := ParseBoard(c, lines)
		if err != nil {
			return
		}
		if v.ProtocolLines() != lines {
			t.Fatalf("round trip changed the board")
		}
		v.LegalMoves()
	})
}

// FuzzServe feeds an agent arbitrary manager lines: it must answer or
// stop with an error, never panic or hang.
func FuzzServe(f *testing.F) {
	f.Add("RED agents/x 10 10\nSTART\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\n..++..++..\n..++..++..\n##########\n##########\n##########\n##########\nQUIT x RED VICTORY 1 0 0\n")
	f.Add("BLUE y 10 10\n0 3 DOWN OK\n")
	f.Add("GREEN y 10 10\n")
	f.Fuzz(func(t *testing.T, s string) {
		s0, _ := stratego.Formation("progcomp")
		b := &firstMove{setup: s0}
		var out bytes.Buffer
		Serve(strings.NewReader(s), &out, b)
	})
}

// firstMove plays its first legal move, or surrenders.
type firstMove struct {
	setup  stratego.Setup
	colour stratego.Colour
}

func (b *firstMove) Setup(c stratego.Colour, _ string) stratego.Setup { b.colour = c; return b.setup }
func (b *firstMove) Observe(Confirmation)                             {}
func (b *firstMove) Move(board [stratego.Height]string) stratego.Move {
	v, err := ParseBoard(b.colour, board)
	if err != nil {
		return stratego.NoMove
	}
	if m := v.LegalMoves(); len(m) > 0 {
		return m[0]
	}
	return stratego.NoMove
}
