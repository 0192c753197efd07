package migrate_test

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// tableAt is a table's record as the host stores it, last changed at t.
func tableAt(t *testing.T, phase bot.Phase, updated time.Time, moves ...string) []byte {
	t.Helper()
	data, err := bot.MarshalRecord(&bot.Record{Schema: bot.SchemaVersion, Game: "ataxx", Phase: phase, UndoBy: -1,
		Seats:   []bot.Seat{{Kind: bot.SeatHuman, UserID: "alice", Name: "alice"}, {Kind: bot.SeatAI, Level: 3}},
		Updated: updated, Moves: moves, State: json.RawMessage(`{"moves":"` + strings.Join(moves, " ") + `"}`)})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestMigrateKeepsNewerInTheTarget: where the target holds something
// else under the same name, Migrate writes the source's only when its
// content says it is the later one; otherwise it keeps the target's,
// names it in the report, and its error wraps ErrKeptTarget.
func TestMigrateKeepsNewerInTheTarget(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC)
	game := func(id string, moves ...string) bot.ArchivedGame {
		return bot.ArchivedGame{ID: id, Kind: "ataxx", Players: []bot.ArchivedPlayer{{Seat: "Red", UserID: "alice", Player: "console:alice", Name: "alice"}},
			Moves: moves, Winner: 0, Began: t0, Ended: t0.Add(time.Minute)}
	}
	rating := func(games int) []byte {
		return []byte(`{"r":1500,"rd":300,"sigma":0.06,"games":` + strconv.Itoa(games) + `,"last":"2026-11-27T01:00:00Z"}`)
	}
	for _, c := range []struct {
		name      string
		src, dst  func(t *testing.T, s *memory.Store)
		refused   string // in the report; "" none
		wantKey   string // a record key to read from the target afterwards
		wantTable []byte
	}{
		{name: "a table played on in the target is kept",
			src: func(t *testing.T, s *memory.Store) {
				s.Save(ctx, "irc:#a", tableAt(t, bot.PhasePlaying, t0, "b6"), 0, false)
			},
			dst: func(t *testing.T, s *memory.Store) {
				s.Save(ctx, "irc:#a", tableAt(t, bot.PhasePlaying, t0.Add(time.Minute), "b6", "f6"), 0, false)
			},
			refused: "record irc:#a: the target's record is newer",
			wantKey: "irc:#a", wantTable: tableAt(t, bot.PhasePlaying, t0.Add(time.Minute), "b6", "f6")},
		{name: "a table played on in the source replaces the target's",
			src: func(t *testing.T, s *memory.Store) {
				s.Save(ctx, "irc:#a", tableAt(t, bot.PhasePlaying, t0.Add(time.Minute), "b6", "f6"), 0, false)
			},
			dst: func(t *testing.T, s *memory.Store) {
				s.Save(ctx, "irc:#a", tableAt(t, bot.PhasePlaying, t0, "b6"), 0, false)
			},
			wantKey: "irc:#a", wantTable: tableAt(t, bot.PhasePlaying, t0.Add(time.Minute), "b6", "f6")},
		{name: "a record that says nothing of its age is kept",
			src:     func(t *testing.T, s *memory.Store) { s.Save(ctx, "host:x", []byte("irc:#a"), 0, true) },
			dst:     func(t *testing.T, s *memory.Store) { s.Save(ctx, "host:x", []byte("irc:#b"), 0, true) },
			refused: "record host:x: the target's record differs, and neither says it is the later",
			wantKey: "host:x", wantTable: []byte("irc:#b")},
		{name: "another game under the same id is kept",
			src:     func(t *testing.T, s *memory.Store) { s.ArchiveGame(ctx, game("7", "b6")) },
			dst:     func(t *testing.T, s *memory.Store) { s.ArchiveGame(ctx, game("7", "f6")) },
			refused: "game 7: the target holds another game under this id"},
		{name: "a rating with more games in the target is kept, and its rank",
			src: func(t *testing.T, s *memory.Store) {
				s.SaveRating(ctx, "ataxx", "console:alice", rating(1), 0)
				s.SetRank(ctx, "ataxx", "console:alice", 1400)
			},
			dst: func(t *testing.T, s *memory.Store) {
				s.SaveRating(ctx, "ataxx", "console:alice", rating(2), 0)
				s.SetRank(ctx, "ataxx", "console:alice", 1600)
			},
			refused: "rating of console:alice in ataxx: the target's rating took in more games"},
		{name: "an identity linked to another player is kept",
			src:     func(t *testing.T, s *memory.Store) { s.LinkIdentity(ctx, "discord:1", "console:alice") },
			dst:     func(t *testing.T, s *memory.Store) { s.LinkIdentity(ctx, "discord:1", "console:bob") },
			refused: "link of discord:1: linked to console:bob in the target, to console:alice in the source"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src, dst := memory.New(), memory.New()
			c.src(t, src)
			c.dst(t, dst)
			r, err := migrate.Migrate(ctx, src, dst)
			switch {
			case c.refused == "" && err != nil:
				t.Fatalf("Migrate: got %v; want no error\n%s", err, r)
			case c.refused != "" && !errors.Is(err, migrate.ErrKeptTarget):
				t.Fatalf("Migrate: got %v; want ErrKeptTarget\n%s", err, r)
			case c.refused != "" && (len(r.Refused) == 0 || !strings.HasPrefix(r.Refused[0], c.refused)):
				t.Fatalf("refused: got %q; want %q first", r.Refused, c.refused)
			}
			if c.wantKey != "" {
				got, _, err := dst.Load(ctx, c.wantKey)
				if err != nil || string(got) != string(c.wantTable) {
					t.Errorf("the target's %s: got %q, %v; want %q", c.wantKey, got, err, c.wantTable)
				}
			}
			if strings.HasPrefix(c.refused, "rating") {
				top, _ := dst.Top(ctx, "ataxx", 1)
				if len(top) != 1 || top[0].Score != 1600 {
					t.Errorf("the target's leaderboard: got %v; want alice at 1600, as its rating says", top)
				}
			}
		})
	}
}

