package redis_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	goredis "github.com/redis/go-redis/v9"
)

// failoverSlack is how long after the cluster's own failover (the
// replica promoted and every node reporting cluster_state:ok) a channel
// on the dead master's slots may go on answering "storage unavailable".
const failoverSlack = 5 * time.Second

// failoverPlayer is one bot process's play at one channel: it loads the
// record, appends a ply of its own and saves it at the loaded version,
// over and over. A ply whose save was acknowledged is acked; one whose
// save failed or conflicted may or may not be stored (the outcome of a
// write whose answer was lost is unknown, and a conflict may answer a
// resent write that had landed).
type failoverPlayer struct {
	channel  string
	process  int
	onVictim bool // the channel's key is on the master that is killed
	acked    []string
	maybe    []string
	failed   int // loads and saves refused after the kill

	mu   *sync.Mutex // guards good
	good time.Time   // the first acknowledged save begun after the kill
}

// TestClusterFailoverAnswersSoonAfterPromotion: two bot processes play
// 18 channels (six on each master's slots) on a six-node Cluster (three
// masters, a replica each, node timeout 2 s) and a master is killed
// with SIGKILL mid-play. The replica takes over; every channel whose key
// lived on the dead master answers again (a load and a save that both
// succeed) within failoverSlack of the promotion, not when the client's
// periodic slot-map reload comes round; a third process, unused from
// before the kill until after the promotion, answers its first call
// then; and every ply a save
// acknowledged, before or after the kill, is stored exactly once, and
// nothing is stored that no save attempted.
func TestClusterFailoverAnswersSoonAfterPromotion(t *testing.T) {
	c := redistest.StartClusterWithReplicas(t)
	ctx := context.Background()
	raw := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
	defer raw.Close()

	// Two processes play; a third is used only before the kill and
	// again a while after the promotion (a quiet bot's process).
	var stores [3]*redisstore.Store
	for i := range stores {
		s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: "failover", Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	quiet := stores[2]

	// Six channels on each master.
	masterOf := func(channel string) string {
		m, err := raw.MasterForKey(ctx, stores[0].Key(channel))
		if err != nil {
			t.Fatalf("the master of %s: %v", channel, err)
		}
		return m.Options().Addr
	}
	perMaster := map[string][]string{}
	for i := 0; len(perMaster) < 3 || slices.ContainsFunc(mapValues(perMaster), func(chs []string) bool { return len(chs) < 6 }); i++ {
		ch := fmt.Sprintf("irc:#t%d", i)
		if m := masterOf(ch); len(perMaster[m]) < 6 {
			perMaster[m] = append(perMaster[m], ch)
		}
	}
	var victim string
	for m := range perMaster {
		victim = max(victim, m) // any one; the largest, so a run is repeatable
	}
	var replica string
	nodes := c.Nodes(t)
	for _, n := range nodes {
		if n.Addr == victim {
			for _, r := range nodes {
				if r.Master == n.ID {
					replica = r.Addr
				}
			}
		}
	}
	if replica == "" {
		t.Fatalf("cluster nodes: got no replica of %s in %+v", victim, nodes)
	}

	var (
		mu     sync.Mutex
		killAt time.Time // zero until the kill
	)
	killed := func() time.Time { mu.Lock(); defer mu.Unlock(); return killAt }
	stop := make(chan struct{})
	var players []*failoverPlayer
	var wg sync.WaitGroup
	for m, chs := range perMaster {
		for _, ch := range chs {
			for p := range 2 {
				pl := &failoverPlayer{channel: ch, process: p, onVictim: m == victim, mu: &mu}
				players = append(players, pl)
				wg.Add(1)
				go func() {
					defer wg.Done()
					pl.play(ctx, stores[p], killed, stop)
				}()
			}
		}
	}

	time.Sleep(time.Second) // play before the kill
	for _, ch := range perMaster[victim] {
		if _, _, err := quiet.Load(ctx, ch); err != nil {
			t.Fatalf("quiet process: Load %s before the kill: %v", ch, err)
		}
	}
	mu.Lock()
	c.Kill(t, victim)
	killAt = time.Now()
	mu.Unlock()
	var promoted time.Duration
	for promoted == 0 {
		if c.Serves(replica) {
			promoted = time.Since(killAt)
			break
		}
		if time.Since(killAt) > 30*time.Second {
			close(stop)
			wg.Wait()
			t.Fatalf("the replica %s of the killed master %s did not take over within 30 s", replica, victim)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// Play on until every channel of the dead master has answered, and a
	// little after; or until far past the slack, to measure how late.
	deadline := killAt.Add(90 * time.Second)
	for time.Now().Before(deadline) {
		answered := true
		mu.Lock()
		for _, pl := range players {
			if pl.good.IsZero() {
				answered = false
			}
		}
		mu.Unlock()
		if answered {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The quiet process's first call after the promotion is answered,
	// once its slot map could have been reloaded on schedule.
	time.Sleep(time.Until(killAt.Add(promoted + redisstore.ReloadQuiet + time.Second)))
	for _, ch := range perMaster[victim] {
		if _, _, err := quiet.Load(ctx, ch); err != nil {
			t.Errorf("quiet process: Load %s, its first call %v after the promotion: got %v; want the record",
				ch, time.Since(killAt)-promoted, err)
		}
	}
	close(stop)
	wg.Wait()

	var slowest, slowestElsewhere time.Duration
	failed := 0
	for _, pl := range players {
		if !pl.onVictim {
			if !pl.good.IsZero() {
				slowestElsewhere = max(slowestElsewhere, pl.good.Sub(killAt))
			}
			if pl.good.IsZero() {
				t.Errorf("%s, process %d (on a master still running): got no good answer after the kill", pl.channel, pl.process)
			}
			continue
		}
		if pl.good.IsZero() {
			t.Errorf("%s, process %d: got no good answer within %v of the kill; want one within %v of the promotion (%v after the kill)",
				pl.channel, pl.process, deadline.Sub(killAt), failoverSlack, promoted)
			continue
		}
		failed += pl.failed
		slowest = max(slowest, pl.good.Sub(killAt))
	}
	t.Logf("killed master %s; replica %s serving its slots %v after the kill (node timeout %v); first good answer at a channel on its slots at most %v after the kill (%v at the other channels); %d refused loads and saves there",
		victim, replica, promoted.Round(time.Millisecond), redistest.NodeTimeout, slowest.Round(time.Millisecond), slowestElsewhere.Round(time.Millisecond), failed)
	if slowest > promoted+failoverSlack {
		t.Errorf("first good answer at every channel of the killed master: got %v after the kill; want at most %v (the promotion at %v plus %v)",
			slowest.Round(time.Millisecond), (promoted + failoverSlack).Round(time.Millisecond), promoted.Round(time.Millisecond), failoverSlack)
	}

	// Every acknowledged ply is stored once; nothing else is stored.
	total := 0
	for _, chs := range perMaster {
		for _, ch := range chs {
			data, _, err := stores[0].Load(ctx, ch)
			if err != nil {
				t.Fatalf("Load %s after the failover: %v", ch, err)
			}
			stored := map[string]int{}
			for _, ply := range strings.Fields(string(data)) {
				stored[ply]++
			}
			for _, pl := range players {
				if pl.channel != ch {
					continue
				}
				for _, ply := range pl.acked {
					if stored[ply] != 1 {
						t.Errorf("%s: acknowledged ply %s stored %d times; want once", ch, ply, stored[ply])
					}
					delete(stored, ply)
					total++
				}
				for _, ply := range pl.maybe {
					if stored[ply] > 1 {
						t.Errorf("%s: ply %s (outcome unknown) stored %d times; want at most once", ch, ply, stored[ply])
					}
					delete(stored, ply)
				}
			}
			for ply, n := range stored {
				t.Errorf("%s: ply %s stored %d times; want none: no save of it was attempted", ch, ply, n)
			}
		}
	}
	t.Logf("%d acknowledged plies on %d channels, each stored once", total, len(players)/2)
}

// play plays until stop.
func (pl *failoverPlayer) play(ctx context.Context, s *redisstore.Store, killed func() time.Time, stop <-chan struct{}) {
	for n := 0; ; n++ {
		select {
		case <-stop:
			return
		case <-time.After(10 * time.Millisecond):
		}
		began := time.Now()
		kill := killed()
		after := !kill.IsZero() && began.After(kill)
		data, v, err := s.Load(ctx, pl.channel)
		if errors.Is(err, bot.ErrNotFound) {
			data, v, err = nil, 0, nil
		}
		if err != nil {
			if after {
				pl.failed++
			}
			continue
		}
		ply := fmt.Sprintf("p%d.%d", pl.process, n)
		_, err = s.Save(ctx, pl.channel, append(data, ply+" "...), v, false)
		switch {
		case err == nil:
			pl.acked = append(pl.acked, ply)
			if after {
				pl.mu.Lock()
				if pl.good.IsZero() {
					pl.good = time.Now()
				}
				pl.mu.Unlock()
			}
		case errors.Is(err, bot.ErrConflict):
			pl.maybe = append(pl.maybe, ply)
		default:
			pl.maybe = append(pl.maybe, ply)
			if after {
				pl.failed++
			}
		}
	}
}

func mapValues[K comparable, V any](m map[K]V) []V {
	var vs []V
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}
