package ataxx

import "math/bits"

// Perft returns the number of leaf nodes of the legal move tree of the
// given depth: the standard check of a move generator. A pass counts as a
// move; a finished game has no moves. The last ply is counted, not made.
//
// Perft is also a speed benchmark against other engines, so it does not
// go through MakeMove: it copies three bitboards and a clock down the tree
// (no hash, no undo record), and counts the last two plies in one loop
// without calling itself for the leaves. It leaves p unchanged.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.pieces[p.turn], p.pieces[p.turn.Other()], p.Empty(), p.halfmove, p.rules.JumpLimit(), depth)
}

// perftAdjacent and perftRing are adjacent and ring padded to 64 entries,
// so that indexing them with a square taken from a bitboard
// (TrailingZeros64 & 63) needs no bounds check in the hot loops.
var perftAdjacent, perftRing = func() (a, r [64]Bitboard) {
	copy(a[:], adjacent[:])
	copy(r[:], ring[:])
	return a, r
}()

// perft counts the leaves below the position where the side to move holds
// us, the other side them, the empty squares are empty, and halfmove
// non-extending plies have been played of the limit that ends the game;
// depth >= 1.
func perft(us, them, empty Bitboard, halfmove, limit, depth int) uint64 {
	if us == 0 || them == 0 || halfmove >= limit {
		return 0
	}
	switch depth {
	case 1:
		return uint64(countMoves(us, them, empty))
	case 2:
		if us.Dilate().Dilate()&empty == 0 {
			// No move but perhaps a pass.
			return perft(them, us, empty, halfmove+1, limit, 1)
		}
		return perft2(us, them, empty, halfmove+1 < limit)
	}
	var n uint64
	moved := false
	// Clones: one move per destination. A clone resets the clock.
	for b := us.Dilate() & empty; b != 0; b &= b - 1 {
		to := b & -b
		captured := perftAdjacent[bits.TrailingZeros64(uint64(b))&63] & them
		n += perft(them^captured, us|to|captured, empty^to, 0, limit, depth-1)
		moved = true
	}
	// Jumps: the piece leaves its square. A jump advances the clock.
	for f := us; f != 0; f &= f - 1 {
		from := f & -f
		for b := perftRing[bits.TrailingZeros64(uint64(f))&63] & empty; b != 0; b &= b - 1 {
			to := b & -b
			captured := perftAdjacent[bits.TrailingZeros64(uint64(b))&63] & them
			n += perft(them^captured, (us^from)|to|captured, empty^to^from, halfmove+1, limit, depth-1)
			moved = true
		}
	}
	if !moved && them.Dilate().Dilate()&empty != 0 {
		// No move but the game goes on: the one move is a pass.
		return perft(them, us, empty, halfmove+1, limit, depth-1)
	}
	return n
}

// perft2 counts the leaves two plies below a position where the side
// holding us has a move (so it does not pass) and the game is not over;
// jumps says whether a jump leaves the clock short of the limit.
//
// It makes no move. It walks the destinations instead of the moves: every
// move to a square t captures the same pieces and leaves the opponent the
// same pieces, so what the opponent can answer is worked out once per
// destination and then corrected for each jump's vacated origin. The
// opponent's jump count is kept as a running sum over the whole node
// (pairs of its piece and an empty square at distance 2) and corrected for
// the captured pieces and the filled and vacated squares, rather than
// counted again piece by piece for every child.
func perft2(us, them, empty Bitboard, jumps bool) uint64 {
	pairs := 0 // (them piece, empty square) at distance 2
	for b := them; b != 0; b &= b - 1 {
		pairs += pop(perftRing[bits.TrailingZeros64(uint64(b))&63] & empty)
	}
	var n uint64
	for b := us.Dilate().Dilate() & empty; b != 0; b &= b - 1 {
		t := bits.TrailingZeros64(uint64(b)) & 63
		to := b & -b
		captured := perftAdjacent[t] & them
		left := them ^ captured // the opponent's pieces after any move to t
		if left == 0 {
			continue // every move to t wins: no leaves
		}
		after := empty ^ to
		reach := left.Dilate()
		// The opponent's moves after a clone to t.
		base := pop(reach&after) + pairs - pop(perftRing[t]&them)
		for c := captured; c != 0; c &= c - 1 {
			base -= pop(perftRing[bits.TrailingZeros64(uint64(c))&63] & after)
		}
		if perftAdjacent[t]&us != 0 {
			switch {
			case base > 0:
				n += uint64(base)
			case (us|to|captured).Dilate().Dilate()&after != 0:
				n++ // the opponent passes
			}
		}
		if !jumps {
			continue
		}
		// A jump to t also empties its origin f: the opponent gains the
		// clone to f if it is next to f, and the jumps to f.
		from := perftRing[t] & us
		if base > 0 {
			n += uint64(base*pop(from) + pop(from&reach))
			for f := from; f != 0; f &= f - 1 {
				n += uint64(pop(perftRing[bits.TrailingZeros64(uint64(f))&63] & left))
			}
			continue
		}
		for f := from; f != 0; f &= f - 1 {
			fb := f & -f
			k := pop(perftRing[bits.TrailingZeros64(uint64(f))&63]&left) + pop(fb&reach)
			switch {
			case k > 0:
				n += uint64(k)
			case ((us^fb)|to|captured).Dilate().Dilate()&(after|fb) != 0:
				n++ // the opponent passes
			}
		}
	}
	return n
}

func pop(b Bitboard) int { return bits.OnesCount64(uint64(b)) }

// countMoves returns the number of legal moves of the side holding us,
// against them, when neither side is without pieces and the clock has not
// run out: each clone destination once, each jump, or the pass when there
// is neither but them can move.
func countMoves(us, them, empty Bitboard) int {
	n := (us.Dilate() & empty).Count()
	for b := us; b != 0; b &= b - 1 {
		n += bits.OnesCount64(uint64(perftRing[bits.TrailingZeros64(uint64(b))&63] & empty))
	}
	if n == 0 && them.Dilate().Dilate()&empty != 0 {
		return 1
	}
	return n
}

// Divide returns the perft count of depth-1 below each legal move.
func Divide(p *Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	for _, m := range p.LegalMoves() {
		u := p.MakeMove(m)
		out[m] = Perft(p, depth-1)
		p.UnmakeMove(m, u)
	}
	return out
}
