package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// IsHostVerb reports whether w is a name of one of the core's own
// commands (coreCommands), which every table has: a kind must not
// declare it.
func IsHostVerb(w string) bool {
	for _, c := range (&Bot{}).coreCommands() { // the list alone: no handler runs
		if slices.ContainsFunc(c.Names(), func(n string) bool { return strings.EqualFold(n, w) }) {
			return true
		}
	}
	return false
}

// parsed is a message read as a command.
type parsed struct {
	kind   string // a kind named before the verb ("!guess start"), lower case
	target string // a table named first in a private message ("#games ready")
	cmd    Command
	loud   bool // an unknown verb deserves an answer
}

// parse finds the command in a message from its text alone, before any
// storage is touched: a message that is not ours (another bot's
// "!weather") is not ours whatever the table holds.
func (b *Bot) parse(m Message) (p parsed, ours bool, err error) {
	text := strings.TrimSpace(m.Text)
	prefixed := strings.HasPrefix(text, b.cfg.Prefix)
	if prefixed {
		text = strings.TrimSpace(text[len(b.cfg.Prefix):])
	} else if !m.Addressed {
		return p, false, nil
	}
	fields := strings.Fields(text)
	if m.Private && len(fields) > 0 {
		if ch, ok := channelRef(fields[0]); ok {
			p.target, fields = ch, fields[1:]
		}
	}
	if len(fields) == 0 {
		return p, false, nil
	}
	p.loud = m.Addressed
	if _, ok := b.kinds[strings.ToLower(fields[0])]; ok {
		p.kind, fields, p.loud = strings.ToLower(fields[0]), fields[1:], true
		if len(fields) == 0 {
			fields = []string{"help"}
		}
	}
	verb := strings.ToLower(fields[0])
	known := b.ours(verb)
	if !p.loud && !known {
		return p, false, nil
	}
	if len(text) > maxTextLen || !utf8.ValidString(text) {
		return p, true, fmt.Errorf("%w: message too long or not text", ErrBadCommand)
	}
	if !known {
		// Said to the bot, yet no command of ours: told so from the text,
		// whatever the table holds and whether or not the store answers.
		return p, true, fmt.Errorf("%w: unknown command %q; say %shelp for the list", ErrBadCommand, cut(verb, 20), b.cfg.Prefix)
	}
	p.cmd = Command{Verb: verb, Args: fields[1:]}
	return p, true, nil
}

// textSpec is the kind whose voice refuses a line read from its text
// alone, before any table is loaded: the kind it names, else the default
// kind (what a table with no game holds).
func (e *env) textSpec(p parsed) *Spec {
	name := p.kind
	if name == "" {
		name = e.cfg.DefaultKind
	}
	s := e.specs[name]
	return &s
}

// ours reports whether verb is a command of the host or of any kind.
func (b *Bot) ours(verb string) bool {
	if _, ok := b.commands.byName[verb]; ok {
		return true
	}
	for _, s := range b.specs {
		if _, ok := s.Command(verb); ok {
			return true
		}
		if s.BareMove != nil && s.BareMove(verb) {
			return true
		}
	}
	return false
}

// channelRef reads a table named at the start of a private message:
// "#games", or Discord's "<#1234>".
func channelRef(w string) (string, bool) {
	if id, ok := strings.CutPrefix(w, "<#"); ok && strings.HasSuffix(id, ">") && len(id) > 1 {
		return strings.TrimSuffix(id, ">"), true
	}
	if strings.HasPrefix(w, "#") && len(w) > 1 {
		return strings.ToLower(w), true
	}
	return "", false
}

// seatIndexKey is the store key listing the tables where a user was seated.
func seatIndexKey(network, userID string) string { return "seats:" + network + ":" + userID }

// route chooses the table a command is for: the channel it was said in; for
// a private message, the table where the speaker holds a seat in an
// unfinished game (the one named, when there are several), else the
// private query itself.
func (b *Bot) route(ctx context.Context, m Message, p parsed) (Table, error) {
	if !m.Private {
		return m.Table(), nil
	}
	if p.target == "" && (p.cmd.Verb == "start" || p.cmd.Verb == "new" || p.cmd.Verb == "clear") {
		return m.Table(), nil // a game of one's own in the query
	}
	keys, _, err := b.seatIndex(ctx, m.Network, m.UserID)
	if err != nil {
		return Table{}, err
	}
	var seated []Table
	for _, key := range keys {
		table, err := ParseTable(key)
		if err != nil || table.IsQuery() {
			continue
		}
		t, err := b.load(ctx, table, m)
		if err != nil {
			return Table{}, err
		}
		if t.damaged == nil && !t.empty() && t.rec.Phase != PhaseOver && len(t.rec.SeatsOf(m.UserID)) > 0 {
			seated = append(seated, table)
		}
	}
	if p.target != "" {
		for _, table := range seated {
			if strings.EqualFold(table.Channel, p.target) {
				return table, nil
			}
		}
		return Table{}, fmt.Errorf("%w: you hold no seat in a game at %s", ErrNotSeated, cut(p.target, 40))
	}
	switch len(seated) {
	case 0:
		return m.Table(), nil
	case 1:
		return seated[0], nil
	}
	var names []string
	for _, t := range seated {
		names = append(names, t.Channel)
	}
	return Table{}, fmt.Errorf("%w: you play at %s; name the table first, like: %s %s", ErrBadCommand,
		strings.Join(names, ", "), names[0], p.cmd.Verb)
}

