package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
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
	// CS61B selects the CS61B dialect: a game is live from the first
	// command (no start), the speaker plays Red and the AI Blue, blocks
	// are allowed until the first move, AI moves are announced as
	// "* Blue moves a1-b2." and results as "* Red wins.", and a player's
	// own moves are not acknowledged.
	CS61B bool
	// Rules is the rule set name of new games ("" for the game's default).
	Rules string
	// Engines names the external engines players may pick (start ai:NAME).
	Engines []string
	// Searchers is how many AI searches run at once (when the bot
	// delivers AI moves through a Sender); others wait their turn.
	// Default: the number of CPUs.
	Searchers int
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
	if c.UndoWindow == 0 {
		c.UndoWindow = 60 * time.Second
	}
	if c.Searchers <= 0 {
		c.Searchers = runtime.NumCPU()
	}
	return c
}

// Bot is the game host. It keeps no game in memory: every command loads
// the channel's record and saves it back.
type Bot struct {
	cfg   Config
	store Store
	clock Clock
	game  Game
	log   *slog.Logger

	// Asynchronous AI moves (see Async).
	sender  Sender
	slots   chan struct{} // one per search allowed to run
	ctx     context.Context
	stopAll context.CancelFunc
	mu      sync.Mutex
	running map[string]*worker // channel key -> its AI worker
	workers sync.WaitGroup
}

