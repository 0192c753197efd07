// Package redis is the bot.Store for production: one Redis (a single
// server, Sentinel or Cluster, through go-redis's UniversalClient) shared
// by every bot process.
//
// Each channel is a hash at PREFIX:{CHANNEL}:game with fields v (version)
// and d (the record). The braces are a Cluster hash tag, so all of a
// channel's keys share a slot. Saves are compare-and-set in a Lua script;
// finished games expire after DoneTTL, refreshed by every change, and a
// running game never expires. Owed work is the set PREFIX:owed.
//
// A version is written by the process that saves (bot.NextVersion: a
// count and a random stamp) and compared by the script as a string, never
// as a Lua number, which counts exactly only to 2^53.
//
// A key the store cannot read (of another type than a hash, without both
// fields, or with a version that is not a decimal of 1 to bot.MaxVersion
// without leading zeros) loads as bot.ErrDamaged with
// bot.DamagedVersion, and a save at that version replaces it only while
// it is still unreadable. An owed set of another type holds no mark the
// store can read: it is replaced, and logged at ERROR with its key.
//
// The archive of finished games, ratings and leaderboards (bot.Archive)
// is in archive.go, with its key layout; it never expires.
package redis

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	goredis "github.com/redis/go-redis/v9"
)

// Options configure the store.
type Options struct {
	// URL of a single server: redis://[user:password@]host:port/db.
	URL string
	// Addrs of Sentinels (with MasterName) or Cluster nodes, instead of URL.
	Addrs      []string
	MasterName string
	// Cluster says Addrs are Cluster nodes even when there is only one
	// (several Addrs without MasterName are a Cluster anyway).
	Cluster  bool
	Username string
	Password string // from the environment, not the committed config
	DB       int
	// Prefix of every key; default "ataxxbot".
	Prefix string
	// DoneTTL is how long a finished or abandoned game is kept after its
	// last change; default 30 days.
	DoneTTL time.Duration
	// Timeout bounds each Redis call, so that an unreachable server
	// answers "storage unavailable" quickly; default 2s.
	Timeout time.Duration
	// Log receives what the store repairs by itself (an owed set of the
	// wrong type); default slog.Default().
	Log *slog.Logger
}

// Store is a bot.Store on Redis.
type Store struct {
	client  goredis.UniversalClient
	batch   *batcher  // the hot path's pipelines (pipeline.go)
	reload  *reloader // a Cluster's slot map kept fresh (cluster.go); nil else
	prefix  string
	ttl     time.Duration
	timeout time.Duration // bounds a whole call, retries included; 0: none
	log     *slog.Logger
}

var _ bot.Store = (*Store)(nil)

// Open makes a client from opts. It does not wait for Redis: a bot started
// while Redis is down answers "storage unavailable" until it is back.
func Open(opts Options) (*Store, error) {
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Second
	}
	u := &goredis.UniversalOptions{
		Addrs:         opts.Addrs,
		MasterName:    opts.MasterName,
		IsClusterMode: opts.Cluster,
		Username:      opts.Username,
		Password:      opts.Password,
		DB:            opts.DB,
		DialTimeout:   opts.Timeout,
		ReadTimeout:   opts.Timeout,
		WriteTimeout:  opts.Timeout,
		PoolTimeout:   opts.Timeout,
		MaxRetries:    1,
		// go-redis's own default and a connection for each pipeliner.
		PoolSize: 10*runtime.GOMAXPROCS(0) + pipeliners,
		// RESP2: the store reads nothing that RESP3 types better, and a
		// RESP3 connection is peeked for push notifications each time
		// it leaves the pool.
		Protocol: 2,
		// A call's context deadline (Timeout, retries included) is what
		// bounds it, so an outage costs a player Timeout, not twice it.
		ContextTimeoutEnabled: true,
	}
	if opts.URL != "" {
		if len(opts.Addrs) > 0 {
			return nil, errors.New("redis store: give url or addrs, not both")
		}
		o, err := goredis.ParseURL(opts.URL)
		if err != nil {
			return nil, fmt.Errorf("redis store: url %s: %w", redactURL(opts.URL), err)
		}
		u.Addrs = []string{o.Addr}
		u.DB = o.DB
		if o.Username != "" {
			u.Username = o.Username
		}
		if o.Password != "" {
			u.Password = o.Password
		}
		u.TLSConfig = o.TLSConfig
	}
	if len(u.Addrs) == 0 {
		return nil, errors.New("redis store: no url or addrs")
	}
	st := New(goredis.NewUniversalClient(u), opts.Prefix, opts.DoneTTL)
	st.timeout = opts.Timeout
	if opts.Log != nil {
		st.log = opts.Log
	}
	return st, nil
}

// bound limits a call to the store's timeout.
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, s.timeout)
}

