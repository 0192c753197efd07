package bot

import (
	"sync"

	"github.com/hashicorp/golang-lru/v2/simplelru"
)

// lru is a map of at most max entries that forgets the least recently
// used first: hashicorp's simplelru, which keeps the order, under a lock
// of ours rather than the library's thread-safe Cache, so that modify
// reads and changes an entry in one step (the record cache's take hands a
// decoded copy to exactly one caller). Its zero value holds nothing until
// max is set; it is safe for concurrent use.
//
// It holds each value by pointer and changes it in place: a value given
// back to the library's Add would need the key again, which would then
// have to live on the heap (a string made for every command).
type lru[K comparable, V any] struct {
	mu  sync.Mutex
	max int
	l   *simplelru.LRU[K, *V] // made by the first put, of size max
}

// get returns the value under k and makes it the most recent.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l != nil {
		if p, ok := c.l.Get(k); ok {
			return *p, true
		}
	}
	var zero V
	return zero, false
}

// modify returns the value under k, as get does, and then changes the
// stored value with f.
func (c *lru[K, V]) modify(k K, f func(*V)) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l != nil {
		if p, ok := c.l.Get(k); ok {
			v := *p
			f(p)
			return v, true
		}
	}
	var zero V
	return zero, false
}

// put sets k to v, the most recent, forgetting the oldest entries beyond
// max. With max 0 or less it keeps nothing.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l == nil {
		if c.max <= 0 {
			return
		}
		c.l, _ = simplelru.NewLRU[K, *V](c.max, nil) // an error only for max <= 0
	}
	if p, ok := c.l.Get(k); ok {
		*p = v
		return
	}
	p := new(V)
	*p = v
	c.l.Add(k, p)
}

// drop forgets k.
func (c *lru[K, V]) drop(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l != nil {
		c.l.Remove(k)
	}
}

// len is how many entries it holds.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.l == nil {
		return 0
	}
	return c.l.Len()
}
