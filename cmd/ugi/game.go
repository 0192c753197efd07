package main

import (
	"context"
	"fmt"
	"time"
)

// game is what the protocol needs of one game. Each game lives in its own
// file (ataxx.go, congo.go) and is listed in games; a new game adds a
// file and a line there.
type game interface {
	// reset starts a new game: the start position and an empty table.
	reset()
	// setStart and setFEN set the position; moves then follow with play.
	setStart()
	setFEN(fen string) error
	// play makes one move given in the game's notation, or returns an
	// error and leaves the position as it was.
	play(move string) error
	gameOver() bool
	// legalMoves lists the legal moves in the game's notation.
	legalMoves() []string
	p1Turn() bool
	// result is "p1win", "p2win", "draw" or "none".
	result() string
	perft(depth int) uint64
	// display is the board for the d command, FEN included.
	display() string
	setHash(mb int)
	// search returns a search of a copy of the current position, to run
	// on another goroutine while the protocol goes on. It returns the
	// best move in the game's notation, or "" if there is none.
	search(lim limits) func(ctx context.Context, info func(searchInfo)) string
}

// limits are a go command's limits, with the clock already chosen for the
// side to move. Zero means none.
type limits struct {
	depth      int
	nodes      uint64
	moveTime   time.Duration
	time, inc  time.Duration
	infinite   bool
	hasAnyTime bool
}

// searchInfo is one finished iteration, for an info line.
type searchInfo struct {
	depth int
	score int // centipawns for the side to move
	mate  int // turns to the end: >0 the mover wins; 0 none found
	nodes uint64
	time  time.Duration
	pv    []string
}

// moveNames names moves in the game's notation (their String).
func moveNames[M fmt.Stringer](moves []M) []string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = m.String()
	}
	return names
}

// games are the games cmd/ugi plays, by the name -game takes.
var games = map[string]func() game{
	"ataxx":   newAtaxx,
	"congo":   newCongo,
	"abalone": newAbalone,
}
