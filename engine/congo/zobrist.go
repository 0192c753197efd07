package congo

// Zobrist keys: one random 64-bit number per (piece, square), one for
// Black to move and one per square an unfinished monkey jump started on.
// A position's hash is the XOR of the keys of what it holds. The keys come
// from a fixed-seed splitmix64, so hashes agree across runs and processes.
var (
	zobristPiece [maxPiece + 1][NumSquares]uint64
	zobristJump  [NumSquares]uint64
	zobristBlack uint64
)

func init() {
	state := uint64(0x434f4e474f5f5a42) // "CONGO_ZB"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pc := 1; pc < len(zobristPiece); pc++ {
		for s := range zobristPiece[pc] {
			zobristPiece[pc][s] = next()
		}
	}
	for s := range zobristJump {
		zobristJump[s] = next()
	}
	zobristBlack = next()
}

// computeHash returns the hash from scratch; MakeMove keeps it up to date
// incrementally, and tests compare the two.
func (p *Position) computeHash() uint64 {
	var h uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	if p.turn == Black {
		h ^= zobristBlack
	}
	if p.jumpFrom != NoSquare {
		h ^= zobristJump[p.jumpFrom]
	}
	return h
}
