package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Config is the bot's behaviour that an operator sets.
type Config struct {
	Prefix       string        // command prefix in channels; default "!"
	Admins       []string      // user ids (or network:id) that may abandon any game
	DefaultLevel int           // AI level for "ai" without a number; default 3
	MaxLevel     int           // highest AI level accepted; default 10
	ChallengeTTL time.Duration // how long a named challenge waits; default 5m
	UndoWindow   time.Duration // how long an undo request waits for consent; default 60s
	DrawWindow   time.Duration // how long a draw offer stands; default 5m
	// IdleAfter is how long a table may go without an action before
	// anyone may abandon its game or take a silent player's seat; default
	// 24h, negative: never.
	IdleAfter time.Duration
	// StartAgainstAI makes start give the open seats to the AI, as the
	// users' guide's console does (start plays the opponent); in chat,
	// open seats wait for a join.
	StartAgainstAI bool
	// Rules are the rule sets of new games by kind name ("" or absent:
	// the kind's default).
	Rules map[string]string
	// DefaultKind is the kind of a table opened without naming one
	// ("!start"); default: the first kind given to New.
	DefaultKind string
	// Archive turns on the archive, when the store has one (every store
	// here does): each game that begins gets an id, shown when it begins
	// and ends; finished games are kept for good (history, game, export)
	// and rated (rating, top). Off: the archive commands say this bot
	// keeps no archive.
	Archive bool
	// PublicURL is where the bot's web view is seen from outside
	// ("https://games.example.org"): the lines that say a game's id link
	// to its page, PublicURL/games/ID. "": no links.
	PublicURL string
	// Searchers is how many AI searches run at once (when the bot
	// delivers AI moves through a Sender); others wait their turn.
	// Default: the number of CPUs.
	Searchers int
	// RecordCache is how many tables' records the host keeps in memory
	// after it saved or read them, so that a command that changes the
	// game saves at once (compare-and-set on the version it knows)
	// instead of reading the record first; a command that only reads
	// checks the version with the store. Default 10,000 (a record is
	// about 1 KB); negative: none.
	RecordCache int
}

func (c Config) withDefaults() Config {
	if c.Prefix == "" {
		c.Prefix = "!"
	}
	if c.DefaultLevel == 0 {
		c.DefaultLevel = 3
	}
	if c.MaxLevel == 0 {
		c.MaxLevel = 10
	}
	if c.ChallengeTTL == 0 {
		c.ChallengeTTL = 5 * time.Minute
	}
	if c.DrawWindow == 0 {
		c.DrawWindow = 5 * time.Minute
	}
	if c.UndoWindow == 0 {
		c.UndoWindow = 60 * time.Second
	}
	if c.RecordCache == 0 {
		c.RecordCache = 10000
	}
	if c.Searchers <= 0 {
		c.Searchers = runtime.NumCPU()
	}
	if c.IdleAfter == 0 {
		c.IdleAfter = 24 * time.Hour
	}
	return c
}

// Bot is the game host. It keeps no game in memory: every command loads
// the table's record and saves it back. Its parts are types of their own,
// embedded so that their methods are the host's; what happens at one
// loaded table is its transaction's (tx).
type Bot struct {
	env      // what it was given: config, store, clock, kinds, log
	aiWork   // the AI's turns, inline or by workers (aiwork.go)
	referees // told of tables' moments (referee.go)
	hooks    // gates, checks, subscribers and owners the wiring attached (hooks.go)

	pictures pictureCache // recent boards as PNGs (picture.go)
	records  recordCache  // recent tables' records (recordcache.go)

	commands commandTable // the host's commands (registry.go)
}

// env is what the host is given: its configuration, store, clock, kinds
// and log, and what they answer alone.
type env struct {
	cfg   Config
	store Store
	clock Clock
	kinds map[string]Kind
	specs map[string]Spec
	order []string // kind names as given
	log   *slog.Logger
}

