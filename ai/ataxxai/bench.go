package ataxxai

import (
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// benchPositions are the positions Bench searches: those the strongest
// open-source engines bench on (empty boards but for a few pieces, the
// common block layouts with either side to move, walls of pieces, an
// opening), so that node rates compare on the same work.
var benchPositions = []string{
	"7/7/7/7/-------/-------/x5o x 0 1",
	"7/7/7/7/-------/-------/x5o o 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1",
	"x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
	"x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1",
	"x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
	ataxx.StartFEN,
	"x5o/7/7/7/7/7/o5x o 0 1",
	"7/7/7/2x1o2/7/7/7 x 0 1",
	"7/7/7/2x1o2/7/7/7 o 0 1",
	"7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
	"7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 0 1",
	"7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1",
	"7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1",
	"1o1o1o1/2o4/7/1x5/2x4/7/o6 x 0 5",
}

// BenchDepth is the depth of the bench signature; a node rate is measured
// deeper (the UAI command bench searches to 16 by default).
const BenchDepth = 9

// Bench searches its positions under the UAI rules to depth with a 32 MB
// table, cleared for each, and returns the nodes visited, the time taken
// and the moves chosen: a fixed depth makes the node count the same in
// every run, so it changes only when the search's behaviour does.
func Bench(depth int) (nodes uint64, elapsed time.Duration, moves string, err error) {
	return search.Bench(benchPositions, parseUAI, depth, NewSearcher(32))
}

// parseUAI parses a FEN as a position under the UAI rules.
func parseUAI(fen string) (ataxx.Position, error) {
	pos, err := ataxx.ParseFEN(fen)
	if err != nil {
		return pos, err
	}
	pos.SetRules(ataxx.RulesUAI)
	return pos, nil
}
