package redis_test

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	"github.com/ataxxbot/ataxxbot/store/storetest"
	goredis "github.com/redis/go-redis/v9"
)

// raw is a plain client on the test's server, for writing what the store
// never would.
func raw(t *testing.T, url string) *goredis.Client {
	t.Helper()
	o, err := goredis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := goredis.NewClient(o)
	t.Cleanup(func() { c.Close() })
	return c
}

// redisDamages are the ways a channel's key can be unreadable in Redis.
func redisDamages(c *goredis.Client) []storetest.Damage {
	do := func(f func(ctx context.Context, key string) error) func(t *testing.T, s bot.Store, key string) {
		return func(t *testing.T, s bot.Store, key string) {
			t.Helper()
			if err := f(context.Background(), s.(*redisstore.Store).Key(key)); err != nil {
				t.Fatal(err)
			}
		}
	}
	dmg := func(name string, f func(ctx context.Context, key string) error) storetest.Damage {
		return storetest.Damage{Name: name, Apply: do(f)}
	}
	version := func(v string) func(ctx context.Context, key string) error {
		return func(ctx context.Context, key string) error { return c.HSet(ctx, key, "v", v).Err() }
	}
	return []storetest.Damage{
		dmg("a string instead of the hash", func(ctx context.Context, key string) error { return c.Set(ctx, key, "garbage", 0).Err() }),
		dmg("a list instead of the hash", func(ctx context.Context, key string) error {
			c.Del(ctx, key)
			return c.RPush(ctx, key, "a", "b").Err()
		}),
		dmg("version abc", version("abc")),
		dmg("version 99999999999999999999999", version("99999999999999999999999")),
		dmg("version 18446744073709551615", version("18446744073709551615")),
		dmg("version 9223372036854775808", version("9223372036854775808")), // above bot.MaxVersion
		dmg("version 9300000000000000000", version("9300000000000000000")),
		dmg("version 0", version("0")),
		dmg("version -3", version("-3")),
		dmg("version 007", version("007")),
		dmg("no version", func(ctx context.Context, key string) error { return c.HDel(ctx, key, "v").Err() }),
		dmg("no record", func(ctx context.Context, key string) error { return c.HDel(ctx, key, "d").Err() }),
	}
}

// TestDamagedKeys: the contract for unreadable keys,
// for every way a Redis key can be damaged.
func TestDamagedKeys(t *testing.T) {
	url := redistest.URL(t)
	var n atomic.Int64
	storetest.RunDamaged(t, func(t *testing.T) bot.Store {
		return open(t, url, fmt.Sprintf("damaged%d-%d", time.Now().UnixNano(), n.Add(1)))
	}, redisDamages(raw(t, url)))
}

// TestOwedSetOfWrongType: an owed set that is not a set (written by hand,
// or by another program) is replaced, not an error for ever: Owed lists
// nothing, and marks are kept again.
func TestOwedSetOfWrongType(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	prefix := fmt.Sprintf("owedtype%d", time.Now().UnixNano())
	s := open(t, url, prefix)
	c := raw(t, url)
	for _, damage := range []struct {
		name  string
		apply func() error
	}{
		{"a string", func() error { return c.Set(ctx, prefix+":owed", "garbage", 0).Err() }},
		{"a hash", func() error { return c.HSet(ctx, prefix+":owed", "irc:#a", "1").Err() }},
	} {
		t.Run(damage.name, func(t *testing.T) {
			c.Del(ctx, prefix+":owed")
			if err := damage.apply(); err != nil {
				t.Fatal(err)
			}
			if keys, err := s.Owed(ctx); err != nil || len(keys) != 0 {
				t.Fatalf("Owed of a damaged set: got %q, %v; want none, no error", keys, err)
			}
			if err := damage.apply(); err != nil {
				t.Fatal(err)
			}
			if err := s.SetOwed(ctx, "irc:#b", false); err != nil {
				t.Fatalf("clearing a mark in a damaged set: %v", err)
			}
			if err := damage.apply(); err != nil {
				t.Fatal(err)
			}
			if err := s.SetOwed(ctx, "irc:#b", true); err != nil {
				t.Fatalf("marking in a damaged set: %v", err)
			}
			if keys, err := s.Owed(ctx); err != nil || !slices.Equal(keys, []string{"irc:#b"}) {
				t.Fatalf("Owed after a mark: got %q, %v; want [irc:#b]", keys, err)
			}
		})
	}
}

