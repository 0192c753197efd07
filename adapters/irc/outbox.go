package irc

import (
	"context"
	"fmt"
	"sync"
)

// outbox queues lines per target and sends them one at a time (girc's
// own limiter paces them). When a target's queue grows past max lines, the
// older boards are dropped (a newer board shows the same game) and the
// target is told; text replies are kept until the queue is twice that.
type outbox struct {
	max  int
	send func(target, line string)

	mu      sync.Mutex
	items   []outItem
	dropped map[string]int
	wake    chan struct{}
}

type outItem struct {
	target string
	lines  []string
	board  bool
}

func newOutbox(max int, send func(target, line string)) *outbox {
	return &outbox{max: max, send: send, dropped: map[string]int{}, wake: make(chan struct{}, 1)}
}

func (o *outbox) add(target string, lines []string, board bool) {
	if len(lines) == 0 {
		return
	}
	o.mu.Lock()
	o.items = append(o.items, outItem{target: target, lines: lines, board: board})
	o.coalesce(target)
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// pending counts the lines queued for target; o.mu is held.
func (o *outbox) pending(target string) int {
	n := 0
	for _, it := range o.items {
		if it.target == target {
			n += len(it.lines)
		}
	}
	return n
}

// coalesce drops what it must for target to stay within the limits; o.mu
// is held.
func (o *outbox) coalesce(target string) {
	for o.pending(target) > o.max {
		drop := -1
		lastBoard := -1
		for i, it := range o.items {
			if it.target == target && it.board {
				if lastBoard >= 0 && drop < 0 {
					drop = lastBoard // an older board than the newest
				}
				lastBoard = i
			}
		}
		if drop < 0 && o.pending(target) > 2*o.max {
			for i, it := range o.items {
				if it.target == target {
					drop = i // the oldest reply
					break
				}
			}
		}
		if drop < 0 {
			return
		}
		o.items = append(o.items[:drop], o.items[drop+1:]...)
		o.dropped[target]++
	}
}

// next takes the next line to send, with a notice of dropped replies
// first.
func (o *outbox) next() (target, line string, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.items) == 0 {
		return "", "", false
	}
	it := &o.items[0]
	if n := o.dropped[it.target]; n > 0 {
		delete(o.dropped, it.target)
		return it.target, fmt.Sprintf("(%d older replies skipped to stay within the server's flood limits)", n), true
	}
	target, line = it.target, it.lines[0]
	it.lines = it.lines[1:]
	if len(it.lines) == 0 {
		o.items = o.items[1:]
	}
	return target, line, true
}

// run sends until ctx is done.
func (o *outbox) run(ctx context.Context) {
	for {
		for {
			target, line, ok := o.next()
			if !ok {
				break
			}
			o.send(target, line)
			if ctx.Err() != nil {
				return
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-o.wake:
		}
	}
}
