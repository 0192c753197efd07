package redis

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	goredis "github.com/redis/go-redis/v9"
)

// The link keys. Every command touches one key, so none can cross Cluster
// slots:
//
//	PREFIX:{linkcode:CODE}        a one-time code: "EXPIRYMS:PLAYER", with a TTL
//	PREFIX:{link:IDENTITY}        the player identity is linked to
//	PREFIX:{linked:PLAYER}        the set of identities linked to PLAYER
//
// A code expires by its TTL, and its value keeps the end too, so that the
// caller's clock decides (a script puts it, GETDEL takes it: one taker
// gets it). LinkIdentity sets the identity's key (SET NX) before it adds
// the identity to the player's set (SADD): a crash between the two is
// repaired by a retry, which finds the identity linked to the same player.

func (s *Store) linkCodeKey(code string) string { return s.prefix + ":{linkcode:" + code + "}" }
func (s *Store) linkKey(identity string) string { return s.prefix + ":{link:" + identity + "}" }
func (s *Store) linkedKey(player string) string { return s.prefix + ":{linked:" + player + "}" }

// putCodeScript sets a code's key unless it holds a code still valid at
// ARGV[2] (Unix ms): 1 set, 0 not. KEYS[1] the code's key; ARGV[1] the
// value, ARGV[3] the TTL in ms.
var putCodeScript = goredis.NewScript(`
local v = redis.call('GET', KEYS[1])
if v then
  local exp = tonumber(string.match(v, '^(%d+):'))
  if exp and exp > tonumber(ARGV[2]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1
`)

// PutLinkCode sets the code's key unless it holds a valid code, expiring
// as far ahead as expires is of now.
func (s *Store) PutLinkCode(ctx context.Context, code, player string, now, expires time.Time) error {
	ttl := max(expires.Sub(now), time.Millisecond)
	ctx, cancel := s.bound(ctx)
	defer cancel()
	v := strconv.FormatInt(expires.UnixMilli(), 10) + ":" + player
	n, err := putCodeScript.Run(ctx, s.client, []string{s.linkCodeKey(code)}, v, now.UnixMilli(), ttl.Milliseconds()).Int64()
	switch {
	case wrongType(err):
		return fmt.Errorf("redis store: link code is not a string: %w", bot.ErrDamaged)
	case err != nil:
		return fmt.Errorf("redis store: put link code: %w", err)
	case n == 0:
		return fmt.Errorf("redis store: link code: %w", bot.ErrConflict)
	}
	return nil
}

// TakeLinkCode gets and deletes the code's key in one command.
func (s *Store) TakeLinkCode(ctx context.Context, code string, now time.Time) (string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	v, err := s.client.GetDel(ctx, s.linkCodeKey(code)).Result()
	switch {
	case errors.Is(err, goredis.Nil):
		return "", fmt.Errorf("redis store: link code: %w", bot.ErrNotFound)
	case wrongType(err):
		return "", fmt.Errorf("redis store: link code is not a string: %w", bot.ErrDamaged)
	case err != nil:
		return "", fmt.Errorf("redis store: take link code: %w", err)
	}
	ms, player, ok := strings.Cut(v, ":")
	exp, perr := strconv.ParseInt(ms, 10, 64)
	if !ok || perr != nil {
		return "", fmt.Errorf("redis store: link code %q: %w", v, bot.ErrDamaged)
	}
	if now.UnixMilli() >= exp {
		return "", fmt.Errorf("redis store: link code expired: %w", bot.ErrNotFound)
	}
	return player, nil
}

// LinkIdentity sets the identity's key if it has none, then adds the
// identity to the player's set.
func (s *Store) LinkIdentity(ctx context.Context, identity, player string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	key := s.linkKey(identity)
	ok, err := s.client.SetNX(ctx, key, player, 0).Result()
	if err != nil {
		return fmt.Errorf("redis store: link %q: %w", identity, err)
	}
	if !ok {
		p, err := s.client.Get(ctx, key).Result()
		if err != nil && !errors.Is(err, goredis.Nil) {
			return fmt.Errorf("redis store: link %q: %w", identity, err)
		}
		if p != player {
			return fmt.Errorf("redis store: %q is linked to another player: %w", identity, bot.ErrConflict)
		}
	}
	if err := s.client.SAdd(ctx, s.linkedKey(player), identity).Err(); err != nil {
		return fmt.Errorf("redis store: link %q: %w", identity, err)
	}
	return nil
}

// unlinkScript deletes an identity's key if it holds ARGV[1]: 1 deleted,
// 0 not.
var unlinkScript = goredis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`)

// UnlinkIdentity deletes the identity's key if it names player, then
// removes the identity from the player's set (SREM; a crash between the
// two leaves the set naming an identity that PlayerOf disowns, which a
// retry, or a caller that checks PlayerOf, sets right).
func (s *Store) UnlinkIdentity(ctx context.Context, identity, player string) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	n, err := unlinkScript.Run(ctx, s.client, []string{s.linkKey(identity)}, player).Int64()
	switch {
	case wrongType(err):
		return fmt.Errorf("redis store: identity %q is not a string: %w", identity, bot.ErrDamaged)
	case err != nil:
		return fmt.Errorf("redis store: unlink %q: %w", identity, err)
	}
	if err := s.client.SRem(ctx, s.linkedKey(player), identity).Err(); err != nil {
		return fmt.Errorf("redis store: unlink %q: %w", identity, err)
	}
	if n == 0 {
		return fmt.Errorf("redis store: %q is not linked to %q: %w", identity, player, bot.ErrNotFound)
	}
	return nil
}

// PlayerOf reads the identity's key.
func (s *Store) PlayerOf(ctx context.Context, identity string) (string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	p, err := s.client.Get(ctx, s.linkKey(identity)).Result()
	switch {
	case errors.Is(err, goredis.Nil):
		return "", fmt.Errorf("redis store: identity %q: %w", identity, bot.ErrNotFound)
	case wrongType(err):
		return "", fmt.Errorf("redis store: identity %q is not a string: %w", identity, bot.ErrDamaged)
	case err != nil:
		return "", fmt.Errorf("redis store: identity %q: %w", identity, err)
	}
	return p, nil
}

// Identities reads the player's set, sorted.
func (s *Store) Identities(ctx context.Context, player string) ([]string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	ids, err := s.client.SMembers(ctx, s.linkedKey(player)).Result()
	if err != nil {
		return nil, fmt.Errorf("redis store: identities of %q: %w", player, err)
	}
	slices.Sort(ids)
	return ids, nil
}
