package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
)

// What a package beside the core needs to run games of its own: the
// host's configuration and store, tables it opens with seats it names,
// AI turns it plays itself, games it ends, owed-work marks it keeps, and
// tables it plays away from any chat.

// ErrTableBusy: the table holds another game, one that still needs it.
var ErrTableBusy = errors.New("the table is busy")

// Config is the host's configuration, with its defaults filled in.
func (e *env) Config() Config { return e.cfg }

// Store is the store the host keeps its tables in.
func (e *env) Store() Store { return e.store }

// Clock is the host's clock.
func (e *env) Clock() Clock { return e.clock }

// Logger is the host's log.
func (e *env) Logger() *slog.Logger { return e.log }

// NewGameID returns a fresh archive id for a game, as a game that begins
// gets one.
func (e *env) NewGameID(ctx context.Context) (string, error) {
	a := e.archive()
	if a == nil {
		return "", fmt.Errorf("%w: this bot keeps no archive of games", ErrBadCommand)
	}
	return nextGameID(ctx, a)
}

// GameRef names game id as the begin and end lines do: "game 3k", with
// its page when the web view's public address is configured.
func (e *env) GameRef(id string) string { return e.gameRef(id) }

// AISeat reads ai, ai:LEVEL or ai:PROGRAM as a seat of spec's game: ok is
// false when w names no AI at all, err says why one it names cannot play.
func (e *env) AISeat(spec Spec, w string) (seat Seat, ok bool, err error) { return e.aiSeatOf(spec, w) }

// Printable reports whether s has no control characters.
func Printable(s string) bool { return printable(s) }

// Cut shortens s to at most n bytes at a character boundary, marking the
// cut with "...".
func Cut(s string, n int) string { return cut(s, n) }

// Plural is n and noun, with an s unless n is 1: "1 game", "3 games".
func Plural(n int, noun string) string { return plural(n, noun) }

// Opening is a game OpenGame puts at a table.
type Opening struct {
	Kind  string       // the kind's name, lower case
	Seats []Seat       // who plays, in seat order
	Clock *TimeControl // nil: untimed
	ID    string       // its archive id, given before it is made
}

// OpenGame puts game o at table and begins it, unless the game with o's
// id is there already (then it returns no replies); ErrTableBusy when the
// table holds a game that is not Vacant, or a record that cannot be read
// (at a table an owner claimed with OwnTables, such a record is
// replaced). It returns what the table is told; the caller tells it, then
// calls StartAI, so that an AI that moves first speaks after the game's
// announcement.
func (b *Bot) OpenGame(ctx context.Context, table Table, o Opening) ([]Reply, error) {
	m := Message{Network: table.Network, Channel: table.Channel}
	_, owned := b.tableOwner(table)
	t, err := b.update(ctx, table, m, func(t *tx) error {
		t.replies = nil
		var old *Record
		switch {
		case !t.empty() && t.damaged == nil && t.rec.ID == o.ID:
			return nil // made already
		case t.damaged != nil && !owned:
			return ErrTableBusy
		case !t.empty() && t.damaged == nil:
			if !t.rec.Vacant() {
				return ErrTableBusy
			}
			old = t.rec
		}
		if err := t.reset(old, o.Kind, m); err != nil {
			return err
		}
		t.rec.Seats = slices.Clone(o.Seats)
		t.rec.Clock = nil
		if o.Clock != nil {
			t.rec.Clock = &GameClock{Control: *o.Clock} // set running when play begins
		}
		t.rec.ID = o.ID
		return t.begin()
	})
	if err != nil {
		return nil, err
	}
	return t.replies, nil
}

// StartAI sets the AI to play at table, as after any command, if it owes
// an action there: a caller of OpenGame calls it once the table has been
// told the game began. It does nothing at a table an owner claimed (the
// owner plays its AI turns with PlayAITurn) or without a Sender (the next
// command at the table plays it).
func (b *Bot) StartAI(ctx context.Context, table Table) error {
	if _, owned := b.tableOwner(table); owned || b.sender == nil {
		return nil
	}
	t, err := b.load(ctx, table, Message{Network: table.Network, Channel: table.Channel})
	if err != nil {
		return err
	}
	if !t.empty() && t.damaged == nil && aiToAct(t) {
		b.scheduleAI(table)
	}
	return nil
}

