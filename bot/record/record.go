// Package record is the stored form of a table: its Record (one game, its
// seats and the table's settings), the binary and JSON encodings a store
// keeps it in, the versions a store saves it under, and the clock data it
// holds. Every record written before loads after: a change of layout takes
// a new format byte, and old formats are still read.
//
// The core (package bot) re-exports these names, so its callers say
// bot.Record; the record imports nothing of the host's.
package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// ErrDamaged: a stored record that cannot be read.
var ErrDamaged = errors.New("damaged record")

// SchemaVersion is the version of the Record layout. Decode refuses
// records from a newer schema rather than misreading them.
const SchemaVersion = 1

// Phase is where a game is in its life.
type Phase string

// The phases.
const (
	PhaseSetup   Phase = "setup"   // seats, blocks, setup moves
	PhasePlaying Phase = "playing" // turns
	PhaseOver    Phase = "over"    // finished, resigned or abandoned
)

// SeatKind says who holds a seat.
type SeatKind string

// The kinds of seat holders.
const (
	SeatOpen    SeatKind = "open"    // anyone may join
	SeatHuman   SeatKind = "human"   // a chat user
	SeatAI      SeatKind = "ai"      // the bot plays it
	SeatInvited SeatKind = "invited" // kept for one user until Expires
)

// Seat is one side of a game and who plays it.
type Seat struct {
	Kind    SeatKind  `json:"kind"`
	UserID  string    `json:"user,omitempty"`
	Name    string    `json:"name,omitempty"`
	Level   int       `json:"level,omitempty"`
	Engine  string    `json:"engine,omitempty"` // an external engine plays this AI seat
	Expires time.Time `json:"expires,omitzero"`
	// Table is where the seat's player plays from when it is not the
	// game's own table (a player who joined a hosted game from another
	// channel): private replies reach them on that table's network.
	Table string `json:"table,omitempty"`
	// Was is the user id of the last person who held the seat, kept when
	// the seat changes hands: a seat with hidden information goes back to
	// them alone.
	Was string `json:"was,omitempty"`
	// Acted says the seat has acted in a game of a hidden kind: it has
	// secrets (an army) that only its own player may see.
	Acted bool `json:"acted,omitempty"`
}

// Record is everything stored for a channel: one game, its seats and the
// channel's settings. It is stored in a binary encoding (MarshalRecord);
// RecordJSON shows it to a person as the JSON it was once stored as.
type Record struct {
	Schema  int       `json:"schema"`
	Game    string    `json:"game"`
	Phase   Phase     `json:"phase"`
	Waiting bool      `json:"waiting,omitempty"` // start was asked; begins when every seat is filled
	Seats   []Seat    `json:"seats"`
	Seed    int64     `json:"seed"`
	Verbose bool      `json:"verbose,omitempty"`
	Result  string    `json:"result,omitempty"` // how it ended, as announced
	Ending  Ending    `json:"ending,omitempty"` // how it ended, typed
	Winner  *int      `json:"winner,omitempty"` // the winning seat; absent for a draw or a running game
	Plies   int       `json:"plies,omitempty"`  // actions since play began
	UndoBy  int       `json:"undo_by"`          // seat that asked to undo, or -1
	UndoAt  time.Time `json:"undo_at,omitzero"`
	Updated time.Time `json:"updated,omitzero"`
	// HostID is the id the game is hosted under (host ID), if any.
	HostID string `json:"host_id,omitempty"`
	// Windows are the other tables that show this game (they joined it).
	Windows []string `json:"windows,omitempty"`
	// Link, in a window's own record, is the key of the table whose game
	// it shows; such a record holds no game of its own.
	Link string `json:"link,omitempty"`
	// ID is the game's archive id (Archive.NextGameID), given when play
	// begins; "" when the store keeps no archive.
	ID string `json:"id,omitempty"`
	// Began is when play began.
	Began time.Time `json:"began,omitzero"`
	// Moves are the moves played since play began, as announced
	// (Played.Notation), for the archive.
	Moves []string `json:"moves,omitempty"`
	// Movers says which seats have made a move (a bit per seat): a game
	// is rated only when every seat has.
	Movers uint64 `json:"movers,omitempty"`
	// DrawBy is the seat that offered a draw, plus one (0: no offer), and
	// DrawAt when; the other seat's draw within the draw window accepts.
	DrawBy int       `json:"draw_by,omitempty"`
	DrawAt time.Time `json:"draw_at,omitzero"`
	// RematchBy is the user who asked for a rematch of the finished game.
	RematchBy string `json:"rematch_by,omitempty"`
	// Clock is the game's clock (nil: untimed): the time control, each
	// seat's time left at the last turn change, and when the running
	// turn began. Time runs whether or not a process is up.
	Clock *GameClock      `json:"clock,omitempty"`
	State json.RawMessage `json:"state"` // the game's own text
}

// MarshalRecord encodes r for the store, in the binary encoding
// (codec.go): the record is decoded and encoded on every command.
// RecordJSON shows a stored record to a person.
func MarshalRecord(r *Record) ([]byte, error) {
	return AppendRecord(make([]byte, 0, encodedSize(r)), r)
}

