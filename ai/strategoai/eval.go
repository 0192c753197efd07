package strategoai

import "github.com/ataxxbot/ataxxbot/engine/stratego"

// values are the worth of each rank in centi-pawns of a sort: the
// Marshal most, Miners above their rank because only they clear Bombs,
// the Spy high while the enemy Marshal lives.
var values = [stratego.NumRanks]int{
	stratego.Marshal: 400, stratego.General: 260, stratego.Colonel: 160, stratego.Major: 110,
	stratego.Captain: 75, stratego.Lieutenant: 50, stratego.Sergeant: 35, stratego.Miner: 60,
	stratego.Scout: 25, stratego.Spy: 30, stratego.Bomb: 25, stratego.Flag: 0,
}

const (
	winScore = 100000
	// spyBonus is added to the Spy while the enemy Marshal lives.
	spyBonus = 120
	// hiddenBonus: a piece the enemy has not seen is worth more, a share
	// of its value in 1/16ths.
	hiddenShare = 2
	// dominance goes to the side whose strongest moving piece outranks
	// every moving piece of the other's (the Spy aside): that piece can
	// take whatever it meets, save Bombs, and the other side can answer
	// it only with its Spy. Losing the Marshal while the enemy keeps its
	// own costs its value and this, so the Marshal does not gamble itself
	// on unmoved pieces that may be Bombs; trading Marshals is welcome
	// when our next piece outranks theirs.
	dominance = 200
	// exposed is taken from a side none of whose pieces as strong as the
	// enemy's strongest is still unseen: the enemy then knows that its
	// strongest piece beats every unseen piece of that side that moved,
	// and can take them one by one without a probe.
	exposed = 120
)

// hiddenExtra is what keeping a high rank unseen is worth beyond
// hiddenShare. An enemy that has seen our Marshal knows that its own
// Marshal beats every other piece of ours, and hunts them; it also knows
// where to send its Spy. Once our Marshal is seen too, our General's rank
// frees the enemy General the same way.
var hiddenExtra = [stratego.NumRanks]int{
	stratego.Marshal: 100, stratego.General: 40,
}

