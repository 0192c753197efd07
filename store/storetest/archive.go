package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// RunArchive runs the contract of bot.Archive against stores made by
// open; each subtest gets a fresh, empty store.
func RunArchive(t *testing.T, open func(t *testing.T) bot.Archive) {
	ctx := context.Background()
	epoch := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)

	game := func(id, kind string, minute int, users ...string) bot.ArchivedGame {
		g := bot.ArchivedGame{
			ID: id, Kind: kind, Rules: "standard",
			Networks: []string{"irc", "discord"},
			Start:    "", Moves: []string{"b6", "a7c5", "0000"},
			Winner: 0, Ending: "resigned", Score: "Red 30, Blue 19.",
			Began:  epoch.Add(time.Duration(minute-5) * time.Minute),
			Ended:  epoch.Add(time.Duration(minute) * time.Minute),
			Record: []byte{0, 1, 2, '{', '}', 0xff},
		}
		for i, u := range users { // u an identity, its own player
			net, id, _ := strings.Cut(u, ":")
			p := bot.ArchivedPlayer{Seat: []string{"Red", "Blue"}[i%2], Network: net, UserID: id, Player: u, Name: "name of " + u}
			if u == "" {
				p.Name, p.AI = "AI", 3
			}
			g.Players = append(g.Players, p)
		}
		return g
	}
	ids := func(games []bot.ArchivedGame) []string {
		var out []string
		for _, g := range games {
			out = append(out, g.ID)
		}
		return out
	}

	t.Run("GameIDsAreShortAndUnique", func(t *testing.T) {
		a := open(t)
		const takers, each = 8, 25
		var mu sync.Mutex
		seen := map[string]bool{}
		var wg sync.WaitGroup
		for range takers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range each {
					id, err := a.NextGameID(ctx)
					mu.Lock()
					switch {
					case err != nil:
						t.Errorf("NextGameID: %v", err)
					case id == "" || len(id) > 8:
						t.Errorf("NextGameID: got %q; want 1 to 8 characters", id)
					case seen[id]:
						t.Errorf("NextGameID: got %q twice", id)
					}
					seen[id] = true
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if len(seen) != takers*each {
			t.Fatalf("got %d distinct ids; want %d", len(seen), takers*each)
		}
	})

	t.Run("HistoryIndexesPlayers", func(t *testing.T) {
		// A linked identity's game is its player's; a game archived before
		// links (no Player) is its UserID's.
		a := open(t)
		linked := game("p", "ataxx", 1, "irc:alice", "irc:bob")
		linked.Players[0].Network, linked.Players[0].UserID = "discord", "42" // discord:42, linked to irc:alice
		old := game("q", "ataxx", 2, "irc:bob")
		old.Players[0].Network, old.Players[0].Player, old.Players[0].UserID = "", "", "account:bob"
		for _, g := range []bot.ArchivedGame{linked, old} {
			if err := a.ArchiveGame(ctx, g); err != nil {
				t.Fatalf("ArchiveGame %s: %v", g.ID, err)
			}
		}
		for _, c := range []struct {
			name, user string
			want       []string
		}{
			{"the player", "irc:alice", []string{"p"}},
			{"the linked identity", "discord:42", nil},
			{"the bare user id", "42", nil},
			{"the other player", "irc:bob", []string{"p"}},
			{"an old game's user id", "account:bob", []string{"q"}},
		} {
			gs, _, err := a.History(ctx, c.user, "", "", 10)
			if err != nil || !reflect.DeepEqual(ids(gs), c.want) {
				t.Errorf("%s: History(%q): got %v, %v; want %v", c.name, c.user, ids(gs), err, c.want)
			}
		}
	})

	t.Run("GameNotFound", func(t *testing.T) {
		a := open(t)
		if _, err := a.ArchivedGame(ctx, "zz9"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("ArchivedGame of a missing id: got %v; want ErrNotFound", err)
		}
	})

	t.Run("GameRoundTrip", func(t *testing.T) {
		a := open(t)
		g := game("1a", "ataxx", 1, "irc:alice", "discord:42")
		g.Start = "x5o/7/7/7/7/7/o5x x 0 1"
		g.Players[1].AI = 0
		if err := a.ArchiveGame(ctx, g); err != nil {
			t.Fatalf("ArchiveGame: %v", err)
		}
		want := game("1a", "ataxx", 1, "irc:alice", "discord:42")
		want.Start = g.Start
		g.Moves[0], g.Players[0].Name, g.Record[0] = "changed", "changed", 9 // the caller's copy
		got, err := a.ArchivedGame(ctx, "1a")
		if err != nil {
			t.Fatalf("ArchivedGame: %v", err)
		}
		if !got.Began.Equal(want.Began) || !got.Ended.Equal(want.Ended) {
			t.Fatalf("times: got %v .. %v; want %v .. %v", got.Began, got.Ended, want.Began, want.Ended)
		}
		got.Began, got.Ended, want.Began, want.Ended = time.Time{}, time.Time{}, time.Time{}, time.Time{}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("ArchivedGame: got %+v; want %+v", got, want)
		}
		got.Moves[0] = "mine"
		again, _ := a.ArchivedGame(ctx, "1a")
		if again.Moves[0] != "b6" {
			t.Fatalf("after the caller changed its copy: got move %q; want %q", again.Moves[0], "b6")
		}
	})

	t.Run("ArchiveIsIdempotentByID", func(t *testing.T) {
		a := open(t)
		first := game("7", "congo", 3, "irc:alice", "irc:bob")
		if err := a.ArchiveGame(ctx, first); err != nil {
			t.Fatal(err)
		}
		retry := first
		retry.Score = "a different score"
		retry.Ended = first.Ended.Add(time.Hour)
		for range 2 {
			if err := a.ArchiveGame(ctx, retry); err != nil {
				t.Fatalf("ArchiveGame again: %v", err)
			}
		}
		got, err := a.ArchivedGame(ctx, "7")
		if err != nil || got.Score != first.Score {
			t.Fatalf("after a second write: got score %q, %v; want the first write's %q", got.Score, err, first.Score)
		}
		for _, who := range []string{"irc:alice", "irc:bob", ""} {
			games, next, err := a.History(ctx, who, "", "", 10)
			if err != nil || !reflect.DeepEqual(ids(games), []string{"7"}) || next != "" {
				t.Fatalf("History(%q): got %v, next %q, %v; want [7] once", who, ids(games), next, err)
			}
		}
	})

	t.Run("HistoryNewestFirstPagedPerUserAndKind", func(t *testing.T) {
		a := open(t)
		// id, kind, minute ended, players
		games := []bot.ArchivedGame{
			game("a", "ataxx", 1, "irc:alice", "irc:bob"),
			game("b", "congo", 2, "irc:alice", ""),
			game("c", "ataxx", 3, "irc:bob", "irc:carol"),
			game("d", "ataxx", 4, "irc:alice", "irc:alice"), // against herself
			game("e", "abalone", 5, "discord:1{x}", "irc:alice"),
			game("f", "ataxx", 4, "irc:carol", "irc:alice"), // ends with d
			game("g", "ataxx", 10, "", ""),
		}
		for _, g := range games {
			if err := a.ArchiveGame(ctx, g); err != nil {
				t.Fatalf("ArchiveGame %s: %v", g.ID, err)
			}
		}
		tied := []string{"d", "f"} // same end: by id
		cases := []struct {
			name, user, kind string
			want             []string
		}{
			{"alice, all kinds", "irc:alice", "", append(append([]string{"e"}, tied...), "b", "a")},
			{"alice, ataxx", "irc:alice", "ataxx", append(append([]string{}, tied...), "a")},
			{"bob", "irc:bob", "", []string{"c", "a"}},
			{"braces in an id", "discord:1{x}", "", []string{"e"}},
			{"every player, ataxx", "", "ataxx", append(append([]string{"g"}, tied...), "c", "a")},
			{"everything", "", "", append(append([]string{"g", "e"}, tied...), "c", "b", "a")},
			{"nobody", "irc:nobody", "", nil},
			{"alice, a kind she never played", "irc:alice", "stratego", nil},
		}
		for _, c := range cases {
			for _, page := range []int{1, 2, 3, 100} {
				var got []string
				before := ""
				for calls := 0; ; calls++ {
					gs, next, err := a.History(ctx, c.user, c.kind, before, page)
					if err != nil {
						t.Fatalf("%s, pages of %d: %v", c.name, page, err)
					}
					if len(gs) > page {
						t.Fatalf("%s: got %d games in a page of %d", c.name, len(gs), page)
					}
					got = append(got, ids(gs)...)
					if next == "" {
						break
					}
					if len(gs) == 0 || calls > 20 {
						t.Fatalf("%s, pages of %d: next %q after %d games", c.name, page, next, len(gs))
					}
					before = next
				}
				if !reflect.DeepEqual(got, c.want) {
					t.Errorf("%s, pages of %d: got %v; want %v", c.name, page, got, c.want)
				}
			}
		}
		if gs, next, err := a.History(ctx, "irc:alice", "", "", 0); err != nil || len(gs) != 0 || next != "" {
			t.Errorf("History of 0 games: got %v, %q, %v; want none", ids(gs), next, err)
		}
		// A game archived while someone pages is either on a later page
		// or not at all: newer games do not shift the older pages.
		gs, next, err := a.History(ctx, "irc:alice", "", "", 2)
		if err != nil || next == "" {
			t.Fatalf("first page: %v, %q, %v", ids(gs), next, err)
		}
		if err := a.ArchiveGame(ctx, game("h", "ataxx", 20, "irc:alice")); err != nil {
			t.Fatal(err)
		}
		gs, _, err = a.History(ctx, "irc:alice", "", next, 10)
		if err != nil || !reflect.DeepEqual(ids(gs), []string{"f", "b", "a"}) {
			t.Fatalf("second page after a newer game: got %v, %v; want [f b a]", ids(gs), err)
		}
	})

	t.Run("Ratings", func(t *testing.T) {
		a := open(t)
		if _, _, err := a.Rating(ctx, "ataxx", "irc:alice"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("Rating of a new player: got %v; want ErrNotFound", err)
		}
		v1, err := a.SaveRating(ctx, "ataxx", "irc:alice", []byte("1500/350"), 0)
		if err != nil || v1 == 0 {
			t.Fatalf("SaveRating new: got %d, %v; want a version", v1, err)
		}
		if _, err := a.SaveRating(ctx, "ataxx", "irc:alice", []byte("again"), 0); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("SaveRating as new over a rating: got %v; want ErrConflict", err)
		}
		v2, err := a.SaveRating(ctx, "ataxx", "irc:alice", []byte("1662/290"), v1)
		if err != nil || v2 == v1 {
			t.Fatalf("SaveRating at the current version: got %d, %v", v2, err)
		}
		if _, err := a.SaveRating(ctx, "ataxx", "irc:alice", []byte("stale"), v1); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("SaveRating at a stale version: got %v; want ErrConflict", err)
		}
		data, v, err := a.Rating(ctx, "ataxx", "irc:alice")
		if err != nil || string(data) != "1662/290" || v != v2 {
			t.Fatalf("Rating: got %q, %d, %v; want %q, %d", data, v, err, "1662/290", v2)
		}
		if _, _, err := a.Rating(ctx, "congo", "irc:alice"); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("Rating in another kind: got %v; want ErrNotFound", err)
		}
		if _, err := a.SaveRating(ctx, "congo", "ai:3", []byte("x"), 0); err != nil {
			t.Fatalf("SaveRating of an AI level: %v", err)
		}
	})

	// As with a table's record: a rating made again after the store lost
	// the first (two archives stand for the two lives) never takes the
	// first one's version, so a save from the lost life is refused.
	t.Run("RatingVersionsOfAnotherLifeNeverMatch", func(t *testing.T) {
		lost, now := open(t), open(t)
		var lv, nv uint64
		for i := range 3 {
			var err error
			if lv, err = lost.SaveRating(ctx, "ataxx", "irc:alice", fmt.Appendf(nil, "lost %d", i), lv); err != nil {
				t.Fatal(err)
			}
			if nv, err = now.SaveRating(ctx, "ataxx", "irc:alice", fmt.Appendf(nil, "now %d", i), nv); err != nil {
				t.Fatal(err)
			}
			if lv == nv {
				t.Fatalf("save %d: both lives at version %d; want different versions", i, lv)
			}
		}
		if _, err := now.SaveRating(ctx, "ataxx", "irc:alice", []byte("from the lost life"), lv); !errors.Is(err, bot.ErrConflict) {
			t.Fatalf("SaveRating at the lost life's version: got %v; want ErrConflict", err)
		}
	})

	t.Run("ConcurrentRatingSaversOneWins", func(t *testing.T) {
		a := open(t)
		v, err := a.SaveRating(ctx, "ataxx", "irc:bob", []byte("base"), 0)
		if err != nil {
			t.Fatal(err)
		}
		const savers = 12
		errs := make([]error, savers)
		var wg sync.WaitGroup
		for i := range savers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = a.SaveRating(ctx, "ataxx", "irc:bob", fmt.Appendf(nil, "saver %d", i), v)
			}()
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("savers %d and %d both won", winner, i)
			case err == nil:
				winner = i
			case !errors.Is(err, bot.ErrConflict):
				t.Fatalf("saver %d: got %v; want ErrConflict", i, err)
			}
		}
		data, _, err := a.Rating(ctx, "ataxx", "irc:bob")
		if winner < 0 || err != nil || string(data) != fmt.Sprintf("saver %d", winner) {
			t.Fatalf("got %q, %v with winner %d; want the winner's record", data, err, winner)
		}
	})

	t.Run("Leaderboard", func(t *testing.T) {
		a := open(t)
		if top, err := a.Top(ctx, "ataxx", 10); err != nil || len(top) != 0 {
			t.Fatalf("Top of an empty board: got %v, %v; want none", top, err)
		}
		set := func(kind, player string, score float64) {
			t.Helper()
			if err := a.SetRank(ctx, kind, player, score); err != nil {
				t.Fatalf("SetRank %s %s: %v", kind, player, err)
			}
		}
		set("ataxx", "irc:alice", 1500)
		set("ataxx", "irc:bob", 1662.5)
		set("ataxx", "ai:3", 1400)
		set("ataxx", "irc:carol", -20)
		set("ataxx", "irc:alice", 1700) // replaces 1500
		set("ataxx", "discord:9", 1400) // ties with ai:3
		set("congo", "irc:zed", 3000)
		top, err := a.Top(ctx, "ataxx", 10)
		want := []bot.Ranked{{Player: "irc:alice", Score: 1700}, {Player: "irc:bob", Score: 1662.5}, {Player: "ai:3", Score: 1400}, {Player: "discord:9", Score: 1400}, {Player: "irc:carol", Score: -20}}
		if err != nil || !reflect.DeepEqual(top, want) {
			t.Fatalf("Top 10: got %v, %v; want %v", top, err, want)
		}
		top, err = a.Top(ctx, "ataxx", 2)
		if err != nil || !reflect.DeepEqual(top, want[:2]) {
			t.Fatalf("Top 2: got %v, %v; want %v", top, err, want[:2])
		}
		if top, err := a.Top(ctx, "ataxx", 0); err != nil || len(top) != 0 {
			t.Fatalf("Top 0: got %v, %v; want none", top, err)
		}
		if top, err := a.Top(ctx, "congo", 5); err != nil || !reflect.DeepEqual(top, []bot.Ranked{{Player: "irc:zed", Score: 3000}}) {
			t.Fatalf("Top of congo: got %v, %v", top, err)
		}
	})

	t.Run("CanceledContext", func(t *testing.T) {
		a := open(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if err := a.ArchiveGame(cctx, game("x", "ataxx", 1, "irc:alice")); err == nil {
			t.Fatalf("ArchiveGame with a canceled context: got nil; want an error")
		}
		if _, err := a.NextGameID(cctx); err == nil {
			t.Fatalf("NextGameID with a canceled context: got nil; want an error")
		}
	})
}

