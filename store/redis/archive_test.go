package redis_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	goredis "github.com/redis/go-redis/v9"

	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

func TestArchiveContract(t *testing.T) {
	url := redistest.URL(t)
	var n atomic.Int64
	storetest.RunArchive(t, func(t *testing.T) bot.Archive {
		return open(t, url, fmt.Sprintf("arch%d-%d", time.Now().UnixNano(), n.Add(1)))
	})
}

func TestLinkContract(t *testing.T) {
	url := redistest.URL(t)
	var n atomic.Int64
	storetest.RunLink(t, func(t *testing.T) bot.Archive {
		return open(t, url, fmt.Sprintf("link%d-%d", time.Now().UnixNano(), n.Add(1)))
	})
}

func TestArchiveKeyLayout(t *testing.T) {
	s := open(t, "redis://127.0.0.1:1/0", "ataxxbot")
	for _, c := range []struct{ name, got, want string }{
		{"game", s.ArchiveKey("1z"), "ataxxbot:{game:1z}"},
		{"user's games", s.HistoryKey("irc:alice", ""), "ataxxbot:{user:irc:alice}:games"},
		{"user's games of a kind", s.HistoryKey("irc:alice", "ataxx"), "ataxxbot:{user:irc:alice}:games:ataxx"},
		{"a kind's games", s.HistoryKey("", "ataxx"), "ataxxbot:{kind:ataxx}:games"},
		{"every game", s.HistoryKey("", ""), "ataxxbot:games"},
		{"rating", s.RatingKey("ataxx", "irc:alice"), "ataxxbot:{rating:ataxx:irc:alice}"},
		{"leaderboard", s.TopKey("ataxx"), "ataxxbot:{top:ataxx}"},
		{"link code", s.LinkCodeKey("ABCDE23456"), "ataxxbot:{linkcode:ABCDE23456}"},
		{"identity's player", s.LinkKey("discord:42"), "ataxxbot:{link:discord:42}"},
		{"player's identities", s.LinkedKey("irc:account:bob"), "ataxxbot:{linked:irc:account:bob}"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q; want %q", c.name, c.got, c.want)
		}
	}
}

// A crash after the game's hash was written and before its indexes: the
// retry writes no second game and completes the indexes from the stored
// one.
func TestArchiveRetryCompletesIndexes(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	s := open(t, url, fmt.Sprintf("crash%d", time.Now().UnixNano()))
	stored := bot.ArchivedGame{ID: "5", Kind: "ataxx", Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: "irc:alice"}}, Score: "first", Ended: time.Now()}
	data, _ := json.Marshal(stored)
	opts, _ := goredis.ParseURL(url)
	raw := goredis.NewClient(opts)
	defer raw.Close()
	if err := raw.HSet(ctx, s.ArchiveKey("5"), "d", data).Err(); err != nil {
		t.Fatal(err)
	}
	if games, _, err := s.History(ctx, "irc:alice", "", "", 5); err != nil || len(games) != 0 {
		t.Fatalf("before the retry: got %d games, %v; want none indexed", len(games), err)
	}
	retry := stored
	retry.Score = "second"
	if err := s.ArchiveGame(ctx, retry); err != nil {
		t.Fatalf("retry: %v", err)
	}
	for _, c := range []struct{ user, kind string }{{"irc:alice", ""}, {"irc:alice", "ataxx"}, {"", "ataxx"}, {"", ""}} {
		games, _, err := s.History(ctx, c.user, c.kind, "", 5)
		if err != nil || len(games) != 1 || games[0].Score != "first" {
			t.Fatalf("History(%q, %q) after the retry: got %+v, %v; want the first write once", c.user, c.kind, games, err)
		}
	}
}

