package storetest

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
)

// RunPortable runs the contract of migrate.Portable against stores made by
// open: Dump gives exactly what the store holds, and Migrate into another
// such store gives it back item for item, with its indexes, and changes
// nothing when run again. Each subtest gets fresh, empty stores.
func RunPortable(t *testing.T, open func(t *testing.T) migrate.Target) {
	ctx := context.Background()

	t.Run("DumpGivesEverything", func(t *testing.T) {
		s := open(t)
		want := Fill(t, s)
		got := Dumped(t, s)
		if !slices.Equal(got, want) {
			t.Fatalf("Dump:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
		}
	})

	t.Run("DumpStopsAtTheFirstError", func(t *testing.T) {
		s := open(t)
		Fill(t, s)
		calls := 0
		err := s.Dump(ctx, func(migrate.Item) error { calls++; return errStop })
		if !errors.Is(err, errStop) || calls != 1 {
			t.Fatalf("Dump whose callback fails: got %v after %d calls; want errStop after 1", err, calls)
		}
	})

	t.Run("MigrateRoundTrips", func(t *testing.T) {
		from, to := open(t), open(t)
		want := Fill(t, from)
		r, err := migrate.Migrate(ctx, from, to)
		if err != nil {
			t.Fatalf("Migrate: %v\n%s", err, r)
		}
		if got := Dumped(t, to); !slices.Equal(got, want) {
			t.Fatalf("the target's dump after Migrate:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
		}
		if r.Verified != len(want) {
			t.Errorf("Migrate verified %d items; want %d\n%s", r.Verified, len(want), r)
		}
		// The indexes the writes build are there: history, leaderboard,
		// a player's identities.
		games, _, err := to.History(ctx, "irc:account:alice", "ataxx", "", 10)
		if err != nil || len(games) != 2 || games[0].ID != "2" || games[1].ID != "1" {
			t.Errorf("History of alice in the target: got %v, %v; want games 2 and 1", gameIDs(games), err)
		}
		top, err := to.Top(ctx, "ataxx", 10)
		if err != nil || len(top) != 2 || top[0].Player != "irc:account:alice" || top[0].Score != 1612.5 {
			t.Errorf("Top in the target: got %v, %v; want alice first at 1612.5", top, err)
		}
		ids, err := to.Identities(ctx, "irc:account:alice")
		if err != nil || !slices.Equal(ids, []string{"discord:42"}) {
			t.Errorf("Identities of alice in the target: got %v, %v; want [discord:42]", ids, err)
		}
		// The next game id is past every id the source gave.
		if id, err := to.NextGameID(ctx); err != nil || id != "4" {
			t.Errorf("NextGameID in the target: got %q, %v; want 4", id, err)
		}
		// Play goes on at the running table: a compare-and-set at the
		// version the target gives.
		_, v, err := to.Load(ctx, "irc:#running")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := to.Save(ctx, "irc:#running", []byte("next move"), v, false); err != nil {
			t.Errorf("Save at the target's version: %v", err)
		}
	})

	t.Run("MigrateTwiceChangesNothing", func(t *testing.T) {
		from, to := open(t), open(t)
		Fill(t, from)
		if r, err := migrate.Migrate(ctx, from, to); err != nil {
			t.Fatalf("first Migrate: %v\n%s", err, r)
		}
		first := Dumped(t, to)
		r, err := migrate.Migrate(ctx, from, to)
		if err != nil || r.Changed() != 0 || len(r.Refused) != 0 {
			t.Fatalf("second Migrate: got %d changed, %v; want nothing changed\n%s", r.Changed(), err, r)
		}
		if got := Dumped(t, to); !slices.Equal(got, first) {
			t.Fatalf("the target after a second Migrate:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(first, "\n     "))
		}
	})

	t.Run("RaiseCounterNeverLowers", func(t *testing.T) {
		s := open(t)
		for _, c := range []struct {
			name  string
			raise uint64
			want  string
		}{{"raised", 10, "b"}, {"not lowered", 5, "c"}, {"raised again", 36, "11"}} {
			if err := s.RaiseCounter(ctx, migrate.CounterGameID, c.raise); err != nil {
				t.Fatalf("%s: RaiseCounter(%d): %v", c.name, c.raise, err)
			}
			if id, err := s.NextGameID(ctx); err != nil || id != c.want {
				t.Errorf("%s: NextGameID after RaiseCounter(%d): got %q, %v; want %q", c.name, c.raise, id, err, c.want)
			}
		}
		if err := s.RaiseCounter(ctx, "no such counter", 1); err == nil {
			t.Errorf("RaiseCounter of an unknown counter: got nil; want an error")
		}
	})
}

func gameIDs(games []bot.ArchivedGame) []string {
	var out []string
	for _, g := range games {
		out = append(out, g.ID)
	}
	return out
}

// Fill writes one of every kind of thing a store holds through its own
// operations (a running and a finished table, owed marks, three game ids
// and two finished games, ratings and ranks, a link, a link code and two
// mail messages) and returns the items Dump must give, as Dumped shows
// them: the link code is not among them.
func Fill(t testing.TB, s migrate.Target) []string {
	t.Helper()
	ctx := context.Background()
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("fill: %s: %v", what, err)
		}
	}
	_, err := s.Save(ctx, "irc:#running", []byte("running v1"), 0, false)
	must("save", err)
	_, v, err := s.Load(ctx, "irc:#running")
	must("load", err)
	_, err = s.Save(ctx, "irc:#running", []byte("running v2\x00\xff"), v, false)
	must("save again", err)
	_, err = s.Save(ctx, "discord:1{x}", []byte("done"), 0, true)
	must("save done", err)
	_, err = s.Save(ctx, "tournament:t3", []byte(`{"id":"t3"}`), 0, false)
	must("save tournament", err)
	must("owed", s.SetOwed(ctx, "irc:#running", true))
	must("owed", s.SetOwed(ctx, "tournament:t3", true))
	must("owed", s.SetOwed(ctx, "irc:#cleared", true))
	must("owed", s.SetOwed(ctx, "irc:#cleared", false))
	for range 3 {
		_, err := s.NextGameID(ctx)
		must("next game id", err)
	}
	epoch := time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)
	games := []bot.ArchivedGame{
		{ID: "1", Kind: "ataxx", Players: []bot.ArchivedPlayer{
			{Seat: "Red", Network: "irc", UserID: "account:alice", Player: "irc:account:alice", Name: "alice"},
			{Seat: "Blue", Name: "AI", AI: 3}}, Moves: []string{"b6", "f6"}, Winner: 0, Ending: "resigned",
			Began: epoch, Ended: epoch.Add(time.Minute), Record: []byte{1, 2, 0xff}},
		{ID: "2", Kind: "ataxx", Players: []bot.ArchivedPlayer{
			{Seat: "Red", Network: "discord", UserID: "42", Player: "irc:account:alice", Name: "alice"},
			{Seat: "Blue", Network: "irc", UserID: "account:bob", Player: "irc:account:bob", Name: "bob"}},
			Winner: -1, Began: epoch.Add(time.Hour), Ended: epoch.Add(2 * time.Hour)},
	}
	for _, g := range games {
		must("archive", s.ArchiveGame(ctx, g))
	}
	_, err = s.SaveRating(ctx, "ataxx", "irc:account:alice", []byte(`{"r":1500}`), 0)
	must("rating", err)
	_, v, err = s.Rating(ctx, "ataxx", "irc:account:alice")
	must("rating", err)
	_, err = s.SaveRating(ctx, "ataxx", "irc:account:alice", []byte(`{"r":1612.5,"games":2}`), v)
	must("rating", err)
	_, err = s.SaveRating(ctx, "ataxx", "irc:account:bob", []byte(`{"r":1400,"games":1}`), 0)
	must("rating", err)
	must("rank", s.SetRank(ctx, "ataxx", "irc:account:alice", 1500))
	must("rank", s.SetRank(ctx, "ataxx", "irc:account:alice", 1612.5))
	must("rank", s.SetRank(ctx, "ataxx", "irc:account:bob", -3.25))
	must("link", s.LinkIdentity(ctx, "discord:42", "irc:account:alice"))
	must("link", s.LinkIdentity(ctx, "console:carol", "irc:account:bob"))
	must("unlink", s.UnlinkIdentity(ctx, "console:carol", "irc:account:bob"))
	must("link code", s.PutLinkCode(ctx, "ABCDE23456", "irc:account:bob", epoch, epoch.Add(time.Hour)))
	must("post", s.Post(ctx, "irc", []byte("first")))
	must("post", s.Post(ctx, "irc", []byte("second")))
	must("post", s.Post(ctx, "irc", []byte("first")))
	var want []string
	for _, it := range []migrate.Item{
		{Type: migrate.ItemRecord, Key: "irc:#running", Data: []byte("running v2\x00\xff")},
		{Type: migrate.ItemRecord, Key: "discord:1{x}", Data: []byte("done")},
		{Type: migrate.ItemRecord, Key: "tournament:t3", Data: []byte(`{"id":"t3"}`)},
		{Type: migrate.ItemOwed, Key: "irc:#running"},
		{Type: migrate.ItemOwed, Key: "tournament:t3"},
		{Type: migrate.ItemCounter, Key: migrate.CounterGameID, Count: 3},
		{Type: migrate.ItemGame, Game: &games[0]},
		{Type: migrate.ItemGame, Game: &games[1]},
		{Type: migrate.ItemRating, Kind: "ataxx", Player: "irc:account:alice", Data: []byte(`{"r":1612.5,"games":2}`)},
		{Type: migrate.ItemRating, Kind: "ataxx", Player: "irc:account:bob", Data: []byte(`{"r":1400,"games":1}`)},
		{Type: migrate.ItemRank, Kind: "ataxx", Player: "irc:account:alice", Score: 1612.5},
		{Type: migrate.ItemRank, Kind: "ataxx", Player: "irc:account:bob", Score: -3.25},
		{Type: migrate.ItemLink, Key: "discord:42", Player: "irc:account:alice"},
		{Type: migrate.ItemMail, Key: "irc", Data: []byte("first")},
		{Type: migrate.ItemMail, Key: "irc", Data: []byte("second")},
		{Type: migrate.ItemMail, Key: "irc", Data: []byte("first")},
	} {
		want = append(want, show(it))
	}
	return sortShown(want)
}

