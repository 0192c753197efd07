package congogame

import (
	"flag"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture/picturetest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/golden")

// pictureCases are positions drawn by the golden tests and the benchmark.
var pictureCases = []picturetest.Case{
	{Name: "start", Caption: "White: alice · Black: AI level 2"},
	{Name: "pawn-takes", Moves: []string{"e2-e3", "e6-e5", "e3-e4", "d6-d5", "e4-d5"},
		Caption: "White: alice (4:12) · Black: bob (3:58)"},
	{Name: "monkey-jumps", Setup: []bot.Command{{Verb: "position", Args: []string{"3l3/7/7/2p4/7/2p4/1M1L3/w/-1"}}},
		Moves: []string{"b1-d3-b5"}, Caption: "White: Zoë · Black: AI negamax"},
}

func pictureState(t testing.TB, c picturetest.Case) bot.Picturer {
	return picturetest.Played(t, New(nil, Options{}), c, nil)
}

func TestPictureGolden(t *testing.T) {
	picturetest.GoldenShots(t, "congo", picturetest.Spectators(pictureCases, pictureState), *update)
}

// TestPictureSameForEveryViewer: Congo hides nothing, so each seat and a
// spectator get the same picture.
func TestPictureSameForEveryViewer(t *testing.T) {
	picturetest.SameForEveryViewer(t, pictureState(t, pictureCases[1]), 2)
}

// BenchmarkPicture draws and encodes a mid-game board.
func BenchmarkPicture(b *testing.B) {
	c := pictureCases[1]
	picturetest.Benchmark(b, pictureState(b, c), bot.Spectator, c.Caption)
}
