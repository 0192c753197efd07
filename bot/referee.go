package bot

import (
	"context"
	"strings"
	"time"
)

// Referees. A Referee is told of the moments of a table's game that the
// core passes through without judging them itself: before each command
// or action (it may end the game then), after an action, when play
// begins, before each save and after it. It may add words to the host's
// lines, take words of start, give the AI a time budget and keep a
// table marked as owing work. The wiring attaches referees with
// AddReferee; a bot without one plays as if each said nothing.

// Referee judges tables' games alongside the core's rules. Embed
// NoReferee to implement only the moments a referee needs.
type Referee interface {
	// Before is called before a command runs at a table holding a game
	// in play, and before an action is played; it may end the game
	// (Play.End) and reports whether it did: the command then meets a
	// finished game, and the action is not played.
	Before(p Play) bool
	// Acted is called after seat's action changed the game, before it
	// is announced.
	Acted(p Play, seat int)
	// Began is called when play begins (begin), before it is announced.
	Began(p Play)
	// Saving is called before every save of a table's game.
	Saving(p Play)
	// Stored is called with the table's record as it is stored: after
	// each save, when Resume finds the table owing work, and when
	// Revisit finds nothing to say.
	Stored(p Play)
	// Opening takes the words of start the referee understands from
	// args and returns the rest, and open, called on the table once it
	// stands ready for the new game (nil: nothing to do). A refusal is
	// start's.
	Opening(args []string) (rest []string, open func(Play), err error)
	// Words are what the referee adds to the host's line at ("":
	// nothing).
	Words(p Play, at Note) string
	// SeatWords are what the referee adds after seat's player in the
	// line under a picture of the board ("": nothing).
	SeatWords(p Play, seat int) string
	// Budget is the most the AI playing seat may think on this move; 0
	// leaves it to the AI's level.
	Budget(p Play, seat int) time.Duration
	// Owes reports whether the saved table owes the referee work later
	// (a timer): the core keeps the table marked, so any process that
	// starts finds it.
	Owes(p Play) bool
	// Marks reports whether the table of a game like p's may have been
	// marked for the referee while the game ran: the mark is cleared
	// when the game is over and owes nothing.
	Marks(p Play) bool
	// Close stops the referee's own work (timers); the bot is closing.
	Close()
}

// Note is where the host's line a Referee adds words to stands.
type Note int

// The host's lines a Referee adds words to.
const (
	// NoteOpened: the line that opens a game or challenges to one; the
	// words stand in parentheses after the game's title.
	NoteOpened Note = iota
	// NoteBegan: the line that says play began; the words are a
	// sentence after it.
	NoteBegan
	// NoteMoved: the line that announces an action, when the game goes
	// on; the words are a sentence after it.
	NoteMoved
	// NoteStatus: status, of a game in play or over; the words are a
	// sentence after it.
	NoteStatus
	// NoteBoard: a board's text; the words are a line under it.
	NoteBoard
)

// NoReferee is a Referee that does nothing at every moment; embed it.
type NoReferee struct{}

func (NoReferee) Before(Play) bool               { return false }
func (NoReferee) Acted(Play, int)                {}
func (NoReferee) Began(Play)                     {}
func (NoReferee) Saving(Play)                    {}
func (NoReferee) Stored(Play)                    {}
func (NoReferee) Words(Play, Note) string        { return "" }
func (NoReferee) SeatWords(Play, int) string     { return "" }
func (NoReferee) Budget(Play, int) time.Duration { return 0 }
func (NoReferee) Owes(Play) bool                 { return false }
func (NoReferee) Marks(Play) bool                { return false }
func (NoReferee) Close()                         {}
func (NoReferee) Opening(args []string) ([]string, func(Play), error) {
	return args, nil, nil
}

// Play is a loaded table's game as a Referee sees it at one of its
// moments, and what it may do to it.
type Play struct {
	b *Bot
	t *tx
}

// Table is where the game is (a window's game is at its host table).
func (p Play) Table() Table { return p.t.table }

// Record is the game's record; a referee may change what it keeps in it.
func (p Play) Record() *Record { return p.t.rec }

// Spec is the game's kind.
func (p Play) Spec() Spec { return p.t.spec }

// State is the game's state.
func (p Play) State() State { return p.t.st }

// Holds reports whether the table holds a game of its own that could be
// read (not a fresh table, not a damaged record).
func (p Play) Holds() bool { return p.t.rec != nil && !p.t.empty() && p.t.damaged == nil }

// Now is the bot's time.
func (p Play) Now() time.Time { return p.b.clock.Now() }

// End ends the game with res, saying text (the game's reference is
// added, as to every ending).
func (p Play) End(res Result, text string) { p.t.end(res, text) }

// referees are the Referees attached to the host, told of every table's
// moments in the order added.
type referees []Referee