// New returns a bot hosting kinds, keeping games in store.
func New(cfg Config, store Store, clock Clock, kinds []Kind, log *slog.Logger) (*Bot, error) {
	if clock == nil {
		clock = SystemClock{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("%w: no game kinds", ErrBadCommand)
	}
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	b := &Bot{env: env{cfg: cfg, store: store, clock: clock, log: log, kinds: map[string]Kind{}, specs: map[string]Spec{}},
		aiWork: aiWork{slots: make(chan struct{}, cfg.Searchers), ctx: ctx, stopAll: cancel, running: map[string]*worker{}}}
	b.aiWork.b, b.hooks.b = b, b
	for _, k := range kinds {
		spec := k.Spec()
		name := strings.ToLower(spec.Name)
		if err := checkSpec(spec); err != nil {
			cancel()
			return nil, err
		}
		if _, dup := b.kinds[name]; dup || IsHostVerb(name) {
			cancel()
			return nil, fmt.Errorf("%w: kind %q given twice or named like a host command", ErrBadCommand, name)
		}
		b.kinds[name], b.specs[name] = k, spec
		b.order = append(b.order, name)
	}
	if b.cfg.DefaultKind == "" {
		b.cfg.DefaultKind = b.order[0]
	}
	if _, ok := b.kinds[strings.ToLower(b.cfg.DefaultKind)]; !ok {
		cancel()
		return nil, fmt.Errorf("%w: default kind %q is not hosted", ErrBadCommand, b.cfg.DefaultKind)
	}
	b.cfg.DefaultKind = strings.ToLower(b.cfg.DefaultKind)
	b.commands.byName = map[string]int{}
	if err := b.Register(b.coreCommands()...); err != nil {
		cancel()
		return nil, err
	}
	b.pictures.max = pictureCacheSize
	b.records.max = b.cfg.RecordCache
	return b, nil
}

func checkSpec(s Spec) error {
	if s.Name == "" || strings.ContainsAny(s.Name, " \t") || len(s.Seats) < 1 {
		return fmt.Errorf("%w: kind %q needs a one-word name and seats", ErrBadCommand, s.Name)
	}
	for _, c := range s.Commands {
		for _, n := range c.Names() {
			if IsHostVerb(n) {
				return fmt.Errorf("%w: kind %s command %q is a host command", ErrBadCommand, s.Name, n)
			}
		}
	}
	return nil
}

// Kinds returns the specs of the hosted kinds, in the order given to New.
func (e *env) Kinds() []Spec {
	out := make([]Spec, 0, len(e.order))
	for _, n := range e.order {
		out = append(out, e.specs[n])
	}
	return out
}

// Prefix is the command prefix in channels.
func (e *env) Prefix() string { return e.cfg.Prefix }

// Close stops every AI search and waits for them.
func (b *Bot) Close() {
	b.mu.Lock()
	b.stopAll()
	b.mu.Unlock()
	b.closeReferees()
	b.workers.Wait()
}

const (
	maxTextLen  = 2000 // longer messages are refused, not parsed (a saved game fits)
	maxAttempts = 8    // compare-and-set retries of one command
	maxAIPlies  = 2000
)

// Handle runs one chat message and returns what to say. Messages that are
// not for the bot return nothing and touch no storage. Handle is safe for
// concurrent use: two messages for one table are serialised by the
// store's compare-and-set.
//
// On an Async bot the AI's reply to the command may be sent before the
// caller sends the replies Handle returns; adapters use Respond, which
// orders them.
func (b *Bot) Handle(ctx context.Context, m Message) (out []Reply) {
	b.Respond(ctx, m, func(rs []Reply) { out = rs })
	return out
}

// Respond runs one chat message as Handle does and hands what to say to
// deliver, before it starts the AI's reply to the command: on an Async
// bot a channel then reads a player's move, and the board it made,
// before the AI's answer to it, however the goroutines run. deliver
// should queue or send the replies before it returns. Respond is safe for
// concurrent use.
func (b *Bot) Respond(ctx context.Context, m Message, deliver func([]Reply)) {
	then := func() {}
	deliver(b.handle(ctx, m, &then))
	then()
}

// Responder is a handler that orders a command's replies before the AI's
// reply to it (see Bot.Respond).
type Responder interface {
	Respond(ctx context.Context, m Message, deliver func([]Reply))
}

// Answer runs m through h and hands the replies to deliver: through
// Respond where h is a Responder (so they go before the AI's reply to
// them), else through Handle.
func Answer(ctx context.Context, h interface {
	Handle(context.Context, Message) []Reply
}, m Message, deliver func([]Reply)) {
	if r, ok := h.(Responder); ok {
		r.Respond(ctx, m, deliver)
		return
	}
	deliver(h.Handle(ctx, m))
}

// handle runs one chat message and returns what to say, setting *then to
// what to do once it is said (start the AI's reply on an Async bot).
func (b *Bot) handle(ctx context.Context, m Message, then *func()) (out []Reply) {
	p, ok, err := b.parse(m)
	if !ok {
		return nil
	}
	if drop, notice := b.gate(ctx, m); drop {
		return b.finish(m, Table{}, notice)
	}
	var res txResult
	defer b.commandDone(ctx, m, p, &res, &err, time.Now(), &out)
	if err != nil {
		res.spec = b.textSpec(p) // refused from the text: in the voice of the kind named, or the default
		return b.finish(m, Table{}, []Reply{b.refusal(m, res.spec, err)})
	}
	if hc, ok := b.alone(p); ok {
		c := Call{Message: m, Verb: p.cmd.Verb, Args: p.cmd.Args, Kind: p.kind, sp: speaker{Message: m, admin: b.isAdmin(m)}}
		err = hc.permitted(&c, c.sp.admin)
		var rs []Reply
		if err == nil {
			rs, err = hc.Alone(ctx, &c)
		}
		return b.tableless(m, rs, err)
	}
	table, err := b.route(ctx, m, p)
	if err != nil {
		return b.finish(m, m.Table(), []Reply{b.refusal(m, nil, err)})
	}
	var replies []Reply
	if hosted, ok := hostedJoin(p); ok {
		replies, res, err = b.joinHosted(ctx, table, m, hosted)
	} else {
		replies, res, err = b.transact(ctx, table, m, p)
		for waits := 0; err != nil && b.typeAhead(ctx, m, table, res, err, waits); waits++ {
			replies, res, err = b.transact(ctx, table, m, p) // the AI has moved: the line's turn may have come
		}
	}
	if err != nil {
		return b.finish(m, table, append(res.flagged, b.refusal(m, res.spec, err)))
	}
	game := table // where the game is: a window's game is elsewhere
	if res.table != (Table{}) {
		game = res.table
	}
	if b.sender != nil {
		if res.gameChanged {
			b.cancelAI(game.Key()) // a resign, new or undo stops the search
		}
		if res.aiNext {
			*then = func() { b.scheduleAI(game) }
		}
	} else if res.aiNext {
		if b.claim(game.Key()) {
			replies = append(replies, b.aiTurns(ctx, game)...)
			b.release(game.Key())
		}
	}
	return b.finish(m, table, replies)
}

// tableless addresses the answer to a command of no table (one
// registered Alone): a refusal, or replies where it was said, a long
// listing to the asker.
func (b *Bot) tableless(m Message, rs []Reply, err error) []Reply {
	if err != nil {
		rs = []Reply{b.refusal(m, nil, err)}
	}
	for i := range rs {
		if rs[i].Mono && rs[i].User.ID == "" {
			rs[i].User = User{ID: m.UserID, Name: m.Name} // a long listing goes to the asker
		}
	}
	return b.finish(m, m.Table(), rs)
}

// finish addresses every reply: a public reply goes to its table's
// channel (a query's "channel" is its owner, privately), a private one
// to its user; a long listing in a channel goes to the asker.
func (b *Bot) finish(m Message, table Table, rs []Reply) []Reply {
	if table == (Table{}) {
		table = m.Table()
	}
	for i := range rs {
		r := &rs[i]
		if r.To == (Table{}) {
			r.To = table
		}
		if r.Private {
			continue
		}
		switch {
		case r.To.IsQuery():
			r.Private = true
			if r.User.ID == "" {
				r.User = User{ID: strings.TrimPrefix(r.To.Channel, "query:")}
				if r.User.ID == m.UserID {
					r.User.Name = m.Name
				}
			}
		case r.Error && m.Private:
			r.Private, r.User = true, User{ID: m.UserID, Name: m.Name}
		case r.Mono && m.Caps.MaxLines > 0 && strings.Count(r.Text, "\n")+1 > m.Caps.MaxLines && r.User.ID == m.UserID && m.UserID != "":
			r.Private, r.User = true, User{ID: m.UserID, Name: m.Name} // a long listing asked for
		}
	}
	return rs
}

// tx is one attempt at a command: the loaded record and decoded state.
type tx struct {
	b       *Bot // the host: its config, clock and kinds
	ctx     context.Context
	table   Table
	kind    Kind
	spec    Spec
	rec     *Record
	st      State
	version uint64
	changed bool
	replies []Reply
	cached  bool  // loaded from the record cache, not the store
	damaged error // the stored record could not be decoded
	// wreck is the damaged record as far as it could be read (its seats
	// and time), nil when not even that: who may replace it.
	wreck   *Record
	holders []string // who held human seats when it was loaded
	stale   bool     // a window whose game ended: no game, but a record to replace
	ended   bool     // this transaction ended the game: archive it once saved
	begun   bool     // this transaction began play (told once saved)
	dropped bool     // this transaction abandoned a running game for a fresh one
	moved   []move   // the actions it made, told once saved
	// over is the finished game the table held when loaded (nil if none):
	// archived again (idempotently) when a fresh game replaces it, in
	// case the process stopped between its save and its archiving.
	over *Record
	// flagged is what claiming a fallen flag said, before the command
	// ran on the finished game.
	flagged []Reply
}

// empty reports whether the table holds no game (its record, if any, is a
// link to a game that has ended).
func (t *tx) empty() bool { return t.version == 0 || t.stale }

// say tells the table's channel text, in the kind's voice.
func (t *tx) say(a Announcement) {
	if v, ok := t.kind.(Voice); ok {
		a.Seats = t.spec.Seats
		a.Text = v.Phrase(a)
	}
	if a.Text != "" {
		t.replies = append(t.replies, Reply{Text: a.Text, To: t.table})
	}
}

// chat says a line about seats and settings.
func (t *tx) chat(text string) { t.say(Announcement{Topic: TopicChatter, Text: text}) }

// tell says r to one user privately.
func (t *tx) tell(u User, r Reply) {
	r.Private, r.User, r.To = true, u, t.table
	t.replies = append(t.replies, r)
}

// tellSeat says r privately to the person in seat, on the network they
// play from.
func (t *tx) tellSeat(seat int, r Reply) {
	s := t.rec.Seats[seat]
	t.tell(seatUser(s), r)
	if home, err := ParseTable(s.Table); err == nil && s.Table != "" {
		t.replies[len(t.replies)-1].To = home
	}
}

// fanOut copies every reply for the game's table to the other tables that
// show the game.
func (t *tx) fanOut() {
	if len(t.rec.Windows) == 0 {
		return
	}
	var out []Reply
	for _, r := range t.replies {
		out = append(out, r)
		if r.Private || r.To != t.table {
			continue
		}
		for _, w := range t.rec.Windows {
			if win, err := ParseTable(w); err == nil {
				c := r
				c.To, c.Actions = win, r.Actions
				out = append(out, c)
			}
		}
	}
	t.replies = out
}

// txResult says what a saved command did.
type txResult struct {
	aiNext      bool // the saved game has an AI to act
	gameChanged bool // the game, its phase or its seats changed
	spec        *Spec
	table       Table   // where the game is (a window's game is elsewhere)
	flagged     []Reply // a flag claimed before a command that was refused
}

// update loads table, runs fn and saves, retrying from the load when
// another command saved first. fn reports changes by setting t.changed.
func (b *Bot) update(ctx context.Context, table Table, m Message, fn func(t *tx) error) (*tx, error) {
	var flagged []Reply
	cached := true // the first attempt may work from the cached record
	for attempt := 0; attempt < maxAttempts; attempt++ {
		t, err := b.loadTx(ctx, table, m, cached)
		if err != nil {
			return nil, err
		}
		cached = true
		t.ctx = ctx
		if b.judged(t) {
			// A referee ended the game before this command, which meets
			// it over.
			t.offerActions() // a finished game's buttons, as any ending has
			t.fanOut()
			err := b.save(ctx, t)
			if errors.Is(err, ErrConflict) {
				continue
			}
			if err != nil {
				return t, err
			}
			flagged = append(flagged, t.replies...)
			continue
		}
		t.flagged = flagged
		if t.rec != nil && t.rec.Phase == PhaseOver && t.rec.ID != "" && t.damaged == nil && !t.stale {
			over := *t.rec
			t.over = &over
		}
		if err := fn(t); err != nil {
			if t.cached {
				if ok, cerr := b.confirm(ctx, t); cerr != nil {
					return nil, cerr // as when the load fails
				} else if !ok {
					cached = false
					continue // refused on an old record: ask again on the stored one
				}
			}
			return t, err
		}
		if b.archive() != nil && t.changed && t.rec != nil && t.rec.Phase != PhaseSetup && t.rec.ID == "" && t.rec.Began.IsZero() && t.rec.Link == "" {
			// Play began without begin (a live kind's table): the game
			// gets its id and start time here.
			t.rec.Began = b.clock.Now().UTC()
			if err := t.assignID(); err != nil {
				return t, err
			}
		}
		t.fanOut()
		if !t.changed {
			if t.cached {
				if ok, err := b.confirm(ctx, t); err != nil {
					return nil, err
				} else if !ok {
					cached = false
					continue
				}
			}
			t.replies = append(flagged, t.replies...)
			return t, nil
		}
		err = b.save(ctx, t)
		if errors.Is(err, ErrConflict) {
			b.log.Debug("save conflict, retrying", "table", table.Key(), "attempt", attempt, "cached", t.cached)
			cached = false
			continue
		}
		t.replies = append(flagged, t.replies...)
		return t, err
	}
	return nil, fmt.Errorf("%w: the table is busy, try again", ErrConflict)
}

// transact runs a command at table and saves it.
func (b *Bot) transact(ctx context.Context, table Table, m Message, p parsed) ([]Reply, txResult, error) {
	var before string
	var res txResult
	t, err := b.update(ctx, table, m, func(t *tx) error {
		res.spec = &t.spec
		if b.sender != nil { // only a running search cares what changed
			before = t.snapshot()
		}
		t.replies = nil
		checked, err := b.checkBefore(ctx, t, m, p.cmd.Verb)
		if err != nil {
			return err
		}
		if err := b.exec(ctx, t, t.speaker(m), p); err != nil {
			return err
		}
		if err := b.checkAfter(ctx, t, checked); err != nil {
			return err
		}
		t.offerActions()
		return nil
	})
	if t != nil {
		res.spec, res.table = &t.spec, t.table
	} else {
		res.spec = nil // nothing stands loaded: the refusal is the host's
	}
	if err != nil {
		if t != nil {
			res.flagged = t.flagged
		}
		return nil, res, err
	}
	if !t.changed {
		return t.replies, res, nil
	}
	res.aiNext = aiToAct(t)
	if b.sender != nil {
		res.gameChanged = t.snapshot() != before
	}
	return t.replies, res, nil
}

// snapshot is the part of a table that a running AI search depends on.
func (t *tx) snapshot() string {
	if t.st == nil {
		return ""
	}
	state, _ := t.st.Encode()
	seats, _ := json.Marshal(t.rec.Seats)
	return t.rec.Game + "|" + string(t.rec.Phase) + "|" + string(seats) + "|" + string(state)
}

// load reads the table's record, or makes a fresh one of the default kind.
// A record that cannot be decoded is logged and loaded as damaged: only a
// fresh game (start, new) replaces it.
func (b *Bot) load(ctx context.Context, table Table, m Message) (*tx, error) {
	return b.loadTx(ctx, table, m, false)
}

// loadTx is load, from the record cache when cached allows and it holds
// the table (the transaction says so: tx.cached).
func (b *Bot) loadTx(ctx context.Context, table Table, m Message, cached bool) (*tx, error) {
	var data []byte
	var version uint64
	var err error
	hit := false
	var rec *Record
	var st State
	if cached {
		var c cachedRecord
		if c, hit = b.records.take(table.Key()); hit {
			data, version = c.data, c.version
			rec, st = c.rec, c.st // nil unless kept decoded: decoded below
		}
	}
	if !hit {
		data, version, err = b.store.Load(ctx, table.Key())
	}
	if errors.Is(err, ErrNotFound) {
		return b.freshTx(table, nil, b.cfg.DefaultKind, m)
	}
	if err != nil && !errors.Is(err, ErrDamaged) {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if err == nil && rec == nil { // else the store could not read the key (version is DamagedVersion)
		rec, err = UnmarshalRecord(data)
	}
	if err == nil && rec.Link != "" {
		// A window on another table's game.
		if t, ok := b.follow(ctx, table, rec.Link, m); ok {
			return t, nil
		}
		// The game it showed is over or gone: the table is free.
		t, err := b.freshTx(table, nil, b.cfg.DefaultKind, m)
		if err != nil {
			return nil, err
		}
		t.version, t.stale = version, true
		return t, nil
	}
	var kind Kind
	if err == nil {
		var ok bool
		if kind, ok = b.kinds[strings.ToLower(rec.Game)]; !ok {
			err = fmt.Errorf("%w: kind %q is not hosted here", ErrDamaged, rec.Game)
		}
	}
	if err == nil && st == nil {
		if st, err = kind.Decode(rec.State); err != nil {
			err = fmt.Errorf("%w: %w", ErrDamaged, err)
		} else if n := len(b.specs[strings.ToLower(rec.Game)].Seats); len(rec.Seats) != n {
			err = fmt.Errorf("%w: %d seats, the game has %d", ErrDamaged, len(rec.Seats), n)
		}
	}
	if err != nil {
		b.log.Error("stored record cannot be read", "table", table.Key(), "version", version, "err", err)
		t, ferr := b.freshTx(table, nil, b.cfg.DefaultKind, m)
		if ferr != nil {
			return nil, ferr
		}
		t.version, t.damaged = version, err
		t.wreck = rec // nil when not even the record could be read
		return t, nil
	}
	if rec.Phase == PhaseOver {
		endState(st, rec.Outcome())
	}
	t := &tx{b: b, table: table, kind: kind, spec: b.specs[strings.ToLower(rec.Game)], rec: rec, st: st, version: version, cached: hit}
	for _, s := range rec.Seats {
		if s.Kind == SeatHuman {
			t.holders = append(t.holders, s.UserID)
		}
	}
	if !hit {
		b.records.remember(t, data, version, false)
	}
	return t, nil
}

// follow loads the game a window shows, when that game still lists the
// window and is not over.
func (b *Bot) follow(ctx context.Context, window Table, link string, m Message) (*tx, bool) {
	host, err := ParseTable(link)
	if err != nil || host == window {
		return nil, false
	}
	data, version, err := b.store.Load(ctx, host.Key())
	if err != nil {
		return nil, false
	}
	rec, err := UnmarshalRecord(data)
	if err != nil || rec.Link != "" || rec.Phase == PhaseOver || !slices.Contains(rec.Windows, window.Key()) {
		return nil, false
	}
	kind, ok := b.kinds[strings.ToLower(rec.Game)]
	if !ok {
		return nil, false
	}
	st, err := kind.Decode(rec.State)
	if err != nil || len(rec.Seats) != len(b.specs[strings.ToLower(rec.Game)].Seats) {
		return nil, false
	}
	t := &tx{b: b, table: host, kind: kind, spec: b.specs[strings.ToLower(rec.Game)], rec: rec, st: st, version: version}
	for _, s := range rec.Seats {
		if s.Kind == SeatHuman {
			t.holders = append(t.holders, s.UserID)
		}
	}
	return t, true
}

// freshTx is a transaction on a table with no game yet.
func (b *Bot) freshTx(table Table, old *Record, kind string, m Message) (*tx, error) {
	t := &tx{b: b, table: table}
	if err := t.reset(old, kind, m); err != nil {
		return nil, err
	}
	t.changed = false
	return t, nil
}

// save writes the record back. When the saved game leaves an AI to act
// or a challenge to expire, the table is marked as owing work first, so a
// crash between this save and the work leaves a mark for Resume.
func (b *Bot) save(ctx context.Context, t *tx) error {
	b.saving(t)
	state, err := t.st.Encode()
	if err != nil {
		return err
	}
	t.rec.State = state
	t.rec.Updated = b.clock.Now().UTC()
	data, err := MarshalRecord(t.rec)
	if err != nil {
		return err
	}
	if t.owesWork() {
		if err := b.store.SetOwed(ctx, t.table.Key(), true); err != nil {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
	}
	version, err := b.store.Save(ctx, t.table.Key(), data, t.version, t.rec.Phase != PhasePlaying)
	if err != nil {
		b.records.drop(t.table.Key())
	}
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if err == nil {
		t.stale = false
		b.records.remember(t, data, version, true)
		b.indexSeats(ctx, t)
		b.stored(t)
		b.published(ctx, t, version)
		if t.rec.Phase == PhaseOver && b.markedForReferee(t) && !t.owesWork() {
			// A referee kept the table marked while the game ran.
			if err := b.store.SetOwed(ctx, t.table.Key(), false); err != nil {
				b.log.Warn("clearing owed work", "table", t.table.Key(), "err", err)
			}
		}
	}
	return err
}

// owesWork reports whether the saved table leaves the bot work to do
// later: an AI to act, a challenge that will expire, or a referee's (any
// process that starts finds it and keeps its timer).
func (t *tx) owesWork() bool {
	if aiToAct(t) || t.b.owedToReferee(t) {
		return true
	}
	for _, s := range t.rec.Seats {
		if s.Kind == SeatInvited {
			return true
		}
	}
	return false
}

// aiSeat returns a pending seat the AI holds, or -1.
func aiSeat(t *tx) int {
	if t.rec.Phase != PhasePlaying {
		return -1
	}
	for _, seat := range t.st.Pending() {
		if seat >= 0 && seat < len(t.rec.Seats) && t.rec.Seats[seat].Kind == SeatAI {
			return seat
		}
	}
	return -1
}

func aiToAct(t *tx) bool { return aiSeat(t) >= 0 }

// reset puts a fresh game of kind at the table, in setup (live at once
// for a Live kind), keeping the table's settings of old if there was one.
func (t *tx) reset(old *Record, kind string, m Message) error {
	k, ok := t.b.kinds[kind]
	if !ok {
		return fmt.Errorf("%w: no game %q here; say %sgames", ErrBadCommand, cut(kind, 20), t.b.cfg.Prefix)
	}
	spec := t.b.specs[kind]
	st, err := k.New(t.b.cfg.Rules[kind])
	if err != nil {
		return err
	}
	rec := &Record{Schema: SchemaVersion, Game: spec.Name, Phase: PhaseSetup, UndoBy: -1, Seats: freshSeats(len(spec.Seats))}
	if old != nil {
		rec.Verbose, rec.Seed = old.Verbose, old.Seed
		if strings.EqualFold(old.Game, spec.Name) {
			rec.HostID, rec.Windows = old.HostID, old.Windows // a rematch keeps its windows
		}
	}
	if rec.Seed == 0 {
		rec.Seed = t.b.clock.Now().UnixNano() // every game differs, and replays from its record
	}
	if spec.Live {
		rec.Seats[0] = humanSeat(m)
		for i := 1; i < len(rec.Seats); i++ {
			rec.Seats[i] = Seat{Kind: SeatAI, Level: t.b.cfg.DefaultLevel}
		}
		if old != nil && len(old.Seats) == len(rec.Seats) && strings.EqualFold(old.Game, spec.Name) {
			copy(rec.Seats, old.Seats)
		}
		if err := st.Begin(); err != nil {
			return err
		}
		rec.Phase, t.begun = PhasePlaying, true
	}
	t.kind, t.spec, t.rec, t.st, t.changed, t.damaged = k, spec, rec, st, true, nil
	return nil
}

// refusal turns an error into a one-line reply for the user who caused it;
// at a table of a hidden kind it is theirs alone.
func (e *env) refusal(m Message, spec *Spec, err error) Reply {
	r := Reply{Error: true, User: User{ID: m.UserID, Name: m.Name}}
	switch {
	case errors.Is(err, ErrUnavailable):
		e.log.Warn("storage unavailable", "table", m.Table().Key(), "err", err)
		r.Text = "Storage unavailable, try again in a moment."
	default:
		r.Text = oneLine(err.Error())
	}
	if spec != nil {
		if spec.Hidden {
			r.Private = true
		}
		if k, ok := e.kinds[strings.ToLower(spec.Name)]; ok {
			if v, ok := k.(Voice); ok {
				r.Text = v.Phrase(Announcement{Topic: TopicRefused, Text: r.Text, Seats: spec.Seats})
			}
		}
	}
	return r
}

// oneLine keeps the first line of s and caps its length, never cutting a
// character in two.
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return cut(s, 300)
}

// cut shortens s to at most n bytes at a character boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// offerActions puts the commands that fit the table's moment on the last
// public reply: Join while a seat is open; the kind's own (Pass, Ready),
// Undo, Resign and Board during play; New after it.
func (t *tx) offerActions() {
	last := -1
	for i, r := range t.replies {
		if !r.Private {
			last = i
		}
	}
	if last < 0 {
		return
	}
	var acts []Action
	switch t.rec.Phase {
	case PhaseSetup:
		if t.rec.Waiting && t.rec.FirstOpen() >= 0 || slices.ContainsFunc(t.rec.Seats, func(s Seat) bool { return s.Kind == SeatInvited }) {
			acts = append(acts, Action{Label: "Join", Command: "join"})
		}
	case PhasePlaying:
		if !t.spec.Hidden { // a hidden kind's seats see their buttons privately
			acts = t.kindActions(func(seat int) bool {
				return seat >= 0 && seat < len(t.rec.Seats) && t.rec.Seats[seat].Kind == SeatHuman
			})
		}
		if t.spec.Undo {
			acts = append(acts, Action{Label: "Undo", Command: "undo"})
		}
		acts = append(acts, Action{Label: "Resign", Command: "resign"}, Action{Label: "Board", Command: "board"})
	case PhaseOver:
		acts = append(acts, Action{Label: "Board", Command: "board"}, Action{Label: "New game", Command: "new"})
	}
	t.replies[last].Actions = acts
}

// kindActions are the kind's own buttons (Pass, Ready) for the seats that
// owe an action now and are among those asked for, each once.
func (t *tx) kindActions(asked func(seat int) bool) []Action {
	var acts []Action
	seen := map[string]bool{}
	for _, seat := range t.st.Pending() {
		if !asked(seat) {
			continue
		}
		for _, a := range t.st.Actions(seat) {
			if !seen[a.Command] {
				seen[a.Command] = true
				acts = append(acts, a)
			}
		}
	}
	return acts
}

// Must returns b, and panics if err is not nil: for wiring that cannot
// fail but by a programmer's mistake (tests, fixed kind lists).
func Must(b *Bot, err error) *Bot {
	if err != nil {
		panic(err)
	}
	return b
}
