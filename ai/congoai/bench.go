package congoai

import (
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// benchPositions are the positions Bench searches: the start, a
// middlegame, an open board and an ending.
var benchPositions = []string{
	congo.StartFEN,
	"1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1",
	"gmelecz/2ppp2/7/7/7/2PPP2/GMELECZ/w/-1",
	"7/4l2/7/4c2/7/2p4/1M1L3/w/-1",
}

// BenchDepth is the depth of the bench signature.
const BenchDepth = 6

// Bench searches its positions to depth with a 4 MB table, cleared for
// each, and returns the nodes visited, the time taken and the moves
// chosen: a fixed depth makes the node count the same in every run, so
// it changes only when the search's behaviour does.
func Bench(depth int) (nodes uint64, elapsed time.Duration, moves string, err error) {
	return search.Bench(benchPositions, congo.ParseFEN, depth, NewSearcher(4))
}
