// Package pictures gives the PNG of a table's board as a viewer may see
// it, for an adapter or a view that asks for a table's picture: a seat's
// view or the spectator's, or the view of whoever asks (PictureFor), so
// one player's secrets are never drawn for another. The core draws
// (bot.Bot.BoardPNG, from its cache of recent positions, under its
// caption); this package finds the game and the viewer.
package pictures

import (
	"context"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Host is what pictures need from the core (*bot.Bot): the game at a
// table, and a board drawn.
type Host interface {
	LiveGame(ctx context.Context, table bot.Table) (bot.LiveGame, error)
	BoardPNG(st bot.State, viewer int, caption string) ([]byte, error)
}

// Pictures draws the boards of a host's tables; make it with New.
type Pictures struct {
	host Host
}

// New returns the pictures of host's tables.
func New(host Host) *Pictures { return &Pictures{host: host} }

// Picture returns the PNG of the game at table as viewer may see it (a
// seat or bot.Spectator: the caller, an adapter or the web view, knows
// who asks), under the host's caption: the seats' players. A table with
// no game gives an error wrapping bot.ErrNotFound; a kind that does not
// draw, bot.ErrNoPicture.
func (p *Pictures) Picture(ctx context.Context, table bot.Table, viewer int) ([]byte, error) {
	g, err := p.host.LiveGame(ctx, table)
	if err != nil {
		return nil, err
	}
	if viewer != bot.Spectator && (viewer < 0 || viewer >= len(g.Record.Seats)) {
		return nil, fmt.Errorf("%w: seat %d of %d", bot.ErrBadCommand, viewer, len(g.Record.Seats))
	}
	return p.host.BoardPNG(g.State, viewer, g.Caption)
}

// PictureFor is Picture for the person userID: their own seat's view
// when they hold a seat at the table (the first, if several), else the
// spectator's. An adapter that knows only who asks uses this, and cannot
// show one player's secrets to another.
func (p *Pictures) PictureFor(ctx context.Context, table bot.Table, userID string) ([]byte, error) {
	g, err := p.host.LiveGame(ctx, table)
	if err != nil {
		return nil, err
	}
	viewer := bot.Spectator
	if s := g.Record.SeatsOf(userID); len(s) > 0 && userID != "" {
		viewer = s[0]
	}
	return p.host.BoardPNG(g.State, viewer, g.Caption)
}
