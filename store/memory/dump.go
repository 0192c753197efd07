package memory

import (
	"context"
	"fmt"
	"slices"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
)

var _ migrate.Portable = (*Store)(nil)

// Dump gives everything the store holds (leases and link codes aside),
// copied under the lock and handed to each after it is released.
func (s *Store) Dump(ctx context.Context, each func(migrate.Item) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var items []migrate.Item
	s.mu.Lock()
	for k, r := range s.records {
		items = append(items, migrate.Item{Type: migrate.ItemRecord, Key: k, Data: slices.Clone(r.data)})
	}
	for k := range s.owed {
		items = append(items, migrate.Item{Type: migrate.ItemOwed, Key: k})
	}
	if a := s.archive; a != nil {
		for _, g := range a.games {
			g := copyGame(g)
			items = append(items, migrate.Item{Type: migrate.ItemGame, Game: &g})
		}
		for k, r := range a.ratings {
			items = append(items, migrate.Item{Type: migrate.ItemRating, Kind: k[0], Player: k[1], Data: slices.Clone(r.data)})
		}
		for kind, players := range a.ranks {
			for p, sc := range players {
				items = append(items, migrate.Item{Type: migrate.ItemRank, Kind: kind, Player: p, Score: sc})
			}
		}
		if a.lastID > 0 {
			items = append(items, migrate.Item{Type: migrate.ItemCounter, Key: migrate.CounterGameID, Count: a.lastID})
		}
	}
	if l := s.links; l != nil {
		for id, p := range l.of {
			items = append(items, migrate.Item{Type: migrate.ItemLink, Key: id, Player: p})
		}
	}
	for box, msgs := range s.boxes {
		for _, m := range msgs {
			items = append(items, migrate.Item{Type: migrate.ItemMail, Key: box, Data: slices.Clone(m)})
		}
	}
	s.mu.Unlock()
	for _, it := range items {
		if err := each(it); err != nil {
			return err
		}
	}
	return nil
}

// RaiseCounter raises the game id counter to at least n.
func (s *Store) RaiseCounter(ctx context.Context, name string, n uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if name != migrate.CounterGameID {
		return fmt.Errorf("memory store: no counter %q", name)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	a.lastID = max(a.lastID, n)
	return nil
}
