package ataxxai

import "github.com/ataxxbot/ataxxbot/engine/ataxx"

// The trained evaluation is linear in a few features of a position, each
// counted for the side to move minus its opponent, and weighted twice: for
// a full board of empty squares (the opening) and for none (the end), the
// two blended by how many squares are empty.
const (
	FeatMaterial = iota                     // pieces
	FeatStable                              // pieces with no empty neighbour
	FeatExposed                             // pieces next to an empty square the opponent reaches
	FeatFrontier                            // empty squares next to one's pieces: clone targets
	FeatRegion0                             // pieces on each of the board's symmetry classes but the centre
	FeatTempo    = FeatRegion0 + numRegions // 1: being the side to move
	NumFeatures  = FeatTempo + 1
)

// numRegions are the classes of squares under the board's eight
// symmetries, less the centre (whose count the material holds).
const numRegions = 9

// regions are the squares of each symmetry class: a corner, the edge
// squares by distance from it, and so on inwards.
var regions = func() (r [numRegions]ataxx.Bitboard) {
	for s := ataxx.Square(0); s < ataxx.NumSquares; s++ {
		f, k := min(s.File(), 6-s.File()), min(s.Rank(), 6-s.Rank())
		a, b := min(f, k), max(f, k)
		// Classes of (a, b) with a <= b <= 3, numbered row by row.
		class := [4]int{0, 4, 7, 9}[a] + b - a
		if class < numRegions {
			r[class] |= s.Bit()
		}
	}
	return r
}()

// Weights are the trained evaluation's weights in hundredths of a piece:
// [0] with every square empty, [1] with none.
type Weights [2][NumFeatures]int32

// Features counts the features of p for the side to move minus its
// opponent (FeatTempo is 1).
func Features(p *ataxx.Position) (f [NumFeatures]int32) {
	us, them := p.Pieces(p.Turn()), p.Pieces(p.Turn().Other())
	empty := p.Empty()
	nearEmpty := empty.Dilate()
	reachUs := us.Dilate().Dilate() & empty
	reachThem := them.Dilate().Dilate() & empty
	f[FeatMaterial] = int32(us.Count() - them.Count())
	f[FeatStable] = int32((us &^ nearEmpty).Count() - (them &^ nearEmpty).Count())
	f[FeatExposed] = int32((us & reachThem.Dilate()).Count() - (them & reachUs.Dilate()).Count())
	f[FeatFrontier] = int32((us.Dilate() & empty).Count() - (them.Dilate() & empty).Count())
	for i, r := range regions {
		f[FeatRegion0+i] = int32((us & r).Count() - (them & r).Count())
	}
	f[FeatTempo] = 1
	return f
}

// Evaluate scores p for the side to move with w.
func (w *Weights) Evaluate(p *ataxx.Position) int {
	f := Features(p)
	var open, end int32
	for i, x := range f {
		open += w[0][i] * x
		end += w[1][i] * x
	}
	e := int32(p.Empty().Count())
	return int((open*e + end*(ataxx.NumSquares-e)) / ataxx.NumSquares)
}