// AddReferee attaches r: it is told of every table's moments from now
// on. Call it before the first Handle.
func (rs *referees) AddReferee(r Referee) { *rs = append(*rs, r) }

// Sender is the Sender given to Async; nil for a bot that answers only
// from Handle.
func (a *aiWork) Sender() Sender { return a.sender }

// Revisit loads table as a command would, without one: the referees judge
// it (Referee.Before, and may end its game), and what they said comes
// back ready to send. When they said nothing and the table holds its own
// game, Referee.Stored is told of its record.
func (b *Bot) Revisit(ctx context.Context, table Table) ([]Reply, error) {
	none := Message{Network: table.Network, Channel: table.Channel}
	t, err := b.update(ctx, table, none, func(t *tx) error {
		t.replies = nil
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(t.replies) > 0 {
		return b.finish(none, table, t.replies), nil
	}
	if t.table == table && !t.empty() && t.damaged == nil {
		b.stored(t)
	}
	return nil, nil
}

// judged lets the referees judge a loaded game in play before a command
// or an action; it reports whether one ended it.
func (rs referees) judged(t *tx) bool {
	if t == nil || t.empty() || t.damaged != nil || t.rec == nil || t.rec.Phase != PhasePlaying {
		return false
	}
	for _, r := range rs {
		if r.Before(Play{t.b, t}) {
			return true
		}
	}
	return false
}

func (rs referees) acted(t *tx, seat int) {
	for _, r := range rs {
		r.Acted(Play{t.b, t}, seat)
	}
}

func (rs referees) began(t *tx) {
	for _, r := range rs {
		r.Began(Play{t.b, t})
	}
}

func (rs referees) saving(t *tx) {
	if t.st == nil {
		return
	}
	for _, r := range rs {
		r.Saving(Play{t.b, t})
	}
}

func (rs referees) stored(t *tx) {
	for _, r := range rs {
		r.Stored(Play{t.b, t})
	}
}

// opening takes the words of start the referees understand; open applies
// what they took to the table, once it stands ready for the new game.
func (rs referees) opening(args []string) (rest []string, open func(t *tx), err error) {
	var opens []func(Play)
	for _, r := range rs {
		var f func(Play)
		if args, f, err = r.Opening(args); err != nil {
			return nil, nil, err
		}
		if f != nil {
			opens = append(opens, f)
		}
	}
	return args, func(t *tx) {
		for _, f := range opens {
			f(Play{t.b, t})
		}
	}, nil
}

// words are the referees' words for the line at, joined by spaces.
func (rs referees) words(t *tx, at Note) string {
	var parts []string
	for _, r := range rs {
		if w := r.Words(Play{t.b, t}, at); w != "" {
			parts = append(parts, w)
		}
	}
	return strings.Join(parts, " ")
}

// sentence is the referees' words for the line at, as a sentence after
// it: " ..." or "".
func (rs referees) sentence(t *tx, at Note) string {
	if w := rs.words(t, at); w != "" {
		return " " + w
	}
	return ""
}

// aside is the referees' words for the line at, in parentheses: " (...)"
// or "".
func (rs referees) aside(t *tx, at Note) string {
	if w := rs.words(t, at); w != "" {
		return " (" + w + ")"
	}
	return ""
}

// withNotes is the board r with the referees' line under it, r itself
// when they have none.
func (rs referees) withNotes(t *tx, r Reply) Reply {
	if line := rs.words(t, NoteBoard); line != "" {
		r.Text = strings.TrimRight(r.Text, "\n") + "\n" + line
	}
	return r
}

// seatWords are the referees' words after seat's player: " ..." or "".
func (rs referees) seatWords(t *tx, seat int) string {
	var out string
	for _, r := range rs {
		if w := r.SeatWords(Play{t.b, t}, seat); w != "" {
			out += " " + w
		}
	}
	return out
}

// budget is the smallest time budget a referee gives the AI playing seat;
// 0 when none gives one.
func (rs referees) budget(t *tx, seat int) time.Duration {
	var out time.Duration
	for _, r := range rs {
		if d := r.Budget(Play{t.b, t}, seat); d > 0 && (out == 0 || d < out) {
			out = d
		}
	}
	return out
}

// owedToReferee reports whether a referee keeps the saved table marked.
func (rs referees) owedToReferee(t *tx) bool {
	for _, r := range rs {
		if r.Owes(Play{t.b, t}) {
			return true
		}
	}
	return false
}

// markedForReferee reports whether a referee may have kept the table
// marked while its game ran.
func (rs referees) markedForReferee(t *tx) bool {
	for _, r := range rs {
		if r.Marks(Play{t.b, t}) {
			return true
		}
	}
	return false
}

// closeReferees stops the referees' own work.
func (rs referees) closeReferees() {
	for _, r := range rs {
		r.Close()
	}
}