// New returns a store on an existing client. On a Cluster client it
// keeps the slot map fresh: reloaded when a node cannot be reached, and
// on a short schedule (cluster.go).
func New(client goredis.UniversalClient, prefix string, doneTTL time.Duration) *Store {
	if prefix == "" {
		prefix = "ataxxbot"
	}
	if doneTTL == 0 {
		doneTTL = 30 * 24 * time.Hour
	}
	s := &Store{client: client, prefix: prefix, ttl: doneTTL, log: slog.Default()}
	s.batch = newBatcher(client, func(ctx context.Context) (context.Context, context.CancelFunc) { return s.bound(ctx) })
	if c, ok := client.(*goredis.ClusterClient); ok {
		s.reload = watchCluster(c, func() *slog.Logger { return s.log })
	}
	return s
}

// redactURL hides the password of a Redis URL for messages and logs.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable url)"
	}
	return u.Redacted()
}

// Close stops the store's pipelines and closes the client.
func (s *Store) Close() error {
	s.batch.close()
	if s.reload != nil {
		s.reload.close()
	}
	return s.client.Close()
}

// Ping checks that Redis answers.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	return s.client.Ping(ctx).Err()
}

// Key returns the Redis key of a channel's game.
func (s *Store) Key(channel string) string { return s.prefix + ":{" + channel + "}:game" }

func (s *Store) owedKey() string { return s.prefix + ":owed" }

// maxVersionText is bot.MaxVersion in decimal: casScript compares a
// version of as many digits with it as a string.
var maxVersionText = strconv.FormatUint(bot.MaxVersion, 10)

// readableVersion reports whether v is a version the store wrote: a
// decimal without leading zeros from 1 to bot.MaxVersion. The same rule
// is in casScript.
func readableVersion(v string) bool {
	if v == "" || len(v) > len(maxVersionText) || v[0] == '0' {
		return false
	}
	for _, c := range []byte(v) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(v) < len(maxVersionText) || v <= maxVersionText
}

// wrongType reports whether Redis refused a command for the key's type.
func wrongType(err error) bool { return err != nil && strings.HasPrefix(err.Error(), "WRONGTYPE") }

// Load returns the record of channel key; a key it cannot read gives
// bot.ErrDamaged and bot.DamagedVersion.
func (s *Store) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	return s.loadHash(ctx, s.Key(key), key)
}

// loadHash reads a versioned hash (fields v and d) at the Redis key rkey,
// of the record named key in messages.
func (s *Store) loadHash(ctx context.Context, rkey, key string) ([]byte, uint64, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	cmd := goredis.NewSliceCmd(ctx, "hmget", rkey, "v", "d")
	// After an error, cmd is not read: a call given up on may still be
	// in its pipeline.
	err := s.batch.do(ctx, cmd)
	if wrongType(err) {
		return nil, bot.DamagedVersion, fmt.Errorf("redis store: %s is not a hash: %w", rkey, bot.ErrDamaged)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("redis store: load %q: %w", key, err)
	}
	vals := cmd.Val()
	vs, ok1 := vals[0].(string)
	data, ok2 := vals[1].(string)
	switch {
	case !ok1 && !ok2:
		return nil, 0, fmt.Errorf("redis store: %q: %w", key, bot.ErrNotFound)
	case !ok1:
		return nil, bot.DamagedVersion, fmt.Errorf("redis store: %s has no version: %w", rkey, bot.ErrDamaged)
	case !ok2:
		return nil, bot.DamagedVersion, fmt.Errorf("redis store: %s has no record: %w", rkey, bot.ErrDamaged)
	case !readableVersion(vs):
		return nil, bot.DamagedVersion, fmt.Errorf("redis store: %s: version %q: %w", rkey, cut(vs, 40), bot.ErrDamaged)
	}
	v, err := strconv.ParseUint(vs, 10, 64)
	if err != nil { // readableVersion said it parses
		return nil, bot.DamagedVersion, fmt.Errorf("redis store: %s: version %q: %w: %w", rkey, vs, bot.ErrDamaged, err)
	}
	return []byte(data), v, nil
}

