package abaloneai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// The match runs only when ABALONE_MATCH holds the number of game pairs,
// e.g. ABALONE_MATCH=20 go test ./ai/abaloneai -run Match -v -timeout 0;
// ABALONE_BUDGET sets the full-strength move budget (default 200ms) and
// ABALONE_OPPONENTS the opponents of level 10 (default "3,greedy").

// player chooses a move in a position.
type player struct {
	name   string
	choose func(ctx context.Context, p abalone.Position, seed int64) abalone.Move
}

func levelPlayer(level int, budget time.Duration) player {
	s := NewSearcher(32)
	return player{"level " + strconv.Itoa(level), func(ctx context.Context, p abalone.Position, seed int64) abalone.Move {
		m, err := s.ChooseMove(ctx, p, level, budget, seed)
		if err != nil {
			return abalone.NoMove
		}
		return m
	}}
}

var greedyPlayer = player{"greedy", func(_ context.Context, p abalone.Position, _ int64) abalone.Move { return Greedy(p) }}

// maxPlies ends a game that goes on; it is scored by marbles pushed off.
const maxPlies = 300

// playGame plays a game from start and returns the score of black (1, ½,
// 0), the plies played and the time black's and white's players spent.
func playGame(t *testing.T, start abalone.Position, black, white player, seed int64) (score float64, plies int, spent [2]time.Duration) {
	p := start
	seen := map[uint64]int{}
	for plies = 0; plies < maxPlies; plies++ {
		if o := p.Outcome(); o != abalone.Ongoing {
			if c, _ := o.Winner(); c == abalone.Black {
				return 1, plies, spent
			}
			return 0, plies, spent
		}
		seen[p.Hash()]++
		if seen[p.Hash()] >= 3 {
			break // a threefold repetition is a draw, unless marbles say otherwise
		}
		pl := black
		if p.Turn() == abalone.White {
			pl = white
		}
		t0 := time.Now()
		m := pl.choose(context.Background(), p, seed+int64(plies))
		spent[p.Turn()] += time.Since(t0)
		if _, _, err := p.Play(m); err != nil {
			t.Fatalf("%s played %v in %v: %v", pl.name, m, p.Text(), err)
		}
	}
	switch lb, lw := p.Lost(abalone.Black), p.Lost(abalone.White); {
	case lw > lb:
		return 1, plies, spent
	case lb > lw:
		return 0, plies, spent
	}
	return 0.5, plies, spent
}

// openings returns n starts: the three layouts in turn, each after two
// random plies so that games differ.
func openings(n int, seed uint64) []abalone.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []abalone.Position
	for i := range n {
		p := abalone.NewPosition(abalone.AllLayouts()[i%3])
		searchtest.RandomGame(rng, &p, 2, (*abalone.Position).LegalMoves, play, nil)
		out = append(out, p)
	}
	return out
}

// elo returns the Elo difference of a score fraction and a 95% interval.
func elo(scores []float64) (diff, margin float64) {
	n := float64(len(scores))
	var mean float64
	for _, s := range scores {
		mean += s
	}
	mean /= n
	var v float64
	for _, s := range scores {
		v += (s - mean) * (s - mean)
	}
	se := math.Sqrt(v/n) / math.Sqrt(n)
	f := func(x float64) float64 {
		x = min(max(x, 1e-6), 1-1e-6)
		return -400 * math.Log10(1/x-1)
	}
	return f(mean), (f(mean+1.96*se) - f(mean-1.96*se)) / 2
}

func TestMatch(t *testing.T) {
	pairs, _ := strconv.Atoi(os.Getenv("ABALONE_MATCH"))
	if pairs <= 0 {
		t.Skip("set ABALONE_MATCH to the number of game pairs to play")
	}
	budget := 200 * time.Millisecond
	if b, err := time.ParseDuration(os.Getenv("ABALONE_BUDGET")); err == nil {
		budget = b
	}
	strong := levelPlayer(search.MaxLevel, budget)
	names := os.Getenv("ABALONE_OPPONENTS")
	if names == "" {
		names = "3,greedy"
	}
	var opponents []player
	for _, name := range strings.Split(names, ",") {
		if name == "greedy" {
			opponents = append(opponents, greedyPlayer)
		} else if lv, err := strconv.Atoi(name); err == nil {
			opponents = append(opponents, levelPlayer(lv, budget))
		} else {
			t.Fatalf("ABALONE_OPPONENTS: %q is not a level or greedy", name)
		}
	}
	for _, weak := range opponents {
		var scores []float64
		var w, l, d, plies int
		var spent [2]time.Duration
		var moves [2]int
		for i, start := range openings(pairs, 11) {
			for side := range 2 {
				black, white := strong, weak
				if side == 1 {
					black, white = weak, strong
				}
				s, n, sp := playGame(t, start, black, white, int64(i*2+side))
				if side == 1 {
					s = 1 - s
					sp[0], sp[1] = sp[1], sp[0]
				}
				spent[0] += sp[0]
				spent[1] += sp[1]
				moves[0] += (n + 1 - side) / 2
				moves[1] += (n + side) / 2
				plies += n
				scores = append(scores, s)
				switch s {
				case 1:
					w++
				case 0:
					l++
				default:
					d++
				}
			}
		}
		diff, margin := elo(scores)
		rating := fmt.Sprintf("Elo %+.0f ± %.0f", diff, margin)
		if w == len(scores) {
			// No interval from a perfect score: the one-sided 95% bound
			// of the score is 0.05^(1/n).
			q := math.Pow(0.05, 1/float64(len(scores)))
			rating = fmt.Sprintf("Elo >= %+.0f (95%%)", -400*math.Log10(1/q-1))
		}
		t.Logf("level 10 (%v/move) vs %s: %d games, +%d -%d =%d, %s, %.0f plies/game, %v/move vs %v/move",
			budget, weak.name, len(scores), w, l, d, rating, float64(plies)/float64(len(scores)),
			(spent[0] / time.Duration(max(moves[0], 1))).Round(time.Millisecond),
			(spent[1] / time.Duration(max(moves[1], 1))).Round(time.Microsecond))
	}
}