// EndGame ends game id at table with res, announced as text, and drops
// any draw or undo offer; it does nothing when the table holds another
// game or the game is over. It returns what the table is told, addressed.
func (b *Bot) EndGame(ctx context.Context, table Table, id string, res Result, text string) ([]Reply, error) {
	none := Message{Network: table.Network, Channel: table.Channel}
	t, err := b.update(ctx, table, none, func(t *tx) error {
		t.replies = nil
		if t.empty() || t.damaged != nil || t.rec.ID != id || t.rec.Phase == PhaseOver {
			return nil
		}
		t.rec.DrawBy, t.rec.DrawAt, t.rec.UndoBy = 0, time.Time{}, -1
		t.end(res, text)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return b.finish(none, table, t.replies), nil
}

// PlayAITurn makes one AI action at table if an AI owes one, saved;
// more reports whether it did (so another may follow). It returns what
// the table is told, addressed.
func (a *aiWork) PlayAITurn(ctx context.Context, table Table) (replies []Reply, more bool, err error) {
	return a.aiTurn(ctx, table)
}

// TableRecord reads the record at table (nil when the table is empty or
// its record cannot be read) and whether it leaves the host work to do
// later: an AI to act, a challenge to expire, a clock to watch.
func (b *Bot) TableRecord(ctx context.Context, table Table) (rec *Record, owes bool, err error) {
	t, err := b.load(ctx, table, Message{Network: table.Network, Channel: table.Channel})
	if err != nil {
		return nil, false, err
	}
	if t.empty() || t.damaged != nil {
		return nil, false, nil
	}
	return t.rec, t.owesWork(), nil
}

// Claim marks table as having its AI actions played by the caller in
// this process; false when something here plays them already. Release
// ends the claim.
func (a *aiWork) Claim(table Table) bool { return a.claim(table.Key()) }

// Release ends a Claim.
func (a *aiWork) Release(table Table) { a.release(table.Key()) }

// Say sends replies at table through the Sender given to Async,
// addressed as a command's are; without a Sender nothing is sent.
func (b *Bot) Say(ctx context.Context, table Table, replies []Reply) error {
	if len(replies) == 0 || b.sender == nil {
		return nil
	}
	none := Message{Network: table.Network, Channel: table.Channel}
	return b.sender.Send(ctx, b.finish(none, table, replies))
}

// Go runs f on a goroutine of the host's: its ctx is done when Close is
// called, and Close waits for it. It returns false, running nothing,
// once the host is closed.
func (a *aiWork) Go(f func(ctx context.Context)) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.ctx.Err() != nil {
		return false
	}
	a.workers.Add(1)
	go func() {
		defer a.workers.Done()
		f(a.ctx)
	}()
	return true
}

// owedOwner is who resumes the owed-work marks under a key prefix that
// names no table.
type owedOwner struct {
	prefix string
	resume func(ctx context.Context, key, network string) error
}

// OwnOwed hands the owed-work marks whose key begins with prefix (keys
// that are not tables) to resume: Resume calls it with each such key and
// its network instead of reading the key as a table. Call it before the
// first Resume.
func (h *hooks) OwnOwed(prefix string, resume func(ctx context.Context, key, network string) error) {
	h.owedOwners = append(h.owedOwners, owedOwner{prefix: prefix, resume: resume})
}

// owedOwnerOf finds who owns the owed mark key.
func (h *hooks) owedOwnerOf(key string) (owedOwner, bool) {
	for _, o := range h.owedOwners {
		if strings.HasPrefix(key, o.prefix) {
			return o, true
		}
	}
	return owedOwner{}, false
}

// OwnedTables are tables a caller plays itself, away from any chat: the
// tables whose channel begins with Prefix, a channel no network has.
// Nothing said at them is sent; Resume hands their owed marks to Sweep
// (which clears what nothing owes) instead of playing their AI; Name
// says how a view names where such a table's game is played ("" for no
// place).
type OwnedTables struct {
	Prefix string
	Sweep  func(ctx context.Context, table Table)
	Name   func(table Table) string
}

// OwnTables claims the tables of o. Call it before the first Handle.
func (h *hooks) OwnTables(o OwnedTables) { h.ownedTables = append(h.ownedTables, o) }

// tableOwner finds who claimed table.
func (h *hooks) tableOwner(table Table) (OwnedTables, bool) {
	for _, o := range h.ownedTables {
		if strings.HasPrefix(table.Channel, o.Prefix) {
			return o, true
		}
	}
	return OwnedTables{}, false
}

// OwnedTableName reports whether an owner claimed table (OwnTables), and
// how views name where its game is played.
func (h *hooks) OwnedTableName(table Table) (name string, owned bool) {
	o, ok := h.tableOwner(table)
	if !ok {
		return "", false
	}
	if o.Name != nil {
		name = o.Name(table)
	}
	return name, true
}

// hushOwned is the Sender the host uses: what is said at an owned table
// goes nowhere (no chat has its channel).
type hushOwned struct {
	Sender
	b *Bot
}

func (q hushOwned) Send(ctx context.Context, replies []Reply) error {
	owned := func(r Reply) bool { _, ok := q.b.tableOwner(r.To); return ok }
	if !slices.ContainsFunc(replies, owned) {
		return q.Sender.Send(ctx, replies) // the usual case: copy nothing
	}
	out := slices.DeleteFunc(slices.Clone(replies), owned)
	if len(out) == 0 {
		return nil
	}
	return q.Sender.Send(ctx, out)
}
