package redis_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// benchGames is how many archived games BenchmarkMigrateBoltToRedis
// moves.
const benchGames = 10000

// boltWithGames makes a bolt file holding benchGames finished games of
// 200 players, each game's two players rated, and returns it open.
func boltWithGames(b *testing.B) *bolt.Store {
	b.Helper()
	ctx := context.Background()
	s, err := bolt.Open(filepath.Join(b.TempDir(), "games.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8) // bbolt batches concurrent writers' syncs
	for i := range benchGames {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			id, err := s.NextGameID(ctx)
			if err != nil {
				b.Error(err)
				return
			}
			red, blue := "irc:p"+strconv.Itoa(i%200), "irc:p"+strconv.Itoa((i*7+1)%200)
			g := bot.ArchivedGame{ID: id, Kind: "ataxx", Players: []bot.ArchivedPlayer{
				{Seat: "Red", Network: "irc", UserID: red[4:], Player: red, Name: red[4:]},
				{Seat: "Blue", Network: "irc", UserID: blue[4:], Player: blue, Name: blue[4:]}},
				Moves:  []string{"b6", "f6", "c5", "e5", "g1g3", "a1a3", "b5", "f5", "d4", "e4"},
				Winner: i % 2, Ending: "resigned", Began: t0.Add(time.Duration(i) * time.Minute), Ended: t0.Add(time.Duration(i)*time.Minute + 30*time.Second),
				Record: make([]byte, 200)}
			if err := s.ArchiveGame(ctx, g); err != nil {
				b.Error(err)
			}
		}()
	}
	wg.Wait()
	for p := range 200 {
		player := "irc:p" + strconv.Itoa(p)
		if _, err := s.SaveRating(ctx, "ataxx", player, []byte(fmt.Sprintf(`{"r":%d,"rd":60,"sigma":0.06,"games":100}`, 1400+p)), 0); err != nil {
			b.Fatal(err)
		}
		if err := s.SetRank(ctx, "ataxx", player, float64(1400+p)); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkMigrateBoltToRedis: the time to move a bolt file of 10,000
// archived games (with 200 players' ratings and ranks) to an empty
// prefix of a real redis-server, reading it all back. One operation is
// one whole migration.
func BenchmarkMigrateBoltToRedis(b *testing.B) {
	ctx := context.Background()
	url := redistest.URL(b)
	src := boltWithGames(b)
	n := 0
	b.ResetTimer()
	for b.Loop() {
		n++
		dst, err := redisstore.Open(redisstore.Options{URL: url, Prefix: fmt.Sprintf("mig%d-%d", time.Now().UnixNano(), n), Timeout: 5 * time.Second})
		if err != nil {
			b.Fatal(err)
		}
		r, err := migrate.Migrate(ctx, src, dst)
		if err != nil || r.Copied[migrate.ItemGame] != benchGames {
			b.Fatalf("Migrate: copied %d games, %v; want %d\n%s", r.Copied[migrate.ItemGame], err, benchGames, r)
		}
		dst.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(n), "ms/migration")
	b.ReportMetric(float64(benchGames*n)/b.Elapsed().Seconds(), "games/s")
}
