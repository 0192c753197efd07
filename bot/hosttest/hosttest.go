// Package hosttest builds a host for tests with every feature attached,
// as cmd/ataxxbot wires them: the core (package bot) and the features
// beside it. Only tests import it.
package hosttest

import (
	"log/slog"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/ataxxbot/ataxxbot/bot/pictures"
)

// Host is the core with its features attached. The core's methods
// (Handle, Resume ...) and the features' views are its own.
type Host struct {
	*bot.Bot
	*pictures.Pictures // Picture, PictureFor
}

// Option sets a feature's configuration.
type Option func(*options)

type options struct {
	observer metrics.Observer // told what the host does (bot/metrics)
}

// Observer makes the host tell o what it does, its store's failures too.
func Observer(o metrics.Observer) Option {
	return func(opts *options) { opts.observer = o }
}

// New builds a host as bot.New does, with every feature attached.
func New(cfg bot.Config, st bot.Store, clock bot.Clock, kinds []bot.Kind, log *slog.Logger, opts ...Option) (*Host, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	st = metrics.Store(st, o.observer)
	b, err := bot.New(cfg, st, clock, kinds, log)
	if err != nil {
		return nil, err
	}
	metrics.Observe(b, o.observer)
	h := &Host{Bot: b, Pictures: pictures.New(b)}
	return h, nil
}

// Must returns h, and panics if err is not nil.
func Must(h *Host, err error) *Host {
	if err != nil {
		panic(err)
	}
	return h
}
