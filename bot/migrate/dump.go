package migrate

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// A store's whole content, as items: what a backup file holds and what
// Migrate carries from one store to another. Items say what a thing
// means, never how a store lays it out: a record's data but not its
// version (versions belong to the store that made them), a finished game
// but not the indexes ArchiveGame builds from it, a rating but not its
// version, a link but not the reverse index.
//
// Not items, so never dumped: leases (a process's claim, renewed every
// few seconds, that a new store has no holder for) and one-time link
// codes (valid for minutes: a player asks for a new one).

// ItemType says what an Item is and which of its fields it uses.
type ItemType string

// The item types.
const (
	// ItemRecord is a record of Store (Key, Data): a channel's table, a
	// window, a tournament, a hosted id, the running-games index and the
	// like; whatever Load returns.
	ItemRecord ItemType = "record"
	// ItemOwed is an owed-work mark (Key).
	ItemOwed ItemType = "owed"
	// ItemGame is a finished game of the archive (Game).
	ItemGame ItemType = "game"
	// ItemRating is a player's rating record in a kind (Kind, Player, Data).
	ItemRating ItemType = "rating"
	// ItemRank is a player's place on a kind's leaderboard (Kind, Player, Score).
	ItemRank ItemType = "rank"
	// ItemLink is an identity linked to a player (Key: the identity, Player).
	ItemLink ItemType = "link"
	// ItemMail is one message waiting in a mailbox (Key: the box, Data),
	// dumped in the box's order.
	ItemMail ItemType = "mail"
	// ItemCounter is a sequence (Key: its name, Count: the last number
	// given): the target must never give a number again.
	ItemCounter ItemType = "counter"
	// ItemSkipped is something the store holds but cannot give as an
	// item (Key: where, Note: why): a damaged record, a key it does not
	// know. Migrate reports it as not copied.
	ItemSkipped ItemType = "skipped"
)

// CounterGameID is the counter of bot.Archive's NextGameID.
const CounterGameID = "gameid"

// Item is one thing a store holds; see ItemType for the fields each
// type uses. It is also one line of a backup file, as JSON.
type Item struct {
	Type   ItemType          `json:"type"`
	Key    string            `json:"key,omitempty"`
	Kind   string            `json:"kind,omitempty"`
	Player string            `json:"player,omitempty"`
	Data   []byte            `json:"data,omitempty"`
	Game   *bot.ArchivedGame `json:"game,omitempty"`
	Score  float64           `json:"score,omitempty"`
	Count  uint64            `json:"count,omitempty"`
	Note   string            `json:"note,omitempty"`
}

// String names the item for a report: its type and where it is, never
// its data.
func (it Item) String() string {
	switch it.Type {
	case ItemGame:
		if it.Game != nil {
			return fmt.Sprintf("game %s", it.Game.ID)
		}
		return "game (none)"
	case ItemRating, ItemRank:
		return fmt.Sprintf("%s of %s in %s", it.Type, it.Player, it.Kind)
	case ItemLink:
		return fmt.Sprintf("link of %s", it.Key)
	case ItemMail:
		return fmt.Sprintf("mail in %s", it.Key)
	case ItemSkipped:
		return fmt.Sprintf("%s (%s)", it.Key, it.Note)
	}
	return fmt.Sprintf("%s %s", it.Type, it.Key)
}

// Dumper is a store whose whole content can be listed: a backup, or the
// source of Migrate.
type Dumper interface {
	// Dump calls each for every item the store holds, in no particular
	// order except that a mailbox's messages come in the box's order.
	// It stops at the first error each returns and returns it. Items
	// share no memory with the store.
	Dump(ctx context.Context, each func(Item) error) error
}

// Portable is a store that can be dumped and be the target of Migrate:
// besides Dump, the one write that bot.Store, bot.Archive and bot.Mailbox
// lack.
type Portable interface {
	Dumper
	// RaiseCounter makes counter name at least n, so that the next
	// number it gives is above n; it never lowers a counter. An unknown
	// name is an error.
	RaiseCounter(ctx context.Context, name string, n uint64) error
}

// Target is everything Migrate writes through: the store's own
// compare-and-set Save, ArchiveGame, SaveRating, LinkIdentity, Post and
// RaiseCounter, so that every index the store keeps is built as the bot
// builds it.
type Target interface {
	bot.Store
	bot.Archive
	bot.Mailbox
	Portable
}

// The keys of the records whose content says whether they are done or
// which of two is the later: where the host keeps them, a part of the
// store's format.
const (
	tournamentPrefix = "tournament:"    // + id: a tournament
	tournamentAtKey  = "tournament-at:" // + table key: the channel's latest tournament's id
	runningKey       = "index:running"  // the running games' index
)

