// Package program says how an AI program named in the config (start
// ai:NAME) failed, in the host's terms: a program that cannot be started
// is the operator's to fix and its game waits; one that was started and
// then timed out, exited, answered nonsense or moved illegally loses the
// game, the ending saying which (bot.ProgramError).
//
// A kind calls Failed on the error of a program's move; before that it
// wraps a move its rules refuse with ErrIllegalMove.
package program

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os/exec"
	"strings"
	"syscall"

	"github.com/ataxxbot/ataxxbot/ai/pipe"
	"github.com/ataxxbot/ataxxbot/bot"
)

// ErrIllegalMove: the program answered with a move the rules refuse. A
// kind wraps its engine's reason with it.
var ErrIllegalMove = errors.New("illegal move")

// The endings of a game a program lost by failing, in the Stratego
// manager's words.
const (
	TimedOut    bot.Ending = "timed out"
	Exited      bot.Ending = "program exited"
	BadResponse bot.Ending = "bad response"
	Illegal     bot.Ending = "illegal move"
)

// CannotStart reports whether err is that the program could not be
// started at all: not found, not there, not allowed.
func CannotStart(err error) bool {
	return errors.Is(err, exec.ErrNotFound) || errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission)
}

// Reason says how a started program failed.
func Reason(err error) bot.Ending {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return TimedOut
	case errors.Is(err, ErrIllegalMove):
		return Illegal
	case errors.Is(err, pipe.ErrExited), errors.Is(err, io.EOF), errors.Is(err, syscall.EPIPE),
		strings.Contains(err.Error(), "exited"):
		return Exited
	}
	return BadResponse
}

// Failed is what a kind's AIAct returns for err, a program's failure to
// give a legal move: a *bot.ProgramError, with the Reason, when the
// program was started and the host's ctx is not done; err itself when the
// program could not be started (the game waits for the operator) or the
// host gave up (ctx done: the game is not the program's to lose).
func Failed(ctx context.Context, err error) error {
	if ctx.Err() != nil || CannotStart(err) {
		return err
	}
	return &bot.ProgramError{Reason: Reason(err), Err: err}
}
