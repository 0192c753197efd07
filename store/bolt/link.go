package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	bbolt "go.etcd.io/bbolt"
)

// The link buckets: one-time codes (value: the expiry in Unix
// milliseconds as 8 bytes, then the player), each identity's player, and
// each player's identities (key enc(player) identity, no value).
const (
	linkCodesBucket = "linkcodes"
	linksBucket     = "links"
	linksOfBucket   = "linksof"
)

var linkBuckets = []string{linkCodesBucket, linksBucket, linksOfBucket}

// codeValue is a code's stored value.
func codeValue(player string, expires time.Time) []byte {
	v := binary.BigEndian.AppendUint64(nil, uint64(expires.UnixMilli()))
	return append(v, player...)
}

// readCode reads a code's stored value.
func readCode(code string, v []byte) (player string, expires time.Time, err error) {
	if len(v) < 8 {
		return "", time.Time{}, fmt.Errorf("bolt store: link code %q: %d bytes: %w", code, len(v), bot.ErrDamaged)
	}
	return string(v[8:]), time.UnixMilli(int64(binary.BigEndian.Uint64(v))), nil
}

// PutLinkCode keeps code, first dropping every expired code, in one
// transaction.
func (s *Store) PutLinkCode(ctx context.Context, code, player string, now, expires time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(linkCodesBucket))
		var stale [][]byte
		err := b.ForEach(func(k, v []byte) error {
			if _, exp, err := readCode(string(k), v); err != nil || !now.Before(exp) {
				stale = append(stale, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range stale {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		if b.Get([]byte(code)) != nil {
			return fmt.Errorf("bolt store: link code: %w", bot.ErrConflict)
		}
		return b.Put([]byte(code), codeValue(player, expires))
	})
}

// TakeLinkCode removes code and returns its player, in one transaction.
func (s *Store) TakeLinkCode(ctx context.Context, code string, now time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	var player string
	err := s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(linkCodesBucket))
		v := b.Get([]byte(code))
		if v == nil {
			return fmt.Errorf("bolt store: link code: %w", bot.ErrNotFound)
		}
		p, exp, rerr := readCode(code, v)
		if err := b.Delete([]byte(code)); err != nil {
			return err
		}
		switch {
		case rerr != nil:
			return rerr
		case !now.Before(exp):
			return fmt.Errorf("bolt store: link code expired: %w", bot.ErrNotFound)
		}
		player = p
		return nil
	})
	if err != nil {
		return "", err
	}
	return player, nil
}

// LinkIdentity links identity to player if it is nobody's, in one
// transaction.
func (s *Store) LinkIdentity(ctx context.Context, identity, player string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(linksBucket))
		if p := b.Get([]byte(identity)); p != nil && string(p) != player {
			return fmt.Errorf("bolt store: %q is linked to another player: %w", identity, bot.ErrConflict)
		}
		if err := b.Put([]byte(identity), []byte(player)); err != nil {
			return err
		}
		return tx.Bucket([]byte(linksOfBucket)).Put(append(enc(nil, player), identity...), nil)
	})
}

// UnlinkIdentity removes identity's link to player, in one transaction.
func (s *Store) UnlinkIdentity(ctx context.Context, identity, player string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(linksBucket))
		if p := b.Get([]byte(identity)); p == nil || string(p) != player {
			return fmt.Errorf("bolt store: %q is not linked to %q: %w", identity, player, bot.ErrNotFound)
		}
		if err := b.Delete([]byte(identity)); err != nil {
			return err
		}
		return tx.Bucket([]byte(linksOfBucket)).Delete(append(enc(nil, player), identity...))
	})
}

// PlayerOf returns identity's player.
func (s *Store) PlayerOf(ctx context.Context, identity string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	var player string
	err := s.view(func(tx *bbolt.Tx) error {
		p := tx.Bucket([]byte(linksBucket)).Get([]byte(identity))
		if p == nil {
			return fmt.Errorf("bolt store: identity %q: %w", identity, bot.ErrNotFound)
		}
		player = string(p)
		return nil
	})
	return player, err
}

// Identities returns player's linked identities, in byte order.
func (s *Store) Identities(ctx context.Context, player string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var ids []string
	prefix := enc(nil, player)
	err := s.view(func(tx *bbolt.Tx) error {
		c := tx.Bucket([]byte(linksOfBucket)).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			ids = append(ids, string(k[len(prefix):]))
		}
		return nil
	})
	return ids, err
}
