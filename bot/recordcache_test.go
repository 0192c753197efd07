package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// The record cache (Config.RecordCache) lets a process work from the
// record it last saved or read. These tests play Ataxx, whose positions
// are easy to check as FEN, through bots that share one store, as two
// processes of one deployment would: whatever one saved, the other must
// never answer from its older copy.

// loadStore is a memory store that counts Load calls and, once
// broken, fails every call as an unreachable server would.
type loadStore struct {
	*memory.Store
	loads  atomic.Int64
	mu     sync.Mutex
	broken bool
}

var errStoreDown = errors.New("dial tcp 127.0.0.1:1: connection refused")

func (s *loadStore) down() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.broken
}

func (s *loadStore) setBroken(b bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.broken = b
}

func (s *loadStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	s.loads.Add(1)
	if s.down() {
		return nil, 0, errStoreDown
	}
	return s.Store.Load(ctx, key)
}

func (s *loadStore) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	if s.down() {
		return 0, errStoreDown
	}
	return s.Store.Save(ctx, key, data, version, done)
}

func (s *loadStore) SetOwed(ctx context.Context, key string, owed bool) error {
	if s.down() {
		return errStoreDown
	}
	return s.Store.SetOwed(ctx, key, owed)
}

func (s *loadStore) Owed(ctx context.Context) ([]string, error) {
	if s.down() {
		return nil, errStoreDown
	}
	return s.Store.Owed(ctx)
}

// process is one bot hosting Ataxx, as one process of a deployment.
type process struct {
	t    *testing.T
	name string
	bot  *hosttest.Host
}

