package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
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

// Tests of several real bot processes on one real redis-server.

const procTimeout = 20 * time.Second

// loadGame reads the console channel's game straight from Redis.
func loadGame(t *testing.T, url string) (*bot.Record, []string) {
	t.Helper()
	return loadGameKey(t, url, "console:console")
}

// loadGameKey reads a channel's game straight from Redis.
func loadGameKey(t *testing.T, url, key string) (*bot.Record, []string) {
	t.Helper()
	s, err := redisstore.Open(redisstore.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	data, _, err := s.Load(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	st, err := ataxxgame.New(nil, ataxxgame.Options{}).Decode(rec.State)
	if err != nil {
		t.Fatalf("stored game does not replay: %v\n%s", err, rec.State)
	}
	enc, _ := st.Encode()
	var moves []string
	if i := strings.Index(string(enc), `"moves":"`); i >= 0 {
		rest := string(enc)[i+len(`"moves":"`):]
		moves = strings.Fields(rest[:strings.IndexByte(rest, '"')])
	}
	return rec, moves
}

// TestTwoProcessesOneGame: alice's bot and bob's bot serve one channel on
// one Redis; each sees the other's moves.
func TestTwoProcessesOneGame(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	a := startProc(t, bin, "alice's bot", nil, "-store", url)
	b := startProc(t, bin, "bob's bot", nil, "-store", url)
	a.send(t, "<alice> start @bob")
	a.expect(t, "challenges you", procTimeout)
	b.send(t, "<bob> join")
	b.expect(t, "Game on: Red (alice) vs Blue (bob). Red (alice) to move.", procTimeout)
	moves := []struct {
		p       *proc
		who, mv string
	}{{a, "alice", "a7-b6"}, {b, "bob", "g7-f6"}, {a, "alice", "b6-c5"}, {b, "bob", "f6-e5"}, {a, "alice", "g1-g3"}}
	pos := ataxx.NewPosition()
	for _, m := range moves {
		other := a
		if m.p == a {
			other = b
		}
		m.p.send(t, fmt.Sprintf("<%s> %s", m.who, m.mv))
		m.p.expect(t, "plays "+m.mv, procTimeout)
		mv, err := ataxx.ParseMove(m.mv)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := pos.Play(mv); err != nil {
			t.Fatal(err)
		}
		// The other process sees the move at once...
		other.send(t, "fen")
		other.expect(t, pos.FEN(), procTimeout)
		// ...and refuses the same player moving again.
		other.send(t, fmt.Sprintf("<%s> a1-a2", m.who))
		other.expect(t, "not your turn", procTimeout)
	}
	_, got := loadGame(t, url)
	want := []string{"b6", "f6", "c5", "e5", "g1g3"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("stored moves: got %v; want %v", got, want)
	}
}

// raceHelperEnv makes the test binary act as one racing bot process
// (TestRaceHelper) instead of running tests.
const raceHelperEnv = "ATAXXBOT_RACE_HELPER"

// TestRaceHelper is not a test: it is the body of a racing process, run
// by TestRacingProcesses through the test binary. 50 goroutines play for
// alice and bob, each sending moves without waiting for its turn.
func TestRaceHelper(t *testing.T) {
	url := os.Getenv(raceHelperEnv)
	if url == "" {
		t.Skip("helper process body")
	}
	st, err := redisstore.Open(redisstore.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	b := hosttest.Must(hosttest.New(bot.Config{}, st, nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
	ctx := context.Background()
	say := func(user, text string) []bot.Reply {
		return b.Handle(ctx, bot.Message{Network: "console", Channel: "console", UserID: user, Name: user, Text: text, Addressed: true})
	}
	var applied atomic.Int64
	var wg sync.WaitGroup
	for g := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), uint64(os.Getpid())))
			user := []string{"alice", "bob"}[g%2]
			for i := 0; i < 40; i++ {
				rs := say(user, "fen")
				if len(rs) != 1 {
					continue
				}
				pos, err := ataxx.ParseFEN(rs[0].Text)
				if err != nil || pos.IsOver() {
					return
				}
				moves := pos.LegalMoves()
				m := moves[rng.IntN(len(moves))]
				for _, r := range say(user, "move "+m.String()) {
					if strings.Contains(r.Text, " plays ") || strings.Contains(r.Text, " passes.") {
						applied.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	fmt.Printf("APPLIED %d\n", applied.Load())
}

// TestRacingProcesses: 2 processes × 50 goroutines race moves on one
// channel. The stored game must replay legally, one move per turn, and
// hold exactly the moves the players were told were played.
func TestRacingProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	setup := startProc(t, bin, "setup", nil, "-store", url)
	setup.send(t, "<alice> start @bob")
	setup.send(t, "<bob> join")
	setup.expect(t, "Game on", procTimeout)
	setup.send(t, "quit")

	outs := make([][]byte, 2)
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run", "^TestRaceHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), raceHelperEnv+"="+url)
			outs[i], errs[i] = cmd.CombinedOutput()
		}()
	}
	wg.Wait()
	total := 0
	for i := range 2 {
		if errs[i] != nil {
			t.Fatalf("racer %d: %v\n%s", i, errs[i], outs[i])
		}
		var n int
		for _, line := range strings.Split(string(outs[i]), "\n") {
			if _, err := fmt.Sscanf(line, "APPLIED %d", &n); err == nil {
				total += n
			}
		}
	}
	rec, moves := loadGame(t, url)
	if len(moves) == 0 || total != len(moves) {
		t.Fatalf("players were told of %d moves; the stored game has %d (%v)", total, len(moves), moves)
	}
	t.Logf("%d moves raced in by 100 goroutines in 2 processes; phase %s", len(moves), rec.Phase)
}

