package bot

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// aiWork plays the AI's turns at the tables: inline, for a bot without a
// Sender, or by a worker per table that delivers through the Sender (see
// Async), from at most Config.Searchers searches at a time.
type aiWork struct {
	b *Bot // the host whose tables it plays

	// Asynchronous AI moves (see Async).
	sender  Sender
	slots   chan struct{} // one per search allowed to run
	ctx     context.Context
	stopAll context.CancelFunc
	mu      sync.Mutex
	running map[string]*worker // table key -> its AI worker
	workers sync.WaitGroup
}

// Async makes the bot answer commands at once and deliver AI moves later
// through sender, from at most Config.Searchers searches at a time, so one
// table's AI thinking never delays another table's replies. Without it
// (the console) Handle returns after the AI has moved. Call it before the
// first Handle.
// Nothing is said at the tables callers own (OwnTables), which no channel
// shows.
func (a *aiWork) Async(sender Sender) { a.sender = hushOwned{Sender: sender, b: a.b} }

// Settle waits until no AI worker is running (the AI has answered at every
// table), or ctx is done: a console reaching the end of its input lets the
// AI finish before it exits.
func (a *aiWork) Settle(ctx context.Context) error {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		a.mu.Lock()
		n := len(a.running)
		a.mu.Unlock()
		if n == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// claim marks key as having its AI moves worked by this process (inline or
// resumed); false if something here already works them.
func (a *aiWork) claim(key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, busy := a.running[key]; busy {
		return false
	}
	a.running[key] = &worker{cancel: func() {}}
	return true
}

func (a *aiWork) release(key string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.running, key)
}

// aiTurns plays while an AI owes an action, one saved action at a time,
// and returns the announcements.
func (a *aiWork) aiTurns(ctx context.Context, table Table) []Reply {
	var out []Reply
	a.aiLoop(ctx, table, func(rs []Reply) { out = append(out, rs...) })
	return out
}

// aiLoop plays AI actions while an AI owes one, handing each action's
// replies to emit as soon as it is saved.
func (a *aiWork) aiLoop(ctx context.Context, table Table, emit func([]Reply)) {
	moved := false
	for range maxAIPlies {
		replies, more, err := a.aiTurn(ctx, table)
		if len(replies) > 0 {
			moved = true
			emit(replies)
		}
		if err != nil {
			if ctx.Err() != nil {
				return // canceled: the game changed or the bot stops
			}
			// The owed mark stays: Resume finishes the work later.
			a.b.log.Error("AI move failed", "table", table.Key(), "err", err)
			emit(a.b.finish(Message{Network: table.Network, Channel: table.Channel}, table,
				[]Reply{{Text: "The AI could not move; it will try again shortly.", Error: true}}))
			return
		}
		if !more {
			break
		}
	}
	if moved {
		// The mark stays while the game still owes work (a
		// referee's).
		none := Message{Network: table.Network, Channel: table.Channel}
		if t, err := a.b.load(ctx, table, none); err == nil && !t.empty() && t.damaged == nil && t.owesWork() {
			return
		}
		if err := a.b.store.SetOwed(ctx, table.Key(), false); err != nil {
			a.b.log.Warn("clearing owed work", "table", table.Key(), "err", err)
		}
	}
}

// worker is a table's running AI worker.
type worker struct{ cancel context.CancelFunc }

// scheduleAI starts the table's AI worker unless one is running.
func (a *aiWork) scheduleAI(table Table) {
	key := table.Key()
	a.mu.Lock()
	defer a.mu.Unlock()
	if _, ok := a.running[key]; ok || a.ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithCancel(a.ctx)
	w := &worker{cancel: cancel}
	a.running[key] = w
	a.workers.Add(1)
	go func() {
		defer a.workers.Done()
		defer func() {
			a.mu.Lock()
			if a.running[key] == w { // not a successor started after a cancel
				delete(a.running, key)
			}
			a.mu.Unlock()
			cancel()
		}()
		a.aiWorker(ctx, table)
	}()
}

// cancelAI stops the table's running AI search, if any.
func (a *aiWork) cancelAI(key string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if w, ok := a.running[key]; ok {
		w.cancel()
		delete(a.running, key)
	}
}

