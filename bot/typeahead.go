package bot

import (
	"context"
	"errors"
	"slices"
	"time"
)

// maxTypeAheadWaits bounds how many AI turns one line typed ahead waits
// through before its refusal is shown.
const maxTypeAheadWaits = 64

// typeAhead decides what becomes of a line refused by err. The users'
// guide's and CS61B's programs read the next line only when it is the
// player's turn, so a console (Caps.TypeAhead) may type a move before the
// AI has answered: when such a move is refused as out of turn while the
// AI works at the table (or at the game a window shows), typeAhead waits
// for that worker and reports true: try the line again. When no worker
// runs but the AI's move is owed (it failed and waits to be retried), the
// first wait starts the worker now. In chat the flag is off and the
// refusal stands. waits counts the waits so far.
func (a *aiWork) typeAhead(ctx context.Context, m Message, table Table, res txResult, err error, waits int) bool {
	if !m.Caps.TypeAhead || !errors.Is(err, ErrNotYourTurn) || a.sender == nil || waits >= maxTypeAheadWaits {
		return false
	}
	game := table
	if res.table != (Table{}) {
		game = res.table
	}
	if waits == 0 && a.owes(ctx, game.Key()) {
		a.scheduleAI(game) // nothing happens if a worker runs already
	}
	waited, _ := a.awaitWorker(ctx, game.Key())
	return waited
}

// owes reports whether the store records AI work owed at key.
func (a *aiWork) owes(ctx context.Context, key string) bool {
	keys, err := a.b.store.Owed(ctx)
	return err == nil && slices.Contains(keys, key)
}

// awaitWorker waits until no AI worker runs at any of keys. waited: one
// ran and has stopped; err: ctx ended first.
func (a *aiWork) awaitWorker(ctx context.Context, keys ...string) (waited bool, err error) {
	busy := func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		for _, k := range keys {
			if _, ok := a.running[k]; ok {
				return true
			}
		}
		return false
	}
	if !busy() {
		return false, nil // the common case: no ticker
	}
	t := time.NewTicker(10 * time.Millisecond)
	defer t.Stop()
	for busy() {
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-t.C:
		}
	}
	return true, nil
}

// AwaitAI waits until no AI worker runs at table, nor at the table whose
// game it shows when it is a window: a console reads its next line only
// then, as the users' guide's and CS61B's programs read theirs when the
// AI has moved, so every line typed ahead (quit, dump, board, status, a
// move) runs after the AI's answer, in order. It returns ctx's error if
// ctx ends first.
func (a *aiWork) AwaitAI(ctx context.Context, table Table) error {
	keys := []string{table.Key()}
	if a.workingElsewhere(table.Key()) {
		// The store is read only when a worker runs at another table.
		if data, _, err := a.b.store.Load(ctx, table.Key()); err == nil {
			if rec, err := UnmarshalRecord(data); err == nil && rec.Link != "" {
				keys = append(keys, rec.Link)
			}
		}
	}
	_, err := a.awaitWorker(ctx, keys...)
	return err
}

// workingElsewhere reports whether an AI worker runs at a table other
// than key.
func (a *aiWork) workingElsewhere(key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, here := a.running[key]
	return len(a.running) > 1 || len(a.running) == 1 && !here
}
