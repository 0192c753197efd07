package clock

import (
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// armFlag sets the table's flag timer for the saved record's deadline, or
// stops it when no clock runs there. Only a bot that delivers through a
// Sender (Async) keeps timers; without one, the next command claims.
func (k *Keeper) armFlag(table bot.Table, rec *bot.Record, now time.Time) {
	if k.b.Sender() == nil {
		return
	}
	var due time.Time
	if rec != nil && rec.Phase == bot.PhasePlaying && rec.Link == "" {
		due = deadline(rec.Clock)
	}
	key := table.Key()
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.flags[key]; ok {
		old.Stop()
		delete(k.flags, key)
	}
	if due.IsZero() || k.ctx.Err() != nil {
		return
	}
	wait := max(due.Sub(now), 0)
	k.flags[key] = time.AfterFunc(wait, func() { k.flagTimer(table) })
}

// flagTimer claims the table's flag when its timer fires, and says so
// through the Sender; when the flag has not fallen (a move came first,
// or the clock says it is not yet time) the timer is set again from the
// record (Stored).
func (k *Keeper) flagTimer(table bot.Table) {
	k.mu.Lock()
	if k.ctx.Err() != nil {
		k.mu.Unlock()
		return
	}
	k.claims.Add(1)
	k.mu.Unlock()
	defer k.claims.Done()
	ctx := k.ctx
	replies, err := k.b.Revisit(ctx, table)
	if err != nil {
		if ctx.Err() != nil {
			return
		}
		// The store is away: the owed mark stays, and the timer tries
		// again shortly.
		k.log.Warn("claiming a flag", "table", table.Key(), "err", err)
		k.mu.Lock()
		if k.ctx.Err() == nil {
			k.flags[table.Key()] = time.AfterFunc(time.Second, func() { k.flagTimer(table) })
		}
		k.mu.Unlock()
		return
	}
	if len(replies) > 0 {
		k.log.Info("flag claimed", "table", table.Key())
		if err := k.b.Sender().Send(ctx, replies); err != nil {
			k.log.Warn("sending a flag", "table", table.Key(), "err", err)
		}
	}
}

// Close stops the flag timers and waits for the claims under way; the bot
// is closing.
func (k *Keeper) Close() {
	k.mu.Lock()
	k.cancel()
	for key, tm := range k.flags {
		tm.Stop()
		delete(k.flags, key)
	}
	k.mu.Unlock()
	k.claims.Wait()
}
