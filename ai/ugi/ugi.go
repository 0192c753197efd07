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
// the go arguments given ("movetime 100", "p1time 9000 p2time 9000 ..."):
// the move of its bestmove line, without what follows (a ponder move).
func (e *Engine) Go(ctx context.Context, start string, moves []string, goArgs string) (string, error) {
	if err := e.proc.Send(positionLine(start, moves)); err != nil {
		return "", err
	}
	if err := e.proc.Send("go " + goArgs); err != nil {
		return "", err
	}
	l, err := e.proc.Until(ctx, func(l string) bool {
		f := strings.Fields(l)
		return len(f) > 0 && f[0] == "bestmove"
	})
	if err != nil {
		e.proc.Send("stop")
		return "", err
	}
	f := strings.Fields(l) // "bestmove M [ponder P]"
	if len(f) < 2 {
		return "", fmt.Errorf("%w: %s: empty bestmove", ErrEngine, e.Name)
	}
	return f[1], nil
}

// Close asks the engine to quit and stops it.
func (e *Engine) Close() error { return e.proc.Close(2 * time.Second) }

// Player plays moves with an external UGI program, one process per move
// (as uai.Player does for Ataxx): it is started, told the game and asked,
// and made to quit (or killed) within the move's time, so nothing of it
// outlives the move. It knows no game's rules: the caller checks the
// answer.
type Player struct {
	Path     string
	Args     []string
	Options  map[string]string
	MoveTime time.Duration // per move; the process gets two seconds more to start and answer
}

// StartAllowance and MinMoveTime bound a clocked move's time (see
// MoveTimeWithin).
const (
	StartAllowance = pipe.StartAllowance
	MinMoveTime    = pipe.MinMoveTime
)

// MoveTimeWithin is the time the program is told to think when the game's
// clock leaves budget for the move (0: no clock): its MoveTime or, when
// less, the budget less StartAllowance, and never under MinMoveTime.
func (p Player) MoveTimeWithin(budget time.Duration) time.Duration {
	return pipe.MoveTimeWithin(p.MoveTime, budget)
}

// Choose asks the program for its move in the position reached from start
// ("startpos" or a position text) by moves, in the game's notation, with
// the time MoveTimeWithin(budget). It returns the program's bestmove as
// written; errors wrap ErrEngine (and context.DeadlineExceeded when the
// program did not answer in time), or the error of starting the program.
func (p Player) Choose(ctx context.Context, start string, moves []string, budget time.Duration) (string, error) {
	moveTime := p.MoveTimeWithin(budget)
	ctx, cancel := context.WithTimeout(ctx, moveTime+2*time.Second)
	defer cancel()
	e, err := Start(ctx, p.Path, p.Args, p.Options)
	if err != nil {
		return "", err
	}
	defer e.Close()
	if err := e.NewGame(ctx); err != nil {
		return "", err
	}
	return e.Go(ctx, start, moves, fmt.Sprintf("movetime %d", moveTime.Milliseconds()))
}
