package redis

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	goredis "github.com/redis/go-redis/v9"
)

// The archive's keys. Every command touches one key, so none can cross
// Cluster slots:
//
//	PREFIX:gameid                the counter of game ids (INCR)
//	PREFIX:{game:ID}             a finished game: hash, field d (JSON)
//	PREFIX:{user:USER}:games     USER's games, every kind
//	PREFIX:{user:USER}:games:KIND  USER's games of KIND
//	PREFIX:{kind:KIND}:games     every player's games of KIND
//	PREFIX:games                 every game
//	PREFIX:{rating:KIND:PLAYER}  a rating record: hash v/d, like a table
//	PREFIX:{top:KIND}            KIND's leaderboard: sorted set, score negated
//
// The indexes are sorted sets of ArchivedGame.SortKey with score 0, read
// by ZRANGE BYLEX, so newer games never shift an older page. Nothing of
// the archive expires.

var _ bot.Archive = (*Store)(nil)

func (s *Store) gameIDKey() string           { return s.prefix + ":gameid" }
func (s *Store) archiveKey(id string) string { return s.prefix + ":{game:" + id + "}" }
func (s *Store) ratingKey(kind, player string) string {
	return s.prefix + ":{rating:" + kind + ":" + player + "}"
}
func (s *Store) topKey(kind string) string { return s.prefix + ":{top:" + kind + "}" }

// historyKey is the index of user's games of kind ("" any).
func (s *Store) historyKey(user, kind string) string {
	k := s.prefix
	switch {
	case user != "":
		k += ":{user:" + user + "}:games"
		if kind != "" {
			k += ":" + kind
		}
	case kind != "":
		k += ":{kind:" + kind + "}:games"
	default:
		k += ":games"
	}
	return k
}

// NextGameID increments the counter and returns it in base 36.
func (s *Store) NextGameID(ctx context.Context) (string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	n, err := s.client.Incr(ctx, s.gameIDKey()).Result()
	if err != nil {
		return "", fmt.Errorf("redis store: next game id: %w", err)
	}
	return strconv.FormatInt(n, 36), nil
}

// ArchiveGame writes the game's hash if it has none (HSETNX), then adds
// the stored game to its indexes (ZADD, idempotent), one key a command: a
// crash between the two is repaired by the caller's retry.
func (s *Store) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	if g.ID == "" {
		return errors.New("redis store: archive a game without an id")
	}
	data, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("redis store: game %q: %w", g.ID, err)
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	key := s.archiveKey(g.ID)
	fresh, err := s.client.HSetNX(ctx, key, "d", data).Result()
	if err != nil {
		return fmt.Errorf("redis store: archive game %q: %w", g.ID, err)
	}
	if !fresh {
		if g, err = s.archivedGame(ctx, g.ID); err != nil {
			return err
		}
	}
	member := goredis.Z{Member: g.SortKey()}
	_, err = s.client.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for _, u := range append(g.Users(), "") {
			for _, k := range []string{g.Kind, ""} {
				p.ZAdd(ctx, s.historyKey(u, k), member)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("redis store: index game %q: %w", g.ID, err)
	}
	return nil
}

// ArchivedGame returns the game id.
func (s *Store) ArchivedGame(ctx context.Context, id string) (bot.ArchivedGame, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.archivedGame(ctx, id)
}

func (s *Store) archivedGame(ctx context.Context, id string) (bot.ArchivedGame, error) {
	data, err := s.client.HGet(ctx, s.archiveKey(id), "d").Bytes()
	return decodeGame(id, data, err)
}

// decodeGame decodes what HGET read of game id.
func decodeGame(id string, data []byte, err error) (bot.ArchivedGame, error) {
	var g bot.ArchivedGame
	switch {
	case errors.Is(err, goredis.Nil):
		return g, fmt.Errorf("redis store: game %q: %w", id, bot.ErrNotFound)
	case wrongType(err):
		return g, fmt.Errorf("redis store: game %q is not a hash: %w", id, bot.ErrDamaged)
	case err != nil:
		return g, fmt.Errorf("redis store: game %q: %w", id, err)
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return g, fmt.Errorf("redis store: game %q: %w: %w", id, bot.ErrDamaged, err)
	}
	return g, nil
}