// New returns a bot hosting game, keeping games in store.
func New(cfg Config, store Store, clock Clock, game Game, log *slog.Logger) *Bot {
	if clock == nil {
		clock = SystemClock{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	return &Bot{cfg: cfg, store: store, clock: clock, game: game, log: log,
		slots: make(chan struct{}, cfg.Searchers), ctx: ctx, stopAll: cancel,
		running: map[string]*worker{}}
}

// Async makes the bot answer commands at once and deliver AI moves later
// through sender, from at most Config.Searchers searches at a time, so one
// channel's AI thinking never delays another channel's replies. Without
// it (the console) Handle returns after the AI has moved. Call it before
// the first Handle.
func (b *Bot) Async(sender Sender) { b.sender = sender }

// Close stops every AI search and waits for them.
func (b *Bot) Close() {
	b.stopAll()
	b.workers.Wait()
}

const (
	maxTextLen  = 500 // longer messages are refused, not parsed
	maxAttempts = 8   // compare-and-set retries of one command
	maxAIPlies  = 2000
)

// Handle runs one chat message and returns what to say. Messages that are
// not for the bot return nothing. Handle is safe for concurrent use: two
// messages for one channel are serialised by the store's compare-and-set.
func (b *Bot) Handle(ctx context.Context, m Message) []Reply {
	cmd, loud, ok, err := b.parse(m)
	if !ok {
		return nil
	}
	var replies []Reply
	var res txResult
	if err == nil {
		replies, res, err = b.transact(ctx, m, cmd, loud)
	}
	if err != nil {
		return b.private(m, []Reply{b.fail(m, err)})
	}
	if b.sender != nil {
		if res.gameChanged {
			b.cancelAI(channelKey(m)) // a resign, new or undo stops the search
		}
		if res.aiNext {
			b.scheduleAI(m)
		}
	} else if res.aiNext {
		key := channelKey(m)
		if b.claim(key) {
			replies = append(replies, b.aiTurns(ctx, m)...)
			b.release(key)
		}
	}
	return b.private(m, replies)
}

// claim marks key as having its AI moves worked by this process (inline or
// resumed); false if something here already works them.
func (b *Bot) claim(key string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, busy := b.running[key]; busy {
		return false
	}
	b.running[key] = &worker{cancel: func() {}}
	return true
}

func (b *Bot) release(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.running, key)
}

// private keeps the answers to a private query private.
func (b *Bot) private(m Message, rs []Reply) []Reply {
	if m.Private {
		for i := range rs {
			rs[i].Private, rs[i].UserID = true, m.UserID
		}
	}
	return rs
}

// parse finds the command in a message. loud reports whether an unknown
// command deserves an answer (the message was addressed to the bot or
// named the game), so the bot stays quiet about other bots' "!" commands.
func (b *Bot) parse(m Message) (cmd Command, loud, ok bool, err error) {
	text := strings.TrimSpace(m.Text)
	prefixed := strings.HasPrefix(text, b.cfg.Prefix)
	if prefixed {
		text = strings.TrimSpace(text[len(b.cfg.Prefix):])
	} else if !m.Addressed {
		return Command{}, false, false, nil
	}
	if len(text) > maxTextLen || !utf8.ValidString(text) {
		return Command{}, true, true, fmt.Errorf("%w: message too long or not text", ErrBadCommand)
	}
	fields := strings.Fields(text)
	loud = m.Addressed
	if len(fields) > 0 && strings.EqualFold(fields[0], b.game.Name()) {
		fields, loud = fields[1:], true
		if len(fields) == 0 {
			fields = []string{"help"}
		}
	}
	if len(fields) == 0 {
		return Command{}, false, false, nil
	}
	return Command{Verb: strings.ToLower(fields[0]), Args: fields[1:]}, loud, true, nil
}

// tx is one attempt at a command: the loaded record and decoded state.
type tx struct {
	rec     *Record
	st      State
	version uint64
	changed bool
	replies []Reply
}

func (t *tx) say(text string) { t.replies = append(t.replies, Reply{Text: text}) }

// txResult says what a saved command did.
type txResult struct {
	aiNext      bool // the saved game has an AI to move
	gameChanged bool // the game, its phase or its seats changed
}

// transact loads the channel, runs the command and saves, retrying from
// the load when another command saved first.
func (b *Bot) transact(ctx context.Context, m Message, cmd Command, loud bool) ([]Reply, txResult, error) {
	key := channelKey(m)
	for attempt := 0; attempt < maxAttempts; attempt++ {
		t, err := b.load(ctx, key, m)
		if err != nil {
			return nil, txResult{}, err
		}
		var before string
		if b.sender != nil { // only a running search cares what changed
			before = t.snapshot()
		}
		if err := b.exec(ctx, t, m, cmd, loud); err != nil {
			return nil, txResult{}, err
		}
		b.offerActions(t)
		if !t.changed {
			return t.replies, txResult{}, nil
		}
		err = b.save(ctx, key, t)
		if errors.Is(err, ErrConflict) {
			b.log.Debug("save conflict, retrying", "channel", key, "attempt", attempt)
			continue
		}
		if err != nil {
			return nil, txResult{}, err
		}
		res := txResult{aiNext: aiToMove(t)}
		if b.sender != nil {
			res.gameChanged = t.snapshot() != before
		}
		return t.replies, res, nil
	}
	return nil, txResult{}, fmt.Errorf("%w: the channel is busy, try again", ErrConflict)
}

// snapshot is the part of a channel that a running AI search depends on.
func (t *tx) snapshot() string {
	state, _ := t.st.Encode()
	seats, _ := json.Marshal(t.rec.Seats)
	return string(t.rec.Phase) + "|" + string(seats) + "|" + string(state)
}

func channelKey(m Message) string { return m.Network + ":" + m.Channel }

// load reads the channel's record, or makes a fresh one.
func (b *Bot) load(ctx context.Context, key string, m Message) (*tx, error) {
	data, version, err := b.store.Load(ctx, key)
	if errors.Is(err, ErrNotFound) {
		rec, st, err := b.fresh(nil, m)
		if err != nil {
			return nil, err
		}
		return &tx{rec: rec, st: st}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	rec, err := UnmarshalRecord(data)
	if err != nil {
		return nil, err
	}
	st, err := b.game.Decode(rec.State)
	if err != nil {
		return nil, fmt.Errorf("channel %s: %w", key, err)
	}
	return &tx{rec: rec, st: st, version: version}, nil
}

// save writes the record back. When the saved game leaves an AI to move,
// the channel is marked as owing work first, so that a crash between this
// save and the AI's move leaves a mark for Resume.
func (b *Bot) save(ctx context.Context, key string, t *tx) error {
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
	if owesWork(t) {
		if err := b.store.SetOwed(ctx, key, true); err != nil {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
	}
	_, err = b.store.Save(ctx, key, data, t.version, t.rec.Phase != PhasePlaying)
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return err
}

// owesWork reports whether the saved channel leaves the bot work to do
// later: an AI to move, or a challenge that will expire.
func owesWork(t *tx) bool {
	if aiToMove(t) {
		return true
	}
	for _, s := range t.rec.Seats {
		if s.Kind == SeatInvited {
			return true
		}
	}
	return false
}

// aiToMove reports whether the game is running with an AI to move.
func aiToMove(t *tx) bool {
	if t.rec.Phase != PhasePlaying {
		return false
	}
	seat := t.st.ToMove()
	return seat >= 0 && seat < len(t.rec.Seats) && t.rec.Seats[seat].Kind == SeatAI
}

// fresh returns a new game in setup (live at once in the CS61B dialect),
// keeping the channel settings of old if there was one.
func (b *Bot) fresh(old *Record, m Message) (*Record, State, error) {
	st, err := b.game.New(b.cfg.Rules)
	if err != nil {
		return nil, nil, err
	}
	rec := &Record{Schema: SchemaVersion, Game: b.game.Name(), Phase: PhaseSetup, UndoBy: -1}
	for range b.game.Seats() {
		rec.Seats = append(rec.Seats, Seat{Kind: SeatOpen})
	}
	if old != nil {
		rec.Verbose, rec.Seed = old.Verbose, old.Seed
	}
	if b.cfg.CS61B {
		rec.Phase = PhasePlaying
		rec.Seats[0] = humanSeat(m)
		for i := 1; i < len(rec.Seats); i++ {
			rec.Seats[i] = Seat{Kind: SeatAI, Level: b.cfg.DefaultLevel}
		}
		if old != nil {
			copy(rec.Seats, old.Seats)
		}
	}
	return rec, st, nil
}

// fail turns an error into a one-line reply for the user who caused it.
func (b *Bot) fail(m Message, err error) Reply {
	if errors.Is(err, ErrUnavailable) {
		b.log.Warn("storage unavailable", "channel", channelKey(m), "err", err)
		return Reply{Text: "Storage unavailable, try again in a moment.", Error: true, UserID: m.UserID}
	}
	text := oneLine(err.Error())
	if b.cfg.CS61B {
		text = "error: " + text
	}
	return Reply{Text: text, Error: true, UserID: m.UserID}
}

// oneLine keeps the first line of s and caps its length.
func oneLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// aiTurns plays while an AI holds the side to move, one saved move at a
// time, and returns the announcements.
func (b *Bot) aiTurns(ctx context.Context, m Message) []Reply {
	var out []Reply
	b.aiLoop(ctx, m, func(rs []Reply) { out = append(out, rs...) })
	return out
}

// aiLoop plays AI moves while an AI is to move, handing each move's
// replies to emit as soon as it is saved.
func (b *Bot) aiLoop(ctx context.Context, m Message, emit func([]Reply)) {
	key := channelKey(m)
	moved := false
	for range maxAIPlies {
		replies, more, err := b.aiTurn(ctx, key, m)
		if len(replies) > 0 {
			moved = true
			emit(replies)
		}
		if err != nil {
			if ctx.Err() != nil {
				return // canceled: the game changed or the bot stops
			}
			// The owed mark stays: Resume finishes the work later.
			b.log.Error("AI move failed", "channel", key, "err", err)
			emit([]Reply{b.fail(m, err)})
			return
		}
		if !more {
			break
		}
	}
	if moved {
		if err := b.store.SetOwed(ctx, key, false); err != nil {
			b.log.Warn("clearing owed work", "channel", key, "err", err)
		}
	}
}

// worker is a channel's running AI worker.
type worker struct{ cancel context.CancelFunc }

// scheduleAI starts the channel's AI worker unless one is running.
func (b *Bot) scheduleAI(m Message) {
	key := channelKey(m)
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, ok := b.running[key]; ok || b.ctx.Err() != nil {
		return
	}
	ctx, cancel := context.WithCancel(b.ctx)
	w := &worker{cancel: cancel}
	b.running[key] = w
	b.workers.Add(1)
	go func() {
		defer b.workers.Done()
		defer func() {
			b.mu.Lock()
			if b.running[key] == w { // not a successor started after a cancel
				delete(b.running, key)
			}
			b.mu.Unlock()
			cancel()
		}()
		b.aiWorker(ctx, m)
	}()
}

// cancelAI stops the channel's running AI search, if any.
func (b *Bot) cancelAI(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if w, ok := b.running[key]; ok {
		w.cancel()
		delete(b.running, key)
	}
}

// aiWorker waits for a free searcher (telling the channel if it must),
// then plays the channel's AI moves and sends them.
func (b *Bot) aiWorker(ctx context.Context, m Message) {
	m = Message{Network: m.Network, Channel: m.Channel}
	send := func(rs []Reply) {
		if err := b.sender.Send(ctx, m.Network, m.Channel, rs); err != nil {
			b.log.Warn("sending AI move", "channel", channelKey(m), "err", err)
		}
	}
	select {
	case b.slots <- struct{}{}:
	default:
		send([]Reply{{Text: "The AI is waiting its turn: every thinker is busy in other channels. It will move soon."}})
		select {
		case b.slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
	}
	defer func() { <-b.slots }()
	b.aiLoop(ctx, m, send)
}

// Resume finishes the work owed in network's channels, as recorded by
// the store (after a crash or a storage outage), and sends what it says.
// Several processes may resume at once: each AI move is saved once.
func (b *Bot) Resume(ctx context.Context, network string, send Sender) error {
	keys, err := b.store.Owed(ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	for _, key := range keys {
		net, channel, ok := strings.Cut(key, ":")
		if !ok || net != network {
			continue
		}
		m := Message{Network: net, Channel: channel}
		if b.sender != nil {
			// Asynchronous: a worker plays the AI (scheduleAI skips a
			// channel that has one).
			if err := b.resumeOne(ctx, key, m, send); err != nil {
				return err
			}
			continue
		}
		if !b.claim(key) {
			continue // this process is on it already
		}
		err := b.resumeOne(ctx, key, m, send)
		b.release(key)
		if err != nil {
			return err
		}
	}
	return nil
}

// resumeOne finishes the work owed in one channel: it expires overdue
// challenges, plays the AI's moves (in asynchronous mode, through a
// worker), and clears the mark when nothing more is owed.
func (b *Bot) resumeOne(ctx context.Context, key string, m Message, send Sender) error {
	replies, err := b.expireDue(ctx, m)
	if err != nil {
		return err
	}
	if b.sender == nil {
		replies = append(replies, b.aiTurns(ctx, m)...)
	}
	if len(replies) > 0 {
		b.log.Info("resumed owed work", "channel", key, "replies", len(replies))
		if err := send.Send(ctx, m.Network, m.Channel, replies); err != nil {
			return err
		}
	}
	t, err := b.load(ctx, key, m)
	if err != nil {
		return err
	}
	switch {
	case t.version == 0 || !owesWork(t):
		if err := b.store.SetOwed(ctx, key, false); err != nil {
			return fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
	case b.sender != nil && aiToMove(t):
		b.scheduleAI(m)
	}
	return nil
}

// expireDue opens the seats of the channel's challenges that are past
// their time, and says so.
func (b *Bot) expireDue(ctx context.Context, m Message) ([]Reply, error) {
	key := channelKey(m)
	for attempt := 0; attempt < maxAttempts; attempt++ {
		t, err := b.load(ctx, key, m)
		if err != nil {
			return nil, err
		}
		if t.version == 0 {
			return nil, nil
		}
		b.expireInvites(t)
		if !t.changed {
			return nil, nil
		}
		err = b.save(ctx, key, t)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return t.replies, nil
	}
	return nil, fmt.Errorf("%w: the channel is busy", ErrConflict)
}

// aiTurn makes one AI move if an AI is to move; more reports whether it
// did (so another may follow).
func (b *Bot) aiTurn(ctx context.Context, key string, m Message) (replies []Reply, more bool, err error) {
	for attempt := 0; attempt < maxAttempts; attempt++ {
		t, err := b.load(ctx, key, m)
		if err != nil {
			return nil, false, err
		}
		if t.version == 0 || t.rec.Phase != PhasePlaying {
			return nil, false, nil
		}
		seat := t.st.ToMove()
		if seat < 0 || t.rec.Seats[seat].Kind != SeatAI {
			return nil, false, nil
		}
		s := t.rec.Seats[seat]
		cmd, err := t.st.AIMove(ctx, AIPlayer{Level: s.Level, Engine: s.Engine}, t.rec.Seed)
		if err != nil {
			return nil, false, err
		}
		if err := b.play(t, cmd, seat); err != nil {
			return nil, false, fmt.Errorf("AI chose %s %v: %w", cmd.Verb, cmd.Args, err)
		}
		b.offerActions(t)
		err = b.save(ctx, key, t)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			return nil, false, err
		}
		return t.replies, true, nil
	}
	// Every save lost a race: another worker (another process, say) is
	// playing this channel's AI. Leave it the work.
	b.log.Info("AI moves left to another worker", "channel", key)
	return nil, false, nil
}

// offerActions puts the commands that fit the channel's moment on the
// last reply: Join while a seat is open, Pass when the side to move can
// only pass, Undo, Resign and Board during play, New after it.
func (b *Bot) offerActions(t *tx) {
	if len(t.replies) == 0 {
		return
	}
	var acts []Action
	switch t.rec.Phase {
	case PhaseSetup:
		if t.rec.Waiting {
			for _, s := range t.rec.Seats {
				if s.Kind == SeatOpen || s.Kind == SeatInvited {
					acts = append(acts, Action{Label: "Join", Command: "join"})
					break
				}
			}
		}
	case PhasePlaying:
		if t.st.MustPass() {
			acts = append(acts, Action{Label: "Pass", Command: "pass"})
		}
		acts = append(acts, Action{Label: "Undo", Command: "undo"}, Action{Label: "Resign", Command: "resign"}, Action{Label: "Board", Command: "board"})
	case PhaseOver:
		acts = append(acts, Action{Label: "Board", Command: "board"}, Action{Label: "New game", Command: "new"})
	}
	t.replies[len(t.replies)-1].Actions = acts
}
