package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrLimit: an identity asked for more than the bot's limits allow.
var ErrLimit = errors.New("limit reached")

// limitTournaments refuses a new tournament from someone who has made
// Config.TournamentsPerUser that wait or run. Tournaments that wait or run
// are the ones marked as owed work.
func (b *Bot) limitTournaments(ctx context.Context, m Message) error {
	most := b.cfg.TournamentsPerUser
	if most <= 0 || b.isAdmin(m) {
		return nil
	}
	keys, err := b.store.Owed(ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var mine []string
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, tournamentPrefix)
		if !ok {
			continue
		}
		tr, _, err := b.loadTournament(ctx, id)
		if err != nil || tr.By != m.UserID || (tr.State != tourWaiting && tr.State != tourRunning) {
			continue
		}
		if table, err := ParseTable(tr.Table); err == nil && table.Network == m.Network {
			mine = append(mine, tr.ID)
		}
	}
	if len(mine) >= most {
		return fmt.Errorf("%w: you run %d tournaments already (%s), the most at once here; stop one or let it end first",
			ErrLimit, len(mine), cut(strings.Join(mine, ", "), 80))
	}
	return nil
}
