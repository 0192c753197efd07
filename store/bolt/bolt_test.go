package bolt_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
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
