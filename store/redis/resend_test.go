package redis_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// TestResentSaveRecognisesItself: a save sent again after its answer was
// lost (a resend on a broken connection, the NOSCRIPT fallback) finds its
// own version stored and answers that it saved, not a conflict that would
// make the host run the command again on a record that already has it;
// another save at the same old version still conflicts.
func TestResentSaveRecognisesItself(t *testing.T) {
	ctx := context.Background()
	s := open(t, redistest.URL(t), prefix("resend"))
	const key = "irc:#resend"
	v, err := s.Save(ctx, key, []byte("first"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	first, again, next, err := s.SendSaveTwice(ctx, key, []byte("second"), v)
	if err != nil || first != 1 || again != 1 {
		t.Fatalf("one save sent twice: got answers %d and %d, %v; want 1 and 1", first, again, err)
	}
	if data, got, err := s.Load(ctx, key); err != nil || string(data) != "second" || got != next {
		t.Fatalf("Load after the resend: got %q at %d, %v; want %q at %d", data, got, err, "second", next)
	}
	if _, err := s.Save(ctx, key, []byte("another"), v, false); !errors.Is(err, bot.ErrConflict) {
		t.Fatalf("another save at the old version: got %v; want ErrConflict", err)
	}
}