// UnmarshalRecord decodes a stored record: the binary encoding, or the
// JSON (indented or not) that records were stored as before it. Anything
// else, a record cut short or with bytes after it, a phase or seat kind
// this bot does not know, or a schema newer than SchemaVersion is an
// error wrapping ErrDamaged. The record shares no memory with data.
func UnmarshalRecord(data []byte) (*Record, error) {
	var r *Record
	switch i := firstNonSpace(data); {
	case len(data) == 0:
		return nil, fmt.Errorf("%w: decode record: empty", ErrDamaged)
	case i < len(data) && data[i] == '{':
		r = &Record{}
		if err := json.Unmarshal(data, r); err != nil {
			return nil, fmt.Errorf("%w: decode record: %w", ErrDamaged, err)
		}
		if err := r.checkValues(); err != nil {
			return nil, err
		}
	case data[0] == binaryV1:
		var err error
		if r, err = decodeBinary(data[1:]); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("%w: decode record: unknown format byte %#02x", ErrDamaged, data[0])
	}
	if r.Schema < 1 || r.Schema > SchemaVersion {
		return nil, fmt.Errorf("%w: decode record: schema %d, this bot reads 1 to %d", ErrDamaged, r.Schema, SchemaVersion)
	}
	return r, nil
}

// firstNonSpace is the index of data's first byte that is not JSON
// white space (len(data) if none).
func firstNonSpace(data []byte) int {
	for i, c := range data {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return i
		}
	}
	return len(data)
}

// checkValues refuses a phase or seat kind the binary encoding cannot
// write, so a JSON record that loads can be saved.
func (r *Record) checkValues() error {
	if _, ok := phaseCode(r.Phase); !ok {
		return fmt.Errorf("%w: decode record: unknown phase %q", ErrDamaged, r.Phase)
	}
	for i, s := range r.Seats {
		if _, ok := seatKindCode(s.Kind); !ok {
			return fmt.Errorf("%w: decode record: seat %d: unknown kind %q", ErrDamaged, i, s.Kind)
		}
	}
	return nil
}

// RecordJSON shows a stored record (either encoding) to a person: the
// record as indented JSON, as records were stored before the binary
// encoding, with the game's state as its own JSON (as a string when it
// is not JSON).
func RecordJSON(data []byte) ([]byte, error) {
	r, err := UnmarshalRecord(data)
	if err != nil {
		return nil, err
	}
	if len(r.State) > 0 && !json.Valid(r.State) {
		text, _ := json.Marshal(string(r.State))
		r.State = text
	}
	return json.MarshalIndent(r, "", " ")
}

// SeatsOf returns the seats held by user, in order.
func (r *Record) SeatsOf(userID string) []int {
	var out []int
	for i, s := range r.Seats {
		if s.Holds(userID) {
			out = append(out, i)
		}
	}
	return out
}

// Holds reports whether the person userID holds seat s.
func (s Seat) Holds(userID string) bool { return s.Kind == SeatHuman && s.UserID == userID }

// HoldsAll reports whether userID holds every seat.
func (r *Record) HoldsAll(userID string) bool {
	for _, s := range r.Seats {
		if !s.Holds(userID) {
			return false
		}
	}
	return len(r.Seats) > 0
}

// HasHuman reports whether any seat is held by a person.
func (r *Record) HasHuman() bool {
	for _, s := range r.Seats {
		if s.Kind == SeatHuman {
			return true
		}
	}
	return false
}

// Filled reports whether every seat has a player.
func (r *Record) Filled() bool {
	for _, s := range r.Seats {
		if s.Kind != SeatHuman && s.Kind != SeatAI {
			return false
		}
	}
	return true
}

// FirstOpen returns the first open seat, or -1.
func (r *Record) FirstOpen() int {
	for i, s := range r.Seats {
		if s.Kind == SeatOpen {
			return i
		}
	}
	return -1
}

// Vacant reports whether a table holding r may take a new game: it holds
// a finished game, or one in setup that nobody sat down to or asked to
// start, and it is not linked to another table.
func (r *Record) Vacant() bool {
	return r.Link == "" && (r.Phase == PhaseOver || r.Phase == PhaseSetup && !r.Waiting && !r.HasHuman())
}

// LastHolder is the user id of the person who holds the seat or held it
// last ("" if nobody did: the AI from the start).
func (s Seat) LastHolder() string {
	if s.UserID != "" && (s.Kind == SeatHuman || s.Kind == SeatAI) {
		return s.UserID
	}
	return s.Was
}

// HandedTo is seat s given to next: next remembers the last person who
// held it and whether it has acted.
func (s Seat) HandedTo(next Seat) Seat {
	next.Was, next.Acted = s.LastHolder(), s.Acted
	return next
}

// Clone is a deep copy of r: it shares no slice or pointer that either
// copy may change. State is shared: a record's state bytes are replaced,
// never changed in place.
func (r *Record) Clone() *Record {
	c := *r
	c.Seats = slices.Clone(r.Seats)
	c.Windows = slices.Clone(r.Windows)
	c.Moves = slices.Clone(r.Moves)
	if r.Winner != nil {
		w := *r.Winner
		c.Winner = &w
	}
	if r.Clock != nil {
		k := *r.Clock
		k.LeftMS = slices.Clone(r.Clock.LeftMS)
		c.Clock = &k
	}
	return &c
}

// Outcome is how the record's finished game ended, as the host recorded
// it: the winning seat (-1 for a draw or no result) and the ending.
func (r *Record) Outcome() Result {
	res := Result{Over: r.Phase == PhaseOver, Winner: -1, Ending: r.Ending}
	if r.Winner != nil {
		res.Winner = *r.Winner
	}
	return res
}
