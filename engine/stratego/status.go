package stratego

import "fmt"

// Reason says why a game ended.
type Reason uint8

const (
	// Ongoing: the game goes on.
	Ongoing Reason = iota
	// FlagCaptured: a piece moved onto the enemy Flag.
	FlagCaptured
	// Attrition: the side to move has no piece of a moving rank left (the
	// manager's VICTORY_ATTRITION, checked after every move).
	Attrition
	// NoMobilePieces: neither side has a piece of a moving rank: a draw
	// (the manager's DRAW).
	NoMobilePieces
	// TurnLimit: the turn counter reached the limit: a draw (the manager's
	// DRAW_DEFAULT).
	TurnLimit
	// NoMoves: the side to move has moving pieces but every one is boxed
	// in. The manager asks such a side for a move anyway, and any answer is
	// illegal; the engine ends the game at once with the same winner.
	NoMoves
	// Resigned: a side gave up (the protocol's SURRENDER).
	Resigned
)

var reasonNames = [...]string{"ongoing", "flag captured", "attrition", "no mobile pieces",
	"turn limit", "no legal move", "resigned"}

// String returns a short English phrase.
func (r Reason) String() string {
	if int(r) >= len(reasonNames) {
		return fmt.Sprintf("Reason(%d)", uint8(r))
	}
	return reasonNames[r]
}

// Status is the state of a game: ongoing, or over with a winner or a draw.
type Status struct {
	Reason Reason
	// Draw is set when the game ended without a winner.
	Draw bool
	// Winner is meaningful when the game is over and not a draw.
	Winner Colour
}

// Over reports whether the game has ended.
func (s Status) Over() bool { return s.Reason != Ongoing }

// String returns "ongoing", "RED wins (flag captured)", "draw (turn limit)".
func (s Status) String() string {
	switch {
	case !s.Over():
		return "ongoing"
	case s.Draw:
		return "draw (" + s.Reason.String() + ")"
	}
	return s.Winner.String() + " wins (" + s.Reason.String() + ")"
}

// over is Status without the NoMoves test, which needs the move generator.
func (p *Position) over() bool { return p.basicStatus().Over() }

func (p *Position) basicStatus() Status {
	for c := Red; c <= Blue; c++ {
		if p.counts[c][Flag] == 0 {
			return Status{Reason: FlagCaptured, Winner: c.Other()}
		}
	}
	if p.mobile[p.side] == 0 {
		if p.mobile[p.side.Other()] == 0 {
			return Status{Reason: NoMobilePieces, Draw: true}
		}
		return Status{Reason: Attrition, Winner: p.side.Other()}
	}
	if p.limit > 0 && p.turn >= p.limit {
		return Status{Reason: TurnLimit, Draw: true}
	}
	return Status{}
}

// Status returns whether the game is over and how, in this order: a side
// without its Flag has lost; a side to move with no moving piece has lost
// (a draw if the other has none either) — the manager checks this after
// every move, against the mover's opponent; the turn limit is a draw; a
// side to move whose pieces are all boxed in has lost.
func (p *Position) Status() Status {
	if s := p.basicStatus(); s.Over() {
		return s
	}
	if !p.HasMove() {
		return Status{Reason: NoMoves, Winner: p.side.Other()}
	}
	return Status{}
}
