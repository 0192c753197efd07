package record

import (
	"testing"
)

// Each save's version counts the record's saves and carries a new stamp:
// two records saved the same number of times get different versions.
func TestNextVersion(t *testing.T) {
	cases := []struct {
		name    string
		from    uint64
		wantSeq uint64
	}{
		{"a new record", 0, 1},
		{"a record replacing damage", DamagedVersion, 1},
		{"a version written before the stamp (a bare count)", 41, 1},
		{"the first save's", 1<<versionStampBits | 77, 2},
		{"the last count before the wrap", versionSeqMask<<versionStampBits | 5, 0},
		{"a version above MaxVersion (damage)", MaxVersion + 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seen := map[uint64]bool{}
			for range 1000 {
				v := NextVersion(c.from)
				if got := VersionSeq(v); got != c.wantSeq {
					t.Fatalf("NextVersion(%d): got save %d; want %d", c.from, got, c.wantSeq)
				}
				if v == 0 || v > MaxVersion || v&versionStampMask == 0 {
					t.Fatalf("NextVersion(%d) = %d: want a stamp and a version from 1 to MaxVersion", c.from, v)
				}
				if seen[v] {
					t.Fatalf("NextVersion(%d) gave %d twice in 1000 saves; want a new stamp each time", c.from, v)
				}
				seen[v] = true
			}
		})
	}
}

// VersionAfter orders two versions of one record by their counts, across
// the wrap of the count.
func TestVersionAfter(t *testing.T) {
	at := func(seq, stamp uint64) uint64 { return seq<<versionStampBits | stamp }
	cases := []struct {
		name string
		a, b uint64
		want bool
	}{
		{"the next save", at(7, 1), at(6, 9), true},
		{"the save before", at(6, 9), at(7, 1), false},
		{"the same count, another stamp", at(6, 1), at(6, 2), false},
		{"a bare count before the first stamped save", at(1, 5), 30, true},
		{"across the wrap", at(0, 3), at(versionSeqMask, 3), true},
		{"before the wrap", at(versionSeqMask, 3), at(0, 3), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := VersionAfter(c.a, c.b); got != c.want {
				t.Errorf("VersionAfter(%d, %d): got %v; want %v", c.a, c.b, got, c.want)
			}
		})
	}
}
