package congoai

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/ai/search/searchtest"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// TestMatchAgainstNegamax plays the full-strength search against the
// guide's negamax adviser. It is long, so it runs only when
// CONGO_MATCH=<games> is set (CONGO_MATCH_MS sets the search's time per
// move, 200 by default). Each opening (four random plies) is played
// twice, the colours swapped.
func TestMatchAgainstNegamax(t *testing.T) {
	games, _ := strconv.Atoi(os.Getenv("CONGO_MATCH"))
	if games <= 0 {
		t.Skip("set CONGO_MATCH=<games> to play the match")
	}
	ms, _ := strconv.Atoi(os.Getenv("CONGO_MATCH_MS"))
	if ms <= 0 {
		ms = 200
	}
	depth, _ := strconv.Atoi(os.Getenv("CONGO_MATCH_NEGAMAX_DEPTH"))
	var win, loss, draw int
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g/2), 99))
		// Four random plies; an opening that leaves a lion to be taken
		// at once is drawn again.
		var p congo.Position
		for {
			p = congo.NewPosition()
			searchtest.RandomGame(rng, &p, 4, (*congo.Position).LegalMoves, play, nil)
			if !p.CanTakeLion() {
				break
			}
		}
		strong := congo.Color(g % 2)
		s := NewSearcher(32)
		plies := 0
		for ; plies < 300 && !p.GameOver(); plies++ {
			var m congo.Move
			if p.Turn() == strong {
				m = s.Search(context.Background(), p, search.Limits{MoveTime: time.Duration(ms) * time.Millisecond}, search.Options{}, nil).Move
			} else {
				var err error
				if m, err = Negamax(p, depth); err != nil {
					t.Fatal(err)
				}
			}
			if err := p.Play(m); err != nil {
				t.Fatalf("game %d: %v in %s", g, err, p.FEN())
			}
		}
		result := "draw"
		switch w, ok := p.Outcome().Winner(); {
		case !ok:
			draw++
		case w == strong:
			win++
			result = "search wins"
		default:
			loss++
			result = "negamax wins"
		}
		t.Logf("game %d: search plays %v, %s after %d plies (%s)", g+1, strong, result, plies, p.FEN())
	}
	n := float64(win + loss + draw)
	score := (float64(win) + float64(draw)/2) / n
	t.Logf("search vs negamax(depth %d), %d ms a move: +%d -%d =%d, score %.1f%%, Elo %s",
		max(depth, NegamaxDepth), ms, win, loss, draw, 100*score, eloString(win, loss, draw))
}

// eloString gives the Elo difference of a score with a 95% interval.
func eloString(w, l, d int) string {
	n := float64(w + l + d)
	s := (float64(w) + float64(d)/2) / n
	variance := (float64(w)*math.Pow(1-s, 2) + float64(l)*math.Pow(s, 2) + float64(d)*math.Pow(0.5-s, 2)) / n
	se := math.Sqrt(variance / n)
	elo := func(x float64) float64 {
		x = min(max(x, 1e-9), 1-1e-9)
		return -400 * math.Log10(1/x-1)
	}
	lo, hi := elo(s-1.96*se), elo(s+1.96*se)
	if s >= 1 {
		// Every game won: the interval is open above.
		lo = elo(1 - 1/(2*n))
		return "> " + strconv.Itoa(int(lo)) + " (all games won; lower bound from a half-game correction)"
	}
	high := strconv.Itoa(int(hi))
	if s+1.96*se >= 1 {
		high = "open"
	}
	return strconv.Itoa(int(elo(s))) + " [" + strconv.Itoa(int(lo)) + ", " + high + "]"
}
