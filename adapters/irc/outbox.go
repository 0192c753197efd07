package irc

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
)

// outbox queues lines per target (a channel, or the identity a private
// reply is for) and sends them one at a time, paced to the server's flood
// limit. A private reply's nick is looked up (resolve) as each of its
// lines goes: lines for someone who is not on the network then are
// dropped, and a nick that changed hands mid-reply gets none of the rest.
//
// The outbox paces (see pacer) rather than leaving it to girc, whose
// limiter counts from the last line its writer goroutine wrote, so lines
// handed to it faster than that goroutine runs all pass at once: a burst
// of boards then waited in the server's input buffer, where no order of
// ours could let another channel's reply pass it.
//
// Targets are served round robin, a line each, so a burst in one channel
// never holds up a reply in another: a line for a quiet target goes out
// after at most one line for every other target with lines waiting.
//
// Within a target, replies go out whole and in order: once a reply's
// first line is sent, its other lines are sent before anything else to
// that target. When a target's queue grows past max lines, a board (a
// multi-line reply) that has not started is dropped if a newer board for
// the same target is waiting (it shows the same game, later); text
// replies are kept until the queue is twice max, then the oldest that
// has not started goes (never the newest: a long reply is sent whole). The target is told once, in one line, before its
// next reply.
//
// The bot's own protocol lines go through the same pacer, so that no
// burst of them fills the server's flood allowance ahead of a reply:
// commands (JOIN, NICK, ISON, MODE) take their turn in the round robin
// like a target (first in the ring when they arrive, so a reconnect
// joins before it speaks), never dropped; background queries (WHO) go
// only when nothing else waits and the pacer has three quarters of its
// budget left, so a reply that comes meanwhile finds the allowance for a
// burst, and
// each costs queryPenalty more than its length: servers hold a client's
// next lines back after a query (ngircd a second after each WHO), so
// queries one after another would hold up a reply that came meanwhile.
type outbox struct {
	max  int
	send func(target, line string)
	// sendCommand sends one protocol line (a command or a background
	// query) as it is.
	sendCommand func(line string)
	// resolve is the nick of the connection holding a private reply's
	// user id now, or "" (fallback is the nick the user spoke from, for
	// a user in none of the bot's channels). Nil: the id is the nick.
	resolve func(id, fallback string) string
	// skipped is told of each private line dropped because its user was
	// not on the network (nil: nothing).
	skipped func(id string)
	pace    pacer // used by run only

	mu     sync.Mutex
	queues map[string]*queue // by lower-cased target
	ring   []string          // targets with lines waiting, in serving order
	// background holds queries sent only when nothing else waits; at
	// most maxBackground, each once.
	background []string
	wake       chan struct{}
}

// commandsKey is the queue of the bot's protocol commands: no target's
// key (those are lower-cased targets and "user " ids) can be it.
const commandsKey = "\x00commands"

// queryPenalty is what a background query costs beyond its length.
const queryPenalty = time.Second

// maxBackground bounds the background queries waiting; past it new ones
// are not queued (the state they would refresh is then only older).
const maxBackground = 1000

// queue is one target's waiting replies.
type queue struct {
	target  string // as given to send; a user id when private
	private bool   // target is a user id, resolved at send time
	command bool   // the protocol commands' queue: lines sent as they are
	query   bool   // a background query (take's queue for one)
	// fallback is the nick a private reply's user last spoke from.
	fallback string
	items    []outItem // items[0] may be part sent
	started  bool      // items[0] has had its first line sent
	dropped  int       // replies dropped since the last notice
}

type outItem struct {
	lines []string
	board bool
}

func newOutbox(max int, send func(target, line string)) *outbox {
	return &outbox{max: max, send: send, pace: pacer{budget: floodBudget}, queues: map[string]*queue{}, wake: make(chan struct{}, 1)}
}

// add queues a reply's lines for target; board says it is a multi-line
// block that a newer one supersedes.
func (o *outbox) add(target string, lines []string, board bool) {
	o.enqueue(strings.ToLower(target), &queue{target: target}, lines, board) // IRC targets are case-insensitive
}

