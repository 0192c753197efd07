package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/store/redis/redistest"
	goredis "github.com/redis/go-redis/v9"
)

// Tests of a store that loses data under running bot processes: a Redis
// flushed, or a key put back from an older copy (a failover to a replica
// that lagged, a backup restored). A process keeps the records it saved;
// whatever the store holds afterwards, that process's next save must never
// land on a newer game: the stored record ends as the moves the channel
// was told since, and nothing announced is lost.

// lostDataEnv is two bot processes on one real redis-server and a plain
// client on it for the damage.
type lostDataEnv struct {
	url   string
	a, b  *proc
	redis *goredis.Client
	key   string // the console channel's Redis key
}

func startLostData(t *testing.T) *lostDataEnv {
	t.Helper()
	if testing.Short() {
		t.Skip("runs processes")
	}
	url := redistest.Start(t).URL
	bin := buildBot(t)
	o, err := goredis.ParseURL(url)
	if err != nil {
		t.Fatal(err)
	}
	c := goredis.NewClient(o)
	t.Cleanup(func() { c.Close() })
	return &lostDataEnv{
		url:   url,
		a:     startProc(t, bin, "process A", nil, "-store", url),
		b:     startProc(t, bin, "process B", nil, "-store", url),
		redis: c,
		key:   "ataxxbot:{console:console}:game",
	}
}

// say sends a line to p and waits for a reply containing want.
func say(t *testing.T, p *proc, line, want string) {
	t.Helper()
	p.send(t, line)
	p.expect(t, want, procTimeout)
}

// play makes each move of who (in turn) at p and waits for its
// announcement.
func play(t *testing.T, p *proc, moves ...string) {
	t.Helper()
	for i, mv := range moves {
		who := []string{"<alice> ", "<bob> "}[i%2]
		if strings.HasPrefix(mv, "<") {
			who = ""
		}
		say(t, p, who+mv, "plays "+mv[strings.LastIndexByte(mv, ' ')+1:])
	}
}

// refused sends line to p and checks that its reply announces no move.
func refused(t *testing.T, p *proc, line string) string {
	t.Helper()
	p.send(t, line)
	p.send(t, "fen") // a marker: the reply to line comes before its answer
	lines := p.expect(t, "/", procTimeout)
	reply := strings.Join(lines, "\n")
	if strings.Contains(reply, "plays") {
		t.Fatalf("%s: %q was played on a record the store no longer holds:\n%s", p.name, line, reply)
	}
	return reply
}

// stored reads the channel's record as Redis holds it: its players and
// moves.
func (e *lostDataEnv) stored(t *testing.T) (players, moves []string) {
	t.Helper()
	rec, moves := loadGame(t, e.url)
	for _, s := range rec.Seats {
		players = append(players, s.UserID)
	}
	return players, moves
}

// TestSaveAfterFlushNeverLandsOnTheNewGame: process A plays a game to its
// sixth save; Redis is flushed; process B starts a new game at the same
// channel and plays it to its sixth save (the same count). A's next move
// is refused (A finds the record it kept is not the store's, reads the
// new game, where its player is not seated), and B's game stays as B
// announced it.
func TestSaveAfterFlushNeverLandsOnTheNewGame(t *testing.T) {
	e := startLostData(t)
	say(t, e.a, "<alice> start @bob", "challenges")
	say(t, e.a, "<bob> join", "Game on")
	play(t, e.a, "a7-b6", "g7-f6", "b6-c5", "f6-e5")
	if err := e.redis.FlushAll(context.Background()).Err(); err != nil {
		t.Fatal(err)
	}
	say(t, e.b, "<carol> start @dave", "challenges")
	say(t, e.b, "<dave> join", "Game on")
	play(t, e.b, "<carol> g1-f2", "<dave> a1-b2", "<carol> f2-e3", "<dave> b2-c3")

	reply := refused(t, e.a, "<alice> c5-d4")
	if !strings.Contains(reply, "not a player") {
		t.Errorf("A's move on B's game: got %q; want the refusal of a player not seated", reply)
	}
	players, moves := e.stored(t)
	if want := []string{"carol", "dave"}; !slices.Equal(players, want) {
		t.Errorf("stored players: got %v; want %v, B's game", players, want)
	}
	if want := []string{"f2", "b2", "e3", "c3"}; !slices.Equal(moves, want) {
		t.Errorf("stored moves: got %v; want %v, the moves B announced", moves, want)
	}
	// B plays on from its own game.
	play(t, e.b, "<carol> e3-d4")
}

// TestSaveAfterRollbackNeverLandsOnTheNewerMoves: the channel's key is
// copied at its fourth save; process A plays two more moves; the copy is
// put back (COPY … REPLACE, as a restored backup or a lagging replica
// promoted); process B plays two announced moves from it, reaching the
// count A holds. A's next move is not played over them: the stored
// record ends as the moves announced from the copy on, B's two included.
func TestSaveAfterRollbackNeverLandsOnTheNewerMoves(t *testing.T) {
	e := startLostData(t)
	ctx := context.Background()
	say(t, e.a, "<alice> start @bob", "challenges")
	say(t, e.a, "<bob> join", "Game on")
	play(t, e.a, "a7-b6", "g7-f6")
	if err := e.redis.Copy(ctx, e.key, e.key+":backup", 0, true).Err(); err != nil {
		t.Fatal(err)
	}
	play(t, e.a, "b6-c5", "f6-e5")
	if err := e.redis.Copy(ctx, e.key+":backup", e.key, 0, true).Err(); err != nil {
		t.Fatal(err)
	}
	play(t, e.b, "g1-f2", "a1-b2")

	reply := refused(t, e.a, "<alice> c5-d4")
	if !strings.Contains(reply, "c5 holds no Red piece") {
		t.Errorf("A's move from the lost moves: got %q; want it refused: c5 holds no Red piece in the stored game", reply)
	}
	if _, moves := e.stored(t); !slices.Equal(moves, []string{"b6", "f6", "f2", "b2"}) {
		t.Errorf("stored moves: got %v; want %v, the moves announced from the copy on", moves, []string{"b6", "f6", "f2", "b2"})
	}
	// Both processes play on from the stored game.
	play(t, e.a, "b6-c5")
	play(t, e.b, "<bob> f6-e5")
	if _, moves := e.stored(t); !slices.Equal(moves, []string{"b6", "f6", "f2", "b2", "c5", "e5"}) {
		t.Errorf("stored moves after play went on: got %v; want %v", moves, []string{"b6", "f6", "f2", "b2", "c5", "e5"})
	}
}
