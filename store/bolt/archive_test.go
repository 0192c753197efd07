package bolt_test

import (
	"context"
	"encoding/binary"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	"github.com/ataxxbot/ataxxbot/store/storetest"
	bbolt "go.etcd.io/bbolt"
)

// A rating record the store cannot read loads as ErrDamaged and is
// replaced at DamagedVersion only; a game that does not decode is left
// out of History and named by ArchivedGame.
func TestArchiveDamage(t *testing.T) {
	ctx := context.Background()
	s := open(t, filepath.Join(t.TempDir(), "games.db"))
	defer s.Close()
	ratingKey := binary.AppendUvarint(nil, uint64(len("ataxx")))
	ratingKey = append(append(ratingKey, "ataxx"...), "irc:alice"...)
	if err := bolt.Bucket(s, "ratings", func(b *bbolt.Bucket) error { return b.Put(ratingKey, []byte("abc")) }); err != nil {
		t.Fatal(err)
	}
	storetest.DamagedRating(t, s, "ataxx", "irc:alice")

	now := time.Now()
	for i, id := range []string{"1", "2", "3"} {
		g := bot.ArchivedGame{ID: id, Kind: "ataxx", Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: "irc:bob"}}, Ended: now.Add(time.Duration(i) * time.Minute)}
		if err := s.ArchiveGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := bolt.Bucket(s, "archive", func(b *bbolt.Bucket) error { return b.Put([]byte("2"), []byte("{not json")) }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ArchivedGame(ctx, "2"); !errors.Is(err, bot.ErrDamaged) {
		t.Fatalf("ArchivedGame of bad JSON: got %v; want ErrDamaged", err)
	}
	games, _, err := s.History(ctx, "irc:bob", "", "", 10)
	if err != nil || len(games) != 2 || games[0].ID != "3" || games[1].ID != "1" {
		t.Fatalf("History around a damaged game: got %v, %v; want games 3 and 1", games, err)
	}
}