// evaluate scores p for the side to move. It tests the end of the game
// by counting (a lost Flag, no moving piece) rather than with
// Position.Status, whose boxed-in test needs the move generator; a side
// boxed in shows up one ply later as a side without moves.
func evaluate(p *stratego.Position) int {
	me, them := p.Side(), p.Side().Other()
	switch {
	case p.Count(me, stratego.Flag) == 0:
		return -winScore
	case p.Count(them, stratego.Flag) == 0:
		return winScore
	case p.Mobile(me) == 0 && p.Mobile(them) == 0:
		return 0
	case p.Mobile(me) == 0:
		return -winScore
	}
	var score [2]int
	// shield is each side's strongest unseen moving rank (the Spy
	// standing for none).
	shield := [2]stratego.Rank{stratego.Spy, stratego.Spy}
	var flag [2]stratego.Square
	flag[0], flag[1] = stratego.NoSquare, stratego.NoSquare
	// One pass over the board: the evaluation is most of the search's
	// time, so the pressure term below works on the moving pieces
	// collected here rather than scanning the board again.
	var mobile [2][stratego.ArmySize]stratego.Square
	var nMobile [2]int
	// spy picks, for each side, the worth table with the Spy's bonus
	// while the enemy Marshal lives.
	var spy [2]int
	// top is each side's strongest moving rank; the Spy stands for none.
	top := [2]stratego.Rank{stratego.Spy, stratego.Spy}
	for c := stratego.Red; c <= stratego.Blue; c++ {
		if p.Count(c.Other(), stratego.Marshal) > 0 {
			spy[c] = 1
		}
		for r := stratego.Marshal; r < stratego.Spy; r++ {
			if p.Count(c, r) > 0 {
				top[c] = r
				break
			}
		}
	}
	for s := stratego.Square(0); s < stratego.NumSquares; s++ {
		pc := p.At(s)
		if !pc.IsPiece() {
			continue
		}
		c, r := pc.Colour(), pc.Rank()
		score[c] += int(worth[spy[c]][pc])
		switch {
		case r == stratego.Flag:
			flag[c] = s
		case r.Movable():
			mobile[c][nMobile[c]] = s
			nMobile[c]++
			if r < shield[c] && !pc.Revealed() {
				shield[c] = r
			}
		}
	}
	for c := stratego.Red; c <= stratego.Blue; c++ {
		if top[c] < top[c.Other()] {
			score[c] += dominance
		}
		if t := top[c.Other()]; t < stratego.Spy && shield[c] > t {
			score[c] -= exposed
		}
	}
	// Pressure: the nearest moving piece of each side to the other's Flag.
	for c := stratego.Red; c <= stratego.Blue; c++ {
		f := flag[c.Other()]
		if f == stratego.NoSquare {
			continue
		}
		best := 20
		for _, s := range mobile[c][:nMobile[c]] {
			best = min(best, distance(s, f))
		}
		score[c] += 4 * (20 - best)
	}
	// Danger: an enemy piece a few steps from the Flag takes it unless a
	// piece that beats it comes between, and the search sees only four
	// plies: without this, a Miner that cleared a Bomb beside the Flag
	// waits there while every move scores the same.
	for c := stratego.Red; c <= stratego.Blue; c++ {
		f := flag[c]
		if f == stratego.NoSquare {
			continue
		}
		in, dIn := stratego.NoSquare, len(flagDanger)
		for _, s := range mobile[c.Other()][:nMobile[c.Other()]] {
			if d := distance(s, f); d < dIn {
				in, dIn = s, d
			}
		}
		if in == stratego.NoSquare {
			continue
		}
		intruder := p.At(in).Rank()
		dDef := len(flagRelief)
		for _, s := range mobile[c][:nMobile[c]] {
			if stratego.Combat(p.At(s).Rank(), intruder, p.Rules()) == stratego.Kills {
				dDef = min(dDef, distance(s, in))
			}
		}
		danger := flagDanger[dIn]
		if dDef < len(flagRelief) {
			danger -= danger * flagRelief[dDef] / 100
		}
		score[c] -= danger
	}
	return score[p.Side()] - score[p.Side().Other()]
}

// worth is what each piece is worth to its side (values, hiddenShare
// and hiddenExtra), indexed by the piece's byte: the second table adds the
// Spy's bonus, for a side whose enemy still has its Marshal. Looked up
// once per piece, it spares the evaluation a branch or two on every
// square of every leaf.
var worth = func() (w [2][256]int16) {
	for c := stratego.Red; c <= stratego.Blue; c++ {
		for r := stratego.Marshal; r <= stratego.Flag; r++ {
			pc := stratego.NewPiece(c, r)
			for _, pc := range []stratego.Piece{pc, pc.WithMoved(), pc.WithRevealed(), pc.WithMoved().WithRevealed()} {
				for bonus := range 2 {
					v := values[r]
					if r == stratego.Spy && bonus == 1 {
						v += spyBonus
					}
					if !pc.Revealed() {
						v += v*hiddenShare/16 + hiddenExtra[r]
					}
					w[bonus][pc] = int16(v)
				}
			}
		}
	}
	return w
}()

// flagDanger is what an enemy moving piece costs at each distance from
// the Flag (none from four steps on), and flagRelief the share of it, in
// percent, taken off when a piece that beats the intruder stands that
// many steps from it.
var (
	flagDanger = [...]int{0, 150, 90, 40}
	flagRelief = [...]int{0, 80, 50, 25}
)

// distance is the number of steps between two squares, lakes aside.
func distance(a, b stratego.Square) int { return int(distances[a][b]) }

// distances holds every distance: the evaluation asks for them at every
// leaf, and the division behind Square.X was a fifth of the search's time.
var distances = func() (d [stratego.NumSquares][stratego.NumSquares]uint8) {
	for a := stratego.Square(0); a < stratego.NumSquares; a++ {
		for b := stratego.Square(0); b < stratego.NumSquares; b++ {
			d[a][b] = uint8(abs(a.X()-b.X()) + abs(a.Y()-b.Y()))
		}
	}
	return d
}()

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
