package strategoai

import (
	"math/rand/v2"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// prior weighs how likely an enemy piece is of rank r. A moved one is no
// Bomb or Flag, and one that walked up to a seen piece of ours is likelier
// one of the ranks that beat it; an unmoved one is weighed by where it
// stood at the start: players keep the Flag on the back row and Bombs near
// it, and lead with Scouts and minor pieces. The Bomb's weights come from
// our strikes at unmoved pieces in 100 games against peternlewis: with
// weights of 1.6, 1.4, 0.8 and 0.5 from the back row forward, the worlds
// made a back-row piece we struck a Bomb 43 % of the time and a piece of
// the front two rows 11 to 16 %, where 73 % and none were.
func prior(e *enemy, r stratego.Rank, rules stratego.Rules) float64 {
	if e.moved {
		if !r.Movable() {
			return 0
		}
		if e.approached != stratego.NoRank {
			switch stratego.Combat(r, e.approached, rules) {
			case stratego.Kills, stratego.BothDie:
				return approachWeight
			}
		}
		return 1
	}
	switch r {
	case stratego.Flag:
		return [4]float64{6, 1.5, 0.3, 0.1}[e.home]
	case stratego.Bomb:
		return [4]float64{3, 1.6, 0.25, 0.1}[e.home]
	case stratego.Scout:
		return [4]float64{0.6, 0.8, 1.1, 1.5}[e.home]
	}
	return 1
}

// approachWeight is how much likelier a piece that walked up to a seen
// piece of ours is of a rank that would beat it (or trade with it).
const approachWeight = 8

// sample returns one full-information world consistent with what the
// player knows: its own army, every known enemy rank, and the unknown
// enemy pieces drawn from the remaining army, moved ones first (they can
// be neither Bomb nor Flag), each weighted by prior.
func (t *tracker) sample(rng *rand.Rand, side stratego.Colour) stratego.Position {
	p := stratego.EmptyPosition(stratego.Options{Rules: t.rules})
	p.SetSide(side)
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		if pc := t.own[s]; pc.IsPiece() {
			p.Put(s, pc)
		}
	}
	pool := t.pool()
	var order [stratego.ArmySize * 2]int
	n := 0
	for i := range t.enemies {
		e := &t.enemies[i]
		if !e.alive {
			continue
		}
		if e.rank != stratego.NoRank {
			pc := stratego.NewPiece(t.me.Other(), e.rank).WithRevealed()
			if e.moved && e.rank.Movable() {
				pc = pc.WithMoved()
			}
			p.Put(e.sq, pc)
			continue
		}
		order[n] = i
		n++
	}
	idx := order[:n]
	rng.Shuffle(len(idx), func(a, b int) { idx[a], idx[b] = idx[b], idx[a] })
	// Moved pieces first: they have the fewest choices.
	k := 0
	for j, i := range idx {
		if t.enemies[i].moved {
			idx[j], idx[k] = idx[k], idx[j]
			k++
		}
	}
	flag := stratego.NoSquare
	if pool[stratego.Flag] > 0 {
		flag = t.drawFlag(rng, idx)
		pool[stratego.Flag]--
	}
	for _, i := range idx {
		e := &t.enemies[i]
		if e.sq == flag {
			p.Put(e.sq, stratego.NewPiece(t.me.Other(), stratego.Flag))
			continue
		}
		var w [stratego.NumRanks]float64
		total := 0.0
		for r := stratego.Marshal; r < stratego.NumRanks; r++ {
			w[r] = float64(pool[r]) * prior(e, r, t.rules)
			total += w[r]
		}
		if w[stratego.Bomb] > 0 && flag != stratego.NoSquare && distance(e.sq, flag) == 1 {
			total += w[stratego.Bomb] * (flagGuardWeight - 1)
			w[stratego.Bomb] *= flagGuardWeight
		}
		r := stratego.Sergeant // only if tracking lost count
		if total > 0 {
			x := rng.Float64() * total
			for q := stratego.Marshal; q < stratego.NumRanks; q++ {
				if x < w[q] {
					r = q
					break
				}
				x -= w[q]
			}
			if w[r] == 0 { // rounding at the end of the scale
				for q := stratego.Rank(stratego.NumRanks - 1); q >= stratego.Marshal; q-- {
					if w[q] > 0 {
						r = q
						break
					}
				}
			}
			pool[r]--
		}
		pc := stratego.NewPiece(t.me.Other(), r)
		if e.moved && r.Movable() {
			pc = pc.WithMoved()
		}
		p.Put(e.sq, pc)
	}
	// A world needs both Flags to be a game; a tracker that lost count
	// might have placed none.
	if p.Count(t.me.Other(), stratego.Flag) == 0 {
		for _, i := range idx {
			if e := &t.enemies[i]; !e.moved {
				p.Put(e.sq, stratego.NewPiece(t.me.Other(), stratego.Flag))
				break
			}
		}
	}
	return p
}

// Players wall the Flag in with Bombs, so that only a Miner opens the
// way to it, and keep it away from the pieces that will leave: an unmoved
// piece is likelier the Flag for each Bomb found beside it, less likely
// for each neighbour that has marched off, and, the Flag drawn, the
// unmoved pieces beside it are likelier Bombs.
const (
	flagBesideBomb  = 2.5
	flagBesideMover = 0.3
	flagGuardWeight = 3
)

// drawFlag picks, among the unknown unmoved enemy pieces idx, the square
// of the Flag in this world.
func (t *tracker) drawFlag(rng *rand.Rand, idx []int) stratego.Square {
	var w [stratego.ArmySize * 2]float64
	total := 0.0
	for j, i := range idx {
		e := &t.enemies[i]
		w[j] = prior(e, stratego.Flag, t.rules) * t.flagSurroundings(e)
		total += w[j]
	}
	if total <= 0 {
		return stratego.NoSquare
	}
	x := rng.Float64() * total
	last := stratego.NoSquare
	for j, i := range idx {
		if w[j] == 0 {
			continue
		}
		last = t.enemies[i].sq
		if x < w[j] {
			return last
		}
		x -= w[j]
	}
	return last // rounding at the end of the scale
}

// flagSurroundings weighs an unmoved enemy piece as the Flag by what the
// pieces that started beside it turned out to be.
func (t *tracker) flagSurroundings(e *enemy) float64 {
	f := 1.0
	for d := stratego.Up; d <= stratego.Right; d++ {
		n := e.sq.Step(d, 1)
		j := t.startedOn(n)
		if j < 0 {
			continue
		}
		switch nb := &t.enemies[j]; {
		case nb.rank == stratego.Bomb:
			f *= flagBesideBomb
		case nb.moved || (nb.rank != stratego.NoRank && nb.rank.Movable()):
			f *= flagBesideMover
		}
	}
	return f
}

// startedOn returns the index of the enemy piece that stood on s at the
// start, or -1 if s is outside the enemy's four rows.
func (t *tracker) startedOn(s stratego.Square) int {
	if s == stratego.NoSquare || t.resynced {
		return -1
	}
	row := s.Y()
	if t.me.Other() == stratego.Blue {
		row = stratego.Height - 1 - row
	}
	if row < 0 || row > 3 {
		return -1
	}
	return row*stratego.Width + s.X()
}
