// Package hosttest builds a host for tests with every feature attached,
// as cmd/ataxxbot wires them: the core (package bot) and the features
// beside it. Only tests import it.
package hosttest

import (
	"log/slog"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/clock"
	"github.com/ataxxbot/ataxxbot/bot/limits"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/ataxxbot/ataxxbot/bot/pictures"
	"github.com/ataxxbot/ataxxbot/bot/players"
	"github.com/ataxxbot/ataxxbot/bot/spectate"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
	"github.com/ataxxbot/ataxxbot/bot/webplay"
)

// Host is the core with its features attached. The core's methods
// (Handle, Resume ...) and the features' views are its own.
type Host struct {
	*bot.Bot
	*tournament.Director              // ViewTournament, RunningTournaments, FinishedTournaments
	*players.Players                  // the archive's views: RecentGames, Leaderboard, ExportGame
	*pictures.Pictures                // Picture, PictureFor
	*spectate.Spectators              // RunningGames, ViewGame, GamePicture, ReplayGame
	Web                  *webplay.Web // the play links and pages: PlayView, Say
}

// Option sets a feature's configuration.
type Option func(*options)

type options struct {
	clock      clock.Config
	tournament tournament.Config
	limits     limits.Config
	observer   metrics.Observer // told what the host does (bot/metrics)
	web        webplay.Config
}

// PagesAt is where the play links point ("http://pages.test" unless
// set).
const PagesAt = "http://pages.test"

// Web sets the play links' configuration (the pages' address is PagesAt
// when c leaves it unset).
func Web(c webplay.Config) Option { return func(o *options) { o.web = c } }

// Clock makes tc the time control of games started without one (as the
// config's clock key does for cmd/ataxxbot, for tournaments too).
func Clock(tc bot.TimeControl) Option {
	return func(o *options) { o.clock.Default = tc }
}

// Tournaments sets the tournaments' configuration.
func Tournaments(c tournament.Config) Option { return func(o *options) { o.tournament = c } }

// Limits holds each identity to l (the zero Config, the default, limits
// nothing).
func Limits(l limits.Config) Option { return func(o *options) { o.limits = l } }

// Observer makes the host tell o what it does, its store's failures too.
func Observer(o metrics.Observer) Option {
	return func(opts *options) { opts.observer = o }
}

// New builds a host as bot.New does, with every feature attached, in the
// order cmd/ataxxbot attaches them.
func New(cfg bot.Config, st bot.Store, clk bot.Clock, kinds []bot.Kind, log *slog.Logger, opts ...Option) (*Host, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	if o.tournament.Clock.IsZero() {
		o.tournament.Clock = o.clock.Default // as cmd/ataxxbot wires the clock key
	}
	st = metrics.Store(st, o.observer)
	b, err := bot.New(cfg, st, clk, kinds, log)
	if err != nil {
		return nil, err
	}
	metrics.Observe(b, o.observer)
	limits.Attach(b, o.limits, clk, log)
	clock.Attach(b, o.clock, log)
	h := &Host{Bot: b, Pictures: pictures.New(b), Spectators: spectate.Attach(b)}
	if h.Players, err = players.New(b, log); err != nil {
		b.Close()
		return nil, err
	}
	if o.web.BaseURL == nil {
		o.web.BaseURL = func() string { return PagesAt }
	}
	if h.Web, err = webplay.Attach(b, o.web); err != nil {
		b.Close()
		return nil, err
	}
	if h.Director, err = tournament.Attach(b, o.tournament); err != nil {
		b.Close()
		return nil, err
	}
	return h, nil
}

// Must returns h, and panics if err is not nil.
func Must(h *Host, err error) *Host {
	if err != nil {
		panic(err)
	}
	return h
}
