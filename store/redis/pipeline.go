package redis

import (
	"context"
	"errors"
	"sync"

	goredis "github.com/redis/go-redis/v9"
)

// pipeliners is how many pipelines may be in flight at once. Each holds
// one connection for a write and a read; while they are out, the calls
// that arrive queue up and leave together in the next one. Many small
// pipelines serve better than a few large ones: a large batch wakes its
// callers all at once, and the last of them waits for the others' work
// (BenchmarkCommandPath: with 4, p99 12 ms at 100 commands in flight;
// with 16, 7 ms, and 40 % more commands a second).
const pipeliners = 16

// maxBatch bounds one pipeline, so that a burst does not make one reply
// wait for thousands of others.
const maxBatch = 256

// errClosed: the store was closed while a call waited to be sent.
var errClosed = errors.New("redis store: closed")

// batcher sends the hot path's commands (a record's load and its
// compare-and-set save) in pipelines: every call waiting when a pipeliner
// is free goes in one round trip, one write and one read on one
// connection. A lone call leaves at once, alone; under load, calls share
// round trips, and Redis and this process spend a system call on many
// commands instead of one each. Each call keeps its own reply and error.
type batcher struct {
	client  goredis.UniversalClient
	bound   func(context.Context) (context.Context, context.CancelFunc)
	calls   chan *call
	quit    chan struct{}
	start   sync.Once
	stop    sync.Once
	workers sync.WaitGroup
}

// call is one command waiting for its pipeline; done is closed when its
// reply (or error) is in cmd.
type call struct {
	ctx  context.Context
	cmd  goredis.Cmder
	done chan struct{}
}

func newBatcher(client goredis.UniversalClient, bound func(context.Context) (context.Context, context.CancelFunc)) *batcher {
	return &batcher{client: client, bound: bound, calls: make(chan *call, maxBatch), quit: make(chan struct{})}
}

// do sends cmd in the next pipeline and waits for its reply, or for ctx.
// A call abandoned by its context may still reach Redis, as any command
// written before a timeout may.
func (b *batcher) do(ctx context.Context, cmd goredis.Cmder) error {
	b.start.Do(func() {
		for range pipeliners {
			b.workers.Add(1)
			go b.work()
		}
	})
	if err := ctx.Err(); err != nil {
		return err // never sent: a canceled save does not happen
	}
	c := &call{ctx: ctx, cmd: atMostOnce(cmd), done: make(chan struct{})}
	select {
	case b.calls <- c:
	case <-b.quit:
		return errClosed
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case <-c.done:
		return cmd.Err()
	case <-ctx.Done():
		return ctx.Err()
	case <-b.quit:
		return errClosed
	}
}

// work sends pipelines until the store closes: it waits for one call,
// takes every other call already waiting (up to maxBatch), and sends
// them together.
func (b *batcher) work() {
	defer b.workers.Done()
	batch := make([]*call, 0, maxBatch)
	for {
		batch = batch[:0]
		select {
		case c := <-b.calls:
			batch = append(batch, c)
		case <-b.quit:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case c := <-b.calls:
				batch = append(batch, c)
			default:
				break more
			}
		}
		b.send(batch)
	}
}

// send runs one pipeline; each command's own reply or error stays in it.
// A call whose context ended while it waited is not sent.
func (b *batcher) send(batch []*call) {
	ctx, cancel := b.bound(context.Background())
	defer cancel()
	live := batch[:0] // in place: it writes no further than it has read
	for _, c := range batch {
		if err := c.ctx.Err(); err != nil {
			c.cmd.SetErr(err)
			close(c.done)
			continue
		}
		live = append(live, c)
	}
	batch = live
	if len(batch) == 0 {
		return
	}
	if len(batch) == 1 {
		// Alone: an ordinary round trip, without the pipeline's
		// bookkeeping.
		_ = b.client.Process(ctx, batch[0].cmd)
	} else {
		_, _ = b.client.Pipelined(ctx, func(p goredis.Pipeliner) error {
			for _, c := range batch {
				_ = p.Process(ctx, c.cmd)
			}
			return nil
		})
	}
	for _, c := range batch {
		close(c.done)
	}
}

// atMostOnce returns cmd as go-redis must send it: a read as it is, a
// write (the compare-and-set) so that go-redis never sends it a second
// time. go-redis resends a command whose connection broke after it was
// written, and a Cluster client resends it to the new master once the
// slot map names it; a compare-and-set that had landed the first time
// would then answer "conflict" for a save that happened, and the caller
// would run its command again on a record that has it. Sent once, its
// lost answer is an error, whose outcome the caller treats as unknown.
// A write whose dial failed is not resent either: it fails as in any
// outage, and the next call goes where the reloaded slot map says
// (cluster.go). go-redis still follows MOVED and ASK, which Redis
// answers without running the command.
func atMostOnce(cmd goredis.Cmder) goredis.Cmder {
	if cmd.Name() == "hmget" {
		return cmd
	}
	return sentOnce{cmd}
}

// sentOnce is a command go-redis does not retry; everything else is the
// command's own (its reply and error land in it).
type sentOnce struct{ goredis.Cmder }

func (sentOnce) NoRetry() bool { return true }

// close stops the pipeliners; calls still waiting to be sent fail.
func (b *batcher) close() {
	b.stop.Do(func() { close(b.quit) })
	b.workers.Wait()
}
