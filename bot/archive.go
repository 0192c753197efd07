package bot

import (
	"context"
	"fmt"
	"math"
	"time"
)

// ArchivedGame is a finished game as the archive keeps it, for good: no
// expiry, unlike a table's record after DoneTTL.
type ArchivedGame struct {
	ID       string           `json:"id"`
	Kind     string           `json:"kind"`
	Rules    string           `json:"rules,omitempty"`
	Players  []ArchivedPlayer `json:"players"`
	Networks []string         `json:"networks,omitempty"`
	// Start is the start position in the kind's notation; "" the standard.
	Start string   `json:"start,omitempty"`
	Moves []string `json:"moves,omitempty"`
	// Winner is a seat, or -1 for a draw or no winner.
	Winner int       `json:"winner"`
	Ending Ending    `json:"ending,omitempty"`
	Score  string    `json:"score,omitempty"`
	Began  time.Time `json:"began"`
	Ended  time.Time `json:"ended"`
	// Record is the kind's encoded final state, for the final board.
	Record []byte `json:"record,omitempty"`
}

// ArchivedPlayer is who sat in one seat.
type ArchivedPlayer struct {
	Seat    string `json:"seat"`
	UserID  string `json:"user,omitempty"`    // the user id on Network; "" for an AI
	Network string `json:"network,omitempty"` // where UserID is; "" in games archived before links
	// Player is the player the identity Network:UserID belonged to when
	// the game ended (see Identity): the histories index the game under
	// it and the ratings are its. "" for an AI and in games archived
	// before links, whose index is UserID.
	Player string `json:"player,omitempty"`
	Name   string `json:"name"`
	AI     int    `json:"ai,omitempty"` // AI level; 0 for a person
}

// Identity is a person on one network, qualified by it so that networks
// never collide: "irc:account:bob", "discord:1234", "console:alice".
func Identity(network, userID string) string { return network + ":" + userID }

// SortKey orders a game in the archive's indexes: newest end first (the
// begin time for a game without one), then by ID. History's cursors are
// sort keys.
func (g ArchivedGame) SortKey() string {
	t := g.Ended
	if t.IsZero() {
		t = g.Began
	}
	return fmt.Sprintf("%016x:%s", uint64(math.MaxInt64-t.UnixMilli()), g.ID)
}

// Users lists the distinct players of the game's people, in seat order:
// the players whose histories index it. A player is ArchivedPlayer.Player,
// or its UserID in a game archived before links.
func (g ArchivedGame) Users() []string {
	var users []string
	seen := map[string]bool{}
	for _, p := range g.Players {
		u := p.Player
		if u == "" {
			u = p.UserID
		}
		if u != "" && !seen[u] {
			seen[u] = true
			users = append(users, u)
		}
	}
	return users
}

// Ranked is one line of a leaderboard.
type Ranked struct {
	Player string
	Score  float64
}

// MaxHistory is the most games one History call returns.
const MaxHistory = 100

// Archive is what a Store may offer besides tables: finished games, kept
// for good and indexed per player and per kind, and players' ratings per
// kind with a leaderboard. The host uses it when its store has it.
// Errors: ErrNotFound, ErrConflict, ErrDamaged as for Store; anything
// else is the store's own failure (the host says ErrUnavailable).
type Archive interface {
	// NextGameID returns a new game id: short (base 36 of a counter),
	// never given twice, by any process sharing the store. The host
	// shows the counter in decimal (nextGameID).
	NextGameID(ctx context.Context) (string, error)
	// ArchiveGame keeps g under g.ID and indexes it under each of
	// g.Users() and g.Kind. It is idempotent by ID: the first write wins,
	// and a later one (a retry after a crash) changes no stored game but
	// completes the indexes of the stored one.
	ArchiveGame(ctx context.Context, g ArchivedGame) error
	// ArchivedGame returns the game id, or ErrNotFound.
	ArchivedGame(ctx context.Context, id string) (ArchivedGame, error)
	// History returns up to n (at most MaxHistory) games, newest first,
	// that user played ("" any player) of kind ("" any kind), after the
	// cursor before ("" from the newest). next is the cursor of the page
	// that follows, "" after the last. A game it cannot read is left out
	// of the page (ArchivedGame gives ErrDamaged for it), never an error
	// that would hide the others.
	History(ctx context.Context, user, kind, before string, n int) (games []ArchivedGame, next string, err error)
	// Rating returns a player's rating record in kind (opaque to the
	// store) and its version, or ErrNotFound; versioned like Store.Load,
	// ErrDamaged and DamagedVersion included.
	Rating(ctx context.Context, kind, player string) (data []byte, version uint64, err error)
	// SaveRating writes a rating record if version is still current (0:
	// new) and returns the new version, or ErrConflict; like Store.Save.
	SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error)
	// SetRank puts player on kind's leaderboard with score, replacing
	// their earlier score.
	SetRank(ctx context.Context, kind, player string, score float64) error
	// Top returns kind's n best players, highest score first; equal
	// scores in byte order of the player.
	Top(ctx context.Context, kind string, n int) ([]Ranked, error)

	// PutLinkCode keeps a one-time link code for player until expires.
	// A code still valid at now is not replaced: ErrConflict (the host
	// draws another); an expired one is.
	PutLinkCode(ctx context.Context, code, player string, now, expires time.Time) error
	// TakeLinkCode removes code and returns its player: of any number of
	// takers, in any processes, exactly one gets it. ErrNotFound when
	// there is no such code or it expired before now.
	TakeLinkCode(ctx context.Context, code string, now time.Time) (player string, err error)
	// LinkIdentity makes identity one of player's, if it belongs to no
	// player yet, and adds it to Identities(player). Linking it again to
	// the same player succeeds and completes the index (a retry after a
	// crash); to another player is ErrConflict.
	LinkIdentity(ctx context.Context, identity, player string) error
	// UnlinkIdentity undoes LinkIdentity(identity, player): identity is its
	// own player again. ErrNotFound when it is not linked to player.
	UnlinkIdentity(ctx context.Context, identity, player string) error
	// PlayerOf returns the player identity was linked to, or ErrNotFound
	// for an identity never linked (it is its own player).
	PlayerOf(ctx context.Context, identity string) (string, error)
	// Identities returns the identities linked to player, sorted; none
	// for a player nobody linked to.
	Identities(ctx context.Context, player string) ([]string, error)
}