// cut shortens s for a message.
func cut(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// damagedArg is bot.DamagedVersion as casScript takes it (ARGV[4]).
var damagedArg = strconv.FormatUint(bot.DamagedVersion, 10)

// casScript writes the record ARGV[2] at version ARGV[5] if the stored
// version is ARGV[1], and sets its expiry: ARGV[3] milliseconds, or none
// for "0". ARGV[4] is bot.DamagedVersion: at that version it replaces a
// key Load cannot read (the same rules as Load's, ARGV[6] being
// bot.MaxVersion), and only such a key. Versions are compared as strings.
// It returns 1, or -1 on a conflict. A save sent again after its answer
// was lost (the NOSCRIPT fallback, a client's resend) finds its own
// version stored, a version no other save makes (bot.NextVersion's
// stamp), and returns 1 without writing: it landed once.
var casScript = goredis.NewScript(`
local state
local v = redis.pcall('HGET', KEYS[1], 'v')
if type(v) == 'table' and v.err then
  state = 'damaged'
else
  -- HEXISTS, not the record itself: no copy of it into Lua.
  local d = redis.call('HEXISTS', KEYS[1], 'd') == 1
  if not v and not d then
    state = '0'
  elseif not v or not d then
    state = 'damaged'
  elseif string.match(v, '^[1-9]%d*$') and (#v < #ARGV[6] or (#v == #ARGV[6] and v <= ARGV[6])) then
    state = v
  else
    state = 'damaged'
  end
end
if state == ARGV[5] then return 1 end
local want = ARGV[1]
if want == ARGV[4] then want = 'damaged' end
if state ~= want then return -1 end
if state == 'damaged' then
  redis.call('DEL', KEYS[1])
end
redis.call('HSET', KEYS[1], 'v', ARGV[5], 'd', ARGV[2])
if ARGV[3] == '0' then
  redis.call('PERSIST', KEYS[1])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
return 1
`)

// casArgs are casScript's ARGV for a save of data at version, expiring
// after ttl milliseconds (0: never), and the version it writes.
func casArgs(data []byte, version uint64, ttl int64) ([]any, uint64) {
	next := bot.NextVersion(version)
	return []any{strconv.FormatUint(version, 10), data, ttl, damagedArg, strconv.FormatUint(next, 10), maxVersionText}, next
}

// Save writes the record if version is current; a done game expires after
// DoneTTL, a running one never.
func (s *Store) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	ttl := int64(0)
	if done {
		ttl = s.ttl.Milliseconds()
	}
	argv, next := casArgs(data, version, ttl)
	args := append([]any{"evalsha", casScript.Hash(), 1, s.Key(key)}, argv...)
	cmd := goredis.NewCmd(ctx, args...)
	err := s.batch.do(ctx, cmd)
	if err != nil && goredis.HasErrorPrefix(err, "NOSCRIPT") {
		// The server does not know the script yet (or restarted): Run
		// loads it.
		cmd = casScript.Run(ctx, s.client, []string{s.Key(key)}, args[4:]...)
		err = cmd.Err()
	}
	if err != nil { // cmd is not read: it may still be in its pipeline
		return 0, fmt.Errorf("redis store: save %q: %w", key, err)
	}
	n, err := cmd.Int64()
	if err != nil {
		return 0, fmt.Errorf("redis store: save %q: %w", key, err)
	}
	if n < 0 {
		return 0, fmt.Errorf("redis store: %q is not at version %d: %w", key, version, bot.ErrConflict)
	}
	return next, nil
}

// repairOwedScript deletes the owed set if it is of another type, and
// returns that type ("" if it was a set or missing).
var repairOwedScript = goredis.NewScript(`
local t = redis.call('TYPE', KEYS[1]).ok
if t == 'set' or t == 'none' then return '' end
redis.call('DEL', KEYS[1])
return t
`)

// repairOwed replaces an owed set of the wrong type, whose marks nobody
// can read, so that marking works again.
func (s *Store) repairOwed(ctx context.Context) error {
	t, err := repairOwedScript.Run(ctx, s.client, []string{s.owedKey()}).Text()
	if err != nil {
		return fmt.Errorf("redis store: repairing %s: %w", s.owedKey(), err)
	}
	if t != "" {
		s.log.Error("the owed-work set was of the wrong type; replaced it with an empty set (its marks could not be read)", "key", s.owedKey(), "type", t)
	}
	return nil
}

// SetOwed marks or clears key.
func (s *Store) SetOwed(ctx context.Context, key string, owed bool) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	mark := func() error {
		if owed {
			return s.client.SAdd(ctx, s.owedKey(), key).Err()
		}
		return s.client.SRem(ctx, s.owedKey(), key).Err()
	}
	err := mark()
	if wrongType(err) {
		if err = s.repairOwed(ctx); err == nil {
			err = mark()
		}
	}
	if err != nil {
		return fmt.Errorf("redis store: owed %q: %w", key, err)
	}
	return nil
}

// Owed lists the marked keys. An owed set of the wrong type is replaced
// (and logged): it lists nothing.
func (s *Store) Owed(ctx context.Context) ([]string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	keys, err := s.client.SMembers(ctx, s.owedKey()).Result()
	if wrongType(err) {
		return nil, s.repairOwed(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("redis store: owed: %w", err)
	}
	return keys, nil
}

// TTL returns how long channel key's record has left: -1 for no expiry.
func (s *Store) TTL(ctx context.Context, key string) (time.Duration, error) {
	d, err := s.client.PTTL(ctx, s.Key(key)).Result()
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return -1, nil
	}
	return d, nil
}
