package redis_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	goredis "github.com/redis/go-redis/v9"
)

// The store sends Load and Save in pipelines from a few workers
// (pipeline.go). These tests hold it to the Store contract under many
// callers at once, on one server and on a Cluster, where one batch holds
// keys of different slots on different nodes.

// pipelineEnv is a Redis deployment for the pipeline tests.
type pipelineEnv struct {
	// open returns a store with a fresh prefix and the given timeout.
	open func(t *testing.T, timeout time.Duration) *redisstore.Store
	// each runs fn on every server that holds keys.
	each func(ctx context.Context, fn func(ctx context.Context, c *goredis.Client) error) error
	// hooked returns a store on a client that tells pipes what it sends.
	hooked func(t *testing.T, pipes *pipeHook) *redisstore.Store
}

// pipeHook counts what a client sends: commands alone and pipelines, and
// the largest pipeline.
type pipeHook struct {
	alone, pipelines, largest atomic.Int64
}

func (h *pipeHook) DialHook(next goredis.DialHook) goredis.DialHook { return next }

func (h *pipeHook) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return func(ctx context.Context, cmd goredis.Cmder) error {
		h.alone.Add(1)
		return next(ctx, cmd)
	}
}

func (h *pipeHook) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []goredis.Cmder) error {
		h.pipelines.Add(1)
		for n := int64(len(cmds)); ; {
			old := h.largest.Load()
			if n <= old || h.largest.CompareAndSwap(old, n) {
				break
			}
		}
		return next(ctx, cmds)
	}
}

var pipelinePrefixes atomic.Int64

func prefix(kind string) string {
	return fmt.Sprintf("pipe-%s-%d-%d", kind, time.Now().UnixNano(), pipelinePrefixes.Add(1))
}

func TestPipeline(t *testing.T) {
	url := redistest.URL(t)
	opts, err := goredis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	raw := goredis.NewClient(opts)
	defer raw.Close()
	runPipeline(t, pipelineEnv{
		open: func(t *testing.T, timeout time.Duration) *redisstore.Store {
			s, err := redisstore.Open(redisstore.Options{URL: url, Prefix: prefix("one"), DoneTTL: time.Hour, Timeout: timeout})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		each: func(ctx context.Context, fn func(context.Context, *goredis.Client) error) error { return fn(ctx, raw) },
		hooked: func(t *testing.T, pipes *pipeHook) *redisstore.Store {
			c := goredis.NewClient(opts)
			c.AddHook(pipes)
			s := redisstore.New(c, prefix("one"), time.Hour)
			t.Cleanup(func() { s.Close() })
			return s
		},
	})
}

func TestPipelineCluster(t *testing.T) {
	c := redistest.StartCluster(t)
	raw := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
	defer raw.Close()
	runPipeline(t, pipelineEnv{
		open: func(t *testing.T, timeout time.Duration) *redisstore.Store {
			s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: prefix("cluster"), DoneTTL: time.Hour, Timeout: timeout})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		},
		each: func(ctx context.Context, fn func(context.Context, *goredis.Client) error) error {
			return raw.ForEachMaster(ctx, fn)
		},
		hooked: func(t *testing.T, pipes *pipeHook) *redisstore.Store {
			c := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
			c.AddHook(pipes)
			s := redisstore.New(c, prefix("cluster"), time.Hour)
			t.Cleanup(func() { s.Close() })
			return s
		},
	})
}

func runPipeline(t *testing.T, env pipelineEnv) {
	t.Run("ManyCallers", func(t *testing.T) { pipelineManyCallers(t, env) })
	t.Run("CancelledContext", func(t *testing.T) { pipelineCancelled(t, env) })
	t.Run("CloseWhileWaiting", func(t *testing.T) { pipelineClose(t, env) })
	t.Run("ScriptFlushed", func(t *testing.T) { pipelineScriptFlushed(t, env) })
}

// callers is how many goroutines call the store at once.
const callers = 500

