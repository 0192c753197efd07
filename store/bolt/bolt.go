// Package bolt is a bot.Store in one bbolt file: the bot's embedded
// default, durable across restarts. Each value is the version as 8
// big-endian bytes followed by the record.
//
// A damaged file is an error, never a crash. bbolt trusts its pages and
// panics (or faults on a page number past the mapping) when one is
// damaged, so every call into bbolt here goes through guard, which turns a
// panic or a memory fault into an error wrapping ErrCorrupt. Open also
// reads every record and runs bbolt's consistency check, so a damaged file
// is refused at start rather than discovered in the middle of a game.
package bolt

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	bbolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// ErrCorrupt says the database file is damaged: it failed the check at
// open, or bbolt panicked on a page while reading or writing it.
var ErrCorrupt = errors.New("database file is damaged")

// The buckets: every channel's record, and the channels where work is owed.
const (
	bucketName = "games"
	owedBucket = "owed"
)

// maxValue bounds what Load copies: a game record is a few kilobytes, and
// a damaged length must not become a huge allocation.
const maxValue = 64 << 20

// Store is a bot.Store backed by a bbolt database file.
type Store struct {
	db   *bbolt.DB
	path string
	// broken is set when bbolt panicked inside a write: its in-memory
	// state (free pages, locks) can no longer be trusted, so the store
	// refuses further work instead of risking the file.
	broken atomic.Bool
}

var _ bot.Store = (*Store)(nil)

// Open opens (creating if needed) the database at path. It waits at most
// a few seconds for another process's lock, rather than hanging. A damaged
// file gives an error wrapping ErrCorrupt; the operator's remedy is a
// backup, or moving the file aside to start afresh (bbolt's own command
// names the damaged pages with "bbolt check", and "bbolt surgery freelist
// rebuild" repairs a damaged free list).
func Open(path string) (*Store, error) {
	if err := preflight(path); err != nil {
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	var file *os.File // kept so that a panic inside bbolt.Open can release the file and its lock
	opts := &bbolt.Options{
		Timeout: 3 * time.Second,
		OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, mode)
			file = f
			return f, err
		},
	}
	var db *bbolt.DB
	err := guard(func() error {
		var err error
		db, err = bbolt.Open(path, 0o600, opts)
		return err
	})
	if err != nil {
		if errors.Is(err, ErrCorrupt) && file != nil {
			file.Close()
		}
		if damaged(err) {
			err = fmt.Errorf("%w: %w", ErrCorrupt, err)
		}
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	s := &Store{db: db, path: path}
	if err := s.verify(); err != nil {
		s.close()
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	err = s.update(func(tx *bbolt.Tx) error {
		for _, name := range append(append([]string{bucketName, owedBucket}, archiveBuckets...), linkBuckets...) {
			if _, err := tx.CreateBucketIfNotExists([]byte(name)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		s.close()
		return nil, fmt.Errorf("bolt store %s: %w", path, err)
	}
	return s, nil
}

// damaged reports whether bbolt refused to open a file for a bad header
// or size (its own errors, not a panic).
func damaged(err error) bool {
	for _, e := range []error{bolterrors.ErrInvalid, bolterrors.ErrChecksum, bolterrors.ErrVersionMismatch, bolterrors.ErrInvalidMapping} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// verify reads every key and value of every bucket (in this goroutine,
// where guard catches what bbolt does on a bad page), then runs bbolt's
// own check of the page graph and the free list.
func (s *Store) verify() error {
	return s.view(func(tx *bbolt.Tx) error {
		err := tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
			return walk(b)
		})
		if err != nil {
			return err
		}
		var errs []error
		for err := range tx.Check() {
			if len(errs) < 10 {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return fmt.Errorf("%w: %w", ErrCorrupt, errors.Join(errs...))
		}
		return nil
	})
}

// walk touches every value under b, nested buckets included.
func walk(b *bbolt.Bucket) error {
	var sum byte
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			if nb := b.Bucket(k); nb != nil {
				return walk(nb)
			}
			return nil
		}
		for _, c := range v {
			sum ^= c // read the whole value: a bad length faults here
		}
		return nil
	})
}

// guard runs f, turning a panic or a memory fault in it into an error
// wrapping ErrCorrupt.
func guard(f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: bbolt: %v", ErrCorrupt, r)
		}
	}()
	return f()
}

// view runs a read transaction under guard.
func (s *Store) view(fn func(*bbolt.Tx) error) error {
	if s.broken.Load() {
		return fmt.Errorf("bolt store %s: %w (an earlier write failed)", s.path, ErrCorrupt)
	}
	return guard(func() error { return s.db.View(fn) })
}