// seatIndex reads the tables listed for a user.
func (e *env) seatIndex(ctx context.Context, network, userID string) ([]string, uint64, error) {
	data, version, err := e.store.Load(ctx, seatIndexKey(network, userID))
	if errors.Is(err, ErrNotFound) {
		return nil, 0, nil
	}
	if errors.Is(err, ErrDamaged) {
		// version is DamagedVersion: the next save replaces it.
		e.log.Error("seat index unreadable; starting it again", "key", seatIndexKey(network, userID), "err", err)
		return nil, version, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var keys []string
	if err := json.Unmarshal(data, &keys); err != nil {
		e.log.Warn("seat index unreadable; starting it again", "user", userID, "err", err)
		return nil, version, nil
	}
	return keys, version, nil
}

// maxIndexed is the most tables kept in a user's seat index.
const maxIndexed = 32

// indexSeats lists a saved table under each person seated at it whose
// seat is new, so that their private commands find it.
func (b *Bot) indexSeats(ctx context.Context, t *tx) {
	if t.table.IsQuery() || t.rec.Phase == PhaseOver {
		return
	}
	for _, s := range t.rec.Seats {
		if s.Kind != SeatHuman || slices.Contains(t.holders, s.UserID) {
			continue
		}
		if err := b.addIndex(ctx, t.table, s.UserID); err != nil {
			b.log.Warn("indexing a seat", "table", t.table.Key(), "err", err)
		}
	}
}

func (e *env) addIndex(ctx context.Context, table Table, userID string) error {
	key := seatIndexKey(table.Network, userID)
	for range maxAttempts {
		keys, version, err := e.seatIndex(ctx, table.Network, userID)
		if err != nil {
			return err
		}
		if slices.Contains(keys, table.Key()) {
			return nil
		}
		keys = append(keys, table.Key())
		if len(keys) > maxIndexed {
			keys = keys[len(keys)-maxIndexed:]
		}
		data, _ := json.Marshal(keys)
		_, err = e.store.Save(ctx, key, data, version, true)
		if !errors.Is(err, ErrConflict) {
			return err
		}
	}
	return ErrConflict
}

// speaker is who said a command, resolved once against the table.
type speaker struct {
	Message
	seats []int // the seats they hold, in order
	admin bool
}

func (t *tx) speaker(m Message) speaker {
	return speaker{Message: m, seats: t.rec.SeatsOf(m.UserID), admin: t.b.isAdmin(m)}
}

// isAdmin reports whether the speaker of m is one of the configured
// admins (a user id, or network:id).
func (e *env) isAdmin(m Message) bool {
	return m.UserID != "" && slices.ContainsFunc(e.cfg.Admins, func(a string) bool { return a == m.UserID || a == m.Network+":"+m.UserID })
}

// seated reports whether the speaker holds a seat.
func (sp speaker) seated() bool { return len(sp.seats) > 0 }

// seat is the speaker's seat for an act: the first they hold that owes
// one, else the first they hold, else -1.
func (sp speaker) seat(pending []int) int {
	for _, s := range sp.seats {
		if slices.Contains(pending, s) {
			return s
		}
	}
	if len(sp.seats) > 0 {
		return sp.seats[0]
	}
	return -1
}

func (sp speaker) user() User { return User{ID: sp.UserID, Name: sp.Name} }

// alone finds the command table's entry for p when it is about no table:
// not when the kind p names declares a command of that name itself and
// the entry yields to it.
func (b *Bot) alone(p parsed) (*HostCommand, bool) {
	hc, ok := b.commands.lookup(p.cmd.Verb)
	if !ok || hc.Alone == nil {
		return nil, false
	}
	if hc.Yields && p.kind != "" {
		if _, own := b.specs[p.kind].Command(p.cmd.Verb); own {
			return nil, false
		}
	}
	return hc, true
}
