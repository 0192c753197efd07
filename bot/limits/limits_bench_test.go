package limits

import (
	"strconv"
	"testing"
	"time"
)

// BenchmarkLimiter is the command rate's cost per command: one identity
// whose lines run, one whose lines are dropped, and ten thousand
// identities in turn (the map lookups of a busy network).
func BenchmarkLimiter(b *testing.B) {
	for _, bc := range []struct {
		name  string
		l     Config
		users int
	}{
		{"one identity, every line runs", Config{Rate: 1e9, Burst: 1e9}, 1},
		{"one identity, over the rate", Config{Rate: 1e-9, Burst: 1}, 1},
		{"10000 identities, every line runs", Config{Rate: 1e9, Burst: 1e9}, 10000},
	} {
		b.Run(bc.name, func(b *testing.B) {
			r := newRateLimiter(bc.l.withDefaults(), time.Now)
			ids := make([]string, bc.users)
			for i := range ids {
				ids[i] = "irc:user" + strconv.Itoa(i)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				r.allow(ids[i])
				if i++; i == len(ids) {
					i = 0
				}
			}
		})
	}
}
