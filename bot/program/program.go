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
	"fmt"
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

// Refused is what a kind's AIAct returns when the rules refuse a
// program's answer: err is why its parser refused it, illegal says the
// answer was a move the rules forbid here (else it was no move at all).
// As Failed, with the answer and the program's name for the log.
func Refused(ctx context.Context, name, answer string, err error, illegal bool) error {
	if illegal {
		return Failed(ctx, fmt.Errorf("%w: AI program %s played %q: %w", ErrIllegalMove, name, answer, err))
	}
	return Failed(ctx, fmt.Errorf("%w: AI program %s answered %q: %w", pipe.ErrEngine, name, answer, err))
}
