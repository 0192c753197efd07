package redis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	goredis "github.com/redis/go-redis/v9"
)

var _ migrate.Portable = (*Store)(nil)

// dumpBatch is how many keys Dump reads in one pipeline.
const dumpBatch = 500

// keyClass is what a key under the prefix holds, for Dump.
type keyClass int

const (
	classUnknown keyClass = iota
	classDerived          // an index a write rebuilds, a lease or a link code: not dumped
	classRecord
	classOwed
	classCounter
	classGame
	classRating
	classTop
	classLink
	classMail
)

// classify says what the key holds and its name in it (the record's key,
// the game's id, "KIND:PLAYER", the kind, the identity, the box), from
// the layouts in redis.go, archive.go, link.go, mailbox.go and lease.go.
func (s *Store) classify(key string) (keyClass, string) {
	rest, ok := strings.CutPrefix(key, s.prefix+":")
	if !ok {
		return classUnknown, key
	}
	inTag := func(p string) (string, bool) {
		if strings.HasPrefix(rest, p) && strings.HasSuffix(rest, "}") {
			return rest[len(p) : len(rest)-1], true
		}
		return "", false
	}
	switch {
	case rest == "owed":
		return classOwed, ""
	case rest == "gameid":
		return classCounter, migrate.CounterGameID
	case rest == "games":
		return classDerived, ""
	case strings.HasPrefix(rest, "{") && strings.HasSuffix(rest, "}:game"):
		return classRecord, rest[1 : len(rest)-len("}:game")]
	}
	if box, ok := inTag("mail:{"); ok {
		return classMail, box
	}
	if _, ok := inTag("lease:{"); ok {
		return classDerived, ""
	}
	for _, c := range []struct {
		tag   string
		class keyClass
	}{{"{game:", classGame}, {"{rating:", classRating}, {"{top:", classTop}, {"{link:", classLink},
		{"{linked:", classDerived}, {"{linkcode:", classDerived}} {
		if name, ok := inTag(c.tag); ok {
			return c.class, name
		}
	}
	if strings.HasPrefix(rest, "{user:") && strings.Contains(rest, "}:games") ||
		strings.HasPrefix(rest, "{kind:") && strings.HasSuffix(rest, "}:games") {
		return classDerived, ""
	}
	return classUnknown, key
}

// globEscape escapes what SCAN's MATCH reads as a pattern.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keys lists every key under the prefix: SCAN on the server, or on each
// master of a Cluster.
func (s *Store) keys(ctx context.Context) ([]string, error) {
	match := globEscape(s.prefix) + ":*"
	var mu sync.Mutex
	var all []string
	scan := func(ctx context.Context, c goredis.Cmdable) error {
		var cursor uint64
		for {
			ks, next, err := c.Scan(ctx, cursor, match, 1000).Result()
			if err != nil {
				return err
			}
			mu.Lock()
			all = append(all, ks...)
			mu.Unlock()
			if cursor = next; cursor == 0 {
				return nil
			}
		}
	}
	var err error
	if cc, ok := s.client.(*goredis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, node *goredis.Client) error { return scan(ctx, node) })
	} else {
		err = scan(ctx, s.client)
	}
	if err != nil {
		return nil, fmt.Errorf("redis store: listing keys: %w", err)
	}
	return all, nil
}

// Dump gives everything under the prefix. Records and ratings are read
// as Load reads them; a key it cannot read, or does not know, is given
// as skipped. Redis gives no one picture of many keys: dump a store no
// bot is writing.
func (s *Store) Dump(ctx context.Context, each func(migrate.Item) error) error {
	keys, err := s.keys(ctx)
	if err != nil {
		return err
	}
	byClass := map[keyClass][]string{}
	for _, k := range keys {
		c, _ := s.classify(k)
		byClass[c] = append(byClass[c], k)
	}
	for _, k := range byClass[classUnknown] {
		if err := each(migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: "a key this bot does not know"}); err != nil {
			return err
		}
	}
	steps := []func(context.Context, []string, func(migrate.Item) error) error{
		s.dumpVersioned(classRecord), s.dumpVersioned(classRating), s.dumpOwed, s.dumpCounters,
		s.dumpGames, s.dumpTops, s.dumpLinks, s.dumpMail,
	}
	for i, c := range []keyClass{classRecord, classRating, classOwed, classCounter, classGame, classTop, classLink, classMail} {
		ks := byClass[c]
		for len(ks) > 0 {
			n := min(len(ks), dumpBatch)
			if err := steps[i](ctx, ks[:n], each); err != nil {
				return err
			}
			ks = ks[n:]
		}
	}
	return nil
}

// dumpVersioned reads records (or ratings) with loadHash, a pipeline's
// worth at once.
func (s *Store) dumpVersioned(class keyClass) func(context.Context, []string, func(migrate.Item) error) error {
	return func(ctx context.Context, keys []string, each func(migrate.Item) error) error {
		items := make([]migrate.Item, len(keys))
		errs := make([]error, len(keys))
		var wg sync.WaitGroup
		sem := make(chan struct{}, 64)
		for i, k := range keys {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				_, name := s.classify(k)
				data, _, err := s.loadHash(ctx, k, name)
				switch {
				case errors.Is(err, bot.ErrNotFound):
					return // gone since the scan
				case errors.Is(err, bot.ErrDamaged):
					items[i] = migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: err.Error()}
				case err != nil:
					errs[i] = err
				case class == classRating:
					kind, player, ok := strings.Cut(name, ":")
					if !ok {
						items[i] = migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: "a rating key that names no kind"}
						return
					}
					items[i] = migrate.Item{Type: migrate.ItemRating, Kind: kind, Player: player, Data: data}
				default:
					items[i] = migrate.Item{Type: migrate.ItemRecord, Key: name, Data: data}
				}
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return fmt.Errorf("redis store: dump: %w", err)
		}
		return emit(items, each)
	}
}

