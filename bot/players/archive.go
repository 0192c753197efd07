package players

import (
	"context"
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
)

// saved archives what a saved change finished: the game it ended, and
// (idempotently, in case the process stopped between that save and its
// archiving) the finished game a fresh one replaced. A failure is logged:
// the game was saved, and its record keeps it until the next game
// replaces it, which archives it again.
func (p *Players) saved(ctx context.Context, e bot.Event) error {
	a := p.core.Archive()
	if a == nil {
		return nil
	}
	switch e := e.(type) {
	case bot.GameReplaced:
		// Archived and rated again: both are idempotent, and the process
		// may have stopped between the game's save and either.
		if g, err := p.archivedGame(ctx, a, e.Over, e.Table); err == nil {
			if err := a.ArchiveGame(ctx, g); err != nil {
				p.log.Warn("archiving a finished game", "game", g.ID, "err", err)
			} else if kept, err := a.ArchivedGame(ctx, g.ID); err == nil {
				// Rated as first archived: its players as they were
				// then, not as links resolve now.
				p.rate(ctx, a, kept, e.Over)
			}
		}
	case bot.GameEnded:
		if e.Abandoned || e.Record.Ending == bot.EndAborted || e.Record.ID == "" {
			return nil // no game to keep: dropped, or ended before it was played
		}
		g, err := p.archivedGame(ctx, a, e.Record, e.Table)
		if errors.Is(err, bot.ErrUnavailable) {
			p.log.Warn("archiving a finished game", "game", e.Record.ID, "err", err)
			return nil
		}
		if err != nil {
			p.log.Error("archiving a finished game", "game", e.Record.ID, "err", err)
			return nil
		}
		if err := a.ArchiveGame(ctx, g); err != nil {
			p.log.Warn("archiving a finished game", "game", g.ID, "err", err)
			return nil
		}
		p.rate(ctx, a, g, e.Record)
	}
	return nil
}

// archivedGame is the finished record r, played at table, as the archive
// keeps it: each person with their network and the player their identity
// belongs to now.
func (p *Players) archivedGame(ctx context.Context, a bot.Archive, r *bot.Record, table bot.Table) (bot.ArchivedGame, error) {
	kind, spec, ok := p.core.HostedKind(r.Game)
	if !ok {
		return bot.ArchivedGame{}, fmt.Errorf("%w: kind %q is not hosted", bot.ErrDamaged, r.Game)
	}
	st, err := kind.Decode(r.State)
	if err != nil {
		return bot.ArchivedGame{}, fmt.Errorf("%w: %w", bot.ErrDamaged, err)
	}
	rules := ""
	if rs, ok := st.(bot.RuleSetter); ok {
		rules = rs.RuleSet()
	}
	g := bot.ArchivedGame{ID: r.ID, Kind: spec.Name, Rules: rules, Moves: r.Moves,
		Winner: -1, Ending: r.Ending, Score: r.Result, Began: r.Began, Ended: r.Updated, Record: r.State}
	if r.Winner != nil {
		g.Winner = *r.Winner
	}
	if g.Ended.IsZero() {
		g.Ended = p.core.Now().UTC()
	}
	nets := map[string]bool{}
	addNet := func(key string) {
		if tb, err := bot.ParseTable(key); err == nil && !nets[tb.Network] {
			nets[tb.Network] = true
			g.Networks = append(g.Networks, tb.Network)
		}
	}
	addNet(table.Key())
	for i, s := range r.Seats {
		ap := bot.ArchivedPlayer{Seat: spec.Seats[min(i, len(spec.Seats)-1)], Name: s.Name}
		switch s.Kind {
		case bot.SeatHuman:
			ap.UserID, ap.Network = s.UserID, table.Network
			if s.Table != "" {
				addNet(s.Table)
				if tb, err := bot.ParseTable(s.Table); err == nil {
					ap.Network = tb.Network
				}
			}
			var err error
			if ap.Player, err = playerOf(ctx, a, bot.Identity(ap.Network, ap.UserID)); err != nil {
				return bot.ArchivedGame{}, err
			}
		case bot.SeatAI:
			ap.AI = s.Level
			if s.Engine != "" {
				ap.AI, ap.Name = 0, "AI "+s.Engine
			} else {
				ap.Name = fmt.Sprintf("AI level %d", s.Level)
			}
		}
		g.Players = append(g.Players, ap)
	}
	for _, w := range r.Windows {
		addNet(w)
	}
	return g, nil
}

// kindName is the hosted kind's name as the archive indexes it ("" for
// any kind).
func (p *Players) kindName(kind string) string {
	if kind == "" {
		return ""
	}
	return p.specs[kind].Name
}

// inKind is " in TITLE" for a kind, "" for any.
func (p *Players) inKind(kind string) string {
	if kind == "" {
		return ""
	}
	return " in " + p.specs[kind].Title
}
