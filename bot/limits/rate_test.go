package limits

import (
	"strconv"
	"testing"
	"time"
)

// TestIdleIdentitiesAreForgotten: the limiter forgets identities whose
// bucket is full again, once per notice window, but remembers one told it
// is over the rate until its notice has passed (else it would be told
// again at once).
func TestIdleIdentitiesAreForgotten(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	r := newRateLimiter(Config{Rate: 1, Burst: 2}.withDefaults(), func() time.Time { return now })
	for i := range 100 {
		if ok, _ := r.allow("irc:user" + strconv.Itoa(i)); !ok {
			t.Fatalf("user %d's first line: refused; want it run", i)
		}
	}
	now = now.Add(30 * time.Second)
	r.allow("irc:zoe")
	r.allow("irc:zoe")
	if ok, tell := r.allow("irc:zoe"); ok || !tell {
		t.Fatalf("zoe's third line at once: got ok %v, tell %v; want refused and told", ok, tell)
	}
	if got := r.size(); got != 101 {
		t.Fatalf("identities remembered within the window: got %d; want 101", got)
	}
	now = now.Add(31 * time.Second) // the first sweep was a minute ago
	r.allow("irc:ann")
	if got := r.size(); got != 2 {
		t.Errorf("identities remembered after the window: got %d; want 2 (zoe, still within her notice, and ann)", got)
	}
	if ok, tell := r.allow("irc:zoe"); !ok || tell {
		t.Errorf("zoe after her bucket refilled: got ok %v, tell %v; want her line run", ok, tell)
	}
}
