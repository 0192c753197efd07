package bolt_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	bbolt "go.etcd.io/bbolt"
)

// TestDumpNamesWhatItCannotGive: a record Load cannot read, a game that
// does not decode and a bucket this bot does not know are given as
// skipped items, each with its place, never dropped in silence nor copied
// as if whole.
func TestDumpNamesWhatItCannotGive(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "games.db"))
	defer s.Close()
	if _, err := s.Save(ctx, "irc:#whole", []byte("whole"), 0, false); err != nil {
		t.Fatal(err)
	}
	if err := bolt.Games(s, func(b *bbolt.Bucket) error { return b.Put([]byte("irc:#cut"), []byte("abc")) }); err != nil {
		t.Fatal(err)
	}
	if err := bolt.Bucket(s, "archive", func(b *bbolt.Bucket) error { return b.Put([]byte("9"), []byte("{not json")) }); err != nil {
		t.Fatal(err)
	}
	if err := bolt.Update(s, func(tx *bbolt.Tx) error { _, err := tx.CreateBucket([]byte("someday")); return err }); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := s.Dump(ctx, func(it migrate.Item) error {
		got = append(got, string(it.Type)+" "+it.Key)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	want := []string{"record irc:#whole", "skipped archive/9", "skipped games/irc:#cut", "skipped someday"}
	if !slices.Equal(got, want) {
		t.Fatalf("Dump: got %q; want %q", got, want)
	}
}
