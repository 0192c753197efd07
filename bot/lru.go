package bot

import (
	"container/list"
	"sync"
)

// lru is a map of at most max entries that forgets the least recently
// used first. Its zero value holds nothing until max is set; it is safe
// for concurrent use.
type lru[K comparable, V any] struct {
	mu      sync.Mutex
	max     int
	entries map[K]*list.Element
	order   list.List // of *lruEntry[K, V], most recent first
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// get returns the value under k and makes it the most recent.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry[K, V]).val, true
	}
	var zero V
	return zero, false
}

// modify returns the value under k, as get does, and then changes the
// stored value with f.
func (c *lru[K, V]) modify(k K, f func(*V)) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[k]; ok {
		c.order.MoveToFront(e)
		ent := e.Value.(*lruEntry[K, V])
		v := ent.val
		f(&ent.val)
		return v, true
	}
	var zero V
	return zero, false
}

// put sets k to v, the most recent, forgetting the oldest entries beyond
// max. With max 0 or less it keeps nothing.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.max <= 0 {
		return
	}
	if c.entries == nil {
		c.entries = map[K]*list.Element{}
	}
	if e, ok := c.entries[k]; ok {
		e.Value.(*lruEntry[K, V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.entries[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*lruEntry[K, V]).key)
	}
}

// drop forgets k.
func (c *lru[K, V]) drop(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[k]; ok {
		c.order.Remove(e)
		delete(c.entries, k)
	}
}

// len is how many entries it holds.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
