package stratego

import "errors"

// Sentinel errors. Functions wrap them with context; test with errors.Is.
var (
	// ErrInvalidSquare: text that names no square of the 10×10 board.
	ErrInvalidSquare = errors.New("invalid square")
	// ErrInvalidMove: text that is not a move in either notation.
	ErrInvalidMove = errors.New("invalid move")
	// ErrIllegalMove: a well-formed move that the rules forbid here.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: a move was offered after the game ended.
	ErrGameOver = errors.New("game over")
	// ErrInvalidSetup: an army that is not 40 pieces in the manual's counts
	// written in the protocol's letters.
	ErrInvalidSetup = errors.New("invalid setup")
	// ErrInvalidPosition: text that is not a position in this package's
	// format, or a position the rules cannot reach.
	ErrInvalidPosition = errors.New("invalid position")
	// ErrInvalidRules: an unknown rule set name.
	ErrInvalidRules = errors.New("invalid rule set")
	// ErrUnknownFormation: no named formation has that name.
	ErrUnknownFormation = errors.New("unknown formation")
)