// addPrivate queues a reply's lines for the user id, to go to the nick
// that holds id when each line is sent; fallback is the nick the user
// spoke from, if the reply answers them.
func (o *outbox) addPrivate(id, fallback string, lines []string, board bool) {
	o.enqueue("user "+id, &queue{target: id, private: true, fallback: fallback}, lines, board)
}

// command queues protocol lines (JOIN, NICK, ...) to send as they are,
// in order, each its own item: none is ever dropped.
func (o *outbox) command(lines ...string) {
	for _, l := range lines {
		o.enqueue(commandsKey, &queue{command: true}, []string{l}, false)
	}
}

// query queues a background protocol line (WHO), sent when no reply or
// command waits; a line already waiting is not queued again.
func (o *outbox) query(line string) {
	o.mu.Lock()
	if len(o.background) >= maxBackground || slices.Contains(o.background, line) {
		o.mu.Unlock()
		return
	}
	o.background = append(o.background, line)
	o.mu.Unlock()
	o.poke()
}

// enqueue adds lines to the queue under key, which fresh starts when
// there is none.
func (o *outbox) enqueue(key string, fresh *queue, lines []string, board bool) {
	if len(lines) == 0 {
		return
	}
	o.mu.Lock()
	q := o.queues[key]
	if q == nil {
		q = fresh
		o.queues[key] = q
		if q.command {
			o.ring = append([]string{key}, o.ring...) // commands take the next turn
		} else {
			o.ring = append(o.ring, key)
		}
	} else if fresh.fallback != "" {
		q.fallback = fresh.fallback
	}
	q.items = append(q.items, outItem{lines: append([]string(nil), lines...), board: board})
	if !q.command {
		q.coalesce(o.max)
	}
	o.mu.Unlock()
	o.poke()
}

// poke wakes run.
func (o *outbox) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// depth counts the lines waiting in every queue.
func (o *outbox) depth() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(o.background)
	for _, q := range o.queues {
		n += q.pending()
	}
	return n
}

// pending counts the lines waiting in q.
func (q *queue) pending() int {
	n := 0
	for _, it := range q.items {
		n += len(it.lines)
	}
	return n
}

// coalesce drops whole replies that have not started until q holds at
// most max lines, or nothing more may go.
func (q *queue) coalesce(max int) {
	first := 0 // the first item that may be dropped
	if q.started {
		first = 1
	}
	for n := q.pending(); n > max; {
		drop := -1
		for i := first; i < len(q.items); i++ {
			if q.items[i].board && q.newerBoard(i) {
				drop = i
				break
			}
		}
		if drop < 0 && n > 2*max && first < len(q.items)-1 {
			drop = first // the oldest reply that has not started, never the newest
		}
		if drop < 0 {
			return
		}
		n -= len(q.items[drop].lines)
		q.items = append(q.items[:drop], q.items[drop+1:]...)
		q.dropped++
	}
}

// newerBoard reports whether a board follows item i in q.
func (q *queue) newerBoard(i int) bool {
	for _, it := range q.items[i+1:] {
		if it.board {
			return true
		}
	}
	return false
}

// next takes the next line to send: one line of the target whose turn it
// is, the notice of dropped replies coming before that target's next
// reply.
//
// A private line whose user is not on the network is dropped (skipped);
// target is then "" with ok true. A protocol line has target "".
func (o *outbox) next() (target, line string, ok bool) {
	l, ok := o.nextLine(true)
	return l.target, l.line, ok
}

// outLine is a line to send: a PRIVMSG's target and text, or a protocol
// line (command).
type outLine struct {
	target, line string
	command      bool
	query        bool // a background query
}

// nextLine is next, telling protocol lines apart; idle says a
// background query may go if nothing else waits.
func (o *outbox) nextLine(idle bool) (outLine, bool) {
	q, line, ok := o.take(idle)
	if !ok || q.command {
		return outLine{line: line, command: q.command, query: q.query}, ok
	}
	if !q.private {
		return outLine{target: q.target, line: line}, true
	}
	to := q.target
	if o.resolve != nil {
		o.mu.Lock()
		fallback := q.fallback
		o.mu.Unlock()
		to = o.resolve(q.target, fallback)
	}
	if to == "" && o.skipped != nil {
		o.skipped(q.target)
	}
	return outLine{target: to, line: line}, true
}

