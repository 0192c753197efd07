package bot

import (
	"context"
	"errors"
	"strings"
	"time"
)

// VerbMove is the verb a bare move ("!a7-b6") is told under in
// CommandDone; a verb no kind or the host declares is VerbOther.
const (
	VerbMove  = "move"
	VerbOther = "other"
)

// ErrRefused is CommandDone's Err for a command the bot refused when no
// more precise error is known.
var ErrRefused = errors.New("refused")

// commandDone publishes CommandDone for a command Handle answered (out),
// begun at start; err is Handle's own error, res what its transaction
// said.
func (h *hooks) commandDone(ctx context.Context, m Message, p parsed, res *txResult, err *error, start time.Time, out *[]Reply) {
	if !h.hears(kindDone) {
		return
	}
	kind := p.kind
	var spec *Spec
	if res.spec != nil && res.spec.Name != "" {
		kind, spec = strings.ToLower(res.spec.Name), res.spec
	} else if s, ok := h.b.specs[kind]; ok {
		spec = &s
	}
	e := *err
	if e == nil {
		for _, r := range *out {
			if r.Error && r.User.ID == m.UserID {
				e = ErrRefused // a refusal made inside (a host command's)
				break
			}
		}
	}
	h.publish(ctx, CommandDone{Network: m.Network, Kind: kind, Verb: h.verbLabel(p.cmd.Verb, spec), Took: time.Since(start), Err: e})
}

// verbLabel is verb as CommandDone tells it: a declared command's own
// name (aliases folded into it), VerbMove for a bare move, else
// VerbOther.
func (h *hooks) verbLabel(verb string, spec *Spec) string {
	verb = strings.ToLower(verb)
	if verb == "" {
		return VerbOther
	}
	if c, ok := h.b.commands.lookup(verb); ok {
		return strings.ToLower(c.Name)
	}
	specs := h.b.order
	if spec != nil {
		specs = []string{strings.ToLower(spec.Name)}
	}
	for _, name := range specs {
		s := h.b.specs[name]
		if c, ok := s.Command(verb); ok {
			return strings.ToLower(c.Name)
		}
		if s.BareMove != nil && s.BareMove(verb) {
			return VerbMove
		}
	}
	return VerbOther
}

// aiThought publishes AIThought: an AI seat at t acted after d.
func (h *hooks) aiThought(ctx context.Context, t *tx, d time.Duration) {
	if h.hears(kindThought) && t != nil {
		h.publish(ctx, AIThought{Kind: strings.ToLower(t.spec.Name), Took: d})
	}
}
