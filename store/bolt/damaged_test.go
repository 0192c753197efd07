package bolt_test

import (
	"encoding/binary"
	"path/filepath"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	"github.com/ataxxbot/ataxxbot/store/storetest"
	bbolt "go.etcd.io/bbolt"
)

// TestDamagedKeys: the contract for unreadable records,
// for the ways a record in the file can be damaged.
func TestDamagedKeys(t *testing.T) {
	put := func(name string, f func(b *bbolt.Bucket, key []byte) error) storetest.Damage {
		return storetest.Damage{Name: name, Apply: func(t *testing.T, s bot.Store, key string) {
			t.Helper()
			if err := bolt.Games(s.(*bolt.Store), func(b *bbolt.Bucket) error { return f(b, []byte(key)) }); err != nil {
				t.Fatal(err)
			}
		}}
	}
	version := func(v uint64) func(b *bbolt.Bucket, key []byte) error {
		return func(b *bbolt.Bucket, key []byte) error {
			val := binary.BigEndian.AppendUint64(nil, v)
			return b.Put(key, append(val, "record"...))
		}
	}
	storetest.RunDamaged(t, func(t *testing.T) bot.Store {
		s := open(t, filepath.Join(t.TempDir(), "games.db"))
		t.Cleanup(func() { s.Close() })
		return s
	}, []storetest.Damage{
		put("a value too short for a version", func(b *bbolt.Bucket, key []byte) error { return b.Put(key, []byte("abc")) }),
		put("a bucket instead of a record", func(b *bbolt.Bucket, key []byte) error {
			if err := b.Delete(key); err != nil {
				return err
			}
			nb, err := b.CreateBucket(key)
			if err != nil {
				return err
			}
			return nb.Put([]byte("x"), []byte("y"))
		}),
		put("version 0", version(0)),
		put("version 18446744073709551615", version(bot.DamagedVersion)),
		put("version 9223372036854775808, above any a store writes", version(bot.MaxVersion+1)),
	})
}
