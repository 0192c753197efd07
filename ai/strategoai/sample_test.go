package strategoai

import (
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Players wall the Flag in with Bombs and keep it away from the pieces
// that will march off: in sampled worlds an unmoved piece between two
// Bombs is the Flag more often than one with untouched neighbours, and
// that one more often than a piece whose neighbours both moved; and
// where the Flag is drawn, its unmoved neighbours are Bombs more often.
func TestFlagWalledInByBombs(t *testing.T) {
	p := New(stratego.Red, 3, stratego.Progcomp, 1)
	s, _ := stratego.Formation("progcomp")
	if err := p.UseSetup(s); err != nil {
		t.Fatal(err)
	}
	tr := p.t
	enemyAt := func(name string) *enemy {
		t.Helper()
		i := tr.at[sq(t, name)] - 1
		if i < 0 {
			t.Fatalf("no enemy piece on %s", name)
		}
		return &tr.enemies[i]
	}
	// Our Miners found Bombs on a10 and c10 and took them.
	for _, b := range []string{"a10", "c10"} {
		e := enemyAt(b)
		tr.at[e.sq] = 0
		e.alive, e.rank = false, stratego.Bomb
		tr.dead[stratego.Bomb]++
	}
	// The pieces that started on g10 and i10 have moved.
	enemyAt("g10").moved = true
	enemyAt("i10").moved = true

	rng := rand.New(rand.NewPCG(5, 6))
	flags := map[string]int{}
	var bombBesideFlag, besideFlag, bombElsewhere, elsewhere int
	const n = 4000
	for i := 0; i < n; i++ {
		w := tr.sample(rng, stratego.Red)
		for _, name := range []string{"b10", "e10", "h10"} {
			if w.At(sq(t, name)).Rank() == stratego.Flag {
				flags[name]++
			}
		}
		bomb := w.At(sq(t, "d10")).Rank() == stratego.Bomb
		if w.At(sq(t, "e10")).Rank() == stratego.Flag {
			besideFlag++
			if bomb {
				bombBesideFlag++
			}
		} else {
			elsewhere++
			if bomb {
				bombElsewhere++
			}
		}
	}
	if !(flags["b10"] > flags["e10"] && flags["e10"] > flags["h10"]) {
		t.Errorf("Flag counts: got b10 %d, e10 %d, h10 %d; want between Bombs > untouched > between movers",
			flags["b10"], flags["e10"], flags["h10"])
	}
	if besideFlag == 0 || elsewhere == 0 {
		t.Fatalf("e10 the Flag in %d of %d worlds; want some of each", besideFlag, n)
	}
	with := float64(bombBesideFlag) / float64(besideFlag)
	without := float64(bombElsewhere) / float64(elsewhere)
	if with < 1.5*without {
		t.Errorf("d10 a Bomb: got %.2f of worlds with the Flag on e10, %.2f without; want at least 1.5 times as often beside the Flag", with, without)
	}
}
