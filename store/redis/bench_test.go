package redis_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	redisstore "github.com/ataxxbot/ataxxbot/store/redis"
	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
)

// channelPlayer plays one channel's games through the bot, two people
// taking turns with random legal moves; it knows the position so that
// every command it sends is a real move.
type channelPlayer struct {
	b       *hosttest.Host
	channel string
	pos     ataxx.Position
	rng     *rand.Rand
	games   int
	maxRec  int
	store   *redisstore.Store
	// lat is how long each command took, from the message to its
	// replies, since the last resetLatency.
	lat []time.Duration
}

func (c *channelPlayer) say(user, text string) []bot.Reply {
	t0 := time.Now()
	rs := c.b.Handle(context.Background(), bot.Message{Network: "bench", Channel: c.channel, UserID: user, Name: user, Text: "!" + text})
	c.lat = append(c.lat, time.Since(t0))
	return rs
}

func (c *channelPlayer) newGame(tb testing.TB) {
	c.say("alice", "ataxx new")
	// A rematch keeps both players seated, so start begins it at once;
	// the first game waits for bob to join.
	rs := c.say("alice", "ataxx start")
	if !strings.Contains(fmt.Sprint(rs), "Game on") {
		rs = c.say("bob", "ataxx join")
	}
	if !strings.Contains(fmt.Sprint(rs), "Game on") {
		tb.Fatalf("%s: the game did not begin: %v", c.channel, rs)
	}
	c.pos = ataxx.NewPosition()
}

// step sends one move command: parse, load, apply, save, render.
func (c *channelPlayer) step(tb testing.TB) {
	moves := c.pos.LegalMoves()
	m := moves[c.rng.IntN(len(moves))]
	user := "alice"
	if c.pos.Turn() == ataxx.Blue {
		user = "bob"
	}
	rs := c.say(user, "move "+m.String())
	if len(rs) == 0 || rs[0].Error {
		tb.Fatalf("%s: move %v at %s: %v", c.channel, m, c.pos.FEN(), rs)
	}
	c.pos.MakeMove(m)
	if c.pos.IsOver() {
		data, _, err := c.store.Load(context.Background(), "bench:"+c.channel)
		if err == nil {
			c.maxRec = max(c.maxRec, len(data))
		}
		c.games++
		c.newGame(tb)
	}
}

