package ataxxgame

import (
	"context"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Paced makes an engine take at least Min for a move, so that in chat the
// AI's answer does not land before the player's own move has shown. It
// stops waiting when ctx is done.
type Paced struct {
	Engine Engine
	Min    time.Duration
}

// ChooseMove asks the engine and waits out the rest of Min.
func (p Paced) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	start := time.Now()
	m, err := p.Engine.ChooseMove(ctx, pos, level, seed)
	if err != nil {
		return m, err
	}
	t := time.NewTimer(p.Min - time.Since(start))
	defer t.Stop()
	select {
	case <-t.C:
		return m, nil
	case <-ctx.Done():
		return ataxx.NoMove, ctx.Err()
	}
}
