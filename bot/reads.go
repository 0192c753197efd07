package bot

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// What a package beside the core needs to read finished games, their
// players and the tables where games run: the archive when it is kept,
// the hosted kinds, the clock, an archived game's final state and
// summary, and a table loaded for reading.

// Archive returns the store's Archive when the host keeps one
// (Config.Archive, and a store that has one), else nil.
func (e *env) Archive() Archive { return e.archive() }

// Now is the time on the host's clock.
func (e *env) Now() time.Time { return e.clock.Now() }

// HostedKind returns the hosted kind named name (any case) and its spec.
func (e *env) HostedKind(name string) (Kind, Spec, bool) {
	name = strings.ToLower(name)
	k, ok := e.kinds[name]
	if !ok {
		return nil, Spec{}, false
	}
	return k, e.specs[name], true
}

// DecodeArchived decodes an archived game's final state with its kind:
// ErrBadCommand when the kind is not hosted, ErrDamaged when the state
// cannot be read.
func (e *env) DecodeArchived(g ArchivedGame) (Kind, Spec, State, error) {
	name := strings.ToLower(g.Kind)
	k, ok := e.kinds[name]
	if !ok {
		return nil, Spec{}, nil, fmt.Errorf("%w: game %s is of %s, which this bot does not host", ErrBadCommand, g.ID, cut(g.Kind, 20))
	}
	st, err := k.Decode(g.Record)
	if err != nil {
		e.log.Error("archived game cannot be decoded", "game", g.ID, "err", err)
		return nil, Spec{}, nil, fmt.Errorf("%w: game %s cannot be read", ErrDamaged, g.ID)
	}
	return k, e.specs[name], st, nil
}

// EndState tells a state that does not know its game is over (a
// resignation, an agreed draw, the flag) how the host ended it, so that
// its board and summary say so.
func EndState(st State, res Result) { endState(st, res) }

// Shown is a player's name as the host shows it: a name with characters
// outside ASCII gets their code points after it, so a look-alike cannot
// pass for the name it imitates.
func Shown(name string) string { return shown(name) }

// AttachPicture gives r the picture of st as viewer sees it now, under
// caption, when kind (the kind's name) draws one.
func (b *Bot) AttachPicture(r *Reply, kind string, st State, viewer int, caption string) {
	b.attachPicture(r, kind, st, viewer, caption)
}

// Caption is the line under a finished game's board: each seat's player.
func (g ArchivedGame) Caption() string { return archivedCaption(g) }

// PlayersText is the game's seats and their players, "East (alice) vs
// West (bob)".
func (g ArchivedGame) PlayersText() string {
	var parts []string
	for _, p := range g.Players {
		seat := p.Seat
		if seat != "" {
			seat = strings.ToUpper(seat[:1]) + seat[1:]
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", seat, shown(p.Name)))
	}
	return strings.Join(parts, " vs ")
}

// OutcomeText is how the game ended, as announced, without the
// reference to the game that closes the announcement.
func (g ArchivedGame) OutcomeText() string {
	if g.Score != "" {
		return withoutRef(g.Score, g.ID)
	}
	if g.Winner >= 0 && g.Winner < len(g.Players) {
		return shown(g.Players[g.Winner].Name) + " won."
	}
	return "Draw."
}

// withoutRef is the announced end of game id without the reference to
// the game that closes it (" (game 12)", " (game 12, https://...)"): a
// summary that names the game already does not name it twice.
func withoutRef(text, id string) string {
	i := strings.LastIndex(text, " (game "+id)
	if i < 0 || !strings.HasSuffix(text, ")") {
		return text
	}
	if rest := text[i+len(" (game "+id):]; rest != ")" && !strings.HasPrefix(rest, ", ") {
		return text // another game whose id begins the same
	}
	return text[:i]
}

// PlayerName is the name a seat's player goes by in an export or under a
// board: the person's name (their user id without one), the AI's, or
// "nobody".
func PlayerName(s Seat) string {
	switch {
	case s.Kind == SeatHuman && s.Name != "":
		return s.Name
	case s.Kind == SeatHuman:
		return s.UserID
	case s.Kind == SeatAI && s.Engine != "":
		return "AI " + s.Engine
	case s.Kind == SeatAI:
		return fmt.Sprintf("AI level %d", s.Level)
	}
	return "nobody"
}

// RunningTable loads the table where game id runs (or has just ended and
// is still shown), for reading; nil when no table holds it.
func (b *Bot) RunningTable(ctx context.Context, id string) (*Tx, error) { return b.locate(ctx, id) }

// SpectatorReplies shows the game at t as a spectator sees it: where it
// is played, its status and its board, so a hidden kind shows no hidden
// piece.
func (b *Bot) SpectatorReplies(t *Tx) []Reply {
	where := GameView{Network: t.table.Network, Channel: t.table.Channel}
	if _, owned := b.OwnedTableName(t.table); owned {
		where.Channel = "" // a game between programs: no channel shows it
	}
	head := fmt.Sprintf("Game %s, %s, at %s", t.rec.ID, strings.ToLower(t.spec.Name), where.Where())
	if !t.rec.Began.IsZero() {
		head += ", since " + t.rec.Began.UTC().Format("2006-01-02 15:04")
	}
	head += ": " + t.status(speaker{}) // nobody's seat: a spectator
	board := b.withNotes(t, t.st.Board(Spectator))
	b.attachPicture(&board, t.spec.Name, t.st, Spectator, t.pictureCaption())
	return []Reply{{Text: head}, board}
}

// TableOf loads, for reading, the table a command said about no table
// would be about if it were a table's: the channel it was said in, or,
// said privately, the game the speaker holds a seat in.
func (b *Bot) TableOf(ctx context.Context, c *Call) (*Tx, error) {
	table, err := b.route(ctx, c.Message, parsed{kind: c.Kind, cmd: Command{Verb: c.Verb, Args: c.Args}})
	if err != nil {
		return nil, err
	}
	return b.load(ctx, table, c.Message)
}

// HasGame reports whether the table holds a game that could be read.
func (t *Tx) HasGame() bool { return !t.empty() && t.damaged == nil }

// Table is where the transaction is.
func (t *Tx) Table() Table { return t.table }

// Kind is the kind of the table's game.
func (t *Tx) Kind() Kind { return t.kind }

// Spec is the spec of the table's kind.
func (t *Tx) Spec() Spec { return t.spec }

// Record is the table's record as loaded, shared: read it, never change
// it.
func (t *Tx) Record() *Record { return t.rec }

// State is the table's game state, shared like Record.
func (t *Tx) State() State { return t.st }
