package players

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/rating"
)

// ratedPlayer is the rating identity of a seat: the person's player (its
// user id in a game archived before links), or "ai:N" for the built-in AI
// at level N; "" when the seat is not rated (an AI program, an empty
// seat).
func ratedPlayer(ap bot.ArchivedPlayer) string {
	switch {
	case ap.Player != "":
		return ap.Player
	case ap.UserID != "":
		return ap.UserID
	case ap.AI > 0:
		return "ai:" + strconv.Itoa(ap.AI)
	}
	return ""
}

// rate updates both players' Glicko-2 ratings for a finished two-seat game
// in which each seat moved, no seat changed hands and the players differ; each is written with
// compare-and-set, retried on conflict against the other's rating as it
// was before the game.
func (p *Players) rate(ctx context.Context, a bot.Archive, g bot.ArchivedGame, r *bot.Record) {
	if len(g.Players) != 2 || g.Ending == bot.EndAbandoned || r.Movers&3 != 3 {
		return
	}
	for _, s := range r.Seats {
		if s.Kind == bot.SeatAI && s.UserID != "" || s.Was != "" && s.Was != s.UserID {
			return // a seat changed hands (auto, a takeover): whose game was it?
		}
	}
	ids := [2]string{ratedPlayer(g.Players[0]), ratedPlayer(g.Players[1])}
	if ids[0] == "" || ids[1] == "" || ids[0] == ids[1] {
		return
	}
	kind := strings.ToLower(g.Kind)
	// pre are the ratings before this game; done says a player's rating
	// has it already (a retry after a crash between the two saves, or
	// after the game's save and its rating).
	var pre [2]rating.Rating
	var done [2]bool
	for i, id := range ids {
		rec, _, err := p.loadRating(ctx, a, kind, id)
		if err != nil {
			p.log.Warn("reading a rating", "player", id, "err", err)
			return
		}
		pre[i] = rec.Rating
		if before, ok := rec.rated(g.ID); ok {
			pre[i], done[i] = before, true
		}
	}
	score := 0.5
	switch g.Winner {
	case 0:
		score = 1
	case 1:
		score = 0
	}
	params := rating.Defaults()
	for i, id := range ids {
		if done[i] {
			continue
		}
		for attempt := 0; attempt < maxAttempts; attempt++ {
			// Read again on each attempt: a conflict is another game
			// (or another process rating this one) that saved first.
			cur, version, err := p.loadRating(ctx, a, kind, id)
			if err != nil {
				p.log.Warn("reading a rating", "player", id, "err", err)
				break
			}
			if _, ok := cur.rated(g.ID); ok {
				break // another process rated this game meanwhile
			}
			var next rating.Rating
			if i == 0 {
				next, _ = rating.Game(cur.Rating, pre[1], score, g.Ended, params)
			} else {
				_, next = rating.Game(pre[0], cur.Rating, score, g.Ended, params)
			}
			next.Games = cur.Games + 1
			rec := ratingRecord{Rating: next, Name: cur.Name,
				Recent: append([]ratedGame{{ID: g.ID, Before: cur.Rating}}, cur.Recent[:min(len(cur.Recent), maxRecent-1)]...)}
			if g.Players[i].AI == 0 {
				rec.Name = g.Players[i].Name
			}
			data, _ := json.Marshal(rec)
			_, err = a.SaveRating(ctx, kind, id, data, version)
			if errors.Is(err, bot.ErrConflict) {
				continue
			}
			if err == nil {
				err = a.SetRank(ctx, kind, id, next.R)
			}
			if err != nil {
				p.log.Warn("saving a rating", "player", id, "err", err)
			}
			break
		}
	}
}

// maxRecent is how many of a player's last rated games their rating
// remembers, so a game is never rated twice: a retry (the next game at
// the table, after a crash) comes well within that many games.
const maxRecent = 32

// ratingRecord is a player's rating in one kind as the archive keeps it,
// with the name they had in their last rated game, for the leaderboard (a
// player is an identity, not a name), and their last rated games.
type ratingRecord struct {
	rating.Rating
	Name   string      `json:"name,omitempty"`
	Recent []ratedGame `json:"recent,omitempty"`
}

// ratedGame is a game a rating has taken in, and the rating before it.
type ratedGame struct {
	ID     string        `json:"id"`
	Before rating.Rating `json:"before"`
}

// rated reports whether the rating has taken in game id, and the rating
// before it.
func (r ratingRecord) rated(id string) (rating.Rating, bool) {
	for _, g := range r.Recent {
		if g.ID == id {
			return g.Before, true
		}
	}
	return rating.Rating{}, false
}

// loadRating reads a player's rating in kind: a new player's when there is
// none or it cannot be read (a damaged one is then replaced).
func (p *Players) loadRating(ctx context.Context, a bot.Archive, kind, player string) (ratingRecord, uint64, error) {
	data, version, err := a.Rating(ctx, kind, player)
	fresh := ratingRecord{Rating: rating.Defaults().New()}
	switch {
	case errors.Is(err, bot.ErrNotFound):
		return fresh, 0, nil
	case errors.Is(err, bot.ErrDamaged):
		p.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return fresh, version, nil
	case err != nil:
		return ratingRecord{}, 0, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var rt ratingRecord
	if err := json.Unmarshal(data, &rt); err != nil {
		p.log.Error("damaged rating replaced by a new player's", "kind", kind, "player", player, "err", err)
		return fresh, version, nil
	}
	return rt, version, nil
}