func newProcess(t *testing.T, name string, store bot.Store, cfg bot.Config) *process {
	t.Helper()
	clock := &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	b, err := hosttest.New(cfg, store, clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(b.Close)
	return &process{t: t, name: name, bot: b}
}

// say is user's text in channel #c, through this process.
func (p *process) say(user, text string) []bot.Reply { return p.sayIn("#c", user, text) }

// sayIn is user's text in channel, through this process.
func (p *process) sayIn(channel, user, text string) []bot.Reply {
	return p.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
}

// fen is the position as this process shows it to a spectator.
func (p *process) fen() string {
	p.t.Helper()
	rs := p.say("carol", "!ataxx fen")
	if len(rs) != 1 || rs[0].Error {
		p.t.Fatalf("fen through %s: got:\n%s\nwant one FEN", p.name, text(rs))
	}
	return rs[0].Text
}

// greedy picks the legal move that leaves the side to move the most
// pieces ahead (the first of equals), so that a game ends in few moves.
func greedy(pos ataxx.Position) ataxx.Move {
	moves := pos.LegalMoves()
	best, bestScore := moves[0], -1000
	us := pos.Turn()
	for _, m := range moves {
		u := pos.MakeMove(m)
		if s := pos.Count(us) - pos.Count(us.Other()); s > bestScore {
			best, bestScore = m, s
		}
		pos.UnmakeMove(m, u)
	}
	return best
}

// moveText is the command that plays m.
func moveText(m ataxx.Move) string {
	if m.IsPass() {
		return "!pass"
	}
	return "!move " + m.String()
}

// TestRecordCacheTwoProcesses: alice plays through process A, bob
// through process B, on one store, a whole game. Each process's cache
// is stale after every move the other made, yet every move is accepted,
// a look through the process that did not make the last move shows that
// move, and a move out of turn through the stale process is refused on
// the stored record, not on the old one it holds.
func TestRecordCacheTwoProcesses(t *testing.T) {
	st := memory.New()
	a := newProcess(t, "A", st, bot.Config{})
	b := newProcess(t, "B", st, bot.Config{})
	want(t, a.say("alice", "!ataxx start @bob"), "#c", "bob, alice challenges you to Ataxx as Blue")
	want(t, b.say("bob", "!ataxx join"), "#c", "Game on: Red (alice) vs Blue (bob). Red (alice) to move.")

	pos := ataxx.NewPosition()
	if got, want := a.fen(), pos.FEN(); got != want {
		t.Fatalf("A's look after B's join: got %s; want %s", got, want)
	}
	// through[c] is the process and player of colour c.
	type seat struct {
		p    *process
		user string
		name string
	}
	through := map[ataxx.Color]seat{ataxx.Red: {a, "alice", "Red (alice)"}, ataxx.Blue: {b, "bob", "Blue (bob)"}}
	// A cycle of four plies takes each path through a stale cache (a
	// process that has not seen the other's last move):
	//   0: a look through the stale process shows the move just made;
	//   1: nothing else (so the next mover's process stays stale);
	//   2: the other player repeats their last move, out of turn now,
	//      through the mover's stale process, whose record says it is
	//      their turn: the move plays there, its save conflicts and the
	//      stored record refuses it;
	//   3: the mover moves through their process, whose record says it
	//      is not their turn: that refusal is checked with the store and
	//      the move accepted; then a look through the stale process.
	plies := 0
	var last ataxx.Move // the move of the ply before
	for ; !pos.IsOver() && plies < 300; plies++ {
		mover, other := through[pos.Turn()], through[pos.Turn().Other()]
		m := greedy(pos)
		if plies%4 == 2 {
			// The other player's last move again, legal where they saw it.
			rs := mover.p.say(other.user, moveText(last))
			if len(rs) != 1 || !rs[0].Error || !strings.Contains(rs[0].Text, "not your turn: "+mover.name+" to move.") {
				t.Fatalf("ply %d: %s out of turn through %s: got:\n%s\nwant refused: not your turn: %s to move.", plies, other.user, mover.p.name, text(rs), mover.name)
			}
		}
		rs := mover.p.say(mover.user, moveText(m))
		if len(rs) == 0 || rs[0].Error {
			t.Fatalf("ply %d: %s %s through %s: got:\n%s\nwant it accepted", plies, mover.user, moveText(m), mover.p.name, text(rs))
		}
		if !m.IsPass() {
			want(t, rs, "#c", mover.name+" plays "+pos.ManualNotation(m))
		}
		if _, _, err := pos.Play(m); err != nil {
			t.Fatalf("ply %d: %v", plies, err)
		}
		last = m
		if plies%4 == 0 || plies%4 == 3 {
			if got, want := other.p.fen(), pos.FEN(); got != want {
				t.Fatalf("ply %d: look through %s after %s's move through %s: got %s; want %s", plies, other.p.name, mover.user, mover.p.name, got, want)
			}
		}
	}
	if !pos.IsOver() {
		t.Fatalf("the game did not end in %d plies", plies)
	}
	if fa, fb := a.fen(), b.fen(); fa != fb || fa != pos.FEN() {
		t.Errorf("final position: got A %s, B %s; want both %s", fa, fb, pos.FEN())
	}
	t.Logf("a whole game of %d plies, %s", plies, pos.Outcome())
}

// TestRecordCacheLoads: through one process, a move after a move makes
// no Load (the cached record is saved by compare-and-set); a look and a
// refusal make exactly one (the confirmation of the version). With the
// cache off (RecordCache -1) every command loads.
func TestRecordCacheLoads(t *testing.T) {
	tests := []struct {
		name     string
		cache    int
		wantMove int64 // loads for each move after a move
		wantLook int64 // loads for a look
		wantNo   int64 // loads for a move out of turn
	}{
		{name: "cache on", cache: 0, wantMove: 0, wantLook: 1, wantNo: 1},
		{name: "cache off", cache: -1, wantMove: 1, wantLook: 1, wantNo: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := &loadStore{Store: memory.New()}
			p := newProcess(t, "A", st, bot.Config{RecordCache: tc.cache})
			p.say("alice", "!ataxx start @bob")
			want(t, p.say("bob", "!ataxx join"), "#c", "Game on")
			loads := func(what, user, cmd string, want int64) {
				t.Helper()
				before := st.loads.Load()
				rs := p.say(user, cmd)
				if got := st.loads.Load() - before; got != want {
					t.Errorf("%s (%s): got %d loads; want %d; replies:\n%s", what, cmd, got, want, text(rs))
				}
			}
			loads("a move", "alice", "!a7-b6", tc.wantMove)
			loads("a move after a move", "bob", "!g7-f6", tc.wantMove)
			loads("a look", "carol", "!ataxx fen", tc.wantLook)
			loads("a move out of turn", "bob", "!f6-e5", tc.wantNo)
			loads("a move after a look", "alice", "!b6-c5", tc.wantMove)
			loads("a board", "carol", "!board", tc.wantLook)
		})
	}
}

// TestRecordCacheSize: a process keeps the records of RecordCache tables
// at most; a table it forgot is loaded again.
func TestRecordCacheSize(t *testing.T) {
	st := &loadStore{Store: memory.New()}
	p := newProcess(t, "A", st, bot.Config{RecordCache: 1})
	for _, ch := range []string{"#one", "#two"} {
		p.sayIn(ch, "alice", "!ataxx start @bob")
		want(t, p.sayIn(ch, "bob", "!ataxx join"), ch, "Game on")
	}
	tests := []struct {
		name    string
		channel string
		user    string
		move    string
		want    int64
	}{
		{name: "the table saved last is kept", channel: "#two", user: "alice", move: "!a7-b6", want: 0},
		{name: "the other was forgotten", channel: "#one", user: "alice", move: "!a7-b6", want: 1},
		{name: "and is kept now", channel: "#one", user: "bob", move: "!g7-f6", want: 0},
		{name: "which forgot the first", channel: "#two", user: "bob", move: "!g7-f6", want: 1},
	}
	for _, tc := range tests {
		before := st.loads.Load()
		rs := p.sayIn(tc.channel, tc.user, tc.move)
		want(t, rs, tc.channel, "plays")
		if got := st.loads.Load() - before; got != tc.want {
			t.Errorf("%s: %s at %s: got %d loads; want %d", tc.name, tc.move, tc.channel, got, tc.want)
		}
	}
}

