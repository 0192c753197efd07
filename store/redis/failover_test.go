package redis_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
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

	perMaster := channelsPerMaster(t, raw, stores[0], "irc:#t", 6)
	victim, replica := victimAndReplica(t, c, perMaster)

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
	promoted, ok := waitPromotion(c, replica, killAt)
	if !ok {
		close(stop)
		wg.Wait()
		t.Fatalf("the replica %s of the killed master %s did not take over within 30 s", replica, victim)
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
	// once its slot map could have been reloaded on schedule (2 s more
	// for a reload that tries the dead node first, and still within
	// failoverSlack).
	time.Sleep(time.Until(killAt.Add(promoted + redisstore.ReloadQuiet + 2*time.Second)))
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

// channelsPerMaster names per channels on each master's slots: prefix
// and a number.
func channelsPerMaster(t *testing.T, raw *goredis.ClusterClient, s *redisstore.Store, prefix string, per int) map[string][]string {
	t.Helper()
	perMaster := map[string][]string{}
	for i := 0; len(perMaster) < 3 || slices.ContainsFunc(mapValues(perMaster), func(chs []string) bool { return len(chs) < per }); i++ {
		ch := fmt.Sprintf("%s%d", prefix, i)
		m, err := raw.MasterForKey(context.Background(), s.Key(ch))
		if err != nil {
			t.Fatalf("the master of %s: %v", ch, err)
		}
		if addr := m.Options().Addr; len(perMaster[addr]) < per {
			perMaster[addr] = append(perMaster[addr], ch)
		}
	}
	return perMaster
}

// victimAndReplica chooses the master to kill (the one of the largest
// address, so that a run is repeatable) and finds its replica.
func victimAndReplica(t *testing.T, c *redistest.Cluster, perMaster map[string][]string) (victim, replica string) {
	t.Helper()
	for m := range perMaster {
		victim = max(victim, m)
	}
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
	return victim, replica
}

// waitPromotion waits until replica serves its dead master's slots in
// every running node's view, for at most 30 s, and says how long after
// killAt it was.
func waitPromotion(c *redistest.Cluster, replica string, killAt time.Time) (time.Duration, bool) {
	for time.Since(killAt) < 30*time.Second {
		if c.Serves(replica) {
			return time.Since(killAt), true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return 0, false
}

func mapValues[K comparable, V any](m map[K]V) []V {
	var vs []V
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

// hostPlayer plays Guess against the AI at one channel through two bot
// processes, each command to the other process than the last.
type hostPlayer struct {
	channel  string // "#h3"; its table's key is "test:#h3"
	user     string
	onVictim bool
	// announced are the player's guesses the channel was told in the
	// game last started; a guess asked and not answered may be stored
	// or not.
	announced   []string
	unavailable int // answers "storage unavailable" after the kill
	games       int // finished, and checked against the stored record
	checked     int // guesses announced and found stored
	wrong       []string

	mu   *sync.Mutex // guards good
	good time.Time   // the first other answer to a command sent after the kill
}

// check compares the guesses announced in the game with the table's
// stored record, if the store answers (the record stays until new):
// they must be among its guesses, in order, each once. A game checked
// is done with.
func (pl *hostPlayer) check(ctx context.Context, s *redisstore.Store) {
	data, _, err := s.Load(ctx, "test:"+pl.channel)
	if err != nil {
		return
	}
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		pl.wrong = append(pl.wrong, fmt.Sprintf("%s: the stored record: %v", pl.channel, err))
		return
	}
	var east []string // the player's guesses; the AI's alternate with them
	for i := 0; i < len(rec.Moves); i += 2 {
		east = append(east, rec.Moves[i])
	}
	if !isSubsequence(pl.announced, east) {
		pl.wrong = append(pl.wrong, fmt.Sprintf("%s: stored guesses %v; want the announced %v among them, in order", pl.channel, east, pl.announced))
	}
	for i, g := range east {
		if slices.Contains(east[:i], g) {
			pl.wrong = append(pl.wrong, fmt.Sprintf("%s: stored guesses %v; want each once", pl.channel, east))
			break
		}
	}
	pl.games++
	pl.checked += len(pl.announced)
	pl.announced = nil
}

// unavailableText is the host's answer when the store fails.
const unavailableText = "Storage unavailable"

func (pl *hostPlayer) play(ctx context.Context, bots [2]*hosttest.Host, s *redisstore.Store, killed func() time.Time, stop <-chan struct{}) {
	state, n := "top", 1
	for turn := 0; ; turn++ {
		select {
		case <-stop:
			return
		case <-time.After(20 * time.Millisecond):
		}
		m := bot.Message{Network: "test", Channel: pl.channel, UserID: "id-" + pl.user, Name: pl.user}
		switch state {
		case "new":
			if len(pl.announced) > 0 {
				pl.check(ctx, s) // before new abandons the game
			}
			m.Text = "!new"
		case "top": // long games: the AI needs about seven guesses
			m.Text = "!guess top 99"
		case "start":
			m.Text = "!guess start ai"
			pl.announced = nil
		case "hide":
			m.Channel, m.Private, m.Addressed, m.Text = "", true, true, pl.channel+" hide 5"
		case "ready":
			m.Text = "!ready"
		case "guess":
			m.Text = fmt.Sprintf("!%d", n)
		}
		kill := killed()
		after := !kill.IsZero() && time.Now().After(kill)
		var out []string
		for _, r := range bots[turn%2].Handle(ctx, m) {
			out = append(out, r.Text)
		}
		reply := strings.Join(out, "\n")
		if strings.Contains(reply, unavailableText) {
			if after {
				pl.unavailable++
			}
			if state == "guess" { // asked: never asked again in this game
				if n++; n > 9 {
					state = "new"
				}
			}
			continue
		}
		if after {
			pl.mu.Lock()
			if pl.good.IsZero() {
				pl.good = time.Now()
			}
			pl.mu.Unlock()
		}
		switch {
		case state == "new":
			state = "top"
		case state == "top":
			state = "start"
		case state == "start" && strings.Contains(reply, "Game on:"):
			state, n = "hide", 1
		case state == "hide" && strings.Contains(reply, "Your number is 5."):
			state = "ready"
		case state == "ready" && strings.Contains(reply, "East is ready."):
			state = "guess"
		case state == "guess" && strings.Contains(reply, fmt.Sprintf("East (%s) plays %d.", pl.user, n)):
			pl.announced = append(pl.announced, strconv.Itoa(n))
			n++
			if strings.Contains(reply, " wins.") || strings.Contains(reply, "Draw.") {
				state = "new"
				pl.check(ctx, s)
			} else if n > 9 {
				state = "new"
			}
		default: // an answer lost earlier left the table elsewhere
			state = "new"
		}
	}
}

// TestClusterFailoverHostAnswersSoonAfterPromotion: two bot processes
// host Guess games against the AI at twelve channels (four on each
// master's slots) of a six-node Cluster, each player's commands going
// to the two processes in turn, and a master is killed with SIGKILL
// mid-play. Every channel on the dead master's slots gets an answer
// other than "Storage unavailable" within failoverSlack of the replica's
// promotion, and every guess a channel was told of is in the stored
// record of its game (read as the game ends, and at the end), in order,
// once.
func TestClusterFailoverHostAnswersSoonAfterPromotion(t *testing.T) {
	c := redistest.StartClusterWithReplicas(t)
	ctx := context.Background()
	raw := goredis.NewClusterClient(&goredis.ClusterOptions{Addrs: c.Addrs})
	defer raw.Close()
	var bots [2]*hosttest.Host
	var stores [2]*redisstore.Store
	for i := range bots {
		s, err := redisstore.Open(redisstore.Options{Addrs: c.Addrs, Prefix: "hostfailover", Timeout: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
		bots[i] = hosttest.Must(hosttest.New(bot.Config{Archive: true}, s, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
		t.Cleanup(bots[i].Close)
	}
	perMaster := channelsPerMaster(t, raw, stores[0], "test:#h", 4)
	victim, replica := victimAndReplica(t, c, perMaster)

	var (
		mu     sync.Mutex
		killAt time.Time // zero until the kill
	)
	killed := func() time.Time { mu.Lock(); defer mu.Unlock(); return killAt }
	stop := make(chan struct{})
	var players []*hostPlayer
	var wg sync.WaitGroup
	for m, keys := range perMaster {
		for i, key := range keys {
			pl := &hostPlayer{channel: strings.TrimPrefix(key, "test:"), user: fmt.Sprintf("u%d", i), onVictim: m == victim, mu: &mu}
			players = append(players, pl)
			wg.Add(1)
			go func() {
				defer wg.Done()
				pl.play(ctx, bots, stores[0], killed, stop)
			}()
		}
	}
	time.Sleep(2 * time.Second) // play before the kill
	mu.Lock()
	c.Kill(t, victim)
	killAt = time.Now()
	mu.Unlock()
	promoted, ok := waitPromotion(c, replica, killAt)
	if !ok {
		close(stop)
		wg.Wait()
		t.Fatalf("the replica %s of the killed master %s did not take over within 30 s", replica, victim)
	}
	deadline := killAt.Add(90 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		answered := !slices.ContainsFunc(players, func(pl *hostPlayer) bool { return pl.good.IsZero() })
		mu.Unlock()
		if answered {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	close(stop)
	wg.Wait()

	var slowest time.Duration
	unavailable := 0
	for _, pl := range players {
		if pl.good.IsZero() {
			t.Errorf("%s: got only %q within %v of the kill; want another answer within %v of the promotion (%v after the kill)",
				pl.channel, unavailableText, deadline.Sub(killAt), failoverSlack, promoted)
			continue
		}
		if pl.onVictim {
			unavailable += pl.unavailable
			slowest = max(slowest, pl.good.Sub(killAt))
		}
	}
	t.Logf("killed master %s; replica %s serving its slots %v after the kill; first answer at a channel on its slots at most %v after the kill; %d answers %q there",
		victim, replica, promoted.Round(time.Millisecond), slowest.Round(time.Millisecond), unavailable, unavailableText)
	if slowest > promoted+failoverSlack {
		t.Errorf("first answer at every channel of the killed master: got %v after the kill; want at most %v (the promotion at %v plus %v)",
			slowest.Round(time.Millisecond), (promoted + failoverSlack).Round(time.Millisecond), promoted.Round(time.Millisecond), failoverSlack)
	}

	// Every guess announced in each channel's last game is stored too.
	checked, games := 0, 0
	for _, pl := range players {
		pl.check(ctx, stores[0])
		checked += pl.checked
		games += pl.games
		for _, w := range pl.wrong {
			t.Error(w)
		}
	}
	t.Logf("%d announced guesses of %d games checked against the stored records", checked, games)
}

// isSubsequence reports whether sub is in seq in order.
func isSubsequence(sub, seq []string) bool {
	i := 0
	for _, s := range seq {
		if i < len(sub) && s == sub[i] {
			i++
		}
	}
	return i == len(sub)
}
