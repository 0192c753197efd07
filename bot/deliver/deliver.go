// Package deliver carries the bot's replies between processes. A Router
// delivers each reply by its table: through this process's adapter of
// the table's network when this process serves the table, else into the
// table's mailbox in the store (a bot.Mailbox), where the process that
// serves it takes it (PollMail). A reply travels as JSON: its Shot goes
// with it and Router.Pictures draws its picture again on arrival.
//
// It is a part of the core in its own package: it uses only the core's
// exported types, and the core does not import it; cmd wires it between
// the bot and the adapters.
package deliver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Handler is the bot as adapters see it.
type Handler interface {
	Handle(ctx context.Context, m bot.Message) []bot.Reply
}

// Router delivers each reply by its table: through this process's adapter
// of the table's network when this process serves the table, else into
// the table's mailbox in the store, where the process that serves it
// takes it.
type Router struct {
	Local  map[string]bot.Sender // network -> this process's adapter
	Serves func(bot.Table) bool  // the tables this process delivers to now
	Box    bot.Mailbox           // nil: a store of one process
	Log    *slog.Logger
	// WholeNetworks are networks whose tables one process serves all of
	// (its lease holder: Discord), so their mail goes to one box.
	WholeNetworks map[string]bool
	// Pictures, if set, gives a board that came by mail its picture
	// again (Bot.PictureOf): a Reply's Picture does not travel, its Shot
	// does.
	Pictures func(bot.Shot) func() ([]byte, error)
}

// BoxOf is the mailbox of a table's replies: one per table, or one for a
// whole network that one process serves whole (listed in WholeNetworks).
func (r *Router) BoxOf(t bot.Table) string {
	if r.WholeNetworks[t.Network] {
		return t.Network
	}
	return t.Key()
}

// Boxes lists the mailboxes of tables.
func (r *Router) Boxes(tables []bot.Table) []string {
	var out []string
	for _, t := range tables {
		out = append(out, r.BoxOf(t))
	}
	return out
}

// Send delivers replies the bot makes on its own.
func (r *Router) Send(ctx context.Context, replies []bot.Reply) error {
	mine, others := r.split(replies)
	return errors.Join(r.deliver(ctx, mine), r.post(ctx, others))
}

func (r *Router) split(replies []bot.Reply) (mine, others []bot.Reply) {
	for _, rep := range replies {
		if rep.To == (bot.Table{}) || r.Serves(rep.To) {
			mine = append(mine, rep)
		} else {
			others = append(others, rep)
		}
	}
	return mine, others
}

// deliver hands replies to the adapters of their networks, in order.
func (r *Router) deliver(ctx context.Context, replies []bot.Reply) error {
	var errs []error
	for len(replies) > 0 {
		net := replies[0].To.Network
		n := 1
		for n < len(replies) && replies[n].To.Network == net {
			n++
		}
		if to, ok := r.Local[net]; ok {
			errs = append(errs, to.Send(ctx, replies[:n]))
		} else {
			errs = append(errs, fmt.Errorf("no adapter for network %q", net))
		}
		replies = replies[n:]
	}
	return errors.Join(errs...)
}

// post puts replies for other processes' tables in their mailboxes.
func (r *Router) post(ctx context.Context, replies []bot.Reply) error {
	if len(replies) == 0 {
		return nil
	}
	if r.Box == nil {
		return r.deliver(ctx, replies) // one process: its adapters are all there is
	}
	var errs []error
	for _, rep := range replies {
		data, err := json.Marshal(rep)
		if err == nil {
			err = r.Box.Post(ctx, r.BoxOf(rep.To), data)
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Handler wraps the bot for an adapter: the replies for tables this
// process serves come back to the adapter, the others go by mailbox.
func (r *Router) Handler(h Handler) Handler { return routed{h, r} }

type routed struct {
	h Handler
	r *Router
}

// Settle lets the bot's AI finish, for a console at the end of its input.
func (rt routed) Settle(ctx context.Context) error {
	if s, ok := rt.h.(interface{ Settle(context.Context) error }); ok {
		return s.Settle(ctx)
	}
	return nil
}

// AwaitAI lets the bot's AI answer at table, for a console about to run
// its next line.
func (rt routed) AwaitAI(ctx context.Context, table bot.Table) error {
	if a, ok := rt.h.(interface {
		AwaitAI(context.Context, bot.Table) error
	}); ok {
		return a.AwaitAI(ctx, table)
	}
	return nil
}

func (rt routed) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	return rt.route(ctx, rt.h.Handle(ctx, m))
}

// Respond keeps the bot's order (its replies before the AI's reply to
// them, see bot.Respond): the replies for this process go to deliver and
// the others to their mailboxes before the AI starts.
func (rt routed) Respond(ctx context.Context, m bot.Message, deliver func([]bot.Reply)) {
	bot.Answer(ctx, rt.h, m, func(rs []bot.Reply) { deliver(rt.route(ctx, rs)) })
}

// route posts the replies for other processes and returns this one's.
func (rt routed) route(ctx context.Context, rs []bot.Reply) []bot.Reply {
	mine, others := rt.r.split(rs)
	if err := rt.r.post(ctx, others); err != nil {
		rt.r.Log.Warn("handing replies to another process", "err", err)
	}
	return mine
}

// pollInterval is how often a process takes its tables' mail.
const pollInterval = 250 * time.Millisecond

// PollMail delivers the mail of boxes() through send until ctx is done.
func (r *Router) PollMail(ctx context.Context, boxes func() []string, send bot.Sender) {
	if r.Box == nil {
		return
	}
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	failing := false // an outage is logged once when it starts and once when it ends
	for {
		for _, box := range boxes() {
			msgs, err := r.Box.Take(ctx, box, 64)
			if err != nil {
				if ctx.Err() == nil && !failing {
					r.Log.Warn("taking mail: storage unavailable; retrying quietly", "box", box, "err", err)
				}
				failing = true
				continue
			}
			if failing {
				r.Log.Info("taking mail again", "box", box)
				failing = false
			}
			var replies []bot.Reply
			for _, m := range msgs {
				var rep bot.Reply
				if err := json.Unmarshal(m, &rep); err != nil {
					r.Log.Warn("unreadable mail", "box", box, "err", err)
					continue
				}
				if rep.Shot != nil && r.Pictures != nil {
					rep.Picture = r.Pictures(*rep.Shot)
				}
				replies = append(replies, rep)
			}
			if len(replies) > 0 {
				if err := send.Send(ctx, replies); err != nil {
					r.Log.Warn("delivering mail", "box", box, "err", err)
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
