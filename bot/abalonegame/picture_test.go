package abalonegame

import (
	"flag"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
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
