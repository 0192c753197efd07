package stratego

import "fmt"

// Position is the full-information state of a game: every piece with its
// owner, rank and public marks (moved, revealed), the side to move, the
// turn counter, the turn limit and the rule set. Seats see it only through
// View.
//
// The turn counter is the manager's: it starts at 1 and goes up after
// Blue's move when the game goes on (a move of Blue's that takes the Flag
// or leaves Red no moving piece ends the game on the turn it was made).
// With a limit N > 0 the game is a draw when the counter reaches N, so
// N-1 full turns are played; 0 means no limit.
type Position struct {
	board  [NumSquares]Piece
	side   Colour
	turn   int
	limit  int
	rules  Rules
	counts [2][NumRanks]int8
	mobile [2]int8
}

// DefaultTurnLimit is the manager's default for -m.
const DefaultTurnLimit = 5000

// Options are the settings of a game that are not pieces.
type Options struct {
	Rules Rules
	// TurnLimit is N of the manager's -m N; 0 is "inf".
	TurnLimit int
}

// DefaultOptions are the manager's defaults: progcomp rules, 5000 turns.
func DefaultOptions() Options { return Options{Rules: Progcomp, TurnLimit: DefaultTurnLimit} }

// EmptyPosition returns a board with only the lakes, Red to move, turn 1.
func EmptyPosition(o Options) Position {
	var p Position
	for s := Square(0); s < NumSquares; s++ {
		if s.IsLake() {
			p.board[s] = Lake
		}
	}
	p.turn = 1
	p.limit = o.TurnLimit
	p.rules = o.Rules
	return p
}

// NewPosition places two valid setups: Red on rows y 0–3, Blue on y 6–9.
func NewPosition(red, blue Setup, o Options) (Position, error) {
	if err := red.Validate(); err != nil {
		return Position{}, fmt.Errorf("red: %w", err)
	}
	if err := blue.Validate(); err != nil {
		return Position{}, fmt.Errorf("blue: %w", err)
	}
	p := EmptyPosition(o)
	red.place(&p, Red)
	blue.place(&p, Blue)
	return p, nil
}

// Put sets the content of a square (for tests and puzzles). Putting onto
// or over a lake, or a lake elsewhere, is refused.
func (p *Position) Put(s Square, pc Piece) error {
	if !s.Valid() || s.IsLake() || (pc != Empty && !pc.IsPiece()) || (pc.IsPiece() && (pc.Rank() == NoRank || pc.Rank() >= NumRanks)) {
		return fmt.Errorf("put %v on %v: %w", pc, s, ErrInvalidPosition)
	}
	p.remove(s)
	if pc.IsPiece() {
		p.board[s] = pc
		p.count(pc, 1)
	}
	return nil
}

func (p *Position) remove(s Square) {
	if pc := p.board[s]; pc.IsPiece() {
		p.count(pc, -1)
		p.board[s] = Empty
	}
}

func (p *Position) count(pc Piece, d int8) {
	c, r := pc.Colour(), pc.Rank()
	p.counts[c][r] += d
	if r.Movable() {
		p.mobile[c] += d
	}
}

// At returns the content of s (Empty off the board).
func (p *Position) At(s Square) Piece {
	if !s.Valid() {
		return Empty
	}
	return p.board[s]
}

// Side returns the colour to move.
func (p *Position) Side() Colour { return p.side }

// SetSide sets the colour to move.
func (p *Position) SetSide(c Colour) { p.side = c & 1 }

// Turn returns the manager's turn counter.
func (p *Position) Turn() int { return p.turn }

// SetTurn sets the turn counter (at least 1): a manager that lets a side
// lose its turn keeps the count with it.
func (p *Position) SetTurn(n int) { p.turn = max(1, n) }

// TurnLimit returns the limit N (0 for none).
func (p *Position) TurnLimit() int { return p.limit }

// Rules returns the rule set in force.
func (p *Position) Rules() Rules { return p.rules }

// Count returns how many pieces of rank r colour c has on the board.
func (p *Position) Count(c Colour, r Rank) int {
	if r >= NumRanks {
		return 0
	}
	return int(p.counts[c][r])
}

// Mobile returns how many pieces of a moving rank colour c has: zero
// means the side has lost by attrition.
func (p *Position) Mobile(c Colour) int { return int(p.mobile[c]) }

// Value returns the manager's worth of colour c's remaining army (148 at
// the start): the RED_VALUE and BLUE_VALUE of the result line.
func (p *Position) Value(c Colour) int {
	v := 0
	for r := Marshal; r <= Spy; r++ {
		v += int(p.counts[c][r]) * r.Value()
	}
	return v
}

// Undo holds what UnmakeMove needs to take a move back, and what the move
// did.
type Undo struct {
	from, to Piece
	side     Colour
	turn     int
	result   Result
}

// Result is what a move did: the outcome and, for combat, both ranks (both
// are revealed by it).
type Result struct {
	Move     Move
	Outcome  Outcome
	Attacker Rank
	Defender Rank
}

// Public returns what everyone may know of r: a quiet move hides the
// mover's rank; combat reveals both.
func (r Result) Public() Result {
	if r.Outcome == Moved {
		r.Attacker = NoRank
	}
	return r
}

// Combat reports whether the move attacked a piece.
func (r Result) Combat() bool { return r.Outcome != Moved }

