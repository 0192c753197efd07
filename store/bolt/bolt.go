// Package bolt is a bot.Store in one bbolt file: the bot's embedded
// default, durable across restarts. Each value is the version as 8
// big-endian bytes followed by the record.
package bolt

import (
	"context"
	"encoding/binary"
	"fmt"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	bbolt "go.etcd.io/bbolt"
)

// The buckets: every channel's record, and the channels where work is owed.
const (
	bucketName = "games"
	owedBucket = "owed"
)

// Store is a bot.Store backed by a bbolt database file.
type Store struct {
	db *bbolt.DB
}

var _ bot.Store = (*Store)(nil)

// Open opens (creating if needed) the database at path. It waits at most
// a few seconds for another process's lock, rather than hanging.
func Open(path string) (*Store, error) {
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: 3 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		if _, err := tx.CreateBucketIfNotExists([]byte(bucketName)); err != nil {
			return err
		}
		_, err := tx.CreateBucketIfNotExists([]byte(owedBucket))
		return err
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// Load returns the record under key.
func (s *Store) Load(ctx context.Context, key string) (data []byte, version uint64, err error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	err = s.db.View(func(tx *bbolt.Tx) error {
		v := tx.Bucket([]byte(bucketName)).Get([]byte(key))
		if v == nil {
			return fmt.Errorf("bolt store: %q: %w", key, bot.ErrNotFound)
		}
		if len(v) < 8 {
			return fmt.Errorf("bolt store: %q: value of %d bytes has no version", key, len(v))
		}
		version = binary.BigEndian.Uint64(v)
		data = append([]byte(nil), v[8:]...)
		return nil
	})
	return data, version, err
}

// Save writes data if version is current, in one transaction. Records do
// not expire: the file holds one record per channel, however old.
func (s *Store) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	next := version + 1
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(bucketName))
		var cur uint64
		if v := b.Get([]byte(key)); len(v) >= 8 {
			cur = binary.BigEndian.Uint64(v)
		}
		if cur != version {
			return fmt.Errorf("bolt store: %q at version %d, not %d: %w", key, cur, version, bot.ErrConflict)
		}
		v := make([]byte, 8+len(data))
		binary.BigEndian.PutUint64(v, next)
		copy(v[8:], data)
		return b.Put([]byte(key), v)
	})
	if err != nil {
		return 0, err
	}
	return next, nil
}

// SetOwed marks or clears key.
func (s *Store) SetOwed(ctx context.Context, key string, owed bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(owedBucket))
		if owed {
			return b.Put([]byte(key), nil)
		}
		return b.Delete([]byte(key))
	})
}

// Owed lists the marked keys, sorted.
func (s *Store) Owed(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var keys []string
	err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket([]byte(owedBucket)).ForEach(func(k, _ []byte) error {
			keys = append(keys, string(k))
			return nil
		})
	})
	return keys, err
}
