package abalonegame

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// TestRefusalsAgreeWithTheEngine: over positions of random games and
// every pair of cells (standard a1b2), many triples (c6c7d6) and every
// aMalone move shape, the refusal explains what the engine refuses with
// the engine's own reason, only naming the cells in the table's
// notation: in standard notation it is the engine's message word for
// word (aMalone's names where the engine kept the typed aMalone names),
// and a move the engine takes is never refused.
func TestRefusalsAgreeWithTheEngine(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(20, 15))
	cells := abalone.AllCells()
	var names [2][]string // standard, aMalone
	for _, c := range cells {
		names[0] = append(names[0], strings.ToLower(c.String()))
		names[1] = append(names[1], c.AMalone())
	}
	checked := 0
	for game := range 3 {
		pos := abalone.NewPosition(abalone.AllLayouts()[game%len(abalone.AllLayouts())])
		for range 6 {
			var texts []string
			for _, a := range names[0] {
				for _, b := range names[0] {
					texts = append(texts, a+b)
				}
			}
			for range 1000 {
				texts = append(texts, names[0][rng.IntN(len(cells))]+names[0][rng.IntN(len(cells))]+names[0][rng.IntN(len(cells))])
			}
			for n := 1; n <= 3; n++ {
				for _, top := range cells {
					for d := range abalone.Direction(abalone.NumDirections) {
						to := top.Neighbor(d)
						if !to.Valid() {
							to = cells[rng.IntN(len(cells))]
						}
						for _, x := range []string{"", "+", "l", "r"} {
							texts = append(texts, string(rune('0'+n))+top.AMalone()+"-"+to.AMalone()+x)
						}
					}
				}
			}
			for _, text := range texts {
				_, err := pos.ParseMove(text)
				if err == nil {
					for _, n := range []abalone.Notation{abalone.Standard, abalone.AMalone} {
						if r := explain(&pos, text, n); r.why != "" {
							t.Fatalf("%s in %s: %q is legal but explained as %q", pos.Text(), n, text, r.why)
						}
					}
					continue
				}
				if !errors.Is(err, abalone.ErrInvalidMove) && !errors.Is(err, abalone.ErrIllegalMove) {
					continue
				}
				names := abalone.Standard
				if text[0] >= '1' && text[0] <= '3' && strings.Contains(err.Error(), "are not neighbours") {
					names = abalone.AMalone // the engine names the typed aMalone cells as typed
				}
				if got := refusal(&pos, text, names, err); got.Error() != err.Error() {
					t.Fatalf("%s: %q: got %q; want the engine's %q", pos.Text(), text, got, err)
				}
				if got := refusal(&pos, text, abalone.AMalone, err); errors.Is(err, abalone.ErrIllegalMove) != errors.Is(got, abalone.ErrIllegalMove) {
					t.Fatalf("%s: %q: got %q; want the engine's kind of %q", pos.Text(), text, got, err)
				}
				checked++
			}
			moves := pos.LegalMoves()
			if len(moves) == 0 || pos.IsOver() {
				break
			}
			if _, _, err := pos.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d refusals checked", checked)
	}
	t.Logf("%d refusals checked", checked)
}
