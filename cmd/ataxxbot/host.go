package main

import (
	"context"
	"log/slog"
	"os"
	"sync/atomic"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/clock"
	"github.com/ataxxbot/ataxxbot/bot/deliver"
	"github.com/ataxxbot/ataxxbot/bot/limits"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/ataxxbot/ataxxbot/bot/players"
	"github.com/ataxxbot/ataxxbot/bot/spectate"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
	"github.com/ataxxbot/ataxxbot/bot/webplay"
)

// host is the core with the features the program attaches; what the web
// pages read (web.Games) is theirs together.
type host struct {
	*bot.Bot
	*players.Players                  // the archive: its commands, and RecentGames, Leaderboard, ExportGame
	*tournament.Director              // tournaments: their command, and ViewTournament, RunningTournaments, FinishedTournaments
	*spectate.Spectators              // the index of running games, and RunningGames, ViewGame, GamePicture, ReplayGame
	Web                  *webplay.Web // the play links: the web command, and the play pages' PlayView and Say
	// route delivers what a play page's command says to others, once
	// the program has made its router; base is the pages' address once
	// the server listens.
	route atomic.Pointer[deliver.Router]
	base  atomic.Pointer[string]
}

// routeVia makes rt the router of the play pages' replies.
func (h *host) routeVia(rt *deliver.Router) { h.route.Store(rt) }

// send delivers a play page's replies for others through the router.
func (h *host) send(ctx context.Context, replies []bot.Reply) error {
	rt := h.route.Load()
	if rt == nil {
		return nil // not serving yet: nobody to tell
	}
	return rt.Send(ctx, replies)
}

// baseURL is where players reach the pages: the configured public
// address, else the address the server listens on; "" without pages.
func (h *host) baseURL() string {
	if p := h.base.Load(); p != nil {
		return *p
	}
	return ""
}

// attach attaches the features to b, each from its part of the
// configuration (the archive: Config.Archive, which b was built with;
// metrics: obs, nil without an HTTP server).
// The order is help's: the archive's commands, then the tournaments'.
func attach(b *bot.Bot, cfg Config, lim hostLimits, obs metrics.Observer, log *slog.Logger) (*host, error) {
	h := &host{Bot: b, Spectators: spectate.Attach(b)}
	metrics.Observe(b, obs)
	limits.Attach(b, lim.Config, bot.SystemClock{}, log)
	clock.Attach(b, clock.Config{Default: cfg.Clock.control}, log)
	var err error
	if h.Players, err = players.New(b, log); err != nil {
		return nil, err
	}
	secret := []byte(cfg.HTTP.LinkSecret)
	if env := os.Getenv("ATAXXBOT_LINK_SECRET"); len(secret) == 0 && env != "" {
		secret = []byte(env)
	}
	if h.Web, err = webplay.Attach(b, webplay.Config{BaseURL: h.baseURL, Secret: secret, TTL: cfg.HTTP.LinkTTL, Send: h.send}); err != nil {
		return nil, err
	}
	h.Director, err = tournament.Attach(b, tournament.Config{Games: cfg.Tournament.Games, MaxPlies: cfg.Tournament.MaxPlies,
		Clock: cfg.Clock.control, PerUser: lim.Tournaments})
	if err != nil {
		return nil, err
	}
	return h, nil
}
