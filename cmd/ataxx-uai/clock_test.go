package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// TestClock plays whole games between two ataxx-uai processes through
// their pipes, keeping each side's clock in wall time as a tournament
// manager does (from writing go to reading bestmove), and fails if a move
// ever takes more than the time its side had left.
func TestClock(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games against the clock")
	}
	bin := buildUAI(t)
	tests := []struct {
		name      string
		base, inc time.Duration
		games     int
	}{
		// Short enough that the engine must budget, long enough that a
		// race-detector build sharing two cores with other tests does not
		// lose a ply to the scheduler.
		{"2s+20ms", 2 * time.Second, 20 * time.Millisecond, 1},
		{"1s+20ms", time.Second, 20 * time.Millisecond, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			engines := [2]*uaiProc{startBin(t, bin), startBin(t, bin)}
			for _, e := range engines {
				e.send("uai")
				e.until(`^uaiok$`, 10*time.Second)
			}
			for g := range tt.games {
				playClocked(t, engines, openingFor(uint64(g)), tt.base, tt.inc)
			}
		})
	}
}

// openingFor is the start position plus two random plies chosen by seed.
func openingFor(seed uint64) ataxx.Position {
	rng := rand.New(rand.NewPCG(seed, 12))
	pos := ataxx.NewPosition()
	pos.SetRules(ataxx.RulesUAI)
	for range 2 {
		moves := pos.LegalMoves()
		pos.MakeMove(moves[rng.IntN(len(moves))])
	}
	return pos
}

// playClocked plays one game, engines[0] with Red, to its end.
func playClocked(t *testing.T, engines [2]*uaiProc, start ataxx.Position, base, inc time.Duration) {
	t.Helper()
	for _, e := range engines {
		e.send("uainewgame")
		e.send("isready")
		e.until(`^readyok$`, 10*time.Second)
	}
	bestmove := regexp.MustCompile(`^bestmove (\S+)`)
	clocks := [2]time.Duration{base, base}
	least := [2]time.Duration{base, base}
	pos := start
	var moves []string
	for pos.Outcome() == ataxx.Ongoing {
		side := pos.Turn()
		e := engines[side]
		posCmd := "position fen " + start.FEN()
		if len(moves) > 0 {
			posCmd += " moves " + strings.Join(moves, " ")
		}
		e.send(posCmd)
		began := time.Now()
		e.send(fmt.Sprintf("go btime %d wtime %d binc %d winc %d",
			clocks[ataxx.Red].Milliseconds(), clocks[ataxx.Blue].Milliseconds(), inc.Milliseconds(), inc.Milliseconds()))
		lines := e.until(`^bestmove`, clocks[side]+5*time.Second)
		took := time.Since(began)
		if took >= clocks[side] {
			t.Fatalf("ply %d (%v): took %v with %v on the clock; moves %s", len(moves)+1, side, took, clocks[side], strings.Join(moves, " "))
		}
		clocks[side] += inc - took
		least[side] = min(least[side], clocks[side])
		text := bestmove.FindStringSubmatch(lines[len(lines)-1])[1]
		m, err := ataxx.ParseMove(text)
		if err == nil {
			m, _, err = pos.Play(m)
		}
		if err != nil {
			t.Fatalf("ply %d: bestmove %s at %s: %v", len(moves)+1, text, pos.FEN(), err)
		}
		moves = append(moves, m.String())
	}
	t.Logf("%v after %d plies (%d-%d); least time left: Red %v, Blue %v", pos.Outcome(), len(moves),
		pos.Count(ataxx.Red), pos.Count(ataxx.Blue), least[ataxx.Red], least[ataxx.Blue])
}
