package bolt

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	bbolt "go.etcd.io/bbolt"
)

var _ migrate.Portable = (*Store)(nil)

// derived reports whether a bucket is rebuilt from other buckets by the
// writes that fill them (ArchiveGame, SetRank, LinkIdentity), or holds
// nothing to carry (leases, link codes): Dump gives none of its keys.
func derived(bucket string) bool {
	switch bucket {
	case historyBucket, ranksBucket, linksOfBucket, leaseBucket, linkCodesBucket:
		return true
	}
	return false
}

// Dump gives everything in the file, in one read transaction: a
// consistent picture even while the store is written.
func (s *Store) Dump(ctx context.Context, each func(migrate.Item) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return s.view(func(tx *bbolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			switch n := string(name); {
			case derived(n):
				return nil
			case n == bucketName:
				return dumpVersioned(b, n, each, func(k, data []byte) migrate.Item {
					return migrate.Item{Type: migrate.ItemRecord, Key: string(k), Data: data}
				})
			case n == ratingsBucket:
				return dumpVersioned(b, n, each, func(k, data []byte) migrate.Item {
					kind, player, ok := splitEnc(k)
					if !ok {
						return migrate.Item{Type: migrate.ItemSkipped, Key: n + "/" + string(k), Note: "a rating key that names no kind"}
					}
					return migrate.Item{Type: migrate.ItemRating, Kind: kind, Player: player, Data: data}
				})
			case n == owedBucket:
				return b.ForEach(func(k, _ []byte) error { return each(migrate.Item{Type: migrate.ItemOwed, Key: string(k)}) })
			case n == gamesBucket:
				return dumpGames(b, each)
			case n == rankOfBucket:
				return b.ForEach(func(k, v []byte) error {
					kind, player, ok := splitEnc(k)
					if !ok || len(v) != 8 {
						return each(migrate.Item{Type: migrate.ItemSkipped, Key: n + "/" + string(k), Note: "a leaderboard place it cannot read"})
					}
					return each(migrate.Item{Type: migrate.ItemRank, Kind: kind, Player: player, Score: fromHighFirst(v)})
				})
			case n == linksBucket:
				return b.ForEach(func(k, v []byte) error {
					return each(migrate.Item{Type: migrate.ItemLink, Key: string(k), Player: string(v)})
				})
			case n == mailBucket:
				return b.ForEach(func(box, v []byte) error {
					mb := b.Bucket(box)
					if v != nil || mb == nil {
						return each(migrate.Item{Type: migrate.ItemSkipped, Key: n + "/" + string(box), Note: "not a mailbox"})
					}
					return mb.ForEach(func(_, msg []byte) error {
						return each(migrate.Item{Type: migrate.ItemMail, Key: string(box), Data: bytes.Clone(msg)})
					})
				})
			}
			return each(migrate.Item{Type: migrate.ItemSkipped, Key: string(name), Note: "a bucket this bot does not know"})
		})
	})
}

// dumpVersioned gives each readable value of a bucket of versioned
// values, read as Load reads them; a value Load cannot read is skipped.
func dumpVersioned(b *bbolt.Bucket, name string, each func(migrate.Item) error, item func(k, data []byte) migrate.Item) error {
	return b.ForEach(func(k, _ []byte) error {
		_, data, err := stored(b, string(k))
		if err != nil {
			return each(migrate.Item{Type: migrate.ItemSkipped, Key: name + "/" + string(k), Note: err.Error()})
		}
		return each(item(bytes.Clone(k), bytes.Clone(data)))
	})
}

// dumpGames gives the archive's games and its id counter.
func dumpGames(b *bbolt.Bucket, each func(migrate.Item) error) error {
	err := b.ForEach(func(k, v []byte) error {
		var g bot.ArchivedGame
		if v == nil || json.Unmarshal(v, &g) != nil {
			return each(migrate.Item{Type: migrate.ItemSkipped, Key: gamesBucket + "/" + string(k), Note: "a game it cannot read"})
		}
		return each(migrate.Item{Type: migrate.ItemGame, Game: &g})
	})
	if err != nil {
		return err
	}
	if seq := b.Sequence(); seq > 0 {
		return each(migrate.Item{Type: migrate.ItemCounter, Key: migrate.CounterGameID, Count: seq})
	}
	return nil
}

// splitEnc splits a key enc(a) b.
func splitEnc(k []byte) (a, b string, ok bool) {
	n, w := binary.Uvarint(k)
	if w <= 0 || uint64(len(k)-w) < n {
		return "", "", false
	}
	return string(k[w : w+int(n)]), string(k[w+int(n):]), true
}

// fromHighFirst reads a score highFirst encoded.
func fromHighFirst(v []byte) float64 {
	b := ^binary.BigEndian.Uint64(v)
	if b>>63 == 1 {
		b &^= 1 << 63
	} else {
		b = ^b
	}
	return math.Float64frombits(b)
}

// RaiseCounter raises the archive bucket's sequence, which numbers the
// game ids, to at least n.
func (s *Store) RaiseCounter(ctx context.Context, name string, n uint64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if name != migrate.CounterGameID {
		return fmt.Errorf("bolt store: no counter %q", name)
	}
	return s.update(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(gamesBucket))
		if b.Sequence() >= n {
			return nil
		}
		return b.SetSequence(n)
	})
}
