package congoai

import "github.com/ataxxbot/ataxxbot/engine/congo"

// Piece values in hundredths of a pawn. The lion has none: losing it is
// losing the game, which the search scores apart.
var pieceValue = [8]int{
	congo.Pawn:      100,
	congo.Superpawn: 260,
	congo.Monkey:    450,
	congo.Elephant:  300,
	congo.Giraffe:   260,
	congo.Zebra:     320,
	congo.Crocodile: 400,
	congo.Lion:      0,
}

// Evaluation weights.
const (
	mobilityWeight  = 3  // per move more than the opponent has
	defenderBonus   = 12 // per own piece next to the own lion
	attackerPenalty = 22 // per enemy piece within two squares of the own lion
	pawnAdvance     = 8  // per rank a pawn has gone forward
	pawnAcross      = 30 // for a pawn beyond the river, where it can go back too
	riverStay       = 15 // per piece on the river: it must leave
	tropism         = 4  // per step closer than 6 that a piece stands to the enemy lion
	drownShare      = 80 // percent of a river piece's value lost if it cannot leave
)

// Evaluate scores p for the side to move, in hundredths of a pawn:
// material, mobility, lion safety and river danger. It does not look for
// captures; the search does.
func Evaluate(p *congo.Position) int {
	us := p.Turn()
	score := side(p, us) - side(p, us.Other())
	mine := p.CountMoves()
	q := *p
	q.SetTurn(us.Other())
	theirs := q.CountMoves()
	return score + mobilityWeight*(mine-theirs)
}

// side scores one colour's material, lion safety, pawns and river.
func side(p *congo.Position, c congo.Color) int {
	score := 0
	for k := congo.Pawn; k <= congo.Lion; k++ {
		score += pieceValue[k] * p.Count(c, k)
	}
	// Pawns gain as they go forward.
	for b := p.Pieces(c, congo.Pawn); b != 0; b &= b - 1 {
		r := b.First().Rank()
		if c == congo.Black {
			r = 6 - r
		}
		score += pawnAdvance * (r - 1)
		if r > 3 {
			score += pawnAcross
		}
	}
	// Lion safety: friends around it, enemies close by.
	if lions := p.Pieces(c, congo.Lion); lions != 0 {
		l := lions.First()
		own, enemy := p.Occupied(c), p.Occupied(c.Other())
		score += defenderBonus * (near(l, 1) & own).Count()
		score -= attackerPenalty * (near(l, 2) & enemy).Count()
	}
	// Tropism: pieces near the enemy lion press on it, which turns a
	// material lead into a won game instead of a long shuffle.
	if lions := p.Pieces(c.Other(), congo.Lion); lions != 0 {
		l := lions.First()
		for b := p.Occupied(c) &^ p.Pieces(c, congo.Lion); b != 0; b &= b - 1 {
			s := b.First()
			d := max(abs(s.File()-l.File()), abs(s.Rank()-l.Rank()))
			score += tropism * (6 - d)
		}
	}
	// River danger: of the pieces on the river only one can leave on the
	// next turn; the others drown. Keep the most valuable, lose a share
	// of the rest.
	river := p.Occupied(c) & congo.River &^ p.Pieces(c, congo.Crocodile)
	if river != 0 {
		total, best := 0, 0
		for b := river; b != 0; b &= b - 1 {
			v := pieceValue[p.PieceAt(b.First()).Kind()]
			total += v
			best = max(best, v)
		}
		score -= riverStay*river.Count() + (total-best)*drownShare/100
	}
	return score
}

// nearSets[d][s] is the set of squares within king distance d of s.
var nearSets = func() (n [3][congo.NumSquares]congo.Bitboard) {
	for s := range congo.Square(congo.NumSquares) {
		for t := range congo.Square(congo.NumSquares) {
			d := max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank()))
			for k := 1; k <= 2; k++ {
				if d > 0 && d <= k {
					n[k][s] |= t.Bit()
				}
			}
		}
	}
	return n
}()

func near(s congo.Square, d int) congo.Bitboard { return nearSets[d][s] }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
