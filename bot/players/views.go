package players

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// RecentGames returns the n newest finished games of kind ("" any) from
// the archive: id, kind, players and outcome, no boards.
func (p *Players) RecentGames(ctx context.Context, kind string, n int) ([]bot.GameView, error) {
	a := p.core.Archive()
	if a == nil {
		return nil, nil
	}
	games, _, err := a.History(ctx, "", strings.ToLower(kind), "", min(n, bot.MaxHistory))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var out []bot.GameView
	for _, g := range games {
		spec, ok := p.specs[strings.ToLower(g.Kind)]
		if !ok {
			continue
		}
		v := bot.GameView{ID: g.ID, Kind: strings.ToLower(spec.Name), Title: spec.Title, Result: g.OutcomeText(),
			Status: g.PlayersText(), Moves: g.Moves, Began: g.Began, Ended: g.Ended}
		out = append(out, v)
	}
	return out, nil
}

// Leaderboard returns kind's n best players by rating; ErrNotFound for a
// kind not hosted.
func (p *Players) Leaderboard(ctx context.Context, kind string, n int) ([]bot.Ranking, error) {
	kind = strings.ToLower(kind)
	if !p.hosted(kind) {
		return nil, fmt.Errorf("%w: no game %q here", bot.ErrNotFound, cut(kind, 20))
	}
	a := p.core.Archive()
	if a == nil {
		return nil, nil
	}
	top, err := a.Top(ctx, kind, n)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	now := p.core.Now()
	var out []bot.Ranking
	for i, r := range top {
		rt, _, err := p.loadRating(ctx, a, kind, r.Player)
		if err != nil {
			return nil, err
		}
		name := r.Player
		if rt.Name != "" {
			name = rt.Name
		}
		out = append(out, bot.Ranking{Rank: i + 1, Name: name, Rating: rating.Decay(rt.Rating, now, rating.Defaults()).String()})
	}
	return out, nil
}

// ExportGame writes game id in its kind's file format, as a spectator may
// have it: a running game from its table (not a hidden kind's: its
// secrets are its players'), a finished one from the archive. It returns
// the file's name and contents; ErrNotFound when there is no such game,
// ErrBadCommand when its kind has no format, ErrNotSeated for a hidden
// game that runs.
func (p *Players) ExportGame(ctx context.Context, id string) (string, []byte, error) {
	t, err := p.core.RunningTable(ctx, id)
	if err != nil {
		return "", nil, err
	}
	if t != nil {
		if _, ok := t.Kind().(bot.Exporter); ok && t.Spec().Hidden && t.Record().Phase != bot.PhaseOver {
			return "", nil, fmt.Errorf("%w: the game is running and its secrets are hidden", bot.ErrNotSeated)
		}
		return p.tableExport(t, bot.Spectator)
	}
	a := p.core.Archive()
	if a == nil {
		return "", nil, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	g, err := a.ArchivedGame(ctx, id)
	if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
		return "", nil, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return p.archivedExport(g)
}