// recordDone is Save's done for a record being copied: whether it needs
// no more play, as the host said when it saved it. A record the host
// does not recognise is kept (done false): a store may expire a done
// record, never one that is not.
func recordDone(key string, data []byte) bool {
	switch {
	case strings.HasPrefix(key, "host:"), strings.HasPrefix(key, "seats:"):
		return true // saved done by register and noteSeat
	case strings.HasPrefix(key, tournamentAtKey), key == runningKey:
		return false
	case strings.HasPrefix(key, tournamentPrefix):
		tr, err := decodeTournament(data)
		return err == nil && tr.ended()
	}
	rec, err := bot.UnmarshalRecord(data)
	return err == nil && rec.Phase != bot.PhasePlaying
}

// recordNewer says whether src is a later state of the record at key
// than dst, from what the records say: a table's Updated time, a
// tournament's progress. decided is false when the records do not say
// (neither is a table or a tournament, or they are different games or
// tournaments, or neither is later).
func recordNewer(key string, src, dst []byte) (newer, decided bool) {
	if strings.HasPrefix(key, tournamentPrefix) {
		s, err1 := decodeTournament(src)
		d, err2 := decodeTournament(dst)
		if err1 != nil || err2 != nil || s.ID != d.ID || !s.Created.Equal(d.Created) {
			return false, false
		}
		sp, dp := s.progress(), d.progress()
		return sp > dp, sp != dp
	}
	s, err1 := bot.UnmarshalRecord(src)
	d, err2 := bot.UnmarshalRecord(dst)
	if err1 != nil || err2 != nil || s.Updated.IsZero() || d.Updated.IsZero() || s.Updated.Equal(d.Updated) {
		return false, false
	}
	return s.Updated.After(d.Updated), true
}

// tournament is what Migrate reads of a stored tournament: who it is and
// how far it got. The host stores more; these fields keep its JSON names.
type tournament struct {
	ID      string    `json:"id"`
	State   string    `json:"state"` // "waiting", "running", "finished", "stopped"
	Created time.Time `json:"created"`
	Games   []struct {
		State string `json:"state,omitempty"` // "" (not begun), "running", "done", "void", "stopped"
		Tries int    `json:"tries,omitempty"` // games made for it
	} `json:"games,omitempty"`
}

// decodeTournament reads a stored tournament.
func decodeTournament(data []byte) (*tournament, error) {
	tr := &tournament{}
	if err := json.Unmarshal(data, tr); err != nil {
		return nil, fmt.Errorf("decode tournament: %w", err)
	}
	return tr, nil
}

// ended reports whether the tournament is over: every game has its
// result, or it was stopped.
func (tr *tournament) ended() bool { return tr.State == "finished" || tr.State == "stopped" }

// progress orders the states of one tournament: each game that began,
// ended or was voided counts, and so does the tournament's end.
func (tr *tournament) progress() int {
	p := 0
	for _, g := range tr.Games {
		switch g.State {
		case "running":
			p += 1 + 2*g.Tries
		case "done", "void", "stopped":
			p += 2 + 2*g.Tries
		}
	}
	if tr.ended() {
		p += 1 << 20
	}
	if tr.State == "running" {
		p += 1 << 19
	}
	return p
}

// rating is what Migrate reads of a stored rating record: how many games
// it took in and when the last ended. The host stores more; these fields
// keep its JSON names.
type rating struct {
	Games int       `json:"games"`
	Last  time.Time `json:"last"`
}

// decodeRating reads a stored rating record.
func decodeRating(data []byte) (rating, error) {
	var rt rating
	if err := json.Unmarshal(data, &rt); err != nil {
		return rt, fmt.Errorf("decode rating: %w", err)
	}
	return rt, nil
}

// ratingNewer says whether the rating record src is later than dst: it
// took in more games, or as many and its last one ended later.
func ratingNewer(src, dst []byte) (newer, decided bool) {
	s, err1 := decodeRating(src)
	d, err2 := decodeRating(dst)
	if err1 != nil || err2 != nil {
		return false, false
	}
	if s.Games != d.Games {
		return s.Games > d.Games, true
	}
	if s.Last.Equal(d.Last) {
		return false, false
	}
	return s.Last.After(d.Last), true
}

// sameGame reports whether two archived games are the same game: every
// field, with times compared as instants.
func sameGame(a, b bot.ArchivedGame) bool {
	a.Began, a.Ended = a.Began.UTC().Round(0), a.Ended.UTC().Round(0)
	b.Began, b.Ended = b.Began.UTC().Round(0), b.Ended.UTC().Round(0)
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}
