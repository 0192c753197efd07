package abalonegame

import (
	"flag"
	"image/color"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/picture/picturetest"
)

// updating says -update was given: the flag is the external test
// package's (golden_test.go), which shares this test binary.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// pictureCases are positions drawn by the golden tests and the benchmark
// (a move "" plays the first legal move).
var pictureCases = []picturetest.Case{
	{Name: "start", Caption: "Black: alice · White: AI level 5"},
	{Name: "push-off", Setup: []bot.Command{
		{Verb: "empty"},
		{Verb: "put", Args: []string{"black", "a1", "a2", "a3", "b2", "e5", "e6", "e7"}},
		{Verb: "put", Args: []string{"white", "e8", "e9", "i5", "i6", "h5", "g5"}},
		{Verb: "lost", Args: []string{"white", "2"}},
		{Verb: "turn", Args: []string{"black"}},
	}, Moves: []string{"e5e6"}, Caption: "Black: alice (4:12) · White: bob (3:58)"},
	{Name: "amalone-belgian", Setup: []bot.Command{{Verb: "layout", Args: []string{"belgian"}}, {Verb: "write", Args: []string{"amalone"}}},
		Moves: []string{"", ""}, Caption: "Black: Zoë · White: AI level 3"},
}

func pictureState(t testing.TB, c picturetest.Case) bot.Picturer {
	return picturetest.Played(t, New(Options{}), c, func(st bot.State) string {
		return st.(*state).pos.LegalMoves()[0].String()
	})
}

func TestPictureGolden(t *testing.T) {
	picturetest.GoldenShots(t, "abalone", picturetest.Spectators(pictureCases, pictureState), updating())
}

// TestPictureSameForEveryViewer: Abalone hides nothing, so each seat and
// a spectator get the same picture.
func TestPictureSameForEveryViewer(t *testing.T) {
	picturetest.SameForEveryViewer(t, pictureState(t, pictureCases[1]), 2)
}

// BenchmarkPicture draws and encodes a mid-game board.
func BenchmarkPicture(b *testing.B) {
	c := pictureCases[1]
	picturetest.Benchmark(b, pictureState(b, c), bot.Spectator, c.Caption)
}

// TestPictureLabelsEveryRowAndDiagonal: as the text board does, the
// standard picture names every row (A–I, left of its first cell) and every
// diagonal (1–9, past its lowest cell, diagonals 1–5 under row A): each
// label is inked inside the board area, above the caption strip.
func TestPictureLabelsEveryRowAndDiagonal(t *testing.T) {
	img, err := pictureState(t, pictureCases[0]).Picture(bot.Spectator, pictureCases[0].Caption)
	if err != nil {
		t.Fatal(err)
	}
	h := grid()
	type label struct {
		name     string
		from, to picture.Point // the cell labelled, and the way out of the board
	}
	var labels []label
	for r := range 9 {
		first := max(0, r-4)
		labels = append(labels, label{"row " + string(rune('A'+r)), h.Center(r, first), h.Center(r, first-1)})
	}
	for d := range 9 {
		low := max(0, d-4)
		labels = append(labels, label{"diagonal " + string(rune('1'+d)), h.Center(low, d), h.Center(low-1, d)})
	}
	ink := picture.Ink()
	for _, l := range labels {
		p := picture.Toward(l.from, l.to, cellStep*1.3)
		if p.X < 8 || p.X > boardW-8 || p.Y < 8 || p.Y > boardH-8 {
			t.Errorf("%s: label at (%.0f, %.0f); want it inside the %d×%d board area", l.name, p.X, p.Y, boardW, boardH)
			continue
		}
		inked := 0
		for y := int(p.Y) - 10; y <= int(p.Y)+10; y++ {
			for x := int(p.X) - 10; x <= int(p.X)+10; x++ {
				c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
				if absDiff(c.R, ink.R) < 40 && absDiff(c.G, ink.G) < 40 && absDiff(c.B, ink.B) < 40 {
					inked++
				}
			}
		}
		if inked < 10 {
			t.Errorf("%s: got %d inked pixels around (%.0f, %.0f); want a label (10 or more)", l.name, inked, p.X, p.Y)
		}
	}
}

func absDiff(a, b uint8) uint8 {
	if a > b {
		return a - b
	}
	return b - a
}
