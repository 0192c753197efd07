package bot

import "github.com/ataxxbot/ataxxbot/bot/record"

// The stored record's names, kept in the core's vocabulary: the record,
// its encodings, versions and clock data live in bot/record (the table's
// persistence), and everyone else says bot.Record as before.

// The record and its seats.
type (
	Record   = record.Record
	Seat     = record.Seat
	SeatKind = record.SeatKind
	Phase    = record.Phase
)

// SchemaVersion is the version of the Record layout.
const SchemaVersion = record.SchemaVersion

// The phases.
const (
	PhaseSetup   = record.PhaseSetup
	PhasePlaying = record.PhasePlaying
	PhaseOver    = record.PhaseOver
)

// The kinds of seat holders.
const (
	SeatOpen    = record.SeatOpen
	SeatHuman   = record.SeatHuman
	SeatAI      = record.SeatAI
	SeatInvited = record.SeatInvited
)

// How a game ended, as a kind's State and the record tell it.
type (
	Ending = record.Ending
	Result = record.Result
)

// Endings the host itself gives; kinds add their own.
const (
	EndResigned  = record.EndResigned
	EndAbandoned = record.EndAbandoned
	EndAgreed    = record.EndAgreed
	EndAborted   = record.EndAborted
	EndTime      = record.EndTime
	EndMoveLimit = record.EndMoveLimit
)

// ErrDamaged: a stored record that cannot be read.
var ErrDamaged = record.ErrDamaged

// MarshalRecord encodes r for the store (record.MarshalRecord).
func MarshalRecord(r *Record) ([]byte, error) { return record.MarshalRecord(r) }

// AppendRecord appends r's binary encoding to dst (record.AppendRecord).
func AppendRecord(dst []byte, r *Record) ([]byte, error) { return record.AppendRecord(dst, r) }

// UnmarshalRecord decodes a stored record (record.UnmarshalRecord).
func UnmarshalRecord(data []byte) (*Record, error) { return record.UnmarshalRecord(data) }

// RecordJSON shows a stored record to a person (record.RecordJSON).
func RecordJSON(data []byte) ([]byte, error) { return record.RecordJSON(data) }

// Versions of a stored record (record.NextVersion).
const (
	MaxVersion     = record.MaxVersion
	DamagedVersion = record.DamagedVersion
)

// NextVersion returns a new version for a record saved over version v
// (record.NextVersion).
func NextVersion(v uint64) uint64 { return record.NextVersion(v) }

// VersionSeq returns how many saves version v counts (record.VersionSeq).
func VersionSeq(v uint64) uint64 { return record.VersionSeq(v) }

// versionAfter reports whether version a was saved after version b of
// the same record (record.VersionAfter).
func versionAfter(a, b uint64) bool { return record.VersionAfter(a, b) }

// A game's clock as its record keeps it.
type (
	TimeControl = record.TimeControl
	GameClock   = record.GameClock
)

// ErrBadClock: a clock spec that cannot be read or is out of range.
var ErrBadClock = record.ErrBadClock

// Limits of a time control.
const (
	MinClock     = record.MinClock
	MaxClock     = record.MaxClock
	MaxIncrement = record.MaxIncrement
)

// ParseTimeControl reads a clock spec (record.ParseTimeControl).
func ParseTimeControl(s string) (TimeControl, error) { return record.ParseTimeControl(s) }
