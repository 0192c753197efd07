package clock

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Config is the clock feature's configuration.
type Config struct {
	// Default is the time control of a game started without one ("start
	// @bob" rather than "start @bob 10m+5s"); zero: untimed.
	Default bot.TimeControl
}

// Host is what the clocks need of the core: to be told of each table's
// moments, to look at a table when its flag may have fallen, and where
// to say what that did.
type Host interface {
	AddReferee(r bot.Referee)
	Revisit(ctx context.Context, table bot.Table) ([]bot.Reply, error)
	Sender() bot.Sender
}

var _ Host = (*bot.Bot)(nil)

// Keeper keeps the clocks of a bot's games; it is the bot's Referee for
// them.
type Keeper struct {
	bot.NoReferee
	b   Host
	cfg Config
	log *slog.Logger

	ctx    context.Context // done when the bot closes
	cancel context.CancelFunc
	mu     sync.Mutex
	flags  map[string]*time.Timer // table key -> the timer that claims its flag
	claims sync.WaitGroup         // running timers' claims
}

var _ bot.Referee = (*Keeper)(nil)

// Attach makes b time its games under cfg, and returns the keeper.
func Attach(b Host, cfg Config, log *slog.Logger) *Keeper {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	k := &Keeper{b: b, cfg: cfg, log: log, ctx: ctx, cancel: cancel, flags: map[string]*time.Timer{}}
	b.AddReferee(k)
	return k
}

// Before claims a fallen flag: the side to move has run out of time.
func (k *Keeper) Before(p bot.Play) bool {
	if !flagged(p.Record().Clock, p.Now()) {
		return false
	}
	claimFlag(p)
	return true
}

// claimFlag ends the game on time: the seat to move loses. The message
// names seats only (a hidden kind's secrets are not in it).
func claimFlag(p bot.Play) {
	rec, spec := p.Record(), p.Spec()
	c := rec.Clock
	seat := c.Turn
	c.LeftMS[seat] = 0
	c.Since, c.Turn = time.Time{}, -1
	winner := -1
	text := fmt.Sprintf("%s loses on time.", spec.SeatName(seat))
	if n := len(rec.Seats); n > 1 {
		winner = (seat + 1) % n
		text += fmt.Sprintf(" %s wins.", spec.SeatName(winner))
	}
	rec.DrawBy, rec.DrawAt, rec.UndoBy = 0, time.Time{}, -1
	p.End(bot.Result{Over: true, Winner: winner, Ending: bot.EndTime}, text)
}

// Acted stops the time of the seat that acted, with the increment, and
// runs the next one's.
func (k *Keeper) Acted(p bot.Play, _ int) { syncClock(p, true) }

// Began sets a clocked game's clock running: the first seat's time runs,
// unless a setup comes first.
func (k *Keeper) Began(p bot.Play) {
	rec := p.Record()
	if rec.Clock != nil {
		rec.Clock = newGameClock(rec.Clock.Control, len(rec.Seats))
		syncClock(p, false)
	}
}

// Saving brings the clock up to date with the game as saved.
func (k *Keeper) Saving(p bot.Play) { syncClock(p, false) }

// Stored sets the table's flag timer for the saved deadline.
func (k *Keeper) Stored(p bot.Play) { k.armFlag(p.Table(), p.Record(), p.Now()) }

// Opening takes start's CLOCK word: the one word that looksLikeClock
// ("none" for no clock); without one a game keeps its clock, or gets the
// default.
func (k *Keeper) Opening(args []string) ([]string, func(bot.Play), error) {
	var rest []string
	var tc *bot.TimeControl
	for _, w := range args {
		if !looksLikeClock(w) {
			rest = append(rest, w)
			continue
		}
		if tc != nil {
			return nil, nil, fmt.Errorf("%w: start takes one clock", bot.ErrBadCommand)
		}
		v, err := bot.ParseTimeControl(w)
		if err != nil {
			return nil, nil, err
		}
		tc = &v
	}
	return rest, func(p bot.Play) {
		rec := p.Record()
		switch {
		case tc != nil && tc.IsZero():
			rec.Clock = nil
		case tc != nil:
			rec.Clock = newGameClock(*tc, len(rec.Seats))
		case rec.Clock == nil && !k.cfg.Default.IsZero():
			rec.Clock = newGameClock(k.cfg.Default, len(rec.Seats)) // the default
		}
	}, nil
}

