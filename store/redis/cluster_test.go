package redis_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	"github.com/ataxxbot/ataxxbot/store/storetest"
	goredis "github.com/redis/go-redis/v9"
)

// TestCluster runs the table and archive contracts on a real Redis
// Cluster of three masters: a command whose keys span slots fails there
// with CROSSSLOT, so the contracts passing says every command and script
// keeps to one slot.
func TestCluster(t *testing.T) {
	c := redistest.StartCluster(t)
	ctx := context.Background()
	raw := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
	defer raw.Close()
	// The cluster refuses what crosses slots (so the contracts below would
	// fail on it).
	if err := raw.MSet(ctx, "{a}x", "1", "{b}x", "2").Err(); err == nil || !strings.Contains(err.Error(), "CROSSSLOT") {
		t.Fatalf("MSET across slots: got %v; want a CROSSSLOT error", err)
	}

	var n atomic.Int64
	openCluster := func(t *testing.T) *redisstore.Store {
		s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: fmt.Sprintf("cl%d", n.Add(1)), DoneTTL: time.Hour, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	t.Run("Store", func(t *testing.T) {
		storetest.Run(t, func(t *testing.T) bot.Store { return openCluster(t) })
	})
	t.Run("Archive", func(t *testing.T) {
		storetest.RunArchive(t, func(t *testing.T) bot.Archive { return openCluster(t) })
	})
	t.Run("Link", func(t *testing.T) {
		storetest.RunLink(t, func(t *testing.T) bot.Archive { return openCluster(t) })
	})
	t.Run("OneSeedAddress", func(t *testing.T) {
		// One node's address with Cluster set: the client learns the
		// others, and a game on another node's slots saves.
		s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs[:1], Cluster: true, Prefix: "seed", Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		for i := range 20 {
			key := fmt.Sprintf("irc:#c%d", i)
			if _, err := s.Save(ctx, key, []byte("x"), 0, false); err != nil {
				t.Fatalf("Save %s through one seed address: %v", key, err)
			}
		}
	})

	// The keys were spread over the three masters: the contracts ran
	// across nodes, not on one by chance.
	var mu sync.Mutex // ForEachMaster calls in parallel
	var spread []int64
	err := raw.ForEachMaster(ctx, func(ctx context.Context, node *goredis.Client) error {
		k, err := node.DBSize(ctx).Result()
		mu.Lock()
		spread = append(spread, k)
		mu.Unlock()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range spread {
		if k == 0 {
			t.Fatalf("keys per master: got %v; want keys on every one", spread)
		}
	}
	t.Logf("keys per master: %v", spread)
}
