package ataxxgame

import (
	"flag"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture/picturetest"
)

var update = flag.Bool("update", false, "rewrite the golden pictures in testdata/golden")

// pictureCases are positions drawn by the golden tests and the benchmark.
var pictureCases = []picturetest.Case{
	{Name: "start", Caption: "Red: alice · Blue: AI level 3"},
	{Name: "jump-turns", Moves: []string{"a7-b6", "g7-f6", "b6-c5", "f6-e5", "c5-d4", "a1-c3", "g1-f2", "c3-e4"},
		Caption: "Red: alice (4:12) · Blue: bob (3:58)"},
	{Name: "blocks-clone", Setup: []bot.Command{{Verb: "block", Args: []string{"c3"}}},
		Moves: []string{"a7-b6", "g7-f6", "b6-c6", "f6-e6", "c6-d6"}, Caption: "Red: Zoë · Blue: 山田"},
}

func pictureState(t testing.TB, c picturetest.Case) bot.Picturer {
	return picturetest.Played(t, New(nil, Options{}), c, nil)
}

func TestPictureGolden(t *testing.T) {
	picturetest.GoldenShots(t, "ataxx", picturetest.Spectators(pictureCases, pictureState), *update)
}

// TestPictureSameForEveryViewer: Ataxx hides nothing, so each seat and a
// spectator get the same picture.
func TestPictureSameForEveryViewer(t *testing.T) {
	picturetest.SameForEveryViewer(t, pictureState(t, pictureCases[1]), 2)
}

// BenchmarkPicture draws and encodes a mid-game board.
func BenchmarkPicture(b *testing.B) {
	c := pictureCases[1]
	picturetest.Benchmark(b, pictureState(b, c), bot.Spectator, c.Caption)
}