// TestMigrateCountersAndMail: a counter ends at least as high as the
// source's and is never lowered; a mailbox gets the messages it lacks,
// once, however often Migrate runs.
func TestMigrateCountersAndMail(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name           string
		srcIDs, dstIDs int
		wantNext       string
	}{{"the source's is higher", 5, 2, "6"}, {"the target's is higher", 2, 9, "a"}, {"the target has none", 3, 0, "4"}} {
		t.Run(c.name, func(t *testing.T) {
			src, dst := memory.New(), memory.New()
			for range c.srcIDs {
				src.NextGameID(ctx)
			}
			for range c.dstIDs {
				dst.NextGameID(ctx)
			}
			src.Post(ctx, "irc", []byte("a"))
			src.Post(ctx, "irc", []byte("b"))
			dst.Post(ctx, "irc", []byte("b"))
			for run := range 2 {
				if r, err := migrate.Migrate(ctx, src, dst); err != nil {
					t.Fatalf("run %d: %v\n%s", run+1, err, r)
				}
			}
			if id, _ := dst.NextGameID(ctx); id != c.wantNext {
				t.Errorf("the target's next game id: got %q; want %q", id, c.wantNext)
			}
			msgs, _ := dst.Take(ctx, "irc", 10)
			if got := string(joinMsgs(msgs)); got != "b a" {
				t.Errorf("the target's mailbox after two runs: got %q; want %q", got, "b a")
			}
		})
	}
}

func joinMsgs(msgs [][]byte) []byte {
	var parts []string
	for _, m := range msgs {
		parts = append(parts, string(m))
	}
	return []byte(strings.Join(parts, " "))
}

// lyingTarget is a target that does not keep a rating as it was given.
type lyingTarget struct{ *memory.Store }

// SaveRating stores something else than it was given.
func (l lyingTarget) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	return l.Store.SaveRating(ctx, kind, player, []byte(`{"other":1}`), version)
}

// TestMigrateVerifiesByReadingBack: an item the target does not give
// back as it was written fails Migrate with ErrVerify, naming it.
func TestMigrateVerifiesByReadingBack(t *testing.T) {
	ctx := context.Background()
	src := memory.New()
	src.SaveRating(ctx, "ataxx", "console:alice", []byte(`{"games":1}`), 0)
	r, err := migrate.Migrate(ctx, src, lyingTarget{memory.New()})
	if !errors.Is(err, migrate.ErrVerify) || !strings.Contains(err.Error(), "rating of console:alice in ataxx") {
		t.Fatalf("Migrate into a target that changes a rating: got %v; want ErrVerify naming it\n%s", err, r)
	}
}
