package memory

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// linkCode is a one-time code's player and end.
type linkCode struct {
	player  string
	expires time.Time
}

// links are the link codes and the identities linked to players.
type links struct {
	codes map[string]linkCode
	of    map[string]string          // identity -> player
	ids   map[string]map[string]bool // player -> identities
}

func (s *Store) lnk() *links {
	if s.links == nil {
		s.links = &links{codes: map[string]linkCode{}, of: map[string]string{}, ids: map[string]map[string]bool{}}
	}
	return s.links
}

// PutLinkCode keeps code, first dropping every expired code.
func (s *Store) PutLinkCode(ctx context.Context, code, player string, now, expires time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.lnk()
	for c, lc := range l.codes {
		if !now.Before(lc.expires) {
			delete(l.codes, c)
		}
	}
	if _, ok := l.codes[code]; ok {
		return fmt.Errorf("memory store: link code: %w", bot.ErrConflict)
	}
	l.codes[code] = linkCode{player: player, expires: expires}
	return nil
}

// TakeLinkCode removes code and returns its player.
func (s *Store) TakeLinkCode(ctx context.Context, code string, now time.Time) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.lnk()
	lc, ok := l.codes[code]
	delete(l.codes, code)
	if !ok || !now.Before(lc.expires) {
		return "", fmt.Errorf("memory store: link code: %w", bot.ErrNotFound)
	}
	return lc.player, nil
}

// LinkIdentity links identity to player if it is nobody's.
func (s *Store) LinkIdentity(ctx context.Context, identity, player string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.lnk()
	if p, ok := l.of[identity]; ok && p != player {
		return fmt.Errorf("memory store: %q is linked to another player: %w", identity, bot.ErrConflict)
	}
	l.of[identity] = player
	if l.ids[player] == nil {
		l.ids[player] = map[string]bool{}
	}
	l.ids[player][identity] = true
	return nil
}

// UnlinkIdentity removes identity's link to player.
func (s *Store) UnlinkIdentity(ctx context.Context, identity, player string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.lnk()
	if p, ok := l.of[identity]; !ok || p != player {
		return fmt.Errorf("memory store: %q is not linked to %q: %w", identity, player, bot.ErrNotFound)
	}
	delete(l.of, identity)
	delete(l.ids[player], identity)
	if len(l.ids[player]) == 0 {
		delete(l.ids, player)
	}
	return nil
}

// PlayerOf returns identity's player.
func (s *Store) PlayerOf(ctx context.Context, identity string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.lnk().of[identity]
	if !ok {
		return "", fmt.Errorf("memory store: identity %q: %w", identity, bot.ErrNotFound)
	}
	return p, nil
}

// Identities returns player's linked identities, sorted.
func (s *Store) Identities(ctx context.Context, player string) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id := range s.lnk().ids[player] {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, nil
}
