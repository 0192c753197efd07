package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// RunLink runs the contract of the Archive's links (one-time codes and
// identities joined into players) against stores made by open; each
// subtest gets a fresh, empty store.
func RunLink(t *testing.T, open func(t *testing.T) bot.Archive) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	ttl := 10 * time.Minute

	t.Run("CodeTakenOnce", func(t *testing.T) {
		a := open(t)
		if err := a.PutLinkCode(ctx, "ABCDE23456", "irc:account:bob", now, now.Add(ttl)); err != nil {
			t.Fatalf("PutLinkCode: %v", err)
		}
		p, err := a.TakeLinkCode(ctx, "ABCDE23456", now.Add(time.Minute))
		if err != nil || p != "irc:account:bob" {
			t.Fatalf("first take: got %q, %v; want irc:account:bob", p, err)
		}
		if p, err := a.TakeLinkCode(ctx, "ABCDE23456", now.Add(time.Minute)); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("second take: got %q, %v; want ErrNotFound", p, err)
		}
	})

	t.Run("UnknownCode", func(t *testing.T) {
		a := open(t)
		if err := a.PutLinkCode(ctx, "ABCDE23456", "irc:account:bob", now, now.Add(ttl)); err != nil {
			t.Fatalf("PutLinkCode: %v", err)
		}
		for _, code := range []string{"ABCDE23457", "abcde23456", "", "ABCDE2345"} {
			if p, err := a.TakeLinkCode(ctx, code, now); !errors.Is(err, bot.ErrNotFound) {
				t.Errorf("take %q: got %q, %v; want ErrNotFound", code, p, err)
			}
		}
		if p, err := a.TakeLinkCode(ctx, "ABCDE23456", now); err != nil || p != "irc:account:bob" {
			t.Fatalf("the real code after wrong ones: got %q, %v; want irc:account:bob", p, err)
		}
	})

	t.Run("CodeExpires", func(t *testing.T) {
		cases := []struct {
			name  string
			after time.Duration
			ok    bool
		}{
			{"just before the end", ttl - time.Millisecond, true},
			{"at the end", ttl, false},
			{"long after", 24 * time.Hour, false},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				a := open(t)
				if err := a.PutLinkCode(ctx, "EXP1RE5678", "discord:42", now, now.Add(ttl)); err != nil {
					t.Fatalf("PutLinkCode: %v", err)
				}
				p, err := a.TakeLinkCode(ctx, "EXP1RE5678", now.Add(c.after))
				if got := err == nil && p == "discord:42"; got != c.ok {
					t.Fatalf("take after %v: got %q, %v; want taken %v", c.after, p, err, c.ok)
				}
				if !c.ok && !errors.Is(err, bot.ErrNotFound) {
					t.Fatalf("take after %v: got %v; want ErrNotFound", c.after, err)
				}
			})
		}
	})

	t.Run("ValidCodeNotReplaced", func(t *testing.T) {
		a := open(t)
		if err := a.PutLinkCode(ctx, "SAME234567", "irc:account:bob", now, now.Add(ttl)); err != nil {
			t.Fatalf("PutLinkCode: %v", err)
		}
		if err := a.PutLinkCode(ctx, "SAME234567", "discord:666", now.Add(time.Minute), now.Add(time.Minute+ttl)); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("a second put of a valid code: got %v; want ErrConflict", err)
		}
		later := now.Add(ttl + time.Minute)
		if err := a.PutLinkCode(ctx, "SAME234567", "discord:666", later, later.Add(ttl)); err != nil {
			t.Fatalf("a put over an expired code: got %v; want it kept", err)
		}
		if p, err := a.TakeLinkCode(ctx, "SAME234567", later); err != nil || p != "discord:666" {
			t.Fatalf("take: got %q, %v; want discord:666", p, err)
		}
	})

	t.Run("TwoRedeemersOneWins", func(t *testing.T) {
		a := open(t)
		const takers = 8
		for round := range 5 {
			code := "RACE" + string(rune('A'+round)) + "23456"
			if err := a.PutLinkCode(ctx, code, "irc:account:bob", now, now.Add(ttl)); err != nil {
				t.Fatalf("PutLinkCode: %v", err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			won := 0
			for range takers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					p, err := a.TakeLinkCode(ctx, code, now)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil && p == "irc:account:bob":
						won++
					case !errors.Is(err, bot.ErrNotFound):
						t.Errorf("take: got %q, %v; want the player or ErrNotFound", p, err)
					}
				}()
			}
			wg.Wait()
			if won != 1 {
				t.Fatalf("round %d: got %d takers with the code; want exactly 1", round, won)
			}
		}
	})

	t.Run("LinkIdentity", func(t *testing.T) {
		a := open(t)
		const bob = "irc:account:bob"
		if p, err := a.PlayerOf(ctx, "discord:42"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("PlayerOf before any link: got %q, %v; want ErrNotFound", p, err)
		}
		if ids, err := a.Identities(ctx, bob); err != nil || len(ids) != 0 {
			t.Fatalf("Identities before any link: got %q, %v; want none", ids, err)
		}
		for _, id := range []string{"discord:42", "console:bob", "discord:42"} { // the last a retry
			if err := a.LinkIdentity(ctx, id, bob); err != nil {
				t.Fatalf("LinkIdentity %s: %v", id, err)
			}
		}
		if p, err := a.PlayerOf(ctx, "discord:42"); err != nil || p != bob {
			t.Fatalf("PlayerOf: got %q, %v; want %s", p, err, bob)
		}
		if err := a.LinkIdentity(ctx, "discord:42", "irc:account:mallory"); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("linking a linked identity elsewhere: got %v; want ErrConflict", err)
		}
		if p, err := a.PlayerOf(ctx, "discord:42"); err != nil || p != bob {
			t.Fatalf("PlayerOf after the refused link: got %q, %v; want %s", p, err, bob)
		}
		ids, err := a.Identities(ctx, bob)
		if want := []string{"console:bob", "discord:42"}; err != nil || !reflect.DeepEqual(ids, want) {
			t.Fatalf("Identities: got %q, %v; want %q", ids, err, want)
		}
		if ids, err := a.Identities(ctx, "irc:account:mallory"); err != nil || len(ids) != 0 {
			t.Fatalf("Identities of the refused player: got %q, %v; want none", ids, err)
		}
	})

	t.Run("Unlink", func(t *testing.T) {
		a := open(t)
		const bob = "irc:account:bob"
		for _, id := range []string{"discord:42", "console:bob"} {
			if err := a.LinkIdentity(ctx, id, bob); err != nil {
				t.Fatalf("LinkIdentity %s: %v", id, err)
			}
		}
		if err := a.UnlinkIdentity(ctx, "discord:42", "irc:account:mallory"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("unlinking from another player: got %v; want ErrNotFound", err)
		}
		if err := a.UnlinkIdentity(ctx, "discord:42", bob); err != nil {
			t.Fatalf("UnlinkIdentity: %v", err)
		}
		if err := a.UnlinkIdentity(ctx, "discord:42", bob); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("unlinking twice: got %v; want ErrNotFound", err)
		}
		if p, err := a.PlayerOf(ctx, "discord:42"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("PlayerOf after unlinking: got %q, %v; want ErrNotFound", p, err)
		}
		if ids, err := a.Identities(ctx, bob); err != nil || !reflect.DeepEqual(ids, []string{"console:bob"}) {
			t.Fatalf("Identities after unlinking: got %q, %v; want [console:bob]", ids, err)
		}
		if err := a.LinkIdentity(ctx, "discord:42", "irc:account:carol"); err != nil {
			t.Fatalf("linking the unlinked identity elsewhere: %v", err)
		}
	})

	t.Run("IdentitiesThatLookAlike", func(t *testing.T) {
		a := open(t)
		pairs := []struct{ identity, player string }{
			{"irc:nick:a{b}@h", "irc:account:one"},
			{"irc:nick:a{b}@h2", "irc:account:two"},
			{"discord:a{b}", "irc:account:one"},
			{"irc:account:a:b", "irc:account:two"},
			{"irc:account:a", "irc:account:one"},
		}
		for _, p := range pairs {
			if err := a.LinkIdentity(ctx, p.identity, p.player); err != nil {
				t.Fatalf("LinkIdentity %s: %v", p.identity, err)
			}
		}
		for _, p := range pairs {
			if got, err := a.PlayerOf(ctx, p.identity); err != nil || got != p.player {
				t.Errorf("PlayerOf %s: got %q, %v; want %s", p.identity, got, err, p.player)
			}
		}
		ids, err := a.Identities(ctx, "irc:account:one")
		if want := []string{"discord:a{b}", "irc:account:a", "irc:nick:a{b}@h"}; err != nil || !reflect.DeepEqual(ids, want) {
			t.Fatalf("Identities: got %q, %v; want %q", ids, err, want)
		}
	})

	t.Run("TwoPlayersRaceForAnIdentity", func(t *testing.T) {
		a := open(t)
		for round := range 5 {
			id := "discord:" + string(rune('a'+round))
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, p := range []string{"irc:account:one", "irc:account:two"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = a.LinkIdentity(ctx, id, p)
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				switch {
				case err == nil:
					won++
				case !errors.Is(err, bot.ErrConflict):
					t.Errorf("LinkIdentity: got %v; want nil or ErrConflict", err)
				}
			}
			if won != 1 {
				t.Fatalf("round %d: got %d players linked to %s; want exactly 1", round, won, id)
			}
			p, err := a.PlayerOf(ctx, id)
			if err != nil {
				t.Fatalf("PlayerOf: %v", err)
			}
			ids, _ := a.Identities(ctx, p)
			if !reflect.DeepEqual(ids[len(ids)-1:], []string{id}) {
				t.Errorf("Identities of the winner %s: got %q; want %s last", p, ids, id)
			}
		}
	})
}
