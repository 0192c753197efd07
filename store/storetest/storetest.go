// Package storetest is the contract every bot.Store passes: round trips,
// missing keys, stale versions, and concurrent savers of whom exactly one
// wins. Each implementation's tests call Run, and RunArchive for the
// optional bot.Archive: finished games, history pages, ratings, leaderboards.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Run runs the contract against stores made by open; each subtest gets a
// fresh, empty store.
func Run(t *testing.T, open func(t *testing.T) bot.Store) {
	ctx := context.Background()

	t.Run("NotFound", func(t *testing.T) {
		s := open(t)
		_, _, err := s.Load(ctx, "irc:#nobody")
		if !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("Load of a missing key: got %v; want ErrNotFound", err)
		}
	})

	t.Run("RoundTrip", func(t *testing.T) {
		s := open(t)
		data := []byte(`{"schema":1,"game":"ataxx"}` + "\nwith a newline and ünïcode")
		v1, err := s.Save(ctx, "console:console", data, 0, false)
		if err != nil {
			t.Fatalf("Save new: %v", err)
		}
		if v1 == 0 {
			t.Fatalf("Save new: got version 0; want > 0")
		}
		got, v, err := s.Load(ctx, "console:console")
		if err != nil || !bytes.Equal(got, data) || v != v1 {
			t.Fatalf("Load: got %q, %d, %v; want %q, %d", got, v, err, data, v1)
		}
		got[0] = 'X' // the caller's copy; the store must not share it
		again, _, _ := s.Load(ctx, "console:console")
		if !bytes.Equal(again, data) {
			t.Fatalf("Load after the caller changed its copy: got %q; want %q", again, data)
		}
		v2, err := s.Save(ctx, "console:console", []byte("second"), v1, false)
		if err != nil || v2 == v1 {
			t.Fatalf("Save at current version: got %d, %v; want a new version", v2, err)
		}
		got, v, err = s.Load(ctx, "console:console")
		if err != nil || string(got) != "second" || v != v2 {
			t.Fatalf("Load after update: got %q, %d, %v; want %q, %d", got, v, err, "second", v2)
		}
	})

	t.Run("KeysAreSeparate", func(t *testing.T) {
		s := open(t)
		for i, key := range []string{"irc:#a", "irc:#b", "discord:1{x}"} {
			if _, err := s.Save(ctx, key, []byte(key), 0, false); err != nil {
				t.Fatalf("Save %q (%d): %v", key, i, err)
			}
		}
		for _, key := range []string{"irc:#a", "irc:#b", "discord:1{x}"} {
			if got, _, err := s.Load(ctx, key); err != nil || string(got) != key {
				t.Fatalf("Load %q: got %q, %v; want %q", key, got, err, key)
			}
		}
	})

	t.Run("StaleVersion", func(t *testing.T) {
		s := open(t)
		v1, err := s.Save(ctx, "k", []byte("one"), 0, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Save(ctx, "k", []byte("two"), v1, false); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Save(ctx, "k", []byte("stale"), v1, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("Save at a stale version: got %v; want ErrConflict", err)
		}
		if _, err := s.Save(ctx, "k", []byte("again"), 0, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("Save as new over an existing key: got %v; want ErrConflict", err)
		}
		if _, err := s.Save(ctx, "missing", []byte("x"), 7, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("Save at a version of a missing key: got %v; want ErrConflict", err)
		}
		if got, _, _ := s.Load(ctx, "k"); string(got) != "two" {
			t.Fatalf("after refused saves: got %q; want %q", got, "two")
		}
	})

	// A store that loses data (flushed, failed over to a replica that
	// lagged, restored from a backup) starts a key again: the record
	// saved there afterwards must not take a version the lost one had,
	// or a process holding the lost record at that version would save
	// over the new one. Two stores, each a life of the same key, saving
	// the same number of times, stand for the two lives.
	t.Run("VersionsOfAnotherLifeNeverMatch", func(t *testing.T) {
		lost, now := open(t), open(t)
		var lostVersions, nowVersions []uint64
		var lv, nv uint64
		for i := range 6 {
			var err error
			if lv, err = lost.Save(ctx, "irc:#life", fmt.Appendf(nil, "lost %d", i), lv, false); err != nil {
				t.Fatalf("save %d of the lost life: %v", i, err)
			}
			if nv, err = now.Save(ctx, "irc:#life", fmt.Appendf(nil, "now %d", i), nv, false); err != nil {
				t.Fatalf("save %d of the present life: %v", i, err)
			}
			lostVersions, nowVersions = append(lostVersions, lv), append(nowVersions, nv)
		}
		for i, v := range lostVersions {
			if slices.Contains(nowVersions, v) {
				t.Fatalf("version %d of save %d is in both lives: %v and %v; want every version once", v, i, lostVersions, nowVersions)
			}
			if v == 0 || v > bot.MaxVersion || lostVersions[max(i-1, 0)] == v && i > 0 {
				t.Fatalf("save %d: got version %d after %d; want a new version from 1 to MaxVersion", i, v, lostVersions[max(i-1, 0)])
			}
		}
		if _, err := now.Save(ctx, "irc:#life", []byte("from the lost life"), lv, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("save at the lost life's last version %d over the present one at %d: got %v; want ErrConflict", lv, nv, err)
		}
		if got, v, err := now.Load(ctx, "irc:#life"); err != nil || string(got) != "now 5" || v != nv {
			t.Fatalf("after the refused save: got %q at %d, %v; want %q at %d", got, v, err, "now 5", nv)
		}
	})

	t.Run("ConcurrentSaversOneWins", func(t *testing.T) {
		s := open(t)
		v, err := s.Save(ctx, "race", []byte("base"), 0, false)
		if err != nil {
			t.Fatal(err)
		}
		const savers = 16
		var wg sync.WaitGroup
		results := make([]error, savers)
		for i := range savers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, results[i] = s.Save(ctx, "race", fmt.Appendf(nil, "saver %d", i), v, false)
			}()
		}
		wg.Wait()
		winners := 0
		winner := -1
		for i, err := range results {
			switch {
			case err == nil:
				winners++
				winner = i
			case !errors.Is(err, bot.ErrConflict):
				t.Errorf("saver %d: got %v; want nil or ErrConflict", i, err)
			}
		}
		if winners != 1 {
			t.Fatalf("savers at one version: got %d winners; want exactly 1", winners)
		}
		if got, _, _ := s.Load(ctx, "race"); string(got) != fmt.Sprintf("saver %d", winner) {
			t.Fatalf("stored %q; want the winner's %q", got, fmt.Sprintf("saver %d", winner))
		}
	})

	t.Run("ConcurrentIncrementsLoseNothing", func(t *testing.T) {
		s := open(t)
		const workers, each = 8, 25
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for n := 0; n < each; {
					data, v, err := s.Load(ctx, "counter")
					if errors.Is(err, bot.ErrNotFound) {
						data, v, err = nil, 0, nil
					}
					if err != nil {
						t.Error(err)
						return
					}
					if _, err := s.Save(ctx, "counter", append(data, '+'), v, false); errors.Is(err, bot.ErrConflict) {
						continue
					} else if err != nil {
						t.Error(err)
						return
					}
					n++
				}
			}()
		}
		wg.Wait()
		got, _, err := s.Load(ctx, "counter")
		if err != nil || len(got) != workers*each {
			t.Fatalf("after %d read-modify-writes: got %d, %v; want %d", workers*each, len(got), err, workers*each)
		}
	})

	t.Run("DamagedVersionOfAReadableKey", func(t *testing.T) {
		// Save at DamagedVersion replaces only a key that cannot be read:
		// never a missing one, never a readable one.
		s := open(t)
		if _, err := s.Save(ctx, "missing", []byte("x"), bot.DamagedVersion, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("Save at DamagedVersion of a missing key: got %v; want ErrConflict", err)
		}
		if _, _, err := s.Load(ctx, "missing"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("after it: got %v; want ErrNotFound", err)
		}
		v, err := s.Save(ctx, "k", []byte("good"), 0, false)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Save(ctx, "k", []byte("x"), bot.DamagedVersion, false); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("Save at DamagedVersion of a readable key: got %v; want ErrConflict", err)
		}
		if got, gv, err := s.Load(ctx, "k"); err != nil || string(got) != "good" || gv != v {
			t.Fatalf("after it: got %q, %d, %v; want %q at %d", got, gv, err, "good", v)
		}
	})

	t.Run("DoneRecordsStillLoad", func(t *testing.T) {
		s := open(t)
		v, err := s.Save(ctx, "done", []byte("finished game"), 0, true)
		if err != nil {
			t.Fatal(err)
		}
		if got, gv, err := s.Load(ctx, "done"); err != nil || string(got) != "finished game" || gv != v {
			t.Fatalf("Load of a done record: got %q, %d, %v; want it back at version %d", got, gv, err, v)
		}
		if _, err := s.Save(ctx, "done", []byte("running again"), v, false); err != nil {
			t.Fatalf("Save over a done record: %v", err)
		}
	})

	t.Run("Owed", func(t *testing.T) {
		s := open(t)
		if keys, err := s.Owed(ctx); err != nil || len(keys) != 0 {
			t.Fatalf("Owed of a new store: got %q, %v; want none", keys, err)
		}
		for _, k := range []string{"irc:#b", "irc:#a", "irc:#b"} {
			if err := s.SetOwed(ctx, k, true); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.SetOwed(ctx, "irc:#never", false); err != nil {
			t.Fatalf("clearing an unmarked key: %v", err)
		}
		keys, err := s.Owed(ctx)
		slices.Sort(keys)
		if err != nil || !slices.Equal(keys, []string{"irc:#a", "irc:#b"}) {
			t.Fatalf("Owed: got %q, %v; want [irc:#a irc:#b]", keys, err)
		}
		if err := s.SetOwed(ctx, "irc:#a", false); err != nil {
			t.Fatal(err)
		}
		if keys, _ := s.Owed(ctx); !slices.Equal(keys, []string{"irc:#b"}) {
			t.Fatalf("Owed after clearing irc:#a: got %q; want [irc:#b]", keys)
		}
	})

	t.Run("CanceledContext", func(t *testing.T) {
		s := open(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.Save(cctx, "c", []byte("x"), 0, false); err == nil {
			t.Fatalf("Save with a canceled context: got nil; want an error")
		}
		if _, _, err := s.Load(ctx, "c"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("after a canceled save: got %v; want ErrNotFound", err)
		}
	})

	t.Run("Lease", func(t *testing.T) {
		s, ok := open(t).(Leaser)
		if !ok {
			t.Fatal("the store has no Lease: several processes could not share a network")
		}
		steps := []struct {
			name, holder string
			ttl          time.Duration
			want         bool
		}{
			{"a free lease is taken", "a", time.Minute, true},
			{"another holder waits", "b", time.Minute, false},
			{"the holder renews", "a", time.Minute, true},
			{"the holder releases", "a", 0, false},
			{"then another takes it", "b", 150 * time.Millisecond, true},
			{"the first waits again", "a", time.Minute, false},
		}
		for _, st := range steps {
			got, err := s.Lease(ctx, "irc:net", st.holder, st.ttl)
			if err != nil || got != st.want {
				t.Fatalf("%s: Lease(%s, %v) = %v, %v; want %v", st.name, st.holder, st.ttl, got, err, st.want)
			}
		}
		if got, _ := s.Lease(ctx, "discord:app", "a", time.Minute); !got {
			t.Fatal("a lease of another name: got false; want true")
		}
		time.Sleep(300 * time.Millisecond)
		if got, err := s.Lease(ctx, "irc:net", "a", time.Minute); err != nil || !got {
			t.Fatalf("after b's lease expired: a got %v, %v; want true", got, err)
		}
	})

	t.Run("Mailbox", func(t *testing.T) {
		s, ok := open(t).(Mailbox)
		if !ok {
			t.Fatal("the store has no mailbox: processes could not hand each other replies")
		}
		if got, err := s.Take(ctx, "console:#b", 10); err != nil || len(got) != 0 {
			t.Fatalf("Take from an empty box: got %q, %v; want nothing", got, err)
		}
		for _, m := range []string{"one", "two", "three"} {
			if err := s.Post(ctx, "console:#b", []byte(m)); err != nil {
				t.Fatal(err)
			}
		}
		s.Post(ctx, "irc:#a", []byte("other"))
		got, err := s.Take(ctx, "console:#b", 2)
		if err != nil || len(got) != 2 || string(got[0]) != "one" || string(got[1]) != "two" {
			t.Fatalf("Take 2: got %q, %v; want one, two", got, err)
		}
		got, _ = s.Take(ctx, "console:#b", 10)
		if len(got) != 1 || string(got[0]) != "three" {
			t.Fatalf("Take the rest: got %q; want three", got)
		}
		if got, _ := s.Take(ctx, "console:#b", 10); len(got) != 0 {
			t.Fatalf("a taken message came back: %q", got)
		}
		if got, _ := s.Take(ctx, "irc:#a", 10); len(got) != 1 || string(got[0]) != "other" {
			t.Fatalf("another box: got %q; want other", got)
		}
	})
}

// Damage is one way a store's keys can become unreadable (a wrong type, a
// version that is not a number): what an implementation's tests give
// RunDamaged.
type Damage struct {
	Name string
	// Apply leaves the record under key in s unreadable.
	Apply func(t *testing.T, s bot.Store, key string)
}

// RunDamaged checks the contract for unreadable keys, one subtest for each
// damage: Load says ErrDamaged with DamagedVersion and other keys still
// load; only a Save at DamagedVersion replaces it, once among concurrent
// savers; then the key reads and saves as any other.
func RunDamaged(t *testing.T, open func(t *testing.T) bot.Store, damages []Damage) {
	ctx := context.Background()
	for _, d := range damages {
		t.Run(d.Name, func(t *testing.T) {
			s := open(t)
			if _, err := s.Save(ctx, "irc:#fine", []byte("fine"), 0, false); err != nil {
				t.Fatal(err)
			}
			v, err := s.Save(ctx, "irc:#bad", []byte("was fine"), 0, false)
			if err != nil {
				t.Fatal(err)
			}
			d.Apply(t, s, "irc:#bad")
			_, gv, err := s.Load(ctx, "irc:#bad")
			if !errors.Is(err, bot.ErrDamaged) || gv != bot.DamagedVersion {
				t.Fatalf("Load of the damaged key: got version %d, %v; want DamagedVersion, ErrDamaged", gv, err)
			}
			if got, _, err := s.Load(ctx, "irc:#fine"); err != nil || string(got) != "fine" {
				t.Fatalf("Load of another key: got %q, %v; want %q", got, err, "fine")
			}
			for _, stale := range []uint64{0, v, v + 1} {
				if _, err := s.Save(ctx, "irc:#bad", []byte("blind"), stale, false); !errors.Is(err, bot.ErrConflict) {
					t.Fatalf("Save at version %d over the damage: got %v; want ErrConflict", stale, err)
				}
			}
			const savers = 8
			var wg sync.WaitGroup
			results := make([]error, savers)
			versions := make([]uint64, savers)
			for i := range savers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					versions[i], results[i] = s.Save(ctx, "irc:#bad", fmt.Appendf(nil, "new game %d", i), bot.DamagedVersion, false)
				}()
			}
			wg.Wait()
			winner := -1
			for i, err := range results {
				switch {
				case err == nil && winner >= 0:
					t.Fatalf("savers %d and %d both replaced the damaged key", winner, i)
				case err == nil:
					winner = i
				case !errors.Is(err, bot.ErrConflict):
					t.Errorf("saver %d: got %v; want nil or ErrConflict", i, err)
				}
			}
			if winner < 0 {
				t.Fatal("no saver replaced the damaged key; want one")
			}
			got, gv, err := s.Load(ctx, "irc:#bad")
			if want := fmt.Sprintf("new game %d", winner); err != nil || string(got) != want || gv != versions[winner] || gv == bot.DamagedVersion {
				t.Fatalf("Load after the replacement: got %q, %d, %v; want %q at %d", got, gv, err, want, versions[winner])
			}
			if _, err := s.Save(ctx, "irc:#bad", []byte("x"), bot.DamagedVersion, false); !errors.Is(err, bot.ErrConflict) {
				t.Fatalf("Save at DamagedVersion after the replacement: got %v; want ErrConflict", err)
			}
			if _, err := s.Save(ctx, "irc:#bad", []byte("next move"), gv, true); err != nil {
				t.Fatalf("Save at the replacement's version: %v", err)
			}
		})
	}
}

// Mailbox is what a store offers so that a process can hand replies for a
// table another process serves: messages kept in order until taken, each
// taken once.
type Mailbox interface {
	Post(ctx context.Context, box string, msg []byte) error
	Take(ctx context.Context, box string, n int) ([][]byte, error)
}

// Leaser is what a store offers so that several bot processes sharing it
// keep one connection per chat network: a lease that its holder renews
// and that passes to another holder when it stops.
type Leaser interface {
	Lease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error)
}
