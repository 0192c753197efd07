package limits

import (
	"context"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

// seatingVerbs are the commands that may begin a game with the speaker
// seated.
var seatingVerbs = map[string]bool{"start": true, "join": true, "host": true, "rematch": true}

// stakeBefore refuses, before it runs, a command that may begin a game for
// a speaker who plays none here when they already play Config.Games
// elsewhere: refused after it ran, the game it began would have taken an
// archive id.
func (l *Guard) stakeBefore(ctx context.Context, c *bot.Checked) error {
	if c.Was == bot.StakePlaying || l.cfg.Games <= 0 || !seatingVerbs[c.Verb] || c.Admin {
		return nil
	}
	playing, _, err := l.stakesElsewhere(ctx, c.Message, c.Table, l.cfg.Games)
	if err != nil {
		return err
	}
	return tooManyGames(playing, l.cfg.Games)
}

// tooManyGames refuses one more game to a player in playing.
func tooManyGames(playing []bot.Table, most int) error {
	if most > 0 && len(playing) >= most {
		return fmt.Errorf("%w: you play %d games already (%s), the most at once here; finish one first",
			bot.ErrLimit, len(playing), tableNames(playing))
	}
	return nil
}

// limitStake refuses a command that gave the speaker a new game or a new
// challenge beyond their limits. Only the speaker's own stake is checked:
// a challenge they opened may be taken up by someone else whatever their
// count.
func (l *Guard) limitStake(ctx context.Context, c *bot.Checked) error {
	if c.Now <= c.Was || !c.Changed || c.Admin {
		return nil
	}
	most := l.cfg.Games // the smallest limit that applies; 0: none
	if c.Now == bot.StakeWaiting && l.cfg.Challenges > 0 && (most == 0 || l.cfg.Challenges < most) {
		most = l.cfg.Challenges
	}
	if most == 0 {
		return nil
	}
	playing, waiting, err := l.stakesElsewhere(ctx, c.Message, c.Table, most)
	if err != nil {
		return err
	}
	if err := tooManyGames(playing, l.cfg.Games); err != nil {
		return err
	}
	if c.Now == bot.StakeWaiting && l.cfg.Challenges > 0 && len(waiting) >= l.cfg.Challenges {
		return fmt.Errorf("%w: you have %d games waiting for players already (%s), the most at once here; begin or abandon one first",
			bot.ErrLimit, len(waiting), tableNames(waiting))
	}
	return nil
}

// stakesElsewhere lists the tables other than here where the speaker holds
// a seat in a game in play and in a game waiting for players: the tables
// of their seat index and their private query. When there are fewer
// candidates than most, no count can reach a limit and nothing is read.
func (l *Guard) stakesElsewhere(ctx context.Context, m bot.Message, here bot.Table, most int) (playing, waiting []bot.Table, err error) {
	seated, err := l.host.SeatTables(ctx, m.Network, m.UserID)
	if err != nil {
		return nil, nil, err
	}
	var tables []bot.Table
	for _, table := range append(seated, bot.QueryTable(m.Network, m.UserID)) {
		if table != here && table != m.Table() {
			tables = append(tables, table)
		}
	}
	if len(tables) < most {
		return nil, nil, nil
	}
	for _, table := range tables {
		stake, err := l.host.StakeAt(ctx, table, m.UserID)
		if err != nil {
			return nil, nil, err
		}
		switch stake {
		case bot.StakePlaying:
			playing = append(playing, table)
		case bot.StakeWaiting:
			waiting = append(waiting, table)
		}
	}
	return playing, waiting, nil
}

// tableNames names tables for a refusal: channels, and "a private game"
// for a query.
func tableNames(tables []bot.Table) string {
	var names []string
	for _, t := range tables {
		if t.IsQuery() {
			names = append(names, "a private game")
		} else {
			names = append(names, cut(t.Channel, 30))
		}
	}
	return cut(strings.Join(names, ", "), 120)
}

// cut shortens s as the host's lines do.
func cut(s string, n int) string { return bot.Cut(s, n) }
