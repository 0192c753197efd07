// Package memory is a bot.Store kept in process memory: a full
// implementation (not a mock) for tests and for games that need not
// outlive the process.
package memory

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Store is an in-memory bot.Store, safe for concurrent use.
type Store struct {
	mu      sync.Mutex
	records map[string]record
	owed    map[string]bool
	leases  map[string]lease
	boxes   map[string][][]byte
	archive *archive // made on first use
	links   *links   // made on first use
}

type record struct {
	data    []byte
	version uint64
}

var _ bot.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store { return &Store{records: map[string]record{}, owed: map[string]bool{}} }

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

// Save stores a copy of data if version is current. Records never expire
// in memory: they go with the process.
func (s *Store) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.records[key].version; cur != version {
		return 0, fmt.Errorf("memory store: %q at version %d, not %d: %w", key, cur, version, bot.ErrConflict)
	}
	next := bot.NextVersion(version)
	s.records[key] = record{data: append([]byte(nil), data...), version: next}
	return next, nil
}

// SetOwed marks or clears key.
func (s *Store) SetOwed(ctx context.Context, key string, owed bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if owed {
		s.owed[key] = true
	} else {
		delete(s.owed, key)
	}
	return nil
}

// Owed lists the marked keys, sorted.
func (s *Store) Owed(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	keys := make([]string, 0, len(s.owed))
	for k := range s.owed {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, nil
}
