package ataxx

// Zobrist keys: one random 64-bit number per (piece, square), per block
// square and for Blue to move. A position's hash is the XOR of the keys of
// what it holds. The keys come from a fixed-seed splitmix64, so hashes are
// the same in every run and every process.
var zobristPiece, zobristBlock, zobristBlue = func() (p [2][NumSquares]uint64, b [NumSquares]uint64, blue uint64) {
	state := uint64(0x41544158585f5a42) // "ATAXX_ZB"
	next := func() uint64 {
		state += 0x9e3779b97f4a7c15
		z := state
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range p {
		for s := range p[c] {
			p[c][s] = next()
		}
	}
	for s := range b {
		b[s] = next()
	}
	return p, b, next()
}()

// zobristFlip[s] toggles a piece on s between Red and Blue.
var zobristFlip = func() (f [NumSquares]uint64) {
	for s := range f {
		f[s] = zobristPiece[Red][s] ^ zobristPiece[Blue][s]
	}
	return f
}()

// computeHash returns the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := Red; c <= Blue; c++ {
		for b := p.pieces[c]; b != 0; b &= b - 1 {
			h ^= zobristPiece[c][b.First()]
		}
	}
	for b := p.blocks; b != 0; b &= b - 1 {
		h ^= zobristBlock[b.First()]
	}
	if p.turn == Blue {
		h ^= zobristBlue
	}
	return h
}
