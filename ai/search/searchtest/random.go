package searchtest

import (
	"fmt"
	"math/rand/v2"
)

// RandomGame plays random moves on pos, each chosen by rng among legal's,
// until plies are played (plies below 0: no bound), the side to move has
// none, or visit (if not nil), shown each position before its move is
// chosen, returns false. play makes a move on pos.
func RandomGame[P, M any](rng *rand.Rand, pos *P, plies int, legal func(*P) []M, play func(*P, M), visit func(*P) bool) {
	for ply := 0; plies < 0 || ply < plies; ply++ {
		moves := legal(pos)
		if len(moves) == 0 {
			return
		}
		if visit != nil && !visit(pos) {
			return
		}
		play(pos, moves[rng.IntN(len(moves))])
	}
}

// RandomPositions returns n positions of games still going: game i
// starts at start(i) and plays a random number of random moves below
// maxPlies (see RandomGame); where it stops is kept unless over reports
// the game ended there.
func RandomPositions[P, M any](rng *rand.Rand, n, maxPlies int, start func(i int) P, legal func(*P) []M, play func(*P, M), over func(*P) bool) []P {
	var out []P
	for i := 0; len(out) < n; i++ {
		p := start(i)
		RandomGame(rng, &p, rng.IntN(maxPlies), legal, play, nil)
		if !over(&p) {
			out = append(out, p)
		}
	}
	return out
}

// Starts returns a RandomPositions start: game i starts from the
// position of fens[i%len(fens)], parsed by parse. It panics if parse
// rejects one, since the FENs are the test's own.
func Starts[P any](parse func(string) (P, error), fens ...string) func(i int) P {
	ps := make([]P, len(fens))
	for i, fen := range fens {
		p, err := parse(fen)
		if err != nil {
			panic(fmt.Sprintf("searchtest: start %q: %v", fen, err))
		}
		ps[i] = p
	}
	return func(i int) P { return ps[i%len(ps)] }
}