// pipelineManyCallers: 500 goroutines at once, each saving and loading
// its own key and all racing on one shared key. Each gets its own
// reply: its own key's versions go 1, 2, 3, … with its own bytes; on the
// shared key each version has exactly one winner, whose save returned
// the version it loaded plus one, and every load saw the bytes of that
// version's winner. The calls did share pipelines (else this proves
// nothing of them).
func pipelineManyCallers(t *testing.T, env pipelineEnv) {
	ctx := context.Background()
	pipes := &pipeHook{}
	s := env.hooked(t, pipes)
	const own, rounds = 4, 3
	const hot = "irc:#hot"
	var mu sync.Mutex
	type winner struct {
		version uint64
		data    string
	}
	winners := map[uint64]winner{} // shared key: save number -> the version and bytes saved
	seen := map[uint64][]string{}  // shared key: version -> the bytes loads returned
	var conflicts atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, callers*(own*3+rounds*2))
	for g := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := fmt.Sprintf("irc:#own%d", g)
			var prev uint64
			for n := uint64(1); n <= own; n++ {
				data := fmt.Sprintf("caller %d save %d", g, n)
				v, err := s.Save(ctx, key, []byte(data), prev, false)
				if err != nil || bot.VersionSeq(v) != n {
					errs <- fmt.Errorf("Save %s at %d: got %d (save %d), %v; want save %d", key, prev, v, bot.VersionSeq(v), err, n)
					return
				}
				back, bv, err := s.Load(ctx, key)
				if err != nil || bv != v || string(back) != data {
					errs <- fmt.Errorf("Load %s: got %q, %d, %v; want %q, %d", key, back, bv, err, data, v)
					return
				}
				if n > 1 {
					if _, err := s.Save(ctx, key, []byte("stale"), prev, false); !errors.Is(err, bot.ErrConflict) {
						errs <- fmt.Errorf("Save %s at stale version %d: got %v; want ErrConflict", key, prev, err)
						return
					}
				}
				prev = v
			}
			for r := range rounds {
				data, v, err := s.Load(ctx, hot)
				if errors.Is(err, bot.ErrNotFound) {
					data, v, err = nil, 0, nil
				}
				if err != nil {
					errs <- fmt.Errorf("Load %s: %v", hot, err)
					return
				}
				mine := fmt.Sprintf("caller %d round %d", g, r)
				n, err := s.Save(ctx, hot, []byte(mine), v, false)
				mu.Lock()
				if v > 0 {
					seen[v] = append(seen[v], string(data))
				}
				switch {
				case errors.Is(err, bot.ErrConflict):
					conflicts.Add(1)
				case err != nil:
					errs <- fmt.Errorf("Save %s at %d: %v", hot, v, err)
				case bot.VersionSeq(n) != bot.VersionSeq(v)+1:
					errs <- fmt.Errorf("Save %s at %d (save %d): got version %d (save %d); want the next save", hot, v, bot.VersionSeq(v), n, bot.VersionSeq(n))
				case winners[bot.VersionSeq(n)].data != "":
					errs <- fmt.Errorf("Save %s: save %d won twice: by %q and %q", hot, bot.VersionSeq(n), winners[bot.VersionSeq(n)].data, mine)
				default:
					winners[bot.VersionSeq(n)] = winner{n, mine}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	data, final, err := s.Load(ctx, hot)
	if err != nil {
		t.Fatal(err)
	}
	saves := bot.VersionSeq(final)
	if got := uint64(len(winners)); got != saves {
		t.Errorf("shared key: got %d winning saves; want %d, the saves its version counts", got, saves)
	}
	for n := uint64(1); n <= saves; n++ {
		if winners[n].data == "" {
			t.Errorf("shared key: save %d has no winner", n)
		}
	}
	if w := winners[saves]; string(data) != w.data || final != w.version {
		t.Errorf("shared key holds %q at %d; want %q at %d, the last winner's", data, final, w.data, w.version)
	}
	for v, datas := range seen {
		w := winners[bot.VersionSeq(v)]
		for _, d := range datas {
			if d != w.data || v != w.version {
				t.Errorf("a load of the shared key at version %d: got %q; want %q at %d", v, d, w.data, w.version)
			}
		}
	}
	t.Logf("shared key: %d saves, %d conflicts", saves, conflicts.Load())
	t.Logf("sent: %d commands alone, %d pipelines, the largest of %d", pipes.alone.Load(), pipes.pipelines.Load(), pipes.largest.Load())
	if pipes.largest.Load() < 2 {
		t.Errorf("the largest pipeline: got %d commands; want calls to share pipelines", pipes.largest.Load())
	}
}

// pause stops every server answering commands for d (CLIENT PAUSE), and
// lets them go when the test ends.
func pause(t *testing.T, env pipelineEnv, d time.Duration) {
	t.Helper()
	ctx := context.Background()
	err := env.each(ctx, func(ctx context.Context, c *goredis.Client) error {
		return c.Do(ctx, "client", "pause", d.Milliseconds(), "all").Err()
	})
	if err != nil {
		t.Fatalf("CLIENT PAUSE: %v", err)
	}
	t.Cleanup(func() {
		_ = env.each(ctx, func(ctx context.Context, c *goredis.Client) error {
			return c.Do(ctx, "client", "unpause").Err()
		})
	})
}

// pipelineCancelled: a call whose context is cancelled returns the
// context's error, whether it was cancelled before the call (then it is
// never sent) or while its pipeline waits for a server that does not
// answer.
func pipelineCancelled(t *testing.T, env pipelineEnv) {
	s := env.open(t, 10*time.Second)
	ctx := context.Background()
	v1, err := s.Save(ctx, "irc:#c", []byte("x"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, _, err := s.Load(done, "irc:#c"); !errors.Is(err, context.Canceled) {
		t.Errorf("Load with a cancelled context: got %v; want context.Canceled", err)
	}
	for range 50 {
		if _, err := s.Save(done, "irc:#c", []byte("y"), v1, false); !errors.Is(err, context.Canceled) {
			t.Fatalf("Save with a cancelled context: got %v; want context.Canceled", err)
		}
	}
	// None of them reached Redis.
	if data, v, err := s.Load(ctx, "irc:#c"); err != nil || v != v1 || string(data) != "x" {
		t.Errorf("Load after saves with a cancelled context: got %q, %d, %v; want \"x\", %d", data, v, err, v1)
	}

	pause(t, env, 3*time.Second)
	type result struct {
		what string
		err  error
	}
	results := make(chan result, 2)
	cctx, cancel := context.WithCancel(ctx)
	go func() {
		_, _, err := s.Load(cctx, "irc:#c")
		results <- result{"Load", err}
	}()
	go func() {
		_, err := s.Save(cctx, "irc:#c", []byte("y"), 1, false)
		results <- result{"Save", err}
	}()
	time.Sleep(100 * time.Millisecond) // the calls are sent, the server paused
	cancel()
	for range 2 {
		select {
		case r := <-results:
			if !errors.Is(r.err, context.Canceled) {
				t.Errorf("%s cancelled while the server is paused: got %v; want context.Canceled", r.what, r.err)
			}
		case <-time.After(2 * time.Second):
			t.Fatal("a call still waits 2s after its context was cancelled, the server paused for 3s")
		}
	}
}

// pipelineClose: Close while calls wait for a paused server fails them
// all, returns once the workers have stopped, and leaves no goroutine.
func pipelineClose(t *testing.T, env pipelineEnv) {
	ctx := context.Background()
	before := runtime.NumGoroutine()
	s := env.open(t, 10*time.Second)
	if _, err := s.Save(ctx, "irc:#w", []byte("x"), 0, false); err != nil {
		t.Fatal(err)
	}
	pause(t, env, time.Second)
	const waiting = 100
	errs := make(chan error, waiting)
	for i := range waiting {
		go func() {
			if i%2 == 0 {
				_, _, err := s.Load(ctx, "irc:#w")
				errs <- err
			} else {
				_, err := s.Save(ctx, fmt.Sprintf("irc:#w%d", i), []byte("y"), 0, false)
				errs <- err
			}
		}()
	}
	time.Sleep(100 * time.Millisecond) // the calls are queued or sent
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	for range waiting {
		select {
		case err := <-errs:
			if err == nil {
				t.Errorf("a call waiting when the store closed: got no error; want one")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("a call still waits 5s after Close")
		}
	}
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close still waits after 5s")
	}
	if _, _, err := s.Load(ctx, "irc:#w"); err == nil {
		t.Errorf("Load after Close: got no error; want one")
	}
	// The store's goroutines end with it (polled: an ended goroutine
	// leaves the count a moment later).
	var now int
	for range 100 {
		if now = runtime.NumGoroutine(); now <= before {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	buf := make([]byte, 1<<20)
	t.Errorf("goroutines: got %d after Close; want at most %d, as before Open\n%s", now, before, buf[:runtime.Stack(buf, true)])
}

// pipelineScriptFlushed: after SCRIPT FLUSH the servers no longer know
// the compare-and-set script; a Save finds that out (NOSCRIPT) and loads
// it again, alone or with many in one pipeline.
func pipelineScriptFlushed(t *testing.T, env pipelineEnv) {
	ctx := context.Background()
	s := env.open(t, 10*time.Second)
	flush := func() {
		t.Helper()
		if err := env.each(ctx, func(ctx context.Context, c *goredis.Client) error { return c.ScriptFlush(ctx).Err() }); err != nil {
			t.Fatalf("SCRIPT FLUSH: %v", err)
		}
	}
	v1, err := s.Save(ctx, "irc:#f", []byte("one"), 0, false)
	if err != nil {
		t.Fatal(err)
	}
	flush()
	if v, err := s.Save(ctx, "irc:#f", []byte("two"), v1, false); err != nil || bot.VersionSeq(v) != 2 {
		t.Fatalf("Save after SCRIPT FLUSH: got %d (save %d), %v; want the second save", v, bot.VersionSeq(v), err)
	}
	if _, err := s.Save(ctx, "irc:#f", []byte("stale"), v1, false); !errors.Is(err, bot.ErrConflict) {
		t.Errorf("Save at a stale version after SCRIPT FLUSH: got %v; want ErrConflict", err)
	}
	flush()
	var wg sync.WaitGroup
	const many = 200
	errs := make(chan error, many)
	for i := range many {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := fmt.Sprintf("irc:#f%d", i)
			v1, err := s.Save(ctx, key, []byte(key), 0, false)
			if err != nil || bot.VersionSeq(v1) != 1 {
				errs <- fmt.Errorf("Save %s after SCRIPT FLUSH: got %d, %v; want a first save", key, v1, err)
				return
			}
			if data, v, err := s.Load(ctx, key); err != nil || v != v1 || string(data) != key {
				errs <- fmt.Errorf("Load %s: got %q, %d, %v; want %q, %d", key, data, v, err, key, v1)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