// Dumped is what s.Dump gives, one line an item, sorted; a mailbox's
// messages numbered in the order Dump gave them.
func Dumped(t testing.TB, s migrate.Dumper) []string {
	t.Helper()
	var got []string
	err := s.Dump(context.Background(), func(it migrate.Item) error {
		got = append(got, show(it))
		return nil
	})
	if err != nil {
		t.Fatalf("Dump: %v", err)
	}
	return sortShown(got)
}

// show is an item as one line: every field, data in base64, a game as
// JSON with its times in UTC.
func show(it migrate.Item) string {
	g := ""
	if it.Game != nil {
		c := *it.Game
		c.Began, c.Ended = c.Began.UTC(), c.Ended.UTC()
		b, _ := json.Marshal(c)
		g = string(b)
	}
	return fmt.Sprintf("%s key=%q kind=%q player=%q data=%s score=%g count=%d note=%q game=%s",
		it.Type, it.Key, it.Kind, it.Player, base64.StdEncoding.EncodeToString(it.Data), it.Score, it.Count, it.Note, g)
}

// sortShown numbers each mailbox's messages in order, then sorts.
func sortShown(lines []string) []string {
	seq := map[string]int{}
	out := make([]string, len(lines))
	for i, l := range lines {
		if strings.HasPrefix(l, string(migrate.ItemMail)+" ") {
			box := l[:strings.Index(l, " data=")]
			seq[box]++
			l = fmt.Sprintf("%s #%d", l, seq[box])
		}
		out[i] = l
	}
	slices.Sort(out)
	return out
}

// errStop stops a Dump early.
var errStop = errors.New("stop")
