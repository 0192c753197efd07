// Package hosttest builds a host for tests with every feature attached,
// as cmd/ataxxbot wires them: the core (package bot) and the features
// beside it. Only tests import it.
package hosttest

import (
	"log/slog"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/clock"
)

// Host is the core with its features attached. The core's methods
// (Handle, Resume ...) and the features' views are its own.
type Host struct {
	*bot.Bot
}

// Option sets a feature's configuration.
type Option func(*options)

type options struct {
	clock clock.Config
}

// Clock makes tc the time control of games started without one (as the
// config's clock key does for cmd/ataxxbot).
func Clock(tc bot.TimeControl) Option {
	return func(o *options) { o.clock.Default = tc }
}

// New builds a host as bot.New does, with every feature attached.
func New(cfg bot.Config, st bot.Store, clk bot.Clock, kinds []bot.Kind, log *slog.Logger, opts ...Option) (*Host, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	if cfg.TournamentClock.IsZero() {
		cfg.TournamentClock = o.clock.Default // as cmd/ataxxbot wires the clock key
	}
	b, err := bot.New(cfg, st, clk, kinds, log)
	if err != nil {
		return nil, err
	}
	clock.Attach(b, o.clock, log)
	h := &Host{Bot: b}
	return h, nil
}

// Must returns h, and panics if err is not nil.
func Must(h *Host, err error) *Host {
	if err != nil {
		panic(err)
	}
	return h
}
