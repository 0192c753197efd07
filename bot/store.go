package bot

import (
	"context"
	"errors"
	"time"
)

// Sentinel errors of the Store contract and of the command language.
var (
	// ErrNotFound: the store has no record under that key.
	ErrNotFound = errors.New("not found")
	// ErrConflict: a save named a version that is no longer current.
	ErrConflict = errors.New("version conflict")
	// ErrUnavailable: the store cannot be reached.
	ErrUnavailable = errors.New("storage unavailable")
	// ErrNotYourTurn: a player moved out of turn.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrNotSeated: a spectator tried a player's command.
	ErrNotSeated = errors.New("not a player in this game")
	// ErrBadCommand: a command that cannot be parsed or is not allowed now.
	ErrBadCommand = errors.New("bad command")
)

// Store keeps one record per channel, versioned for compare-and-set, and
// the list of channels where the bot owes work. 0 means "no record";
// every save makes its version with NextVersion, so a version never names
// two records, even after the store lost one (see bot/record/version.go).
type Store interface {
	// Load returns the record under key and its version, or ErrNotFound;
	// for a key it cannot read, an error wrapping ErrDamaged and
	// DamagedVersion.
	Load(ctx context.Context, key string) (data []byte, version uint64, err error)
	// Save writes data under key if the stored version is still version
	// (0: the key must not exist) and returns the new version; otherwise
	// it returns ErrConflict and writes nothing. The new version is
	// NextVersion(version). done says the record
	// needs no more play (finished, abandoned or not begun): a store may
	// let it expire after a while. A running game is kept as long as it
	// is stored.
	Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error)
	// SetOwed marks key as a channel where the bot owes work (an AI to
	// move), or clears the mark. Marks survive a crash, so any process
	// can finish the work; finishing it twice is prevented by Save.
	SetOwed(ctx context.Context, key string, owed bool) error
	// Owed lists the marked keys. Marks the store cannot read are left
	// out, never an error that would hide the others.
	Owed(ctx context.Context) ([]string, error)
}

// Sender delivers replies that no incoming message asked for: work the bot
// finishes later, such as an AI move resumed after a restart. Each reply
// names its audience (Reply.To, Reply.Private and Reply.User).
type Sender interface {
	Send(ctx context.Context, replies []Reply) error
}

// Clock tells the time; tests give the bot a clock they move by hand.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }
