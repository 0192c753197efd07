package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	bbolt "go.etcd.io/bbolt"
)

// The archive's buckets: finished games by id (its sequence numbers the
// ids), the history index, rating records, and the leaderboards with each
// player's place in them.
//
// A history key is enc(user) enc(kind) SortKey, written for the game's
// users and for "" (any player), each with the kind and with "" (any
// kind); enc is a uvarint length and the bytes, so that a prefix names
// exactly one index. A leaderboard key is enc(kind), the score as 8 bytes
// that sort highest first, and the player; rankOf maps enc(kind) player to
// those 8 bytes, to find a player's old place.
const (
	gamesBucket   = "archive"
	historyBucket = "history"
	ratingsBucket = "ratings"
	ranksBucket   = "ranks"
	rankOfBucket  = "rankof"
)

var archiveBuckets = []string{gamesBucket, historyBucket, ratingsBucket, ranksBucket, rankOfBucket}

var _ bot.Archive = (*Store)(nil)

// enc appends s with its length, so that concatenated fields stay apart.
func enc(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// NextGameID returns the archive bucket's next sequence number in base 36.
func (s *Store) NextGameID(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	var id uint64
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		id, err = tx.Bucket([]byte(gamesBucket)).NextSequence()
		return err
	})
	if err != nil {
		return "", fmt.Errorf("bolt store: next game id: %w", err)
	}
	return strconv.FormatUint(id, 36), nil
}

// ArchiveGame keeps g (the first under its id) and indexes it, in one
// transaction.
func (s *Store) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if g.ID == "" {
		return errors.New("bolt store: archive a game without an id")
	}
	data, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("bolt store: game %q: %w", g.ID, err)
	}
	return s.update(func(tx *bbolt.Tx) error {
		games := tx.Bucket([]byte(gamesBucket))
		if old := games.Get([]byte(g.ID)); old != nil {
			if err := json.Unmarshal(old, &g); err != nil {
				return fmt.Errorf("bolt store: game %q: %w: %w", g.ID, bot.ErrDamaged, err)
			}
		} else if err := games.Put([]byte(g.ID), data); err != nil {
			return err
		}
		hist := tx.Bucket([]byte(historyBucket))
		key := g.SortKey()
		for _, u := range append(g.Users(), "") {
			for _, k := range []string{g.Kind, ""} {
				if err := hist.Put(append(enc(enc(nil, u), k), key...), nil); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// getGame decodes the game id from the archive bucket.
func getGame(tx *bbolt.Tx, id string) (bot.ArchivedGame, error) {
	var g bot.ArchivedGame
	v := tx.Bucket([]byte(gamesBucket)).Get([]byte(id))
	if v == nil {
		return g, fmt.Errorf("bolt store: game %q: %w", id, bot.ErrNotFound)
	}
	if err := json.Unmarshal(v, &g); err != nil {
		return g, fmt.Errorf("bolt store: game %q: %w: %w", id, bot.ErrDamaged, err)
	}
	return g, nil
}

// ArchivedGame returns the game id.
func (s *Store) ArchivedGame(ctx context.Context, id string) (g bot.ArchivedGame, err error) {
	if err := ctx.Err(); err != nil {
		return g, err
	}
	err = s.view(func(tx *bbolt.Tx) error {
		g, err = getGame(tx, id)
		return err
	})
	return g, err
}

// History pages through the index of user and kind.
func (s *Store) History(ctx context.Context, user, kind, before string, n int) (games []bot.ArchivedGame, next string, err error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	n = min(n, bot.MaxHistory)
	if n <= 0 {
		return nil, "", nil
	}
	prefix := enc(enc(nil, user), kind)
	err = s.view(func(tx *bbolt.Tx) error {
		c := tx.Bucket([]byte(historyBucket)).Cursor()
		k, _ := c.Seek(append(bytes.Clone(prefix), before...))
		if before != "" && k != nil && string(k[len(prefix):]) == before {
			k, _ = c.Next()
		}
		last := ""
		for ; k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			if len(games) == n {
				next = last
				return nil
			}
			last = string(k[len(prefix):])
			id := last[strings.IndexByte(last, ':')+1:]
			g, err := getGame(tx, id)
			if errors.Is(err, bot.ErrDamaged) || errors.Is(err, bot.ErrNotFound) {
				continue // left out; ArchivedGame names the damage
			}
			if err != nil {
				return err
			}
			games = append(games, g)
		}
		return nil
	})
	return games, next, err
}

func ratingKey(kind, player string) []byte { return append(enc(nil, kind), player...) }

// Rating returns a player's rating record; one it cannot read gives
// bot.ErrDamaged and bot.DamagedVersion, as Load does.
func (s *Store) Rating(ctx context.Context, kind, player string) (data []byte, version uint64, err error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	key := string(ratingKey(kind, player))
	err = s.view(func(tx *bbolt.Tx) error {
		v, d, err := stored(tx.Bucket([]byte(ratingsBucket)), key)
		switch {
		case err != nil:
			version = bot.DamagedVersion
			return err
		case v == 0:
			return fmt.Errorf("bolt store: rating of %q in %q: %w", player, kind, bot.ErrNotFound)
		}
		version, data = v, bytes.Clone(d)
		return nil
	})
	return data, version, err
}

// SaveRating writes a rating record if version is current; at
// bot.DamagedVersion it replaces one Rating cannot read, as Save does.
func (s *Store) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var next uint64
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		next, err = putVersioned(tx.Bucket([]byte(ratingsBucket)), string(ratingKey(kind, player)), data, version)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("bolt store: rating of %q in %q: %w", player, kind, err)
	}
	return next, nil
}

// highFirst encodes score as 8 bytes whose byte order is the scores'
// order reversed.
func highFirst(score float64) []byte {
	if score == 0 {
		score = 0 // -0 sorts as 0
	}
	b := math.Float64bits(score)
	if b>>63 == 1 {
		b = ^b
	} else {
		b |= 1 << 63
	}
	return binary.BigEndian.AppendUint64(nil, ^b)
}

// SetRank moves player to score on kind's leaderboard.
func (s *Store) SetRank(ctx context.Context, kind, player string, score float64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if math.IsNaN(score) {
		return fmt.Errorf("bolt store: rank of %q in %q: score is NaN", player, kind)
	}
	k := enc(nil, kind)
	return s.update(func(tx *bbolt.Tx) error {
		ranks, rankOf := tx.Bucket([]byte(ranksBucket)), tx.Bucket([]byte(rankOfBucket))
		who := append(bytes.Clone(k), player...)
		if old := rankOf.Get(who); len(old) == 8 {
			if err := ranks.Delete(append(append(bytes.Clone(k), old...), player...)); err != nil {
				return err
			}
		}
		sc := highFirst(score)
		if err := ranks.Put(append(append(bytes.Clone(k), sc...), player...), nil); err != nil {
			return err
		}
		return rankOf.Put(who, sc)
	})
}

// Top returns kind's n best players.
func (s *Store) Top(ctx context.Context, kind string, n int) ([]bot.Ranked, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prefix := enc(nil, kind)
	var top []bot.Ranked
	err := s.view(func(tx *bbolt.Tx) error {
		c := tx.Bucket([]byte(ranksBucket)).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix) && len(top) < n; k, _ = c.Next() {
			rest := k[len(prefix):]
			if len(rest) < 8 {
				continue // not a key SetRank wrote
			}
			b := ^binary.BigEndian.Uint64(rest[:8])
			if b>>63 == 1 {
				b &^= 1 << 63
			} else {
				b = ^b
			}
			top = append(top, bot.Ranked{Player: string(rest[8:]), Score: math.Float64frombits(b)})
		}
		return nil
	})
	return top, err
}
