package bot

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// Event is what the core tells its subscribers after a change is saved
// (or, for CommandDone and AIThought, after it is answered): one of the
// types below. An event's Record is the saved record, shared: a
// subscriber reads it and never changes it.
type Event interface{ event() eventKind }

// GameBegan: play began in a game at Table (the save that began it).
type GameBegan struct {
	Table  Table
	Record *Record
}

// Moved: a seat acted (a move, a pass, a setup's ready) and it was saved.
type Moved struct {
	Table  Table
	Record *Record
	Seat   int
	AI     bool
}

// GameEnded: a game ended and it was saved; Record holds its result
// (Record.Ending, Record.Winner). Abandoned: it was dropped without an
// end (new while it ran) and Record is the game that replaced it.
type GameEnded struct {
	Table     Table
	Record    *Record
	Abandoned bool
}

// GameReplaced: a fresh game replaced a finished one at Table. Work owed
// to the finished game (Over) that its own save may not have seen done,
// as the process may have stopped between that save and the work, is
// done again here, idempotently.
type GameReplaced struct {
	Table Table
	Over  *Record
}

// TableChanged: any saved change at Table, after the events above that
// the same save made. Version is the saved version.
type TableChanged struct {
	Table   Table
	Record  *Record
	Version uint64
}

// CommandDone: a command (network, the kind of game it was about, its
// verb as declared: VerbMove for a bare move, VerbOther for anything
// undeclared) was answered after Took; Err is why it was refused, nil
// when it was carried out. Labels never carry what a user typed.
type CommandDone struct {
	Network, Kind, Verb string
	Took                time.Duration
	Err                 error
}

// AIThought: an AI seat of Kind took Took from its turn's load to its
// action's save.
type AIThought struct {
	Kind string
	Took time.Duration
}

func (GameBegan) event() eventKind    { return kindBegan }
func (Moved) event() eventKind        { return kindMoved }
func (GameEnded) event() eventKind    { return kindEnded }
func (GameReplaced) event() eventKind { return kindReplaced }
func (TableChanged) event() eventKind { return kindChanged }
func (CommandDone) event() eventKind  { return kindDone }
func (AIThought) event() eventKind    { return kindThought }

// eventKind tells the types of Event apart without reflection.
type eventKind uint8

const (
	kindBegan eventKind = iota
	kindMoved
	kindEnded
	kindReplaced
	kindChanged
	kindDone
	kindThought
	eventKinds
)

// Subscriber is told the events it subscribed to, in the order they
// happened at a table, on the goroutine that made them (a command's, an
// AI worker's). It must not block for long; an error it returns (or a
// panic) is logged and never fails or repeats the command that made the
// event.
type Subscriber func(ctx context.Context, e Event) error

// subscription is a subscriber and the kinds of event it hears.
type subscription struct {
	s    Subscriber
	hear [eventKinds]bool
}

// Subscribe adds s to the subscribers, told the events of the types of
// only (zero values: Subscribe(s, bot.GameEnded{})), or of every type
// when only is empty. An event nobody hears is never made, so what no
// feature asks for costs a command nothing. Call it before the first
// Handle.
func (h *hooks) Subscribe(s Subscriber, only ...Event) {
	sub := subscription{s: s}
	for k := range sub.hear {
		sub.hear[k] = len(only) == 0
	}
	for _, e := range only {
		sub.hear[e.event()] = true
	}
	for k, on := range sub.hear {
		if on {
			h.heard[k]++
		}
	}
	h.subs = append(h.subs, sub)
}

// hears reports whether any subscriber hears events of kind k.
func (h *hooks) hears(k eventKind) bool { return h.heard[k] > 0 }

// publish tells e to every subscriber that hears its kind.
func (h *hooks) publish(ctx context.Context, e Event) {
	k := e.event()
	for _, sub := range h.subs {
		if sub.hear[k] {
			tell(ctx, h.b.log, sub.s, e)
		}
	}
}

func tell(ctx context.Context, log *slog.Logger, s Subscriber, e Event) {
	defer func() {
		if r := recover(); r != nil {
			log.Error("a subscriber failed", "event", fmt.Sprintf("%T", e), "panic", r)
		}
	}()
	if err := s(ctx, e); err != nil {
		log.Warn("a subscriber failed", "event", fmt.Sprintf("%T", e), "err", err)
	}
}

// published says the events of a saved transaction: what it began,
// moved, ended and replaced, then that the table changed.
func (h *hooks) published(ctx context.Context, t *tx, version uint64) {
	if len(h.subs) == 0 || t.rec == nil {
		t.moved = t.moved[:0]
		return
	}
	if t.over != nil && t.over.ID != t.rec.ID && h.hears(kindReplaced) {
		h.publish(ctx, GameReplaced{Table: t.table, Over: t.over})
	}
	if t.begun && t.rec.Phase != PhaseSetup && h.hears(kindBegan) {
		h.publish(ctx, GameBegan{Table: t.table, Record: t.rec})
	}
	for _, mv := range t.moved {
		if h.hears(kindMoved) {
			h.publish(ctx, Moved{Table: t.table, Record: t.rec, Seat: mv.seat, AI: mv.ai})
		}
	}
	t.moved = t.moved[:0]
	if t.rec.Phase == PhaseOver && (t.ended || t.rec.Ending == EndAborted) && h.hears(kindEnded) {
		h.publish(ctx, GameEnded{Table: t.table, Record: t.rec})
	}
	if t.dropped && h.hears(kindEnded) {
		h.publish(ctx, GameEnded{Table: t.table, Record: t.rec, Abandoned: true})
	}
	if h.hears(kindChanged) {
		h.publish(ctx, TableChanged{Table: t.table, Record: t.rec, Version: version})
	}
}

// move is one action a transaction made, told once it is saved.
type move struct {
	seat int
	ai   bool
}