// TestKillDuringAIMove: a bot is killed (-9) while its AI thinks; two
// bots started after it make the owed move exactly once.
func TestKillDuringAIMove(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	cfg := writeConfig(t, "ai:\n  min_think: 3s\n")
	victim := startProc(t, bin, "victim", nil, "-store", url, "-config", cfg)
	victim.send(t, "start ai")
	victim.expect(t, "Game on", procTimeout)
	victim.send(t, "a7-b6")
	// Kill it once the player's move is stored, while the AI thinks.
	for deadline := time.Now().Add(procTimeout); ; time.Sleep(20 * time.Millisecond) {
		if _, moves := loadGame(t, url); len(moves) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the player's move was never stored")
		}
	}
	if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	victim.cmd.Wait()
	if _, moves := loadGame(t, url); len(moves) != 1 {
		t.Fatalf("after the kill: stored moves %v; want only the player's", moves)
	}

	fast := writeConfig(t, "ai:\n  min_think: 500ms\n")
	var ps []*proc
	for i := range 2 {
		ps = append(ps, startProc(t, bin, fmt.Sprintf("restarted %d", i), nil, "-store", url, "-config", fast))
	}
	deadline := time.Now().Add(procTimeout)
	for time.Now().Before(deadline) {
		if _, moves := loadGame(t, url); len(moves) >= 2 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	announced := 0
	for _, p := range ps {
		for _, line := range p.drain(2 * time.Second) {
			if strings.Contains(line, "Blue (AI level 3) plays") {
				announced++
			}
		}
	}
	_, moves := loadGame(t, url)
	if len(moves) != 2 || announced != 1 {
		t.Fatalf("after restart: stored moves %v, AI move announced %d times; want 2 moves and 1 announcement", moves, announced)
	}
}

// TestRedisOutage: with Redis down commands fail cleanly; when it is back
// the game goes on from the same position, with no restart of the bot.
func TestRedisOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	srv := redistest.Start(t)
	bin := buildBot(t)
	p := startProc(t, bin, "bot", nil, "-store", srv.URL)
	p.send(t, "<alice> start @bob")
	p.send(t, "<bob> join")
	p.expect(t, "Game on", procTimeout)
	p.send(t, "<alice> a7-b6")
	p.expect(t, "plays a7-b6", procTimeout)
	srv.Stop()
	p.send(t, "<bob> g7-f6")
	p.expect(t, "Storage unavailable, try again in a moment.", procTimeout)
	p.send(t, "dump")
	p.expect(t, "Storage unavailable", procTimeout)
	srv.Restart()
	p.send(t, "fen")
	p.expect(t, "x5o/1x5/7/7/7/7/o5x o 0 1", procTimeout)
	p.send(t, "<bob> g7-f6")
	p.expect(t, "Blue (bob) plays g7-f6.", procTimeout)
	if _, moves := loadGame(t, srv.URL); strings.Join(moves, " ") != "b6 f6" {
		t.Fatalf("stored moves: got %v; want [b6 f6]", moves)
	}
}

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(text)
	f.Close()
	return f.Name()
}

// TestHostAndJoinAcrossConsoles: two console processes on one Redis, in two
// channels; one hosts, the other joins; each move is seen once in each
// window; a kill -9 of the joining console mid-game loses nothing.
func TestHostAndJoinAcrossConsoles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	a := startProc(t, bin, "alice's console", nil, "-store", url, "-channel", "#north")
	b := startProc(t, bin, "bob's console", nil, "-store", url, "-channel", "#south")
	seen := map[string][]string{}
	expect := func(p *proc, want string) {
		t.Helper()
		seen[p.name] = append(seen[p.name], p.expect(t, want, procTimeout)...)
	}
	a.send(t, "<alice> host g1")
	expect(a, "alice hosts Ataxx as g1.")
	b.send(t, "<bob> join g1@anything")
	expect(b, "bob joins g1 as Blue, from #south.")
	expect(b, "Game on: Red (alice) vs Blue (bob). Red (alice) to move.")
	expect(a, "Game on: Red (alice) vs Blue (bob). Red (alice) to move.")
	moves := []struct {
		alice bool
		mv    string
	}{{true, "a7-b6"}, {false, "g7-f6"}, {true, "b6-c5"}, {false, "f6-e5"}}
	for i, m := range moves {
		if i == 2 { // kill -9 bob's console mid-game, and start it again
			b.cmd.Process.Kill()
			b.cmd.Wait()
			b = startProc(t, bin, "bob's console", nil, "-store", url, "-channel", "#south")
		}
		mover, who := b, "bob"
		if m.alice {
			mover, who = a, "alice"
		}
		mover.send(t, fmt.Sprintf("<%s> %s", who, m.mv))
		expect(a, "plays "+m.mv)
		expect(b, "plays "+m.mv)
	}
	a.send(t, "status")
	b.send(t, "status")
	expect(a, "Red 4, Blue 4")
	expect(b, "Red 4, Blue 4")
	for _, p := range []*proc{a, b} {
		seen[p.name] = append(seen[p.name], p.drain(time.Second)...)
	}
	for name, lines := range seen {
		count := map[string]int{}
		for _, l := range lines {
			if strings.Contains(l, " plays ") {
				count[l]++
			}
		}
		for l, n := range count {
			if n != 1 {
				t.Errorf("%s saw %q %d times; want once", name, l, n)
			}
		}
		if len(count) != len(moves) {
			t.Errorf("%s saw %d moves; want %d: %q", name, len(count), len(moves), lines)
		}
	}
}
