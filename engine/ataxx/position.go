package ataxx

import "fmt"

// Position is a complete Ataxx position: the board, the side to move, the
// clocks, the rules in force and the Zobrist hash. It is a small value:
// copy it freely.
type Position struct {
	pieces   [2]Bitboard
	blocks   Bitboard
	hash     uint64
	halfmove int // consecutive non-extending plies (jumps and passes)
	fullmove int // starts at 1, grows after Blue's move
	turn     Color
	rules    Rules
}

// NewPosition returns the starting position under the default rules: Red
// on a7 and g1, Blue on g7 and a1, Red to move.
func NewPosition() Position {
	var p Position
	p.pieces[Red] = NewSquare(0, 6).Bit() | NewSquare(6, 0).Bit()
	p.pieces[Blue] = NewSquare(6, 6).Bit() | NewSquare(0, 0).Bit()
	p.fullmove = 1
	p.rules = DefaultRules
	p.hash = p.computeHash()
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// Rules returns the rule set in force.
func (p *Position) Rules() Rules { return p.rules }

// SetRules changes the rule set in force.
func (p *Position) SetRules(r Rules) { p.rules = r }

// Hash returns the Zobrist hash of the board and side to move.
func (p *Position) Hash() uint64 { return p.hash }

// Halfmove returns the number of consecutive non-extending plies.
func (p *Position) Halfmove() int { return p.halfmove }

// Fullmove returns the move number: 1 at the start, one more after each of
// Blue's moves.
func (p *Position) Fullmove() int { return p.fullmove }

// Pieces returns the squares held by c.
func (p *Position) Pieces(c Color) Bitboard { return p.pieces[c] }

// Blocks returns the blocked squares.
func (p *Position) Blocks() Bitboard { return p.blocks }

// Empty returns the empty squares.
func (p *Position) Empty() Bitboard {
	return AllSquares &^ (p.pieces[Red] | p.pieces[Blue] | p.blocks)
}

// Count returns the number of pieces of c: its score.
func (p *Position) Count(c Color) int { return p.pieces[c].Count() }

// At returns what is on s.
func (p *Position) At(s Square) Piece {
	switch {
	case p.pieces[Red].Has(s):
		return RedPiece
	case p.pieces[Blue].Has(s):
		return BluePiece
	case p.blocks.Has(s):
		return Block
	}
	return Empty
}

// Put places pc on s, replacing what was there (for setting up positions;
// players use MakeMove or Play).
func (p *Position) Put(s Square, pc Piece) {
	switch p.At(s) {
	case RedPiece:
		p.pieces[Red] &^= s.Bit()
		p.hash ^= zobristPiece[Red][s]
	case BluePiece:
		p.pieces[Blue] &^= s.Bit()
		p.hash ^= zobristPiece[Blue][s]
	case Block:
		p.blocks &^= s.Bit()
		p.hash ^= zobristBlock[s]
	}
	switch pc {
	case RedPiece, BluePiece:
		c := Color(pc - RedPiece)
		p.pieces[c] |= s.Bit()
		p.hash ^= zobristPiece[c][s]
	case Block:
		p.blocks |= s.Bit()
		p.hash ^= zobristBlock[s]
	}
}

// AddBlocks puts a block on every square of b. If any of them holds a
// piece it returns ErrOccupied and places nothing.
func (p *Position) AddBlocks(b Bitboard) error {
	if taken := b & (p.pieces[Red] | p.pieces[Blue]); taken != 0 {
		return fmt.Errorf("%w: cannot put a block on %v, it holds a piece", ErrOccupied, taken.First())
	}
	for b &^= p.blocks; b != 0; b &= b - 1 {
		p.Put(b.First(), Block)
	}
	return nil
}

// HasMoves reports whether c has a clone or a jump: an empty square within
// distance 2 of one of its pieces.
func (p *Position) HasMoves(c Color) bool {
	return p.pieces[c].Dilate().Dilate()&p.Empty() != 0
}

// Outcome returns the result of the game, or Ongoing:
//   - a side with no pieces loses (both without pieces: a draw);
//   - the rules' jump limit reached: a draw under RulesUAI, else by count;
//   - neither side can move: the side with more pieces wins, equal draws.
func (p *Position) Outcome() Outcome {
	red, blue := p.pieces[Red], p.pieces[Blue]
	switch {
	case red == 0 && blue == 0:
		return Draw
	case red == 0:
		return BlueWins
	case blue == 0:
		return RedWins
	case p.halfmove >= p.rules.JumpLimit():
		if p.rules.LimitIsDraw() {
			return Draw
		}
		return p.byCount()
	case !p.HasMoves(p.turn) && !p.HasMoves(p.turn.Other()):
		return p.byCount()
	}
	return Ongoing
}

// IsOver reports whether the game has ended.
func (p *Position) IsOver() bool { return p.Outcome() != Ongoing }

func (p *Position) byCount() Outcome {
	r, b := p.Count(Red), p.Count(Blue)
	switch {
	case r > b:
		return RedWins
	case b > r:
		return BlueWins
	}
	return Draw
}
