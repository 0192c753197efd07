package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Hosting (the users' guide's host ID and join ID@HOSTNAME): a game opened
// at one table under an id can be joined from any other table, on any
// network served by bots sharing the store. The joining table becomes a
// window on the game: its record only links to the game's table, moves
// typed there reach the game, and every announcement goes to every window.

// validHostID is what an id may look like.
var validHostID = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,32}$`)

// hostKey is the store key of the table a game is hosted at.
func hostKey(id string) string { return "host:" + strings.ToLower(id) }

// hostedJoin reports whether p is "join ID[@WHERE]", and returns the id.
func hostedJoin(p parsed) (string, bool) {
	if p.cmd.Verb != "join" || len(p.cmd.Args) != 1 {
		return "", false
	}
	id, _, _ := strings.Cut(p.cmd.Args[0], "@")
	return id, true
}

// cmdHost opens the table's game under id: the speaker sits, the other seats
// wait for a join from any table.
func cmdHost(t *tx, c *Call) error {
	ctx, sp, args := t.ctx, c.sp, c.Args
	if len(args) != 1 || !validHostID.MatchString(args[0]) {
		return fmt.Errorf("%w: say host ID, with an id of letters, digits, -, _ or . (at most 32)", ErrBadCommand)
	}
	id := strings.ToLower(args[0])
	switch t.rec.Phase {
	case PhasePlaying:
		return fmt.Errorf("%w: a game is running here (%s); host opens a game before it begins", ErrBadCommand, t.seatList())
	case PhaseOver:
		if err := t.reset(t.rec, strings.ToLower(t.spec.Name), sp.Message); err != nil {
			return err
		}
		t.rec.Seats = freshSeats(len(t.rec.Seats))
		sp.seats = nil
	default:
		if err := t.guard(sp, "host this game"); err != nil {
			return err
		}
	}
	if _, open, err := t.b.opening(nil); err == nil {
		open(t) // the referees' defaults
	}
	if err := t.b.register(ctx, id, t.table); err != nil {
		return err
	}
	if !sp.seated() {
		me := t.rec.FirstOpen()
		if me < 0 {
			return fmt.Errorf("%w: every seat is taken (%s)", ErrBadCommand, t.seatList())
		}
		t.rec.Seats[me] = humanSeat(sp.Message)
	}
	t.rec.HostID, t.rec.Waiting, t.changed = id, true, true
	t.chat(fmt.Sprintf("%s %s as %s. From any channel, on any network this bot serves: say %sjoin %s.",
		subject(sp.Name, "hosts"), t.spec.Title, id, t.b.cfg.Prefix, id))
	return t.maybeBegin()
}

// register claims id for table: free ids, ids of finished games and the
// table's own id may be taken.
func (e *env) register(ctx context.Context, id string, table Table) error {
	for range maxAttempts {
		data, version, err := e.store.Load(ctx, hostKey(id))
		switch {
		case errors.Is(err, ErrNotFound):
			version = 0
		case err != nil:
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		case string(data) == table.Key():
			return nil
		default:
			if other, err := ParseTable(string(data)); err == nil && e.hosting(ctx, other, id) {
				return fmt.Errorf("%w: %s is already hosted elsewhere; choose another id", ErrBadCommand, id)
			}
		}
		_, err = e.store.Save(ctx, hostKey(id), []byte(table.Key()), version, true)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		return nil
	}
	return fmt.Errorf("%w: the id is busy, try again", ErrConflict)
}

// hosting reports whether table still hosts an unfinished game as id.
func (e *env) hosting(ctx context.Context, table Table, id string) bool {
	data, _, err := e.store.Load(ctx, table.Key())
	if err != nil {
		return !errors.Is(err, ErrNotFound) // unreadable: keep the id
	}
	rec, err := UnmarshalRecord(data)
	return err == nil && rec.HostID == id && rec.Phase != PhaseOver
}

// joinHosted seats the speaker in the game hosted as id, and makes their
// table a window on it.
func (b *Bot) joinHosted(ctx context.Context, here Table, m Message, id string) ([]Reply, txResult, error) {
	if !validHostID.MatchString(id) {
		return nil, txResult{}, fmt.Errorf("%w: say join ID or join ID@WHERE", ErrBadCommand)
	}
	id = strings.ToLower(id)
	data, _, err := b.store.Load(ctx, hostKey(id))
	if errors.Is(err, ErrNotFound) {
		return nil, txResult{}, fmt.Errorf("%w: no game is hosted as %s", ErrBadCommand, id)
	}
	if err != nil {
		return nil, txResult{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	hostTable, err := ParseTable(string(data))
	if err != nil {
		return nil, txResult{}, fmt.Errorf("%w: no game is hosted as %s", ErrBadCommand, id)
	}
	if hostTable == here {
		return b.transact(ctx, here, m, parsed{cmd: Command{Verb: "join"}, loud: true})
	}
	// The joining table: no game of its own may be running, and a game of
	// another kind there is refused.
	mine, err := b.load(ctx, here, m)
	if err != nil {
		return nil, txResult{}, err
	}
	if mine.table != here {
		return nil, txResult{spec: &mine.spec}, fmt.Errorf("%w: this channel already shows a game (%s); finish it first", ErrBadCommand, mine.spec.Title)
	}
	if mine.damaged != nil {
		// Replacing a damaged record by a window: the same rule as new.
		if err := mine.mayReplaceDamaged(mine.speaker(m)); err != nil {
			return nil, txResult{}, err
		}
	}
	if !mine.empty() && mine.rec.Phase != PhaseOver && mine.damaged == nil {
		return nil, txResult{spec: &mine.spec}, fmt.Errorf("%w: a game of %s is here (%s); finish it or say %snew first", ErrBadCommand, mine.spec.Title, mine.seatList(), b.cfg.Prefix)
	}
	var replies []Reply
	var res txResult
	t, err := b.update(ctx, hostTable, m, func(t *tx) error {
		t.replies = nil
		res.spec = &t.spec
		if t.empty() || t.rec.HostID != id || t.rec.Phase == PhaseOver {
			return fmt.Errorf("%w: no game is hosted as %s", ErrBadCommand, id)
		}
		if !mine.empty() && mine.rec.Phase != PhaseOver && !strings.EqualFold(mine.rec.Game, t.rec.Game) {
			return fmt.Errorf("%w: %s is a game of %s; this channel plays %s", ErrBadCommand, id, t.spec.Title, mine.spec.Title)
		}
		if t.rec.Phase != PhaseSetup {
			return fmt.Errorf("%w: the game hosted as %s has begun (%s)", ErrBadCommand, id, t.seatList())
		}
		sp := t.speaker(m)
		if sp.seated() {
			return fmt.Errorf("%w: you already play %s in %s", ErrBadCommand, t.spec.SeatName(sp.seats[0]), id)
		}
		t.expireInvites()
		seat := t.rec.FirstOpen()
		if seat < 0 {
			return fmt.Errorf("%w: the game hosted as %s is full (%s)", ErrBadCommand, id, t.seatList())
		}
		t.rec.Seats[seat] = humanSeat(m)
		t.rec.Seats[seat].Table = here.Key()
		if !slices.Contains(t.rec.Windows, here.Key()) {
			t.rec.Windows = append(t.rec.Windows, here.Key())
		}
		t.changed = true
		t.chat(fmt.Sprintf("%s %s as %s, from %s.", subject(m.Name, "joins"), id, t.spec.SeatName(seat), here.Channel))
		if err := t.maybeBegin(); err != nil {
			return err
		}
		if err := b.checkJoined(ctx, t, m, "join"); err != nil {
			return err
		}
		t.offerActions()
		return nil
	})
	if err != nil {
		return nil, res, err
	}
	// The joining table now links to the game.
	link := &Record{Schema: SchemaVersion, Game: t.rec.Game, Phase: PhaseSetup, UndoBy: -1, Link: hostTable.Key(), State: []byte("null"), Updated: b.clock.Now().UTC()}
	data, err = MarshalRecord(link)
	if err == nil {
		_, err = b.store.Save(ctx, here.Key(), data, mine.version, true)
	}
	b.records.drop(here.Key()) // the table now shows the game elsewhere
	if err != nil {
		b.log.Warn("linking a window", "table", here.Key(), "game", hostTable.Key(), "err", err)
		return nil, res, fmt.Errorf("%w: you are seated, but this channel could not show the game; say join %s again", ErrUnavailable, id)
	}
	replies = t.replies
	res.table, res.aiNext = hostTable, aiToAct(t)
	return replies, res, nil
}
