package congo

// Position is a Congo position: the board, the side to move and, while a
// monkey's multi-capture is unfinished, where it started. It is a plain
// value: copy it to keep a position.
type Position struct {
	board    [NumSquares]Piece
	colors   [2]Bitboard
	kinds    [numKinds]Bitboard
	turn     Color
	jumpFrom Square // where the unfinished jump started, or NoSquare
	jumper   Square // the jumping monkey's square, or NoSquare
	hash     uint64
}

// StartFEN is the standard opening position.
const StartFEN = "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1"

// NewPosition returns the standard opening position.
func NewPosition() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("congo: StartFEN does not parse: " + err.Error()) // unreachable: a constant
	}
	return p
}

// EmptyPosition returns a board without pieces, White to move. Build
// test positions on it with Put.
func EmptyPosition() Position {
	p := Position{jumpFrom: NoSquare, jumper: NoSquare}
	p.hash = p.computeHash()
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.turn }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece {
	if !s.Valid() {
		return NoPiece
	}
	return p.board[s]
}

// Occupied returns the squares that hold a piece of colour c.
func (p *Position) Occupied(c Color) Bitboard { return p.colors[c&1] }

// Pieces returns the squares holding c's pieces of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard {
	if k >= numKinds {
		return 0
	}
	return p.colors[c&1] & p.kinds[k]
}

// Count returns how many pieces of kind k colour c has.
func (p *Position) Count(c Color, k Kind) int { return p.Pieces(c, k).Count() }

// Hash returns the position's Zobrist hash.
func (p *Position) Hash() uint64 { return p.hash }

// Jumping reports whether a monkey of the side to move is in the middle of
// a multi-capture (the guide's program takes its jumps one at a time). If
// so, Jumper is the monkey's square and JumpFrom where the turn started,
// and the only moves are further jumps and the stop, Jumper to Jumper.
func (p *Position) Jumping() bool { return p.jumpFrom != NoSquare }

// JumpFrom returns where the unfinished jump started, or NoSquare.
func (p *Position) JumpFrom() Square { return p.jumpFrom }

// Jumper returns the square of the monkey whose jump is unfinished, or
// NoSquare.
func (p *Position) Jumper() Square { return p.jumper }

// Put places pc on s (NoPiece empties it), keeping the hash right. It is
// for building positions; it does not check the rules.
func (p *Position) Put(s Square, pc Piece) {
	if !s.Valid() || pc > maxPiece {
		return
	}
	if old := p.board[s]; old != NoPiece {
		p.remove(s, old)
	}
	if pc != NoPiece {
		p.place(s, pc)
	}
}

// SetTurn sets the side to move, ending any unfinished jump.
func (p *Position) SetTurn(c Color) {
	if p.jumpFrom != NoSquare {
		p.hash ^= zobristJump[p.jumpFrom]
	}
	p.jumpFrom, p.jumper = NoSquare, NoSquare
	if p.turn != c&1 {
		p.turn = c & 1
		p.hash ^= zobristBlack
	}
}

func (p *Position) place(s Square, pc Piece) {
	p.board[s] = pc
	b := s.Bit()
	p.colors[pc.Color()] |= b
	p.kinds[pc.Kind()] |= b
	p.hash ^= zobristPiece[pc][s]
}

func (p *Position) remove(s Square, pc Piece) {
	p.board[s] = NoPiece
	b := s.Bit()
	p.colors[pc.Color()] &^= b
	p.kinds[pc.Kind()] &^= b
	p.hash ^= zobristPiece[pc][s]
}

// Outcome is the state of a game.
type Outcome uint8

// The outcomes. A game ends when a lion is captured; a side with no move
// at all also loses, since Congo has no stalemate draw (the guide is
// silent on that case: we score it like the lion it cannot save). A board
// without any lion (the guide's empty-board example) is NoLions: nothing
// is played on it.
const (
	Ongoing Outcome = iota
	WhiteWins
	BlackWins
	NoLions
)

// String names the outcome.
func (o Outcome) String() string {
	switch o {
	case Ongoing:
		return "ongoing"
	case WhiteWins:
		return "white wins"
	case BlackWins:
		return "black wins"
	case NoLions:
		return "no lions"
	}
	return "?"
}

// Winner returns the side that won o, if any.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// lionsOutcome decides the game from the lions alone.
func (p *Position) lionsOutcome() Outcome {
	w, b := p.Pieces(White, Lion) != 0, p.Pieces(Black, Lion) != 0
	switch {
	case w && b:
		return Ongoing
	case w:
		return WhiteWins
	case b:
		return BlackWins
	}
	return NoLions
}

// Outcome returns whether the game is over and who won.
func (p *Position) Outcome() Outcome {
	if o := p.lionsOutcome(); o != Ongoing {
		return o
	}
	if p.CountMoves() == 0 {
		if p.turn == White {
			return BlackWins
		}
		return WhiteWins
	}
	return Ongoing
}

// GameOver reports whether the game has ended.
func (p *Position) GameOver() bool { return p.Outcome() != Ongoing }
