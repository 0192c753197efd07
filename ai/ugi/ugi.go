// Package ugi drives an engine that speaks UGI, the game-neutral form of
// UCI of kz04px/cutegames (cmd/ugi speaks it for every game of ours): the
// handshake, positions, moves under limits, and the queries a match runner
// uses to referee a game it does not know the rules of.
package ugi

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe"
)

// ErrEngine: the engine misbehaved (died, timed out, or answered nonsense).
var ErrEngine = pipe.ErrEngine

// Engine is a running UGI engine.
type Engine struct {
	Name string // from "id name"

	proc *pipe.Process
}

// Start runs the program with args, does the handshake (ugi/ugiok), sets
// the options and waits for readyok.
func Start(ctx context.Context, path string, args []string, options map[string]string) (*Engine, error) {
	proc, err := pipe.Handshake(ctx, path, args, "ugi", options, 2*time.Second)
	if err != nil {
		return nil, err
	}
	return &Engine{Name: proc.Name, proc: proc}, nil
}

// NewGame tells the engine a new game begins.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.proc.Send("uginewgame"); err != nil {
		return err
	}
	return e.proc.Ready(ctx)
}

func positionLine(start string, moves []string) string {
	line := "position " + start
	if start != "startpos" {
		line = "position fen " + start
	}
	if len(moves) > 0 {
		line += " moves " + strings.Join(moves, " ")
	}
	return line
}

// SetPosition sets the position start ("startpos" or a position text) and
// moves, and returns what the engine reported wrong with it ("" if
// nothing): an illegal move, an unreadable position.
func (e *Engine) SetPosition(ctx context.Context, start string, moves []string) (string, error) {
	if err := e.proc.Send(positionLine(start, moves)); err != nil {
		return "", err
	}
	if err := e.proc.Send("isready"); err != nil {
		return "", err
	}
	var complaint string
	_, err := e.proc.Until(ctx, func(l string) bool {
		if s, ok := strings.CutPrefix(l, "info string "); ok && complaint == "" {
			complaint = s
		}
		return l == "readyok"
	})
	return complaint, err
}

// Query asks the engine about the position it has ("gameover", "p1turn",
// "result") and returns its response.
func (e *Engine) Query(ctx context.Context, what string) (string, error) {
	if err := e.proc.Send("query " + what); err != nil {
		return "", err
	}
	l, err := e.proc.Until(ctx, func(l string) bool { return strings.HasPrefix(l, "response ") })
	return strings.TrimPrefix(l, "response "), err
}

// Go asks for a move in the position reached from start by moves, with
// the go arguments given ("movetime 100", "p1time 9000 p2time 9000 ...").
func (e *Engine) Go(ctx context.Context, start string, moves []string, goArgs string) (string, error) {
	if err := e.proc.Send(positionLine(start, moves)); err != nil {
		return "", err
	}
	if err := e.proc.Send("go " + goArgs); err != nil {
		return "", err
	}
	l, err := e.proc.Until(ctx, func(l string) bool { return strings.HasPrefix(l, "bestmove ") })
	if err != nil {
		e.proc.Send("stop")
		return "", err
	}
	m := strings.TrimSpace(strings.TrimPrefix(l, "bestmove "))
	if m == "" {
		return "", fmt.Errorf("%w: %s: empty bestmove", ErrEngine, e.Name)
	}
	return m, nil
}

// Close asks the engine to quit and stops it.
func (e *Engine) Close() error { return e.proc.Close(2 * time.Second) }