// looksLikeClock reports whether a word of start is meant as a clock: it
// begins with a digit, or is one of the words for no clock.
func looksLikeClock(w string) bool {
	switch strings.ToLower(w) {
	case "none", "untimed", "noclock", "off":
		return true
	}
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// Words are the clock's words in the host's lines: the time control when
// a game opens ("clock 10m + 5s a move") and begins ("Clock: 10m + 5s a
// move."), each seat's time left after a move ("Clock: Red 9:41, Blue
// 10:05 (to move)."), both under status and a board.
func (k *Keeper) Words(p bot.Play, at bot.Note) string {
	rec := p.Record()
	switch at {
	case bot.NoteOpened:
		if rec.Clock == nil || rec.Clock.Control.IsZero() {
			return ""
		}
		return "clock " + rec.Clock.Control.Describe()
	case bot.NoteBegan:
		if rec.Clock == nil {
			return ""
		}
		return "Clock: " + rec.Clock.Control.Describe() + "."
	case bot.NoteMoved:
		if times := clockTimes(p); times != "" {
			return "Clock: " + times + "."
		}
		return ""
	case bot.NoteStatus, bot.NoteBoard:
		return clockLine(p)
	}
	return ""
}

// clockLine shows both clocks: "Clock (10m + 5s a move): Red 9:41,
// Blue 10:05 (to move)."; "" for a game without a clock.
func clockLine(p bot.Play) string {
	times := clockTimes(p)
	if times == "" {
		return ""
	}
	return fmt.Sprintf("Clock (%s): %s.", p.Record().Clock.Control.Describe(), times)
}

// clockTimes is each seat's time left: "Red 9:41, Blue 10:05 (to
// move)"; "" for a game without a clock.
func clockTimes(p bot.Play) string {
	rec := p.Record()
	if rec == nil || rec.Clock == nil || !p.Holds() || rec.Phase == bot.PhaseSetup {
		return ""
	}
	c, now, spec := rec.Clock, p.Now(), p.Spec()
	var parts []string
	for i := range c.LeftMS {
		part := spec.SeatName(i) + " " + clockText(left(c, i, now))
		if running(c) && c.Turn == i {
			part += " (to move)"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// SeatWords is seat's time left under a picture of the board, in a
// clocked game past its setup: "9:41 (to move)".
func (k *Keeper) SeatWords(p bot.Play, seat int) string {
	rec := p.Record()
	c := rec.Clock
	if c == nil || rec.Phase == bot.PhaseSetup || len(c.LeftMS) != len(rec.Seats) {
		return ""
	}
	w := clockText(left(c, seat, p.Now()))
	if running(c) && c.Turn == seat {
		w += " (to move)"
	}
	return w
}

// Budget is how long the AI playing seat may think on this move: a
// share of its time (a thirtieth of what is left, plus most of the
// increment; for correspondence a tenth of the move's time), never more
// than a third of what is left; 0 without a clock (the level's own).
func (k *Keeper) Budget(p bot.Play, seat int) time.Duration {
	c := p.Record().Clock
	if c == nil || !running(c) || c.Turn != seat {
		return 0
	}
	l := left(c, seat, p.Now())
	var share time.Duration
	if c.Control.PerMove {
		share = l / 10
	} else {
		share = l/30 + c.Control.Increment*8/10
	}
	share = min(share, l/3)
	return max(share, time.Millisecond)
}

// Owes reports whether the game has a clock running: its flag may fall.
func (k *Keeper) Owes(p bot.Play) bool {
	rec := p.Record()
	return rec != nil && rec.Phase == bot.PhasePlaying && running(rec.Clock)
}

// Marks reports whether the game is clocked: its table was marked while
// the clock ran.
func (k *Keeper) Marks(p bot.Play) bool { return p.Record().Clock != nil }

// syncClock brings the game's clock up to date after a change: when the
// seat whose time runs is no longer the one to act, its time stops (with
// the increment when moved says it moved) and the next one's starts.
func syncClock(p bot.Play, moved bool) {
	rec := p.Record()
	c := rec.Clock
	if c == nil || p.State() == nil {
		return
	}
	if len(c.LeftMS) != len(rec.Seats) {
		*c = *newGameClock(c.Control, len(rec.Seats))
	}
	now := p.Now()
	next := clockSeat(p)
	if running(c) && c.Turn == next {
		return // the same seat still acts: its time runs on
	}
	stop(c, now, moved)
	if next >= 0 {
		start(c, next, now)
	}
}

// clockSeat is the seat whose time should run in p's game now, or -1:
// exactly one seat owes an action, in play, past any setup.
func clockSeat(p bot.Play) int {
	rec, st := p.Record(), p.State()
	if rec.Phase != bot.PhasePlaying || st.Result().Over {
		return -1
	}
	if sp, ok := st.(bot.SetupPhaser); ok && sp.InSetup() {
		return -1
	}
	pending := st.Pending()
	if len(pending) != 1 || pending[0] < 0 || pending[0] >= len(rec.Seats) {
		return -1
	}
	return pending[0]
}
