package ataxxai

import (
	"context"
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

// Bench searches its positions to depth, each with a fresh 16 MB table,
// and returns the nodes visited and the time taken: a fixed depth makes
// the node count the same in every run, so it changes only when the
// search's behaviour does.
func Bench(depth int) (nodes uint64, elapsed time.Duration, err error) {
	nodes, elapsed, _, err = bench(depth)
	return nodes, elapsed, err
}

// bench is Bench with the moves chosen.
func bench(depth int) (uint64, time.Duration, string, error) {
	return search.Bench(benchPositions, ataxx.ParseFEN, func(pos ataxx.Position) Result {
		pos.SetRules(ataxx.RulesUAI)
		return NewSearcher(16).Search(context.Background(), pos, Limits{Depth: depth}, Options{}, nil)
	})
}
