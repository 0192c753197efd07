package redis_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// BenchmarkClusterSaveLoad measures a record's load and compare-and-set
// save on a Cluster of three masters, 64 channels at once, each its own
// key: the hot path through the Cluster client with the store's hooks
// (the slot-map reloader's, and the save sent at most once). An op is a
// load and a save.
func BenchmarkClusterSaveLoad(b *testing.B) {
	c := redistest.StartCluster(b)
	s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: fmt.Sprintf("bench%d", time.Now().UnixNano()), Timeout: 2 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	var next atomic.Int64
	b.SetParallelism(32) // 64 goroutines on 2 CPUs
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		key := fmt.Sprintf("irc:#bench%d", next.Add(1))
		var v uint64
		for pb.Next() {
			data, lv, err := s.Load(ctx, key)
			if err == nil {
				v = lv
			}
			if v, err = s.Save(ctx, key, append(data[:0:0], 'x'), v, false); err != nil {
				b.Errorf("Save %s: %v", key, err)
				return
			}
		}
	})
}
