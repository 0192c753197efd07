package abalone

import "errors"

// Sentinel errors. Functions wrap them with context; test with errors.Is.
var (
	// ErrInvalidCell: text that names no cell of the 61-cell board.
	ErrInvalidCell = errors.New("invalid cell")
	// ErrInvalidMove: text that is not a move in either notation.
	ErrInvalidMove = errors.New("invalid move")
	// ErrIllegalMove: a well-formed move that the rules forbid here.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: a move was offered after the game ended.
	ErrGameOver = errors.New("game over")
	// ErrInvalidPosition: text that is no position (layout name, position
	// text or marble list), or a board that breaks a limit.
	ErrInvalidPosition = errors.New("invalid position")
	// ErrInvalidNotation: an unknown notation name.
	ErrInvalidNotation = errors.New("invalid notation")
	// ErrInvalidGame: a saved game that cannot be read or replayed.
	ErrInvalidGame = errors.New("invalid game")
)
