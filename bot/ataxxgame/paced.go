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
	return p.ChooseMoveWithin(ctx, pos, level, 0, seed)
}

// ChooseMoveWithin asks the engine to think at most budget (when it can)
// and waits out the rest of Min, or of budget when that is less: the
// pause is on the AI's clock.
func (p Paced) ChooseMoveWithin(ctx context.Context, pos ataxx.Position, level int, budget time.Duration, seed int64) (ataxx.Move, error) {
	start := time.Now()
	var m ataxx.Move
	var err error
	if be, ok := p.Engine.(BudgetEngine); ok && budget > 0 {
		m, err = be.ChooseMoveWithin(ctx, pos, level, budget, seed)
	} else {
		m, err = p.Engine.ChooseMove(ctx, pos, level, seed)
	}
	if err != nil {
		return m, err
	}
	wait := p.Min
	if budget > 0 {
		wait = min(wait, budget)
	}
	t := time.NewTimer(wait - time.Since(start))
	defer t.Stop()
	select {
	case <-t.C:
		return m, nil
	case <-ctx.Done():
		return ataxx.NoMove, ctx.Err()
	}
}
