package redis_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/memory"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	"github.com/ataxxbot/ataxxbot/store/storetest"
	goredis "github.com/redis/go-redis/v9"
)

func TestPortableContract(t *testing.T) {
	url := redistest.URL(t)
	var n atomic.Int64
	storetest.RunPortable(t, func(t *testing.T) migrate.Target {
		return open(t, url, fmt.Sprintf("dump%d-%d", time.Now().UnixNano(), n.Add(1)))
	})
}

// TestPortableContractOnCluster: Dump finds the keys on every master of a
// real Cluster, and Migrate's writes keep to one slot each.
func TestPortableContractOnCluster(t *testing.T) {
	c := redistest.StartCluster(t)
	var n atomic.Int64
	storetest.RunPortable(t, func(t *testing.T) migrate.Target {
		s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: fmt.Sprintf("dcl%d", n.Add(1)), DoneTTL: time.Hour, Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestDumpKeepsToItsPrefix: keys of another prefix (another bot on the
// same server, one whose prefix begins with ours) are not dumped; a key
// under the prefix that no layout names is given as skipped, never
// dropped in silence; leases, link codes and the indexes are not dumped.
func TestDumpKeepsToItsPrefix(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	prefix := fmt.Sprintf("own%d", time.Now().UnixNano())
	s := open(t, url, prefix)
	other := open(t, url, prefix+"x")
	if _, err := other.Save(ctx, "irc:#theirs", []byte("theirs"), 0, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, "irc:#ours", []byte("ours"), 0, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Lease(ctx, "irc:server", "me", time.Minute); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if err := s.PutLinkCode(ctx, "ABCDE23456", "irc:bob", now, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	raw, err := goredis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := goredis.NewClient(raw)
	defer c.Close()
	if err := c.Set(ctx, prefix+":stray", "x", 0).Err(); err != nil {
		t.Fatal(err)
	}
	var got []string
	err = s.Dump(ctx, func(it migrate.Item) error {
		got = append(got, fmt.Sprintf("%s %s %s", it.Type, it.Key, it.Data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	want := []string{"record irc:#ours ours", "skipped " + prefix + ":stray "}
	if !slices.Equal(got, want) {
		t.Fatalf("Dump: got %q; want %q", got, want)
	}
}

// TestDumpSkipsDamage: a record Load cannot read is given as skipped,
// with the reason, not copied as if it were whole.
func TestDumpSkipsDamage(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	prefix := fmt.Sprintf("dmg%d", time.Now().UnixNano())
	s := open(t, url, prefix)
	raw, _ := goredis.ParseURL(url)
	c := goredis.NewClient(raw)
	defer c.Close()
	if err := c.HSet(ctx, s.Key("irc:#cut"), "d", "no version").Err(); err != nil {
		t.Fatal(err)
	}
	var got []migrate.Item
	if err := s.Dump(ctx, func(it migrate.Item) error { got = append(got, it); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Type != migrate.ItemSkipped || !strings.Contains(got[0].Note, "no version") {
		t.Fatalf("Dump of a record without a version: got %+v; want it skipped, saying why", got)
	}
}

// TestMigratedTablesExpireAsSaved: Migrate saves a finished table as
// done (it expires after DoneTTL, as the host's own save would) and a
// running one, and a tournament still running, as not done (never
// expiring).
func TestMigratedTablesExpireAsSaved(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	dst := open(t, url, fmt.Sprintf("ttl%d", time.Now().UnixNano()))
	src := memory.New()
	table := func(phase bot.Phase) []byte {
		data, err := bot.MarshalRecord(&bot.Record{Schema: bot.SchemaVersion, Game: "ataxx", Phase: phase, UndoBy: -1, State: []byte("{}")})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	cases := []struct {
		key     string
		data    []byte
		expires bool
	}{
		{"irc:#over", table(bot.PhaseOver), true},
		{"irc:#setup", table(bot.PhaseSetup), true},
		{"irc:#playing", table(bot.PhasePlaying), false},
		{"tournament:t1", []byte(`{"id":"t1","state":"running"}`), false},
		{"tournament:t2", []byte(`{"id":"t2","state":"finished"}`), true},
		{"host:x", []byte("irc:#playing"), true},
		{"index:running", []byte(`[]`), false},
	}
	for _, c := range cases {
		if _, err := src.Save(ctx, c.key, c.data, 0, false); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := migrate.Migrate(ctx, src, dst); err != nil {
		t.Fatalf("Migrate: %v\n%s", err, r)
	}
	for _, c := range cases {
		ttl, err := dst.TTL(ctx, c.key)
		if err != nil || (ttl > 0) != c.expires {
			t.Errorf("%s in the target: TTL %v, %v; want expiring %v", c.key, ttl, err, c.expires)
		}
	}
}
