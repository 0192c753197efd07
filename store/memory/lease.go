package memory

import (
	"context"
	"time"
)

// lease is who holds a named lease and until when.
type lease struct {
	holder string
	until  time.Time
}

// Lease takes or renews the lease name for holder for ttl and reports
// whether holder holds it; a ttl of 0 or less releases it if holder has it.
func (s *Store) Lease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.leases == nil {
		s.leases = map[string]lease{}
	}
	now := time.Now()
	cur, ok := s.leases[name]
	if ttl <= 0 {
		if ok && cur.holder == holder {
			delete(s.leases, name)
		}
		return false, nil
	}
	if ok && cur.holder != holder && now.Before(cur.until) {
		return false, nil
	}
	s.leases[name] = lease{holder: holder, until: now.Add(ttl)}
	return true, nil
}