// aiWorker waits for a free searcher (telling the table if it must),
// then plays the table's AI actions and sends them.
func (a *aiWork) aiWorker(ctx context.Context, table Table) {
	send := func(rs []Reply) {
		if err := a.sender.Send(ctx, rs); err != nil {
			a.b.log.Warn("sending AI move", "table", table.Key(), "err", err)
		}
	}
	select {
	case a.slots <- struct{}{}:
	default:
		send(a.b.finish(Message{Network: table.Network, Channel: table.Channel}, table,
			[]Reply{{Text: "The AI is waiting its turn: every thinker is busy at other tables. It will move soon."}}))
		select {
		case a.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
	}
	defer func() { <-a.slots }()
	a.aiLoop(ctx, table, send)
}

// Resume finishes the work owed at network's tables, as recorded by the
// store (after a crash or a storage outage), and sends what it says.
// Several processes may resume at once: each AI action is saved once.
func (a *aiWork) Resume(ctx context.Context, network string, send Sender) error {
	keys, err := a.b.store.Owed(ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var errs []error
	for _, key := range keys {
		if o, ok := a.b.owedOwnerOf(key); ok {
			if err := o.resume(ctx, key, network); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", key, err))
			}
			continue
		}
		table, err := ParseTable(key)
		if err != nil {
			// A mark no table wrote: clear it, so it is logged once.
			a.b.log.Error("owed-work mark names no table; clearing it", "key", key, "err", err)
			if err := a.b.store.SetOwed(ctx, key, false); err != nil {
				errs = append(errs, fmt.Errorf("%w: %w", ErrUnavailable, err))
			}
			continue
		}
		if table.Network != network {
			continue
		}
		if o, ok := a.b.tableOwner(table); ok {
			if o.Sweep != nil {
				o.Sweep(ctx, table) // its owner plays it
			}
			continue
		}
		if a.sender == nil && !a.claim(key) {
			continue // this process is on it already
		}
		// Asynchronous (a.sender set): a worker plays the AI, and
		// scheduleAI skips a table that has one.
		err = a.resumeOne(ctx, table, send)
		if a.sender == nil {
			a.release(key)
		}
		if err != nil {
			// One table's trouble never stops the others' work.
			errs = append(errs, fmt.Errorf("%s: %w", key, err))
			if errors.Is(err, ErrUnavailable) && ctx.Err() != nil {
				break
			}
		}
	}
	return errors.Join(errs...)
}

// resumeOne finishes the work owed at one table: it expires overdue
// challenges, plays the AI's actions (in asynchronous mode, through a
// worker), and clears the mark when nothing more is owed.
func (a *aiWork) resumeOne(ctx context.Context, table Table, send Sender) error {
	none := Message{Network: table.Network, Channel: table.Channel}
	t, err := a.b.update(ctx, table, none, func(t *tx) error {
		t.replies = nil
		if !t.empty() && t.damaged == nil {
			t.expireInvites()
			t.offerActions()
		}
		return nil
	})
	if err != nil {
		return err
	}
	replies := t.replies
	if a.sender == nil {
		replies = append(replies, a.aiTurns(ctx, table)...)
	}
	if len(replies) > 0 {
		a.b.log.Info("resumed owed work", "table", table.Key(), "replies", len(replies))
		if err := send.Send(ctx, a.b.finish(none, table, replies)); err != nil {
			return err
		}
	}
	if t, err = a.b.load(ctx, table, none); err != nil {
		return err
	}
	if t.empty() || t.damaged != nil || !t.owesWork() {
		if err := a.b.store.SetOwed(ctx, table.Key(), false); err != nil {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		return nil
	}
	if a.sender != nil && aiToAct(t) {
		a.scheduleAI(table)
	}
	if t.table == table {
		a.b.stored(t) // this process keeps the referees' timers
	}
	return nil
}

// aiTurn makes one AI action if an AI owes one; more reports whether it
// did (so another may follow).
func (a *aiWork) aiTurn(ctx context.Context, table Table) (replies []Reply, more bool, err error) {
	none := Message{Network: table.Network, Channel: table.Channel}
	acted, thought := false, time.Time{}
	t, err := a.b.update(ctx, table, none, func(t *tx) error {
		t.replies, acted = nil, false
		thought = time.Now()
		if t.empty() || t.damaged != nil {
			return nil
		}
		seat := aiSeat(t)
		if seat < 0 {
			return nil
		}
		s := t.rec.Seats[seat]
		cmd, err := t.st.AIAct(ctx, seat, AIPlayer{Level: s.Level, Engine: s.Engine, Budget: a.b.budget(t, seat)}, t.rec.Seed+int64(t.rec.Plies))
		if errors.Is(err, ErrProgram) && ctx.Err() == nil && s.Engine != "" {
			t.forfeitProgram(seat, err)
			acted = true
			return nil
		}
		if err != nil {
			return err
		}
		if err := t.act(cmd, seat); err != nil {
			return fmt.Errorf("AI chose %s %v: %w", cmd.Verb, cmd.Args, err)
		}
		t.offerActions()
		acted = true
		return nil
	})
	if errors.Is(err, ErrConflict) {
		// Every save lost a race: another worker (another process, say)
		// is playing this table's AI. Leave it the work.
		a.b.log.Info("AI moves left to another worker", "table", table.Key())
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if acted {
		a.b.aiThought(ctx, t, time.Since(thought))
	}
	return a.b.finish(none, table, t.replies), acted, nil
}