// DamagedRating checks a rating the caller made unreadable in a way of
// its store's own: it loads as ErrDamaged at DamagedVersion, a save at 0
// conflicts, a save at DamagedVersion replaces it (version 1), and a
// second one, over the readable rating, conflicts.
func DamagedRating(t *testing.T, a bot.Archive, kind, player string) {
	t.Helper()
	ctx := context.Background()
	if _, v, err := a.Rating(ctx, kind, player); !errors.Is(err, bot.ErrDamaged) || v != bot.DamagedVersion {
		t.Fatalf("Rating of a damaged rating: got %d, %v; want DamagedVersion, ErrDamaged", v, err)
	}
	if _, err := a.SaveRating(ctx, kind, player, []byte("new"), 0); !errors.Is(err, bot.ErrConflict) {
		t.Fatalf("SaveRating at 0 over damage: got %v; want ErrConflict", err)
	}
	if v, err := a.SaveRating(ctx, kind, player, []byte("new"), bot.DamagedVersion); err != nil || bot.VersionSeq(v) != 1 {
		t.Fatalf("SaveRating at DamagedVersion: got %d (save %d), %v; want the first save of a new record", v, bot.VersionSeq(v), err)
	}
	if _, err := a.SaveRating(ctx, kind, player, []byte("again"), bot.DamagedVersion); !errors.Is(err, bot.ErrConflict) {
		t.Fatalf("SaveRating at DamagedVersion over a readable record: got %v; want ErrConflict", err)
	}
}
