package bolt

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// leaseBucket holds the named leases: {"holder": ..., "until": ...}.
const leaseBucket = "leases"

type leaseValue struct {
	Holder string    `json:"holder"`
	Until  time.Time `json:"until"`
}

// Lease takes or renews the lease name for holder for ttl and reports
// whether holder holds it; a ttl of 0 or less releases it if holder has it.
// (A bbolt file has one process at a time, so this matters only within
// one process; it keeps the store contract whole.)
func (s *Store) Lease(ctx context.Context, name, holder string, ttl time.Duration) (held bool, err error) {
	if err := ctx.Err(); err != nil {
		return false, err
	}
	err = s.db.Update(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(leaseBucket))
		if err != nil {
			return err
		}
		var cur leaseValue
		if v := b.Get([]byte(name)); v != nil {
			if err := json.Unmarshal(v, &cur); err != nil {
				cur = leaseValue{} // unreadable: as if free
			}
		}
		now := time.Now()
		if ttl <= 0 {
			if cur.Holder == holder {
				return b.Delete([]byte(name))
			}
			return nil
		}
		if cur.Holder != "" && cur.Holder != holder && now.Before(cur.Until) {
			return nil
		}
		data, _ := json.Marshal(leaseValue{Holder: holder, Until: now.Add(ttl)})
		held = true
		return b.Put([]byte(name), data)
	})
	if err != nil {
		return false, fmt.Errorf("bolt store: lease %q: %w", name, err)
	}
	return held, nil
}
