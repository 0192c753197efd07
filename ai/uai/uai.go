// Package uai drives an external Ataxx engine that speaks UAI (the Ataxx
// dialect of UCI) as a child process: the match runner plays engines
// against each other with it, and the bot can let one play a seat.
package uai

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// ErrEngine: the engine misbehaved (died, timed out, or answered
// nonsense).
var ErrEngine = pipe.ErrEngine

// Engine is a running UAI engine.
type Engine struct {
	Name string // from "id name"

	proc *pipe.Process
	mu   sync.Mutex // one conversation at a time
}

// Start runs the program with args, does the handshake (uai/uaiok), sets
// the options ("name" -> "value") and waits for readyok.
func Start(ctx context.Context, path string, args []string, options map[string]string) (*Engine, error) {
	proc, err := pipe.Handshake(ctx, path, args, "uai", options, time.Second)
	if err != nil {
		return nil, err
	}
	return &Engine{Name: proc.Name, proc: proc}, nil
}

// Ready sends isready and waits for readyok.
func (e *Engine) Ready(ctx context.Context) error { return e.proc.Ready(ctx) }

// NewGame tells the engine a new game begins.
func (e *Engine) NewGame(ctx context.Context) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.proc.Send("uainewgame"); err != nil {
		return err
	}
	return e.Ready(ctx)
}

// Go asks for a move in the position reached from start by moves, with
// the go arguments given ("movetime 1000", "wtime 9000 btime 9000 ...").
// If the engine has not answered by the deadline of ctx, Go sends stop and
// waits a little more for the answer before failing.
func (e *Engine) Go(ctx context.Context, start string, moves []ataxx.Move, goArgs string) (ataxx.Move, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	pos := "position fen " + start
	if len(moves) > 0 {
		ms := make([]string, len(moves))
		for i, m := range moves {
			ms[i] = m.String()
		}
		pos += " moves " + strings.Join(ms, " ")
	}
	if err := e.proc.Send(pos); err != nil {
		return ataxx.NoMove, err
	}
	if err := e.proc.Send("go " + goArgs); err != nil {
		return ataxx.NoMove, err
	}
	isBest := func(l string) bool { return strings.HasPrefix(l, "bestmove") }
	line, err := e.proc.Until(ctx, isBest)
	if err != nil {
		// Out of time or canceled: ask it to stop, then give up.
		e.proc.Send("stop")
		grace, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if _, err2 := e.proc.Until(grace, isBest); err2 != nil {
			return ataxx.NoMove, err2
		}
		return ataxx.NoMove, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return ataxx.NoMove, fmt.Errorf("%w: %s: %q", ErrEngine, e.Name, line)
	}
	m, err := ataxx.ParseMove(f[1])
	if err != nil {
		return ataxx.NoMove, fmt.Errorf("%w: %s: bestmove %q: %w", ErrEngine, e.Name, f[1], err)
	}
	return m, nil
}

// Close asks the engine to quit and kills it if it does not within a
// second.
func (e *Engine) Close() error { return e.proc.Close(time.Second) }

// Player plays moves with an external engine, one process per move: it is
// started, asked, and made to quit (or killed) within the move's time, so
// nothing of it outlives the move, let alone the game.
type Player struct {
	Path     string
	Args     []string
	Options  map[string]string
	MoveTime time.Duration // per move; the process gets a second more to start and answer
}

// ChooseMove asks the engine for a move in pos. The level is not the
// engine's business; the seed neither.
func (p Player) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	return p.choose(ctx, pos, p.MoveTime)
}

// ChooseMoveWithin is ChooseMove on a game's clock: the engine thinks for
// its MoveTime or, when less, the budget the clock leaves this move less
// what starting the process costs (ataxxgame.BudgetEngine).
func (p Player) ChooseMoveWithin(ctx context.Context, pos ataxx.Position, level int, budget time.Duration, seed int64) (ataxx.Move, error) {
	return p.choose(ctx, pos, pipe.MoveTimeWithin(p.MoveTime, budget))
}

func (p Player) choose(ctx context.Context, pos ataxx.Position, moveTime time.Duration) (ataxx.Move, error) {
	ctx, cancel := context.WithTimeout(ctx, moveTime+2*time.Second)
	defer cancel()
	e, err := Start(ctx, p.Path, p.Args, p.Options)
	if err != nil {
		return ataxx.NoMove, err
	}
	defer e.Close()
	if err := e.NewGame(ctx); err != nil {
		return ataxx.NoMove, err
	}
	m, err := e.Go(ctx, pos.FEN(), nil, fmt.Sprintf("movetime %d", moveTime.Milliseconds()))
	if err != nil {
		return ataxx.NoMove, err
	}
	if err := pos.Legal(m); err != nil {
		return ataxx.NoMove, fmt.Errorf("%w: %s played %v: %w", ErrEngine, e.Name, m, err)
	}
	return m, nil
}
