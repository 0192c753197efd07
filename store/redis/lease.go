package redis

import (
	"context"
	"fmt"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// leaseScript takes, renews or releases a lease: ARGV[1] the holder,
// ARGV[2] the time to live in milliseconds (0: release). It returns 1 when
// the holder holds the lease.
var leaseScript = goredis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if ARGV[2] == '0' then
  if cur == ARGV[1] then redis.call('DEL', KEYS[1]) end
  return 0
end
if not cur or cur == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
`)

func (s *Store) leaseKey(name string) string { return s.prefix + ":lease:{" + name + "}" }

// Lease takes or renews the lease name for holder for ttl and reports
// whether holder holds it; a ttl of 0 or less releases it if holder has it.
// Redis expires a lease its holder stops renewing, so another process
// can take over from one that died.
func (s *Store) Lease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	ms := max(ttl.Milliseconds(), 0)
	n, err := leaseScript.Run(ctx, s.client, []string{s.leaseKey(name)}, holder, ms).Int64()
	if err != nil {
		return false, fmt.Errorf("redis store: lease %q: %w", name, err)
	}
	return n == 1, nil
}
