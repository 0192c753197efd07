package bot

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// keys lists c's keys, most recent first.
func (c *lru[K, V]) keys() []K {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l == nil {
		return nil
	}
	ks := c.l.Keys() // oldest first
	slices.Reverse(ks)
	return ks
}

// TestLRU: the map keeps at most max entries and forgets the least
// recently used (put or got) first; max 0 or less keeps nothing.
func TestLRU(t *testing.T) {
	type op struct {
		do  string // "put", "get", "drop"
		key string
		val int
	}
	tests := []struct {
		name string
		max  int
		ops  []op
		want []string // keys left, most recent first
	}{
		{name: "empty", max: 3},
		{name: "under max keeps all", max: 3, ops: []op{{"put", "a", 1}, {"put", "b", 2}},
			want: []string{"b", "a"}},
		{name: "beyond max forgets the oldest", max: 2, ops: []op{{"put", "a", 1}, {"put", "b", 2}, {"put", "c", 3}},
			want: []string{"c", "b"}},
		{name: "get makes recent", max: 2, ops: []op{{"put", "a", 1}, {"put", "b", 2}, {"get", "a", 0}, {"put", "c", 3}},
			want: []string{"c", "a"}},
		{name: "put again replaces and makes recent", max: 2, ops: []op{{"put", "a", 1}, {"put", "b", 2}, {"put", "a", 9}, {"put", "c", 3}},
			want: []string{"c", "a"}},
		{name: "a miss changes nothing", max: 2, ops: []op{{"put", "a", 1}, {"put", "b", 2}, {"get", "z", 0}, {"put", "c", 3}},
			want: []string{"c", "b"}},
		{name: "drop frees a place", max: 2, ops: []op{{"put", "a", 1}, {"put", "b", 2}, {"drop", "b", 0}, {"put", "c", 3}},
			want: []string{"c", "a"}},
		{name: "drop of a missing key", max: 2, ops: []op{{"put", "a", 1}, {"drop", "z", 0}},
			want: []string{"a"}},
		{name: "max 1", max: 1, ops: []op{{"put", "a", 1}, {"put", "b", 2}},
			want: []string{"b"}},
		{name: "max 0 keeps nothing", max: 0, ops: []op{{"put", "a", 1}, {"put", "b", 2}}},
		{name: "negative max keeps nothing", max: -1, ops: []op{{"put", "a", 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &lru[string, int]{max: tc.max}
			vals := map[string]int{} // what each kept key must hold
			for _, o := range tc.ops {
				switch o.do {
				case "put":
					c.put(o.key, o.val)
					vals[o.key] = o.val
				case "get":
					c.get(o.key)
				case "drop":
					c.drop(o.key)
				}
			}
			if got := c.keys(); !slices.Equal(got, tc.want) {
				t.Errorf("keys: got %q; want %q", got, tc.want)
			}
			if got := c.len(); got != len(tc.want) {
				t.Errorf("len: got %d; want %d", got, len(tc.want))
			}
			for _, k := range tc.want {
				if got, ok := c.get(k); !ok || got != vals[k] {
					t.Errorf("get(%q): got %d, %v; want %d, true", k, got, ok, vals[k])
				}
			}
			for _, o := range tc.ops {
				if slices.Contains(tc.want, o.key) {
					continue
				}
				if got, ok := c.get(o.key); ok {
					t.Errorf("get(%q): got %d, true; want it forgotten", o.key, got)
				}
			}
		})
	}
}

// TestLRUConcurrent: many goroutines using one map never leave it over
// its size, nor holding a key in its order that it cannot find (run with
// -race).
func TestLRUConcurrent(t *testing.T) {
	c := &lru[string, int]{max: 50}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 1000 {
				k := fmt.Sprint((g*7 + i) % 80)
				switch i % 3 {
				case 0:
					c.put(k, i)
				case 1:
					c.get(k)
				default:
					if i%9 == 2 {
						c.drop(k)
					}
				}
			}
		}()
	}
	wg.Wait()
	if got := c.len(); got > 50 {
		t.Errorf("len: got %d; want at most 50", got)
	}
	ks := c.keys()
	if got, want := len(ks), c.len(); got != want {
		t.Errorf("order: got %d keys; want %d, as len says", got, want)
	}
	for _, k := range ks {
		if _, ok := c.get(k); !ok {
			t.Errorf("key %q is in the order, but get misses it", k)
		}
	}
}

// TestLRUModifyOnce: modify reads and changes an entry in one step, so
// that of many goroutines taking a value at once (as the record cache's
// take hands out its decoded copy) exactly one gets it (run with -race).
func TestLRUModifyOnce(t *testing.T) {
	c := &lru[string, int]{max: 4}
	for round := range 200 {
		c.put("k", round+1)
		var wg sync.WaitGroup
		var mu sync.Mutex
		got := 0 // how many goroutines took the value
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				v, ok := c.modify("k", func(v *int) { *v = 0 })
				if ok && v != 0 {
					mu.Lock()
					got++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if got != 1 {
			t.Fatalf("round %d: %d goroutines took the value; want exactly 1", round, got)
		}
		if v, ok := c.get("k"); !ok || v != 0 {
			t.Fatalf("round %d: after the takes: got %d, %v; want 0, true (the entry kept, emptied)", round, v, ok)
		}
	}
}

// TestRecordCacheKeeps: the record cache keeps only a table's running
// game, and hands it out (take) for recordMaxAge at most: a record saved as done may
// expire in the store and a new one reach its version (recordcache.go).
func TestRecordCacheKeeps(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	table := Table{Network: "test", Channel: "#c"}
	tests := []struct {
		name  string
		rec   *Record
		after time.Duration // between remember and get
		want  bool
	}{
		{name: "running game", rec: &Record{Phase: PhasePlaying}, want: true},
		{name: "running game at the age limit", rec: &Record{Phase: PhasePlaying}, after: recordMaxAge, want: true},
		{name: "running game beyond the age limit", rec: &Record{Phase: PhasePlaying}, after: recordMaxAge + time.Second},
		{name: "game in setup", rec: &Record{Phase: PhaseSetup}},
		{name: "game over", rec: &Record{Phase: PhaseOver}},
		{name: "window's link", rec: &Record{Phase: PhasePlaying, Link: "test:#other"}},
		{name: "no record", rec: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := now
			c := &recordCache{now: func() time.Time { return clock }}
			c.max = 10
			c.remember(&tx{table: table, rec: tc.rec}, []byte("data"), 7, false)
			clock = clock.Add(tc.after)
			got, ok := c.take(table.Key())
			if ok != tc.want {
				t.Fatalf("take: got kept %v; want %v", ok, tc.want)
			}
			if ok && (string(got.data) != "data" || got.version != 7) {
				t.Errorf("take: got %q at %d; want \"data\" at 7", got.data, got.version)
			}
			if !ok && c.len() != 0 {
				t.Errorf("len after a miss: got %d; want 0 (an old record is forgotten)", c.len())
			}
		})
	}
}