func TestArchiveNeverExpires(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	s := open(t, url, fmt.Sprintf("keep%d", time.Now().UnixNano()))
	g := bot.ArchivedGame{ID: "k", Kind: "congo", Players: []bot.ArchivedPlayer{{Seat: "White", UserID: "irc:bob"}}, Ended: time.Now()}
	if err := s.ArchiveGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveRating(ctx, "congo", "irc:bob", []byte("r"), 0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRank(ctx, "congo", "irc:bob", 1500); err != nil {
		t.Fatal(err)
	}
	opts, _ := goredis.ParseURL(url)
	raw := goredis.NewClient(opts)
	defer raw.Close()
	for _, key := range []string{s.ArchiveKey("k"), s.HistoryKey("irc:bob", ""), s.HistoryKey("irc:bob", "congo"),
		s.HistoryKey("", "congo"), s.HistoryKey("", ""), s.RatingKey("congo", "irc:bob"), s.TopKey("congo")} {
		if d, err := raw.PTTL(ctx, key).Result(); err != nil || d != -1 {
			t.Errorf("%s: PTTL %v, %v; want -1 (kept, no expiry)", key, d, err)
		}
	}
}

// A rating key of another type loads as ErrDamaged and is replaced at
// DamagedVersion only; a game hash that does not decode, or a key of
// another type at a game's name, is left out of History and named by
// ArchivedGame.
func TestArchiveDamage(t *testing.T) {
	ctx := context.Background()
	url := redistest.URL(t)
	s := open(t, url, fmt.Sprintf("damage%d", time.Now().UnixNano()))
	opts, _ := goredis.ParseURL(url)
	raw := goredis.NewClient(opts)
	defer raw.Close()
	if err := raw.Set(ctx, s.RatingKey("ataxx", "irc:alice"), "a string", 0).Err(); err != nil {
		t.Fatal(err)
	}
	storetest.DamagedRating(t, s, "ataxx", "irc:alice")

	now := time.Now()
	for i, id := range []string{"1", "2", "3", "4"} {
		g := bot.ArchivedGame{ID: id, Kind: "ataxx", Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: "irc:bob"}}, Ended: now.Add(time.Duration(i) * time.Minute)}
		if err := s.ArchiveGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := raw.HSet(ctx, s.ArchiveKey("2"), "d", "{not json").Err(); err != nil {
		t.Fatal(err)
	}
	if err := raw.Del(ctx, s.ArchiveKey("3")).Err(); err != nil {
		t.Fatal(err)
	}
	if err := raw.RPush(ctx, s.ArchiveKey("3"), "a list").Err(); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"2", "3"} {
		if _, err := s.ArchivedGame(ctx, id); !errors.Is(err, bot.ErrDamaged) {
			t.Fatalf("ArchivedGame %s: got %v; want ErrDamaged", id, err)
		}
	}
	games, _, err := s.History(ctx, "irc:bob", "", "", 10)
	if err != nil || len(games) != 2 || games[0].ID != "4" || games[1].ID != "1" {
		t.Fatalf("History around damaged games: got %v, %v; want games 4 and 1", games, err)
	}
}

// BenchmarkArchive measures what the end of a game costs the store
// (NextGameID and ArchiveGame of a 60-move game) and a History page of 10.
func BenchmarkArchive(b *testing.B) {
	ctx := context.Background()
	s := open(b, redistest.URL(b), fmt.Sprintf("bench%d", time.Now().UnixNano()))
	moves := make([]string, 60)
	for i := range moves {
		moves[i] = "a7c5"
	}
	game := func(id string, i int) bot.ArchivedGame {
		return bot.ArchivedGame{ID: id, Kind: "ataxx", Moves: moves, Record: make([]byte, 200),
			Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: fmt.Sprintf("irc:p%d", i%50)}, {Seat: "Blue", UserID: fmt.Sprintf("irc:p%d", (i+1)%50)}},
			Began:   time.Unix(int64(i), 0), Ended: time.Unix(int64(i)+600, 0)}
	}
	b.Run("ArchiveGame", func(b *testing.B) {
		i := 0
		for b.Loop() {
			id, err := s.NextGameID(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if err := s.ArchiveGame(ctx, game(id, i)); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
	b.Run("History10", func(b *testing.B) {
		for i := range 200 {
			id, _ := s.NextGameID(ctx)
			if err := s.ArchiveGame(ctx, game(id, i)); err != nil {
				b.Fatal(err)
			}
		}
		for b.Loop() {
			games, _, err := s.History(ctx, "irc:p7", "", "", 10)
			if err != nil || len(games) != 10 {
				b.Fatalf("got %d games, %v", len(games), err)
			}
		}
	})
}