func newPlayers(tb testing.TB, s *redisstore.Store, n int) []*channelPlayer {
	b := hosttest.Must(hosttest.New(bot.Config{}, s, nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
	ps := make([]*channelPlayer, n)
	for i := range ps {
		ps[i] = &channelPlayer{b: b, channel: "#c" + strconv.Itoa(i), rng: rand.New(rand.NewPCG(uint64(i), 1)), store: s}
		ps[i].newGame(tb)
	}
	return ps
}

// BenchmarkCommandPath measures whole commands (parse, load from Redis,
// apply, compare-and-set save, render) over 1,000 channels played at once
// (1,000 commands in flight) and over 100, each channel two people taking
// turns with random legal moves and starting a new game when one ends.
// An op is one move; commands/s and the latencies count every command
// (the moves and each new game's new, start and join). Beside them, in
// the same run and on the same server, redis-benchmark's GET with 100
// clients: the reference the command path is measured against
// (ratio-to-GET). The server runs as in production (append-only file,
// fsync every second) unless REDIS_URL names another.
func BenchmarkCommandPath(b *testing.B) {
	url := benchServerURL(b)
	getPerSec := redisBenchmarkGET(b, url)
	for _, channels := range []int{1000, 100} {
		b.Run(fmt.Sprintf("inflight=%d", channels), func(b *testing.B) {
			benchCommands(b, url, channels, getPerSec)
		})
	}
}

// benchServerURL is REDIS_URL, or a fresh server on loopback with
// Redis's usual durability, an fsync every second.
func benchServerURL(b *testing.B) string {
	if u := os.Getenv("REDIS_URL"); u != "" {
		return u
	}
	return redistest.StartWith(b, "--appendfsync", "everysec").URL
}

// redisBenchmarkGET runs redis-benchmark -t get -c 100 on the server at
// url and returns its GET/s, or 0 (logged) where redis-benchmark is not
// installed.
func redisBenchmarkGET(b *testing.B, url string) float64 {
	bin, err := exec.LookPath("redis-benchmark")
	if err != nil {
		b.Logf("no reference: redis-benchmark not installed (Debian's redis-tools): %v", err)
		return 0
	}
	out, err := exec.Command(bin, "-u", url, "-t", "get", "-c", "100", "-n", "300000", "-q").CombinedOutput()
	if err != nil {
		b.Fatalf("redis-benchmark: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`GET: ([0-9.]+) requests per second`).FindAllSubmatch(out, -1)
	if len(m) == 0 {
		b.Fatalf("redis-benchmark said no GET rate:\n%s", out)
	}
	rate, err := strconv.ParseFloat(string(m[len(m)-1][1]), 64)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("reference: redis-benchmark -t get -c 100: %.0f GET/s", rate)
	return rate
}

func benchCommands(b *testing.B, url string, channels int, getPerSec float64) {
	s := open(b, url, fmt.Sprintf("bench%d", time.Now().UnixNano()))
	players := newPlayers(b, s, channels)
	for _, p := range players {
		p.lat = p.lat[:0]
	}
	var next atomic.Int64
	b.SetParallelism(max(1, channels/runtime.GOMAXPROCS(0)))
	cpu0 := cpuTime(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		p := players[int(next.Add(1)-1)%channels]
		for pb.Next() {
			p.step(b)
		}
	})
	b.StopTimer()
	// CPU time per command, of this process only (Redis has its own): a
	// figure that a busy machine changes less than commands/s.
	var lat []time.Duration
	for _, p := range players {
		lat = append(lat, p.lat...)
	}
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	perSec := float64(len(lat)) / b.Elapsed().Seconds()
	b.ReportMetric(perSec, "commands/s")
	b.ReportMetric(float64((cpuTime(b)-cpu0).Microseconds())/float64(len(lat)), "cpu-µs/command")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	if getPerSec > 0 {
		b.ReportMetric(getPerSec, "redis-GET/s")
		b.ReportMetric(perSec/getPerSec, "ratio-to-GET")
	}
	biggest := 0
	for _, p := range players {
		biggest = max(biggest, p.maxRec)
	}
	if biggest > 0 {
		b.ReportMetric(float64(biggest), "max-finished-record-B")
	}
}

// TestFinishedRecordSize: a stored finished game stays under 2 KB.
func TestFinishedRecordSize(t *testing.T) {
	s := open(t, redistest.URL(t), fmt.Sprintf("size%d", time.Now().UnixNano()))
	players := newPlayers(t, s, 4)
	for _, p := range players {
		for p.games < 3 {
			p.step(t)
		}
		if p.maxRec == 0 || p.maxRec >= 2048 {
			t.Errorf("%s: largest finished game record: got %d bytes; want under 2048", p.channel, p.maxRec)
		}
		t.Logf("%s: largest finished game record %d bytes", p.channel, p.maxRec)
	}
}

// cpuTime is the user and system CPU time this process has used.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func rssKB(t testing.TB) int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Skip("no VmRSS")
	return 0
}

// TestResidentMemoryFlat: the bot's resident memory stays flat (within
// 10%) from 10,000 to 100,000 commands over 1,000 channels. Run without
// -race (make test runs it on its own): the race detector's shadow memory
// is not the bot's.
func TestResidentMemoryFlat(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("measured without -race and -short")
	}
	s := open(t, redistest.URL(t), fmt.Sprintf("rss%d", time.Now().UnixNano()))
	const channels = 1000
	players := newPlayers(t, s, channels)
	run := func(total int) {
		var wg sync.WaitGroup
		per := total / 50
		for w := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < per; i++ {
					players[(w+50*(i%(channels/50)))%channels].step(t)
				}
			}()
		}
		wg.Wait()
	}
	measure := func() (rss int, heap uint64) {
		debug.FreeOSMemory() // a GC that also returns freed pages
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return rssKB(t), ms.HeapInuse / 1024
	}
	run(10_000)
	at10k, heap10k := measure()
	start := time.Now()
	run(90_000)
	at100k, heap100k := measure()
	t.Logf("resident memory: %d KB (heap %d KB) after 10,000 commands, %d KB (heap %d KB) after 100,000 (%+.1f%%), %.0f commands/s",
		at10k, heap10k, at100k, heap100k, 100*float64(at100k-at10k)/float64(at10k), 90_000/time.Since(start).Seconds())
	if float64(at100k) > 1.10*float64(at10k) {
		t.Errorf("resident memory grew from %d KB to %d KB; want within 10%%", at10k, at100k)
	}
}
