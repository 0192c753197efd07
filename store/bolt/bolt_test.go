package bolt_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/bolt"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

func open(t *testing.T, path string) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) bot.Store {
		s := open(t, filepath.Join(t.TempDir(), "games.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "games.db")
	s := open(t, path)
	v, err := s.Save(ctx, "console:console", []byte("kept"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	defer s.Close()
	got, gotV, err := s.Load(ctx, "console:console")
	if err != nil || string(got) != "kept" || gotV != v {
		t.Fatalf("after reopen: got %q, %d, %v; want %q, %d", got, gotV, err, "kept", v)
	}
}

func TestArchiveContract(t *testing.T) {
	storetest.RunArchive(t, func(t *testing.T) bot.Archive {
		s := open(t, filepath.Join(t.TempDir(), "games.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestLinkContract(t *testing.T) {
	storetest.RunLink(t, func(t *testing.T) bot.Archive {
		s := open(t, filepath.Join(t.TempDir(), "games.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestArchiveSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "games.db")
	s := open(t, path)
	id, err := s.NextGameID(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := bot.ArchivedGame{ID: id, Kind: "ataxx", Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: "irc:alice"}}, Ended: time.Now()}
	if err := s.ArchiveGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SaveRating(ctx, "ataxx", "irc:alice", []byte("r"), 0); err != nil {
		t.Fatal(err)
	}
	if err := s.SetRank(ctx, "ataxx", "irc:alice", 1600); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, path)
	defer s.Close()
	games, _, err := s.History(ctx, "irc:alice", "ataxx", "", 5)
	if err != nil || len(games) != 1 || games[0].ID != id {
		t.Fatalf("History after reopen: got %v, %v; want game %s", games, err, id)
	}
	if next, err := s.NextGameID(ctx); err != nil || next == id {
		t.Fatalf("NextGameID after reopen: got %q, %v; want a new id after %q", next, err, id)
	}
	if data, _, err := s.Rating(ctx, "ataxx", "irc:alice"); err != nil || string(data) != "r" {
		t.Fatalf("Rating after reopen: got %q, %v", data, err)
	}
	if top, err := s.Top(ctx, "ataxx", 1); err != nil || len(top) != 1 || top[0].Score != 1600 {
		t.Fatalf("Top after reopen: got %v, %v", top, err)
	}
}

func TestPortableContract(t *testing.T) {
	storetest.RunPortable(t, func(t *testing.T) migrate.Target {
		s := open(t, filepath.Join(t.TempDir(), "games.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}
