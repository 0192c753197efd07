package congo

import "errors"

// Sentinel errors. Functions wrap them with context; test with errors.Is.
var (
	// ErrInvalidSquare: text that names no square of the 7×7 board.
	ErrInvalidSquare = errors.New("invalid square")
	// ErrInvalidMove: text that is not a move in any accepted notation.
	ErrInvalidMove = errors.New("invalid move")
	// ErrIllegalMove: a well-formed move that the rules forbid here.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: a move was offered after the game ended.
	ErrGameOver = errors.New("game over")
	// ErrInvalidFEN: text that is not a Congo FEN.
	ErrInvalidFEN = errors.New("invalid Congo FEN")
)
