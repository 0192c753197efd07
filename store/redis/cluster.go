package redis

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	goredis "github.com/redis/go-redis/v9"
)

// A Redis Cluster client routes each key by its copy of the cluster's
// slot map. When a master dies, its replica takes over after the
// cluster's node timeout, but a copy made before that still names the
// dead master, and every call for its slots dials the dead address until
// the copy is made again. go-redis does that on a MOVED answer (which a
// dead node never gives) and on the first call a minute after the last
// time. So the store keeps the copy fresh itself:
//
//   - a call that could not reach a node (refused, reset, timed out) or
//     that the cluster refused for its topology (CLUSTERDOWN, TRYAGAIN,
//     MASTERDOWN, READONLY, LOADING, MOVED, ASK) reloads the slot map at
//     once, and then every reloadEvery for reloadFor after the last such
//     call, so that the map names the replica within reloadEvery of its
//     promotion;
//   - and every reloadQuiet in any case, so that a process nobody used
//     while the master died has the new map by the time a player asks.
//
// A reload is one CLUSTER SLOTS to one node that answers; go-redis runs
// one at a time and folds the requests that arrive meanwhile into the
// next.
const (
	reloadEvery = 500 * time.Millisecond
	reloadFor   = 30 * time.Second
	reloadQuiet = 2 * time.Second
)

// reloader reloads a Cluster client's slot map on a schedule, and at
// once and more often while calls fail for the cluster's topology.
type reloader struct {
	client *goredis.ClusterClient
	log    func() *slog.Logger
	wake   chan struct{} // a call failed: reload now, and keep reloading
	quit   chan struct{}
	stop   sync.Once
	done   sync.WaitGroup
}

// watchCluster hooks client so that a call that fails for the cluster's
// topology reloads its slot map, and starts the reloading; close ends it.
func watchCluster(client *goredis.ClusterClient, log func() *slog.Logger) *reloader {
	r := &reloader{client: client, log: log, wake: make(chan struct{}, 1), quit: make(chan struct{})}
	client.AddHook(reloadHook{r})
	r.done.Add(1)
	go r.run()
	return r
}

// failed tells the reloader that a call failed with err, if err says a
// node could not be reached or the cluster has changed.
func (r *reloader) failed(err error) {
	if !topologyError(err) {
		return
	}
	select {
	case r.wake <- struct{}{}:
	default: // a reload is already asked for
	}
}

// run reloads the slot map at each failure, every reloadEvery until
// reloadFor has passed without one, and every reloadQuiet otherwise.
func (r *reloader) run() {
	defer r.done.Done()
	timer := time.NewTimer(reloadQuiet)
	defer timer.Stop()
	var until time.Time // reload every reloadEvery until then
	for {
		select {
		case <-r.quit:
			return
		case <-r.wake:
			if until.IsZero() {
				r.log().Warn("redis cluster: a node could not be reached or the cluster changed; reloading the slot map until calls succeed again",
					"every", reloadEvery, "for", reloadFor)
			}
			until = time.Now().Add(reloadFor)
		case <-timer.C:
			if !until.IsZero() && time.Now().After(until) {
				r.log().Info("redis cluster: no call failed for a while; reloading the slot map at the usual pace",
					"for", reloadFor, "every", reloadQuiet)
				until = time.Time{}
			}
		}
		// Asynchronous: it only asks go-redis to reload.
		r.client.ReloadState(context.Background())
		if until.IsZero() {
			timer.Reset(reloadQuiet)
		} else {
			timer.Reset(reloadEvery)
		}
	}
}

// close stops the reloading.
func (r *reloader) close() {
	r.stop.Do(func() { close(r.quit) })
	r.done.Wait()
}

// topologyError reports whether err says a node could not be reached or
// the cluster's slots have moved: any failure that is not Redis's own
// answer (a refused or reset connection, a timeout, a dial that failed),
// and the answers of a cluster in change. A caller that gave up, a
// closed client and every other answer of Redis are not.
func topologyError(err error) bool {
	switch {
	case err == nil, errors.Is(err, goredis.Nil), errors.Is(err, context.Canceled), errors.Is(err, goredis.ErrClosed):
		return false
	}
	var answer goredis.Error
	if !errors.As(err, &answer) {
		return true
	}
	for _, prefix := range []string{"CLUSTERDOWN", "TRYAGAIN", "MASTERDOWN", "READONLY", "MOVED", "ASK", "LOADING"} {
		if goredis.HasErrorPrefix(answer, prefix) {
			return true
		}
	}
	return false
}

// reloadHook passes each call's failure to the reloader.
type reloadHook struct{ r *reloader }

func (h reloadHook) DialHook(next goredis.DialHook) goredis.DialHook { return next }

func (h reloadHook) ProcessHook(next goredis.ProcessHook) goredis.ProcessHook {
	return func(ctx context.Context, cmd goredis.Cmder) error {
		err := next(ctx, cmd)
		h.r.failed(err)
		return err
	}
}

func (h reloadHook) ProcessPipelineHook(next goredis.ProcessPipelineHook) goredis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []goredis.Cmder) error {
		err := next(ctx, cmds)
		h.r.failed(err)
		for _, cmd := range cmds {
			h.r.failed(cmd.Err())
		}
		return err
	}
}
