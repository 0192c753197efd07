package main

import (
	"log/slog"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/clock"
	"github.com/ataxxbot/ataxxbot/bot/limits"
	"github.com/ataxxbot/ataxxbot/bot/metrics"
	"github.com/ataxxbot/ataxxbot/bot/players"
	"github.com/ataxxbot/ataxxbot/bot/spectate"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
)

// host is the core with the features the program attaches; what the web
// pages read (web.Games) is theirs together.
type host struct {
	*bot.Bot
	*players.Players     // the archive: its commands, and RecentGames, Leaderboard, ExportGame
	*tournament.Director // tournaments: their command, and ViewTournament, RunningTournaments, FinishedTournaments
	*spectate.Spectators // the index of running games, and RunningGames, ViewGame, GamePicture
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
	h.Director, err = tournament.Attach(b, tournament.Config{Games: cfg.Tournament.Games, MaxPlies: cfg.Tournament.MaxPlies,
		Clock: cfg.Clock.control, PerUser: lim.Tournaments})
	if err != nil {
		return nil, err
	}
	return h, nil
}