// take pops the next line to send and the queue it came from: a
// background query (in a command queue of its own) only when idle and
// no queue has lines.
func (o *outbox) take(idle bool) (q *queue, line string, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.ring) == 0 {
		if idle && len(o.background) > 0 {
			line, o.background = o.background[0], o.background[1:]
			return &queue{command: true, query: true}, line, true
		}
		return &queue{}, "", false
	}
	key := o.ring[0]
	o.ring = o.ring[1:]
	q = o.queues[key]
	switch {
	case !q.started && q.dropped > 0:
		line = fmt.Sprintf("(%d older replies skipped to stay within the server's flood limits)", q.dropped)
		q.dropped = 0
	default:
		it := &q.items[0]
		line, it.lines = it.lines[0], it.lines[1:]
		q.started = len(it.lines) > 0
		if !q.started {
			q.items = q.items[1:]
		}
	}
	if len(q.items) > 0 || q.dropped > 0 {
		o.ring = append(o.ring, key)
	} else {
		delete(o.queues, key)
	}
	return q, line, true
}

// run sends until ctx is done. It waits for the pacer before it takes a
// line, so the line is chosen when it can go: a reply queued meanwhile
// for another target takes its turn.
func (o *outbox) run(ctx context.Context) {
	for {
		if d := o.pace.wait(time.Now()); d > 0 {
			if !o.sleep(ctx, d) {
				return
			}
			continue
		}
		// A background query leaves most of the budget for a burst of
		// replies: it waits until the debt is below a quarter of it.
		idleIn := o.pace.waitFor(time.Now(), o.pace.budget/4)
		l, ok := o.nextLine(idleIn == 0)
		if !ok {
			var retry <-chan time.Time
			var t *time.Timer
			if idleIn > 0 && o.hasBackground() {
				t = time.NewTimer(idleIn)
				retry = t.C
			}
			select {
			case <-ctx.Done():
				return
			case <-o.wake:
			case <-retry:
			}
			if t != nil {
				t.Stop()
			}
			continue
		}
		switch {
		case l.command:
			o.pace.sent(time.Now(), len(l.line))
			if l.query {
				o.pace.debt += queryPenalty
			}
			if o.sendCommand != nil {
				o.sendCommand(l.line)
			}
		case l.target == "":
			continue // a private line for someone not on the network
		default:
			o.pace.sent(time.Now(), len("PRIVMSG ")+len(l.target)+len(" :")+len(l.line))
			o.send(l.target, l.line)
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// sleep waits d, or until ctx is done (false).
func (o *outbox) sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// hasBackground reports whether background queries wait.
func (o *outbox) hasBackground() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.background) > 0
}

// floodBudget is how far ahead of the line rate the outbox may run: a
// burst of about six lines after a quiet spell (girc's own setting, and
// within what common servers accept without queueing: ngircd takes
// three lines a second, Solanum and InspIRCd about as many in a burst).
const floodBudget = 8 * time.Second

// pacer is the flood limit: each line costs a second plus a second per
// 100 bytes (girc's rule), the cost is paid back as time passes, and a
// line may go while the unpaid cost is within the budget.
type pacer struct {
	budget time.Duration
	debt   time.Duration
	last   time.Time
}

// lineCost is what a line of n bytes adds to the debt.
func lineCost(n int) time.Duration { return time.Second + time.Duration(n)*time.Second/100 }

// settle pays back the time since the last call.
func (p *pacer) settle(now time.Time) {
	if !p.last.IsZero() {
		p.debt = max(0, p.debt-now.Sub(p.last))
	}
	p.last = now
}

// wait is how long to wait, from now, before the next line may go.
func (p *pacer) wait(now time.Time) time.Duration { return p.waitFor(now, p.budget) }

// waitFor is how long to wait, from now, until the debt is within
// budget.
func (p *pacer) waitFor(now time.Time, budget time.Duration) time.Duration {
	p.settle(now)
	return max(0, p.debt-budget)
}

// sent records a line of n bytes sent at now.
func (p *pacer) sent(now time.Time, n int) {
	p.settle(now)
	p.debt += lineCost(n)
}