// History reads a page of the index of user and kind, then the games.
func (s *Store) History(ctx context.Context, user, kind, before string, n int) ([]bot.ArchivedGame, string, error) {
	n = min(n, bot.MaxHistory)
	if n <= 0 {
		return nil, "", ctx.Err()
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	start := "-"
	if before != "" {
		start = "(" + before
	}
	keys, err := s.client.ZRangeArgs(ctx, goredis.ZRangeArgs{
		Key: s.historyKey(user, kind), Start: start, Stop: "+", ByLex: true, Count: int64(n + 1),
	}).Result()
	if err != nil {
		return nil, "", fmt.Errorf("redis store: history of %q in %q: %w", user, kind, err)
	}
	next := ""
	if len(keys) > n {
		keys, next = keys[:n], keys[n-1]
	}
	cmds := make([]*goredis.StringCmd, len(keys))
	// Each command's own error is read below: a missing or damaged game
	// is left out, a failed call fails the page.
	_, _ = s.client.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for i, k := range keys {
			cmds[i] = p.HGet(ctx, s.archiveKey(idOf(k)), "d")
		}
		return nil
	})
	games := make([]bot.ArchivedGame, 0, len(keys))
	for i, k := range keys {
		data, err := cmds[i].Bytes()
		g, err := decodeGame(idOf(k), data, err)
		if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
			continue // left out; ArchivedGame names the damage
		}
		if err != nil {
			return nil, "", err
		}
		games = append(games, g)
	}
	return games, next, nil
}

// idOf is the game id in a sort key.
func idOf(sortKey string) string { return sortKey[strings.IndexByte(sortKey, ':')+1:] }

// Rating returns a player's rating record, read as Load reads a table's.
func (s *Store) Rating(ctx context.Context, kind, player string) ([]byte, uint64, error) {
	return s.loadHash(ctx, s.ratingKey(kind, player), "rating "+kind+" "+player)
}

// SaveRating writes a rating record if version is current, with the
// script of Save; ratings never expire.
func (s *Store) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	argv, next := casArgs(data, version, 0)
	n, err := casScript.Run(ctx, s.client, []string{s.ratingKey(kind, player)}, argv...).Int64()
	if err != nil {
		return 0, fmt.Errorf("redis store: save rating of %q in %q: %w", player, kind, err)
	}
	if n < 0 {
		return 0, fmt.Errorf("redis store: rating of %q in %q is not at version %d: %w", player, kind, version, bot.ErrConflict)
	}
	return next, nil
}

// SetRank puts player on kind's leaderboard at -score, so that ZRANGE
// lists the highest first and equal scores in byte order.
func (s *Store) SetRank(ctx context.Context, kind, player string, score float64) error {
	if math.IsNaN(score) {
		return fmt.Errorf("redis store: rank of %q in %q: score is NaN", player, kind)
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if err := s.client.ZAdd(ctx, s.topKey(kind), goredis.Z{Score: -score, Member: player}).Err(); err != nil {
		return fmt.Errorf("redis store: rank of %q in %q: %w", player, kind, err)
	}
	return nil
}

// Top returns kind's n best players.
func (s *Store) Top(ctx context.Context, kind string, n int) ([]bot.Ranked, error) {
	if n <= 0 {
		return nil, ctx.Err()
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	zs, err := s.client.ZRangeWithScores(ctx, s.topKey(kind), 0, int64(n-1)).Result()
	if err != nil {
		return nil, fmt.Errorf("redis store: top of %q: %w", kind, err)
	}
	top := make([]bot.Ranked, len(zs))
	for i, z := range zs {
		p, _ := z.Member.(string)
		top[i] = bot.Ranked{Player: p, Score: -z.Score}
	}
	return top, nil
}
