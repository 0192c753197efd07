package ataxxai

import (
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// benchPositions are the positions Bench searches: the start, blocked
// layouts, a middlegame and a near-full board.
var benchPositions = []string{
	ataxx.StartFEN,
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
	"x-1-1-o/-1-1-1-/1-1-1-1/-1-1-1-/1-1-1-1/-1-1-1-/o-1-1-x x 0 1",
	"x2-2o/3-3/2---2/7/2---2/3-3/o2-2x x 0 1",
	"7/1xxx3/1xox3/1oxo3/7/7/o5x o 3 9",
	"xxxo3/xoox3/ooxo3/xox4/7/7/6o x 0 12",
	"ooooooo/oxxxxxo/oxoooxo/oxoxoxo/oxooox1/oxxxxx1/ooooo2 x 0 30",
}

// BenchDepth is the depth of the bench signature.
const BenchDepth = 7

// Bench searches its positions under the UAI rules to depth with a 16 MB
// table, cleared for each, and returns the nodes visited, the time taken
// and the moves chosen: a fixed depth makes the node count the same in
// every run, so it changes only when the search's behaviour does.
func Bench(depth int) (nodes uint64, elapsed time.Duration, moves string, err error) {
	return search.Bench(benchPositions, parseUAI, depth, NewSearcher(16))
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