// TestRecordCacheStoreDown: while the store fails, a process that holds
// the table in its cache answers nothing from it: a look and a refusal
// say storage is unavailable, and a move is not applied.
func TestRecordCacheStoreDown(t *testing.T) {
	st := &loadStore{Store: memory.New()}
	p := newProcess(t, "A", st, bot.Config{})
	p.say("alice", "!ataxx start @bob")
	p.say("bob", "!ataxx join")
	want(t, p.say("alice", "!a7-b6"), "#c", "Red (alice) plays a7-b6")
	before := p.fen() // and the cache holds the table
	st.setBroken(true)
	tests := []struct {
		name string
		user string
		text string
	}{
		{name: "look", user: "carol", text: "!ataxx fen"},
		{name: "board", user: "carol", text: "!board"},
		{name: "move", user: "bob", text: "!g7-f6"},
		{name: "move out of turn", user: "alice", text: "!b6-c5"},
		{name: "illegal move", user: "bob", text: "!a1-a2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs := p.say(tc.user, tc.text)
			if len(rs) != 1 || !rs[0].Error || !strings.Contains(rs[0].Text, "Storage unavailable") {
				t.Errorf("%s while the store is down: got:\n%s\nwant one error: Storage unavailable", tc.text, text(rs))
			}
		})
	}
	st.setBroken(false)
	if got := p.fen(); got != before {
		t.Errorf("position after the outage: got %s; want %s (unchanged)", got, before)
	}
	want(t, p.say("bob", "!g7-f6"), "#c", "Blue (bob) plays g7-f6")
}

// expiringStore is a memory store whose records can expire, as a Redis
// store's finished and unbegun ones do (DoneTTL): a key that expired is
// missing, and the next record saved under it starts its count of saves
// again.
type expiringStore struct {
	*memory.Store
	mu    sync.Mutex
	lives map[string]int // key -> how many times it expired
}

func (s *expiringStore) at(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("%s\x00%d", key, s.lives[key])
}

// expire forgets key's record.
func (s *expiringStore) expire(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lives[key]++
}

func (s *expiringStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	return s.Store.Load(ctx, s.at(key))
}

func (s *expiringStore) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	return s.Store.Save(ctx, s.at(key), data, version, done)
}

// TestRecordCacheExpiredRecord: a record saved as done (a game in setup
// or over) may expire in the store, and a new record under its key counts
// its saves from 1 again. A process that kept the old record must not
// take it for the new one when the counts meet: neither show it nor save
// over the new game from it.
func TestRecordCacheExpiredRecord(t *testing.T) {
	st := &expiringStore{Store: memory.New(), lives: map[string]int{}}
	p := newProcess(t, "P", st, bot.Config{})
	q := newProcess(t, "Q", st, bot.Config{})
	want(t, p.say("alice", "!ataxx new"), "#c", "New game of Ataxx in setup")
	want(t, p.say("alice", "!a7-a6"), "#c", "Setup move") // save 2, kept by P
	st.expire("test:#c")
	want(t, q.say("carol", "!ataxx new"), "#c", "New game of Ataxx in setup")
	want(t, q.say("carol", "!a7-b6"), "#c", "Setup move") // save 2 again
	fresh := q.fen()
	if got := p.fen(); got != fresh {
		t.Errorf("look through P after the record expired and a new one reached its version: got %s; want %s", got, fresh)
	}
	// A change through P works on the stored record, not on P's old one.
	pos, err := ataxx.ParseFEN(fresh)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := pos.Play(ataxx.Clone(mustSquare(t, "g6"))); err != nil {
		t.Fatal(err)
	}
	want(t, p.say("carol", "!g7-g6"), "#c", "Setup move")
	if got, want := q.fen(), pos.FEN(); got != want {
		t.Errorf("position after a change through P: got %s; want %s", got, want)
	}
}

func mustSquare(t *testing.T, s string) ataxx.Square {
	t.Helper()
	m, err := ataxx.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m.To()
}
