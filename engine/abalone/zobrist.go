package abalone

// Zobrist keys: one random 64-bit number per (colour, cell bit) and one for
// White to move. A position's hash is the XOR of the keys of what it
// holds and of the marbles each side has lost. The keys come from a fixed-seed splitmix64, so hashes are the
// same in every run and every process.
var zobristMarble, zobristLost, zobristWhite = func() (k [2][128]uint64, lost [2][StartMarbles + 1]uint64, white uint64) {
	state := uint64(0x4142414c4f4e455a) // "ABALONEZ"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range k {
		for i := range k[c] {
			k[c][i] = next()
		}
	}
	for c := range lost {
		for i := 1; i < len(lost[c]); i++ { // none lost: no key, so layouts hash by board alone
			lost[c][i] = next()
		}
	}
	return k, lost, next()
}()

// computeHash returns the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := range p.marbles {
		for b := p.marbles[c]; !b.empty(); b = b.dropFirst() {
			h ^= zobristMarble[c][b.first()]
		}
	}
	h ^= zobristLost[Black][p.lost[Black]] ^ zobristLost[White][p.lost[White]]
	if p.turn == White {
		h ^= zobristWhite
	}
	return h
}
