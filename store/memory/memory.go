// Package memory is a bot.Store kept in process memory: a full
// implementation (not a mock) for tests and for games that need not
// outlive the process.
package memory

import (
	"context"
	"fmt"
	"sync"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Store is an in-memory bot.Store, safe for concurrent use.
type Store struct {
	mu      sync.Mutex
	records map[string]record
}

type record struct {
	data    []byte
	version uint64
}

var _ bot.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store { return &Store{records: map[string]record{}} }

// Load returns a copy of the record under key.
func (s *Store) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.records[key]
	if !ok {
		return nil, 0, fmt.Errorf("memory store: %q: %w", key, bot.ErrNotFound)
	}
	return append([]byte(nil), r.data...), r.version, nil
}

// Save stores a copy of data if version is current.
func (s *Store) Save(ctx context.Context, key string, data []byte, version uint64) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.records[key].version; cur != version {
		return 0, fmt.Errorf("memory store: %q at version %d, not %d: %w", key, cur, version, bot.ErrConflict)
	}
	next := version + 1
	s.records[key] = record{data: append([]byte(nil), data...), version: next}
	return next, nil
}