// Result returns what the move did.
func (u Undo) Result() Result { return u.result }

// MakeMove plays m, which must be pseudo-legal (from GenerateMoves or
// checked by Legal), and returns how to take it back.
func (p *Position) MakeMove(m Move) Undo {
	from, to := m.From(), m.To()
	a, d := p.board[from], p.board[to]
	u := Undo{from: a, to: d, side: p.side, turn: p.turn, result: Result{Move: m, Attacker: a.Rank()}}
	p.board[from] = Empty
	if !d.IsPiece() {
		p.board[to] = a | pieceMoved
	} else {
		u.result.Defender = d.Rank()
		o := Combat(a.Rank(), d.Rank(), p.rules)
		u.result.Outcome = o
		switch o {
		case Kills, CapturesFlag:
			p.count(d, -1)
			p.board[to] = a | pieceMoved | pieceRevealed
		case Dies:
			p.count(a, -1)
			p.board[to] = d | pieceRevealed
		case BothDie:
			p.count(a, -1)
			p.count(d, -1)
			p.board[to] = Empty
		}
	}
	if p.side == Blue && p.counts[Red][Flag] > 0 && p.mobile[Red] > 0 {
		p.turn++
	}
	p.side ^= 1
	return u
}

// UnmakeMove takes back m, the last move made, given its Undo.
func (p *Position) UnmakeMove(m Move, u Undo) {
	from, to := m.From(), m.To()
	switch u.result.Outcome {
	case Kills, CapturesFlag:
		p.count(u.to, 1)
	case Dies:
		p.count(u.from, 1)
	case BothDie:
		p.count(u.from, 1)
		p.count(u.to, 1)
	}
	p.board[from], p.board[to] = u.from, u.to
	p.side, p.turn = u.side, u.turn
}

// GenerateMoves fills l with the legal moves of the side to move, without
// allocating: one square orthogonally onto an empty square or an enemy,
// any number of empty squares in a line for a Scout (which may attack at
// the end); never onto or across a lake or an own piece; Bombs and the
// Flag never move. It generates nothing once the game is over.
func (p *Position) GenerateMoves(l *MoveList) {
	l.Len = 0
	if p.over() {
		return
	}
	generate(&p.board, p.side, l)
}

// generate appends the moves of side c on board to l. Enemy ranks play no
// part, so a View generates its seat's moves with it too.
func generate(board *[NumSquares]Piece, c Colour, l *MoveList) {
	own := pieceRed
	if c == Blue {
		own = pieceBlue
	}
	for s := Square(0); s < NumSquares; s++ {
		pc := board[s]
		if pc&own == 0 || !pc.Rank().Movable() {
			continue
		}
		scout := pc.Rank() == Scout
		for d := Up; d <= Right; d++ {
			r := &rays[s][d]
			for i := int8(0); i < r.n; i++ {
				t := r.sqs[i]
				q := board[t]
				if q&own != 0 {
					break
				}
				l.Moves[l.Len] = NewMove(s, t)
				l.Len++
				if q != Empty || !scout {
					break
				}
			}
		}
	}
}

// LegalMoves returns the legal moves as a new slice, for callers that do
// not count allocations.
func (p *Position) LegalMoves() []Move {
	var l MoveList
	p.GenerateMoves(&l)
	return append([]Move(nil), l.Slice()...)
}

// HasMove reports whether the side to move has a legal move.
func (p *Position) HasMove() bool {
	var l MoveList
	p.GenerateMoves(&l)
	return l.Len > 0
}

// Legal returns nil if m is legal for the side to move, or an error
// wrapping ErrIllegalMove (or ErrGameOver) that says why.
func (p *Position) Legal(m Move) error {
	if p.over() {
		return fmt.Errorf("move %v: %w", m, ErrGameOver)
	}
	if !m.Straight() {
		return fmt.Errorf("move %v is not along a row or column: %w", m, ErrIllegalMove)
	}
	from, to := m.From(), m.To()
	a := p.board[from]
	switch {
	case !a.IsPiece():
		return fmt.Errorf("no piece on %v: %w", from, ErrIllegalMove)
	case a.Colour() != p.side:
		return fmt.Errorf("the piece on %v is not %v's: %w", from, p.side, ErrIllegalMove)
	case !a.Rank().Movable():
		return fmt.Errorf("a %v never moves: %w", a.Rank(), ErrIllegalMove)
	case m.Distance() > 1 && a.Rank() != Scout:
		return fmt.Errorf("only a Scout moves more than one square: %w", ErrIllegalMove)
	}
	d := m.Direction()
	for n := 1; n < m.Distance(); n++ {
		if q := p.board[from.Step(d, n)]; q != Empty {
			return fmt.Errorf("%v is not empty: a Scout moves only through empty squares: %w", from.Step(d, n), ErrIllegalMove)
		}
	}
	switch q := p.board[to]; {
	case q == Lake:
		return fmt.Errorf("%v is a lake: %w", to, ErrIllegalMove)
	case q.IsPiece() && q.Colour() == p.side:
		return fmt.Errorf("%v holds your own piece: %w", to, ErrIllegalMove)
	}
	return nil
}

// Play checks m and makes it.
func (p *Position) Play(m Move) (Undo, error) {
	if err := p.Legal(m); err != nil {
		return Undo{}, err
	}
	return p.MakeMove(m), nil
}