// emit gives the items that are set.
func emit(items []migrate.Item, each func(migrate.Item) error) error {
	for _, it := range items {
		if it.Type == "" {
			continue
		}
		if err := each(it); err != nil {
			return err
		}
	}
	return nil
}

// dumpOwed gives the owed marks.
func (s *Store) dumpOwed(ctx context.Context, _ []string, each func(migrate.Item) error) error {
	keys, err := s.Owed(ctx)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if err := each(migrate.Item{Type: migrate.ItemOwed, Key: k}); err != nil {
			return err
		}
	}
	return nil
}

// dumpCounters gives the game id counter.
func (s *Store) dumpCounters(ctx context.Context, _ []string, each func(migrate.Item) error) error {
	v, err := s.client.Get(ctx, s.gameIDKey()).Result()
	if errors.Is(err, goredis.Nil) {
		return nil
	}
	if err != nil {
		if wrongType(err) {
			return each(migrate.Item{Type: migrate.ItemSkipped, Key: s.gameIDKey(), Note: "not a counter"})
		}
		return fmt.Errorf("redis store: dump the game id counter: %w", err)
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return each(migrate.Item{Type: migrate.ItemSkipped, Key: s.gameIDKey(), Note: "not a counter: " + cut(v, 40)})
	}
	return each(migrate.Item{Type: migrate.ItemCounter, Key: migrate.CounterGameID, Count: n})
}

// dumpGames reads finished games in one pipeline.
func (s *Store) dumpGames(ctx context.Context, keys []string, each func(migrate.Item) error) error {
	cmds := make([]*goredis.StringCmd, len(keys))
	_, _ = s.client.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for i, k := range keys {
			cmds[i] = p.HGet(ctx, k, "d")
		}
		return nil
	})
	for i, k := range keys {
		_, id := s.classify(k)
		data, err := cmds[i].Bytes()
		g, err := decodeGame(id, data, err)
		switch {
		case errors.Is(err, bot.ErrNotFound):
			continue
		case errors.Is(err, bot.ErrDamaged):
			err = each(migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: err.Error()})
		case err != nil:
			return fmt.Errorf("redis store: dump: %w", err)
		default:
			err = each(migrate.Item{Type: migrate.ItemGame, Game: &g})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// dumpTops reads whole leaderboards.
func (s *Store) dumpTops(ctx context.Context, keys []string, each func(migrate.Item) error) error {
	for _, k := range keys {
		_, kind := s.classify(k)
		zs, err := s.client.ZRangeWithScores(ctx, k, 0, -1).Result()
		if wrongType(err) {
			if err := each(migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: "not a leaderboard"}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("redis store: dump %s: %w", k, err)
		}
		for _, z := range zs {
			p, _ := z.Member.(string)
			if err := each(migrate.Item{Type: migrate.ItemRank, Kind: kind, Player: p, Score: -z.Score}); err != nil {
				return err
			}
		}
	}
	return nil
}

// dumpLinks reads identities' players in one pipeline.
func (s *Store) dumpLinks(ctx context.Context, keys []string, each func(migrate.Item) error) error {
	cmds := make([]*goredis.StringCmd, len(keys))
	_, _ = s.client.Pipelined(ctx, func(p goredis.Pipeliner) error {
		for i, k := range keys {
			cmds[i] = p.Get(ctx, k)
		}
		return nil
	})
	for i, k := range keys {
		_, id := s.classify(k)
		p, err := cmds[i].Result()
		switch {
		case errors.Is(err, goredis.Nil):
			continue
		case wrongType(err):
			err = each(migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: "not an identity's player"})
		case err != nil:
			return fmt.Errorf("redis store: dump %s: %w", k, err)
		default:
			err = each(migrate.Item{Type: migrate.ItemLink, Key: id, Player: p})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// dumpMail reads whole mailboxes, oldest message first.
func (s *Store) dumpMail(ctx context.Context, keys []string, each func(migrate.Item) error) error {
	for _, k := range keys {
		_, box := s.classify(k)
		msgs, err := s.client.LRange(ctx, k, 0, -1).Result()
		if wrongType(err) {
			if err := each(migrate.Item{Type: migrate.ItemSkipped, Key: k, Note: "not a mailbox"}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("redis store: dump %s: %w", k, err)
		}
		for _, m := range msgs {
			if err := each(migrate.Item{Type: migrate.ItemMail, Key: box, Data: []byte(m)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// raiseScript sets a counter to ARGV[1] if it is lower (or not a number).
var raiseScript = goredis.NewScript(`
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c == nil or c < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
end
return 1
`)

// RaiseCounter raises the game id counter to at least n.
func (s *Store) RaiseCounter(ctx context.Context, name string, n uint64) error {
	if name != migrate.CounterGameID {
		return fmt.Errorf("redis store: no counter %q", name)
	}
	ctx, cancel := s.bound(ctx)
	defer cancel()
	if err := raiseScript.Run(ctx, s.client, []string{s.gameIDKey()}, strconv.FormatUint(n, 10)).Err(); err != nil {
		return fmt.Errorf("redis store: raise %s: %w", name, err)
	}
	return nil
}
