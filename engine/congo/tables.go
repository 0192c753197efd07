package congo

// Precomputed move tables, built once when the package loads. Indices are
// squares (a1 = 0); colour-dependent tables are indexed [Color][Square].
var (
	kingTargets     [NumSquares]Bitboard // the eight neighbours
	knightTargets   [NumSquares]Bitboard // the zebra's leaps
	elephantTargets [NumSquares]Bitboard // one or two squares straight, jumping
	giraffeFar      [NumSquares]Bitboard // exactly two squares in any straight line
	crocLeaps       [NumSquares]Bitboard // king steps the slides do not already give
	pawnTargets     [2][NumSquares]Bitboard
	superTargets    [2][NumSquares]Bitboard // forward three and sideways two
	lionTargets     [2][NumSquares]Bitboard // king steps inside the own castle

	// jumpMid[s][d] and jumpLand[s][d]: the square a monkey on s jumps
	// over and lands on going in direction d, NoSquare off the board.
	jumpMid, jumpLand [NumSquares][8]Square
)

// castle returns the lion's castle of colour c.
func castle(c Color) Bitboard {
	if c == White {
		return WhiteCastle
	}
	return BlackCastle
}

// forward returns +1 for White (towards rank 7) and -1 for Black.
func forward(c Color) int { return 1 - 2*int(c) }

func init() {
	set := func(b *Bitboard, s Square, df, dr int) {
		f, r := s.File()+df, s.Rank()+dr
		if f >= 0 && f < 7 && r >= 0 && r < 7 {
			*b |= NewSquare(f, r).Bit()
		}
	}
	for s := range Square(NumSquares) {
		for d := range Direction(8) {
			df, dr := dirFile[d], dirRank[d]
			set(&kingTargets[s], s, df, dr)
			set(&giraffeFar[s], s, 2*df, 2*dr)
			if df == 0 || dr == 0 {
				set(&elephantTargets[s], s, df, dr)
				set(&elephantTargets[s], s, 2*df, 2*dr)
			}
			mid, ok1 := d.Step(s, 1)
			land, ok2 := d.Step(s, 2)
			jumpMid[s][d], jumpLand[s][d] = NoSquare, NoSquare
			if ok1 && ok2 {
				jumpMid[s][d], jumpLand[s][d] = mid, land
			}
		}
		for _, v := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			set(&knightTargets[s], s, v[0], v[1])
		}
		// On the river the crocodile's sideways steps are part of its
		// slides; on land its step straight towards the river is.
		if s.IsRiver() {
			crocLeaps[s] = kingTargets[s] &^ River
		} else {
			toward := 1
			if s.Rank() > 3 {
				toward = -1
			}
			var skip Bitboard
			set(&skip, s, 0, toward)
			crocLeaps[s] = kingTargets[s] &^ skip
		}
		for c := White; c <= Black; c++ {
			fw := forward(c)
			for df := -1; df <= 1; df++ {
				set(&pawnTargets[c][s], s, df, fw)
			}
			superTargets[c][s] = pawnTargets[c][s]
			set(&superTargets[c][s], s, -1, 0)
			set(&superTargets[c][s], s, 1, 0)
			if castle(c).Has(s) {
				lionTargets[c][s] = kingTargets[s] & castle(c)
			}
		}
	}
}