// update runs a write transaction under guard; a panic in it breaks the
// store for good.
func (s *Store) update(fn func(*bbolt.Tx) error) error {
	if s.broken.Load() {
		return fmt.Errorf("bolt store %s: %w (an earlier write failed)", s.path, ErrCorrupt)
	}
	err := guard(func() error { return s.db.Update(fn) })
	if errors.Is(err, ErrCorrupt) {
		s.broken.Store(true)
	}
	return err
}

// Close closes the database.
func (s *Store) Close() error { return s.close() }

// close closes the database under guard. After a panic inside a write,
// bbolt may still hold its write lock, so close then waits only a little.
func (s *Store) close() error {
	if !s.broken.Load() {
		return guard(s.db.Close)
	}
	done := make(chan error, 1)
	go func() { done <- guard(s.db.Close) }()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Second):
		return fmt.Errorf("bolt store %s: %w: close timed out", s.path, ErrCorrupt)
	}
}

// stored reads key's slot in the games bucket: its version and record
// (version 0: no record), or an error wrapping bot.ErrDamaged for a slot
// Load cannot read: a nested bucket, a value too short to hold a version
// or too long to be a record, a version of 0 or above bot.MaxVersion.
func stored(b *bbolt.Bucket, key string) (version uint64, data []byte, err error) {
	v := b.Get([]byte(key))
	switch {
	case v == nil && b.Bucket([]byte(key)) != nil:
		return 0, nil, fmt.Errorf("bolt store: %q is a bucket, not a record: %w", key, bot.ErrDamaged)
	case v == nil:
		return 0, nil, nil
	case len(v) < 8:
		return 0, nil, fmt.Errorf("bolt store: %q: value of %d bytes has no version: %w", key, len(v), bot.ErrDamaged)
	case len(v) > maxValue:
		return 0, nil, fmt.Errorf("bolt store: %q: value of %d bytes: %w", key, len(v), bot.ErrDamaged)
	}
	version = binary.BigEndian.Uint64(v)
	if version == 0 || version > bot.MaxVersion {
		return 0, nil, fmt.Errorf("bolt store: %q: version %d: %w", key, version, bot.ErrDamaged)
	}
	return version, v[8:], nil
}

// Load returns the record under key; a record it cannot read gives
// bot.ErrDamaged and bot.DamagedVersion.
func (s *Store) Load(ctx context.Context, key string) (data []byte, version uint64, err error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	err = s.view(func(tx *bbolt.Tx) error {
		v, d, err := stored(tx.Bucket([]byte(bucketName)), key)
		switch {
		case err != nil:
			version = bot.DamagedVersion
			return err
		case v == 0:
			return fmt.Errorf("bolt store: %q: %w", key, bot.ErrNotFound)
		}
		version, data = v, append([]byte(nil), d...)
		return nil
	})
	return data, version, err
}

// Save writes data if version is current, in one transaction; at
// bot.DamagedVersion it replaces a record Load cannot read, and only such
// a record. Records do not expire: the file holds one record per channel,
// however old.
func (s *Store) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	var next uint64
	err := s.update(func(tx *bbolt.Tx) error {
		var err error
		next, err = putVersioned(tx.Bucket([]byte(bucketName)), key, data, version)
		return err
	})
	if err != nil {
		return 0, err
	}
	return next, nil
}

// putVersioned writes data under key in b if version is current, and
// returns the new version; at bot.DamagedVersion it replaces a value
// stored cannot read, and only such a value.
func putVersioned(b *bbolt.Bucket, key string, data []byte, version uint64) (uint64, error) {
	next := bot.NextVersion(version)
	cur, _, damage := stored(b, key)
	switch {
	case version == bot.DamagedVersion && damage == nil:
		return 0, fmt.Errorf("bolt store: %q at version %d, not damaged: %w", key, cur, bot.ErrConflict)
	case version == bot.DamagedVersion:
		if b.Bucket([]byte(key)) != nil {
			if err := b.DeleteBucket([]byte(key)); err != nil {
				return 0, err
			}
		}
	case damage != nil:
		return 0, fmt.Errorf("bolt store: %q is damaged, not at version %d: %w", key, version, bot.ErrConflict)
	case cur != version:
		return 0, fmt.Errorf("bolt store: %q at version %d, not %d: %w", key, cur, version, bot.ErrConflict)
	}
	v := make([]byte, 8+len(data))
	binary.BigEndian.PutUint64(v, next)
	copy(v[8:], data)
	if err := b.Put([]byte(key), v); err != nil {
		return 0, err
	}
	return next, nil
}

// SetOwed marks or clears key.
func (s *Store) SetOwed(ctx context.Context, key string, owed bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.update(func(tx *bbolt.Tx) error {
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
	err := s.view(func(tx *bbolt.Tx) error {
		return tx.Bucket([]byte(owedBucket)).ForEach(func(k, _ []byte) error {
			keys = append(keys, string(k))
			return nil
		})
	})
	return keys, err
}
