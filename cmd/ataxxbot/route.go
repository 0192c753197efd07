package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// mailbox is a store that keeps messages for other processes: replies one
// process makes for a table another process serves (a game hosted in one
// channel and joined from another network, or another console).
type mailbox interface {
	Post(ctx context.Context, box string, msg []byte) error
	Take(ctx context.Context, box string, n int) ([][]byte, error)
}

// handler is the bot as adapters see it.
type handler interface {
	Handle(ctx context.Context, m bot.Message) []bot.Reply
}

// router delivers each reply by its table: through this process's adapter
// of the table's network when this process serves the table, else into
// the table's mailbox in the store, where the process that serves it
// takes it.
type router struct {
	local  map[string]bot.Sender // network -> adapter
	serves func(bot.Table) bool
	box    mailbox // nil: a store of one process
	log    *slog.Logger
}

// boxOf is the mailbox of a table's replies: one per table, but one for
// all of Discord, whose channels one process (its lease holder) serves.
func boxOf(t bot.Table) string {
	if t.Network == "discord" {
		return "discord"
	}
	return t.Key()
}

// Send delivers replies the bot makes on its own.
func (r *router) Send(ctx context.Context, replies []bot.Reply) error {
	mine, others := r.split(replies)
	return errors.Join(r.deliver(ctx, mine), r.post(ctx, others))
}

func (r *router) split(replies []bot.Reply) (mine, others []bot.Reply) {
	for _, rep := range replies {
		if rep.To == (bot.Table{}) || r.serves(rep.To) {
			mine = append(mine, rep)
		} else {
			others = append(others, rep)
		}
	}
	return mine, others
}

// deliver hands replies to the adapters of their networks, in order.
func (r *router) deliver(ctx context.Context, replies []bot.Reply) error {
	var errs []error
	for len(replies) > 0 {
		net := replies[0].To.Network
		n := 1
		for n < len(replies) && replies[n].To.Network == net {
			n++
		}
		if to, ok := r.local[net]; ok {
			errs = append(errs, to.Send(ctx, replies[:n]))
		} else {
			errs = append(errs, fmt.Errorf("no adapter for network %q", net))
		}
		replies = replies[n:]
	}
	return errors.Join(errs...)
}

// post puts replies for other processes' tables in their mailboxes.
func (r *router) post(ctx context.Context, replies []bot.Reply) error {
	if len(replies) == 0 {
		return nil
	}
	if r.box == nil {
		return r.deliver(ctx, replies) // one process: its adapters are all there is
	}
	var errs []error
	for _, rep := range replies {
		data, err := json.Marshal(rep)
		if err == nil {
			err = r.box.Post(ctx, boxOf(rep.To), data)
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// handle wraps the bot for an adapter: the replies for tables this process
// serves come back to the adapter, the others go by mailbox.
func (r *router) handle(h handler) handler { return routed{h, r} }

type routed struct {
	h handler
	r *router
}

// Settle lets the bot's AI finish, for a console at the end of its input.
func (rt routed) Settle(ctx context.Context) error {
	if s, ok := rt.h.(interface{ Settle(context.Context) error }); ok {
		return s.Settle(ctx)
	}
	return nil
}

func (rt routed) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	mine, others := rt.r.split(rt.h.Handle(ctx, m))
	if err := rt.r.post(ctx, others); err != nil {
		rt.r.log.Warn("handing replies to another process", "err", err)
	}
	return mine
}

// pollInterval is how often a process takes its tables' mail.
const pollInterval = 250 * time.Millisecond

// pollMail delivers the mail of boxes() through send until ctx is done.
func (r *router) pollMail(ctx context.Context, boxes func() []string, send bot.Sender) {
	if r.box == nil {
		return
	}
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		for _, box := range boxes() {
			msgs, err := r.box.Take(ctx, box, 64)
			if err != nil {
				if ctx.Err() == nil {
					r.log.Warn("taking mail", "box", box, "err", err)
				}
				continue
			}
			var replies []bot.Reply
			for _, m := range msgs {
				var rep bot.Reply
				if err := json.Unmarshal(m, &rep); err != nil {
					r.log.Warn("unreadable mail", "box", box, "err", err)
					continue
				}
				replies = append(replies, rep)
			}
			if len(replies) > 0 {
				if err := send.Send(ctx, replies); err != nil {
					r.log.Warn("delivering mail", "box", box, "err", err)
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
