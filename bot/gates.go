package bot

import (
	"context"
	"errors"
	"fmt"
)

// guards are the gates every line passes and the checks every command at
// a table passes.
type guards struct {
	gates  []Gate
	checks []CommandCheck
}

// A Gate sees each line said to the host, once the host knows from its
// text that the line is for it and before the line reads or changes any
// table. admin says the speaker is one of the configured admins. It lets
// the line through, or drops it: then replies (maybe none) are said
// instead and nothing else happens.
type Gate func(ctx context.Context, m Message, admin bool) (drop bool, replies []Reply)

// AddGate puts g in the path of every line. Gates run in the order added,
// until one drops the line. Call it before the first Handle.
func (h *hooks) AddGate(g Gate) { h.guards.gates = append(h.guards.gates, g) }

// gate runs the gates on m; drop: a gate dropped it, and replies are what
// to say instead.
func (h *hooks) gate(ctx context.Context, m Message) (drop bool, replies []Reply) {
	if len(h.guards.gates) == 0 {
		return false, nil
	}
	admin := h.b.isAdmin(m)
	for _, g := range h.guards.gates {
		if drop, replies := g(ctx, m, admin); drop {
			return true, replies
		}
	}
	return false, nil
}

// Stake is what a table holds for one person.
type Stake uint8

const (
	StakeNone    Stake = iota // no seat, or the game is over (or shown from elsewhere)
	StakeWaiting              // a seat in a game in setup that waits for another player
	StakePlaying              // a seat in a game in play (or in setup with every seat taken)
)

// stakeIn is userID's stake in rec (nil: none).
func stakeIn(rec *Record, userID string) Stake {
	if rec == nil || rec.Link != "" || rec.Phase == PhaseOver || len(rec.SeatsOf(userID)) == 0 {
		return StakeNone
	}
	if rec.Phase == PhaseSetup && !rec.Filled() {
		return StakeWaiting
	}
	return StakePlaying
}

// stakeOf is userID's stake at the table of a transaction (a table with
// no game yet holds a fresh record with no seat taken).
func (t *tx) stakeOf(userID string) Stake {
	if t.damaged != nil {
		return StakeNone
	}
	return stakeIn(t.rec, userID)
}

// StakeAt is userID's stake at table as stored. A table with no record,
// or one that cannot be read, holds none; a store that fails is
// ErrUnavailable.
func (e *env) StakeAt(ctx context.Context, table Table, userID string) (Stake, error) {
	data, _, err := e.store.Load(ctx, table.Key())
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged) {
		return StakeNone, nil
	}
	if err != nil {
		return StakeNone, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	rec, err := UnmarshalRecord(data)
	if err != nil {
		return StakeNone, nil
	}
	return stakeIn(rec, userID), nil
}

// SeatTables lists the tables on network where userID took a seat lately,
// as the host indexes them for their private commands to find: the last
// maxIndexed, in a channel (a private query is not listed). A game there
// may since have ended or been left.
func (e *env) SeatTables(ctx context.Context, network, userID string) ([]Table, error) {
	keys, _, err := e.seatIndex(ctx, network, userID)
	if err != nil {
		return nil, err
	}
	tables := make([]Table, 0, len(keys))
	for _, key := range keys {
		if table, err := ParseTable(key); err == nil {
			tables = append(tables, table)
		}
	}
	return tables, nil
}

// A CommandCheck weighs each command said at a table. Before runs before
// the command does, After once it ran and before its table is saved. An
// error from either refuses the command: nothing it did is saved (no game
// begins, no id is taken) and the error is the speaker's reply. Either
// may be nil.
type CommandCheck struct {
	Before func(ctx context.Context, c *Checked) error
	After  func(ctx context.Context, c *Checked) error
}

// Checked is a command at a table as a CommandCheck sees it.
type Checked struct {
	Message        // as said
	Verb    string // its verb, lower case as typed
	Admin   bool   // the speaker is one of the configured admins
	// Table is where the command runs: the game's own table when it is
	// said through a window on it, or joins a game hosted elsewhere.
	Table Table
	// Was is the speaker's stake at Table before the command, and Now
	// after it (Was, before it ran). Changed: the command changed the
	// table (false before it ran).
	Was, Now Stake
	Changed  bool
}

// AddCheck puts c on every command said at a table. Checks run in the
// order added, until one refuses. Call it before the first Handle.
func (h *hooks) AddCheck(c CommandCheck) { h.guards.checks = append(h.guards.checks, c) }

// checkBefore runs the checks' Before on a command about to run in t; it
// returns what After will be given (nil: no checks).
func (h *hooks) checkBefore(ctx context.Context, t *tx, m Message, verb string) (*Checked, error) {
	if len(h.guards.checks) == 0 {
		return nil, nil
	}
	was := t.stakeOf(m.UserID)
	c := &Checked{Message: m, Verb: verb, Admin: h.b.isAdmin(m), Table: t.table, Was: was, Now: was}
	for _, ch := range h.guards.checks {
		if ch.Before == nil {
			continue
		}
		if err := ch.Before(ctx, c); err != nil {
			return c, err
		}
	}
	return c, nil
}

// checkAfter runs the checks' After on a command that ran in t; c is what
// checkBefore returned.
func (h *hooks) checkAfter(ctx context.Context, t *tx, c *Checked) error {
	if c == nil {
		return nil
	}
	c.Table, c.Now, c.Changed = t.table, t.stakeOf(c.UserID), t.changed
	for _, ch := range h.guards.checks {
		if ch.After == nil {
			continue
		}
		if err := ch.After(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// checkJoined runs the checks' After on a join of a game hosted at t's
// table: the speaker held no seat there before.
func (h *hooks) checkJoined(ctx context.Context, t *tx, m Message, verb string) error {
	if len(h.guards.checks) == 0 {
		return nil
	}
	return h.checkAfter(ctx, t, &Checked{Message: m, Verb: verb, Admin: h.b.isAdmin(m), Table: t.table})
}
