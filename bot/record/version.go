package record

import (
	"math"
	"math/rand/v2"
)

// A version names one saved state of one record, never two. It is a
// count of the record's saves and a random stamp made with each save:
//
//	bit 63      0
//	bits 62..40 sequence: saves of this record, counting from 1 (wraps)
//	bits 39..0  stamp: random, never 0, new at every save
//
// The count alone is not enough: a store that loses data (a flush, a
// failover to a replica that lagged, a backup put back) starts a key's
// count again, and a process that kept a record at version 6 would find
// another record at 6 and save over it. With the stamp, the record that
// reached 6 again has another version (a chance of one in 2^40 that it
// does not), so the compare-and-set of every store refuses the old
// copy's save, and the command runs again on what the store holds.
//
// Versions fit an int64, so every store can keep them as they are
// (Redis's Lua compares them as strings, never as numbers). Versions
// written before the stamp (small counts) read as sequence 0: the next
// save gives them a stamp.
const (
	versionStampBits = 40
	versionSeqBits   = 23
	versionStampMask = 1<<versionStampBits - 1
	versionSeqMask   = 1<<versionSeqBits - 1
	// MaxVersion is the largest version a store writes: a stored version
	// above it was not written by a store of this bot (damage).
	MaxVersion uint64 = 1<<(versionSeqBits+versionStampBits) - 1
)

// DamagedVersion is the version a Store's Load returns, with an error
// wrapping ErrDamaged, for a key it cannot read: a version that is not a
// number or too large, a key of the wrong type, a value cut short. Save
// at DamagedVersion replaces exactly that damage: it succeeds only while
// the key is still unreadable (not missing, not readable), so of several
// processes replacing it one wins, as with any other version.
const DamagedVersion uint64 = math.MaxUint64

// NextVersion returns a new version for a record saved over version v (0:
// a new record; DamagedVersion: a record that replaces damage): the next
// sequence number and a fresh stamp. Stores call it for every save.
func NextVersion(v uint64) uint64 {
	seq := VersionSeq(v)
	if v == DamagedVersion || v > MaxVersion {
		seq = 0
	}
	seq = (seq + 1) & versionSeqMask
	stamp := rand.Uint64() & versionStampMask
	for stamp == 0 {
		stamp = rand.Uint64() & versionStampMask
	}
	return seq<<versionStampBits | stamp
}

// VersionSeq returns how many saves version v counts (modulo 2^23); a
// version from before the stamp counts 0.
func VersionSeq(v uint64) uint64 { return v >> versionStampBits & versionSeqMask }

// VersionAfter reports whether version a was saved after version b of
// the same record, by their sequence numbers in serial number arithmetic
// (RFC 1982): correct while the two are fewer than 2^22 saves apart, as
// two versions a process holds of one table are.
func VersionAfter(a, b uint64) bool {
	d := (VersionSeq(a) - VersionSeq(b)) & versionSeqMask
	return d != 0 && d < 1<<(versionSeqBits-1)
}
