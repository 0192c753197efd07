package main

import (
	"log/slog"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/players"
)

// host is the core with the features the program attaches; what the web
// pages read (web.Games) is theirs together.
type host struct {
	*bot.Bot
	*players.Players // the archive: its commands, and RecentGames, Leaderboard, ExportGame
}

// attach attaches the features to b, each from the configuration b was
// built with (the archive: Config.Archive).
func attach(b *bot.Bot, log *slog.Logger) (*host, error) {
	h := &host{Bot: b}
	var err error
	if h.Players, err = players.New(b, log); err != nil {
		return nil, err
	}
	return h, nil
}