// logLines is a slog handler's output the test reads.
type logLines struct{ strings.Builder }

// TestDamagedKeysDoNotLockChannels, through the host on a real Redis: a
// channel whose key is unreadable says so in one line and takes a new game;
// one bad key never stops the owed work of other channels; each is logged
// at ERROR with its key.
func TestDamagedKeysDoNotLockChannels(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	c := raw(t, url)
	var logs logLines
	log := slog.New(slog.NewTextHandler(&logs, nil))
	for _, d := range redisDamages(c) {
		t.Run(d.Name, func(t *testing.T) {
			prefix := fmt.Sprintf("host%d", time.Now().UnixNano())
			s := open(t, url, prefix)
			b := hosttest.Must(hosttest.New(bot.Config{}, s, nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, log))
			say := func(channel, user, text string) string {
				var out []string
				for _, r := range b.Handle(ctx, bot.Message{Network: "irc", Channel: channel, UserID: user, Name: user, Text: text, Addressed: true}) {
					out = append(out, r.Text)
				}
				return strings.Join(out, "\n")
			}
			for _, ch := range []string{"#bad", "#fine"} {
				say(ch, "ann", "start @bob")
				if got := say(ch, "bob", "join"); !strings.Contains(got, "Game on") {
					t.Fatalf("%s: join: got %q; want Game on", ch, got)
				}
			}
			d.Apply(t, s, "irc:#bad")
			if got := say("#bad", "ann", "status"); !strings.Contains(got, "cannot be read") {
				t.Fatalf("status at the damaged table: got %q; want it cannot be read", got)
			}
			if !strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "irc:#bad") {
				t.Fatalf("log: got %q; want an ERROR naming irc:#bad", logs.String())
			}
			if got := say("#fine", "ann", "a7-b6"); !strings.Contains(got, "plays a7-b6") {
				t.Fatalf("a move at another table: got %q; want it played", got)
			}
			// Owed work: garbage marks, the damaged table, then a table
			// whose mark is stale; the last must still be seen to.
			for _, m := range []string{"", "no colon", "irc:", "irc:#bad", "irc:#fine"} {
				if err := c.SAdd(ctx, prefix+":owed", m).Err(); err != nil {
					t.Fatal(err)
				}
			}
			if err := b.Resume(ctx, "irc", discard{}); err != nil {
				t.Errorf("Resume: %v; want the damage logged, not returned", err)
			}
			if !strings.Contains(logs.String(), `level=ERROR msg="owed-work mark names no table; clearing it" key="no colon"`) {
				t.Errorf("log: got %q; want an ERROR naming the garbage mark", logs.String())
			}
			if keys, err := s.Owed(ctx); err != nil || len(keys) != 0 {
				t.Errorf("marks after Resume: got %q, %v; want none (garbage and damaged cleared, work done)", keys, err)
			}
			if got := say("#bad", "ann", "new"); strings.Contains(got, "cannot be read") || strings.Contains(got, "unavailable") {
				t.Fatalf("new at the damaged table: got %q; want a fresh table", got)
			}
			say("#bad", "ann", "start @bob")
			if got := say("#bad", "bob", "join"); !strings.Contains(got, "Game on") {
				t.Fatalf("a game after new: got %q; want Game on", got)
			}
			if got := say("#bad", "ann", "a7-b6"); !strings.Contains(got, "plays a7-b6") {
				t.Fatalf("a move after new: got %q; want it played", got)
			}
			// A damaged seat index (where private commands find a
			// player's tables) is started again, not an outage.
			d.Apply(t, s, "seats:irc:bob")
			private := func(text string) string {
				var out []string
				for _, r := range b.Handle(ctx, bot.Message{Network: "irc", UserID: "bob", Name: "bob", Text: text, Addressed: true, Private: true}) {
					out = append(out, r.Text)
				}
				return strings.Join(out, "\n")
			}
			if got := private("status"); strings.Contains(got, "unavailable") {
				t.Fatalf("a private command with a damaged seat index: got %q; want an answer", got)
			}
			say("#third", "ann", "start @bob")
			say("#third", "bob", "join") // a new seat: the index is written again
			if got := private("status"); !strings.Contains(got, "Ataxx: Red (ann), Blue (bob)") {
				t.Fatalf("a private status after the index was replaced: got %q; want the game at #third", got)
			}
		})
	}
}

// discard is a Sender for work nobody reads.
type discard struct{}

func (discard) Send(context.Context, []bot.Reply) error { return nil }
