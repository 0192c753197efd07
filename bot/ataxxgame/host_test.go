package ataxxgame_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type harness struct {
	t     *testing.T
	bot   *hosttest.Host
	clock *fakeClock
	store *memory.Store
}

func newHarness(t *testing.T, cfg bot.Config) *harness {
	h := &harness{t: t, clock: &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, store: memory.New()}
	h.bot = hosttest.Must(hosttest.New(cfg, h.store, h.clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
	return h
}

// say sends text to channel #test as user and returns the replies.
func (h *harness) say(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{
		Network: "test", Channel: "#test", UserID: "id-" + user, Name: user, Text: text,
	})
}

func (h *harness) record() *bot.Record {
	h.t.Helper()
	data, _, err := h.store.Load(context.Background(), "test:#test")
	if errors.Is(err, bot.ErrNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	r, err := bot.UnmarshalRecord(data)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

func (h *harness) raw() string {
	data, _, _ := h.store.Load(context.Background(), "test:#test")
	return string(data)
}

// text is the stored record as an operator reads it (bot.RecordJSON).
func (h *harness) text() string {
	data, _, err := h.store.Load(context.Background(), "test:#test")
	if err != nil {
		h.t.Fatal(err)
	}
	text, err := bot.RecordJSON(data)
	if err != nil {
		h.t.Fatal(err)
	}
	return string(text)
}

func (h *harness) fen() string {
	h.t.Helper()
	r := h.say("observer", "!ataxx fen")
	if len(r) != 1 {
		h.t.Fatalf("fen: got %d replies", len(r))
	}
	return r[0].Text
}

func joined(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, r.Text)
	}
	return strings.Join(parts, "\n")
}

// step is one line of a scenario: who says what, and what must come back.
type step struct {
	user, text string
	want       string // a substring of the replies ("" to skip)
	wantErr    bool   // the last reply is a refusal
	silent     bool   // no reply at all
}

func run(t *testing.T, h *harness, steps []step) {
	t.Helper()
	for i, s := range steps {
		before := h.raw()
		rs := h.say(s.user, s.text)
		got := joined(rs)
		if s.silent {
			if len(rs) != 0 {
				t.Fatalf("step %d %s %q: got %q; want no reply", i, s.user, s.text, got)
			}
			continue
		}
		if len(rs) == 0 {
			t.Fatalf("step %d %s %q: got no reply; want %q", i, s.user, s.text, s.want)
		}
		if !strings.Contains(got, s.want) {
			t.Fatalf("step %d %s %q: got %q; want it to contain %q", i, s.user, s.text, got, s.want)
		}
		last := rs[len(rs)-1]
		if last.Error != s.wantErr {
			t.Fatalf("step %d %s %q: got error=%v (%q); want error=%v", i, s.user, s.text, last.Error, last.Text, s.wantErr)
		}
		if s.wantErr {
			if strings.Contains(last.Text, "\n") {
				t.Fatalf("step %d: error reply %q is more than one line", i, last.Text)
			}
			if after := h.raw(); after != before {
				t.Fatalf("step %d %s %q: refused command changed the record:\n%s\nwas\n%s", i, s.user, s.text, after, before)
			}
		}
	}
}

const startFEN = "x5o/7/7/7/7/7/o5x x 0 1"

func TestCommands(t *testing.T) {
	tests := []struct {
		name    string
		steps   []step
		fen     string // the final position, "" to skip
		phase   bot.Phase
		advance time.Duration // moved on the clock before the last step
	}{
		{name: "start against the AI, move, AI answers", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on: Red (alice) vs Blue (AI level 3). Red (alice) to move."},
			{user: "alice", text: "!move a7-b6", want: "Blue (AI level 3) plays"},
		}, phase: bot.PhasePlaying},
		{name: "start ai with level", steps: []step{
			{user: "alice", text: "!ataxx start ai:1", want: "Blue (AI level 1)"},
			{user: "alice", text: "!ataxx start ai:99", want: "a game is running here", wantErr: true},
		}, phase: bot.PhasePlaying},
		{name: "bad AI level refused", steps: []step{
			{user: "alice", text: "!ataxx start ai:99", want: "AI level must be a number from 1 to 10", wantErr: true},
		}},
		{name: "open game, join, turns", steps: []step{
			{user: "alice", text: "!ataxx start", want: "Blue is open"},
			{user: "alice", text: "!a7-b6", want: "waiting for", wantErr: true},
			{user: "bob", text: "!ataxx join", want: "Game on: Red (alice) vs Blue (bob). Red (alice) to move."},
			{user: "bob", text: "!g7-f6", want: "not your turn: Red (alice) to move.", wantErr: true},
			{user: "carol", text: "!a7-b6", want: "not a player in this game", wantErr: true},
			{user: "alice", text: "!a7-b6", want: "Red (alice) plays a7-b6. Blue (bob) to move."},
			{user: "alice", text: "!b6-c5", want: "not your turn", wantErr: true},
			{user: "bob", text: "!move g7f6", want: "Blue (bob) plays g7-f6."},
			{user: "carol", text: "!ataxx join", want: "the game has begun", wantErr: true},
		}, fen: "x5o/1x3o1/7/7/7/7/o5x x 0 2", phase: bot.PhasePlaying},
		{name: "illegal and malformed moves change nothing", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "alice", text: "!move d4", want: "illegal move: d4 has no Red piece next to it", wantErr: true},
			{user: "alice", text: "!g7-f6", want: "invalid move: g7 holds no Red piece", wantErr: true},
			{user: "alice", text: "!a7-d4", want: "invalid move", wantErr: true},
			{user: "alice", text: "!move", want: "say move FROM-TO", wantErr: true},
			{user: "alice", text: "!pass", want: "Red has a move, so cannot pass", wantErr: true},
			{user: "alice", text: "!move -", want: "cannot pass", wantErr: true},
		}, fen: startFEN, phase: bot.PhasePlaying},
		{name: "named challenge", steps: []step{
			{user: "alice", text: "!ataxx start @bob", want: "bob, alice challenges you to Ataxx as Blue"},
			{user: "carol", text: "!ataxx join", want: "no open seat", wantErr: true},
			{user: "bob", text: "!ataxx join", want: "Game on: Red (alice) vs Blue (bob)"},
		}, phase: bot.PhasePlaying},
		{name: "challenge expires after 5 minutes", steps: []step{
			{user: "alice", text: "!ataxx start @bob", want: "challenges you"},
			{user: "carol", text: "!ataxx join", want: "The challenge to bob expired; Blue is open.\nBlue is taken by carol."},
		}, advance: 6 * time.Minute, phase: bot.PhasePlaying},
		{name: "spectator cannot abandon, player can", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "carol", text: "!ataxx new", want: "only the players", wantErr: true},
			{user: "carol", text: "!resign", want: "only a player can resign", wantErr: true},
			{user: "carol", text: "!undo", want: "only a player", wantErr: true},
			{user: "alice", text: "!ataxx clear", want: "Game abandoned. New game of Ataxx in setup."},
		}, fen: startFEN, phase: bot.PhaseSetup},
		{name: "setup: blocks, rules, setup moves, then start", steps: []step{
			{user: "alice", text: "!ataxx new", want: "New game of Ataxx in setup"},
			{user: "alice", text: "!blocks 3gh", want: "Blocks placed"},
			{user: "alice", text: "!dump", want: "===\n  r - - - - - b\n  - X - - - X -\n  - - X - X - -\n  - - X - X - -\n  - - X - X - -\n  - X - - - X -\n  b - - - - - r\n==="},
			{user: "bob", text: "!blocks 1", want: "can set up this game", wantErr: true},
			{user: "alice", text: "!block a1", want: "cannot block a1: square is occupied: a piece stands on a1, g1, a7, g7", wantErr: true},
			{user: "alice", text: "!blocks 9", want: "invalid block pattern", wantErr: true},
			{user: "alice", text: "!ataxx rules cs61b", want: "Rules: cs61b (25"},
			{user: "alice", text: "!ataxx rules go", want: "invalid rule set", wantErr: true},
			{user: "alice", text: "!a7-a6", want: "Setup move. Blue to move"},
			{user: "alice", text: "!ataxx seed 42", want: "AI seed set to 42"},
			{user: "alice", text: "!ataxx start ai", want: "Game on: Red (alice) vs Blue (AI level 3). Blue (AI level 3) to move."},
			{user: "alice", text: "!blocks 1", want: "setup commands work before start", wantErr: true},
		}, phase: bot.PhasePlaying},
		{name: "setup from a FEN that is already over ends at once", steps: []step{
			{user: "alice", text: "!ataxx new", want: "New game"},
			{user: "alice", text: "!ataxx setfen x6/7/7/7/7/7/7 x 0 1", want: "Position set"},
			{user: "alice", text: "!ataxx setfen x6/7", want: "invalid FEN", wantErr: true},
			{user: "alice", text: "!ataxx start ai", want: "Red wins. (no pieces left) Red 1, Blue 0."},
			{user: "alice", text: "!a6", want: "the game is over", wantErr: true},
		}, fen: "x6/7/7/7/7/7/7 x 0 1", phase: bot.PhaseOver},
		{name: "undo against the AI is at once", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "alice", text: "!undo", want: "no move has been made yet", wantErr: true},
			{user: "alice", text: "!a7-b6", want: "plays"},
			{user: "alice", text: "!undo", want: "Took back 2 moves. Red (alice) to move."},
		}, fen: startFEN, phase: bot.PhasePlaying},
		{name: "undo against a person needs both", steps: []step{
			{user: "alice", text: "!ataxx start @bob", want: "challenges"},
			{user: "bob", text: "!ataxx join", want: "Game on"},
			{user: "alice", text: "!a7-b6", want: "plays"},
			{user: "bob", text: "!g7-f6", want: "plays"},
			{user: "alice", text: "!undo", want: "asks to take back a move"},
			{user: "carol", text: "!undo", want: "only a player", wantErr: true},
			{user: "bob", text: "!undo", want: "Took back 2 moves. Red (alice) to move."},
		}, fen: startFEN, phase: bot.PhasePlaying},
		{name: "undo consent expires", steps: []step{
			{user: "alice", text: "!ataxx start", want: "open"},
			{user: "bob", text: "!ataxx join", want: "Game on"},
			{user: "alice", text: "!a7-b6", want: "plays"},
			{user: "alice", text: "!undo", want: "asks to take back"},
			{user: "bob", text: "!undo", want: "no move of yours to take back", wantErr: true},
		}, advance: 61 * time.Second, fen: "x5o/1x5/7/7/7/7/o5x o 0 1", phase: bot.PhasePlaying},
		{name: "one player on both sides takes back one move", steps: []step{
			{user: "alice", text: "!ataxx start", want: "Blue is open"},
			{user: "alice", text: "!ataxx manual blue", want: "Game on: Red (alice) vs Blue (alice)"},
			{user: "alice", text: "!a7-b6", want: "Blue (alice) to move"},
			{user: "alice", text: "!undo", want: "Took back 1 move. Red (alice) to move."},
		}, fen: startFEN, phase: bot.PhasePlaying},
		{name: "resign", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "alice", text: "!resign", want: "Red resigns. Blue wins."},
			{user: "alice", text: "!resign", want: "no game is running", wantErr: true},
			{user: "carol", text: "!dump", want: "==="},
			{user: "carol", text: "!ataxx status", want: "Ataxx: game over: Red resigned; Blue wins. Red (alice), Blue (AI level 3). Red 2, Blue 2."},
		}, phase: bot.PhaseOver},
		{name: "color swaps seats before the game", steps: []step{
			{user: "alice", text: "!ataxx start", want: "open"},
			{user: "alice", text: "!ataxx color blue", want: "Blue is now played by alice. Red (open), Blue (alice)"},
			{user: "alice", text: "!ataxx color green", want: `no seat "green"`, wantErr: true},
			{user: "bob", text: "!ataxx join", want: "Game on: Red (bob) vs Blue (alice). Red (bob) to move."},
			{user: "bob", text: "!ataxx color blue", want: "seats are chosen before the game begins", wantErr: true},
		}, phase: bot.PhasePlaying},
		{name: "auto and manual", steps: []step{
			{user: "alice", text: "!ataxx start @bob", want: "challenges"},
			{user: "carol", text: "!ataxx auto blue", want: "kept for bob", wantErr: true},
			{user: "alice", text: "!ataxx auto blue 2", want: "Blue is played by the AI (level 2)."},
			{user: "alice", text: "!a7-b6", want: "Blue (AI level 2) plays"},
			{user: "carol", text: "!ataxx manual red", want: "Red is played by alice", wantErr: true},
			{user: "alice", text: "!ataxx manual blue", want: "Blue is played by alice, by hand."},
		}, phase: bot.PhasePlaying},
		{name: "bare auto hands the speaker's seat to the AI and plays out", steps: []step{
			{user: "alice", text: "!ataxx start ai:1", want: "Game on"},
			{user: "carol", text: "!ataxx auto", want: "you hold no seat", wantErr: true},
			{user: "alice", text: "!ataxx auto 1", want: "Red is played by the AI (level 1)."},
		}, phase: bot.PhaseOver},
		{name: "verbose shows the board after moves", steps: []step{
			{user: "alice", text: "!verbose", want: "Verbose"},
			{user: "alice", text: "!ataxx start ai", want: "Red (r) 2, Blue (b) 2. Red to move."},
			{user: "alice", text: "!b6", want: "7  r - - - - - b  7"},
			{user: "alice", text: "!quiet", want: "Quiet"},
		}, phase: bot.PhasePlaying},
		{name: "views work for anyone, anytime", steps: []step{
			{user: "carol", text: "!ataxx status", want: "No game here"},
			{user: "carol", text: "!dump", want: "  r - - - - - b"},
			{user: "carol", text: "!board", want: "   a b c d e f g"},
			{user: "carol", text: "!help", want: "!ataxx COMMAND"},
			{user: "carol", text: "!help undo", want: "!undo - take back your last move"},
			{user: "carol", text: "!help frob", want: `No command "frob"`},
			{user: "carol", text: "!ataxx", want: "Ataxx commands: move, pass"},
		}},
		{name: "unknown commands: loud when named, silent otherwise", steps: []step{
			{user: "carol", text: "!ataxx frob", want: `unknown command "frob"`, wantErr: true},
			{user: "carol", text: "!frob", silent: true},
			{user: "carol", text: "hello everyone", silent: true},
			{user: "carol", text: "!", silent: true},
			{user: "carol", text: "!ataxx " + strings.Repeat("x", 2100), want: "message too long or not text", wantErr: true},
		}},
		{name: "start twice", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "bob", text: "!ataxx start", want: "a game is running here", wantErr: true},
			{user: "alice", text: "!ataxx start a b", want: "start takes one opponent", wantErr: true},
		}},
		{name: "after a game, start opens a fresh one", steps: []step{
			{user: "alice", text: "!ataxx start ai", want: "Game on"},
			{user: "alice", text: "!resign", want: "Blue wins."},
			{user: "bob", text: "!ataxx start ai", want: "Game on: Red (bob) vs Blue (AI level 3)"},
		}, fen: startFEN, phase: bot.PhasePlaying},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, bot.Config{})
			steps := tt.steps
			if tt.advance > 0 {
				run(t, h, steps[:len(steps)-1])
				h.clock.Advance(tt.advance)
				steps = steps[len(steps)-1:]
			}
			run(t, h, steps)
			if tt.fen != "" {
				if got := h.fen(); got != tt.fen {
					t.Errorf("final position: got %s; want %s", got, tt.fen)
				}
			}
			if tt.phase != "" {
				if r := h.record(); r == nil || r.Phase != tt.phase {
					t.Errorf("final phase: got %+v; want %s", r, tt.phase)
				}
			}
		})
	}
}

// TestFullGameToResult plays the AI against itself to the end and checks
// the announced result against the rules.
func TestFullGameToResult(t *testing.T) {
	h := newHarness(t, bot.Config{})
	h.say("alice", "!ataxx seed 7")
	rs := h.say("alice", "!ataxx start ai:2")
	rs = append(rs, h.say("alice", "!ataxx auto red 2")...)
	text := joined(rs)
	r := h.record()
	if r.Phase != bot.PhaseOver {
		t.Fatalf("phase after AI vs AI: got %s; want over\n%s", r.Phase, text)
	}
	pos, err := ataxx.ParseFEN(h.fen())
	if err != nil {
		t.Fatal(err)
	}
	pos.SetRules(ataxx.RulesManual)
	want := pos.Outcome().String()
	if pos.Outcome() == ataxx.Ongoing {
		t.Fatalf("final position %s is not over by the rules", pos.FEN())
	}
	if !strings.Contains(text, want) || !strings.Contains(r.Result, want) {
		t.Errorf("result: got record %q and replies ending %q; want %q", r.Result, text[max(0, len(text)-200):], want)
	}
	for _, v := range []string{"!dump", "!board"} {
		if rs := h.say("carol", v); len(rs) != 1 || !rs[0].Mono {
			t.Errorf("%s after the game: got %+v; want one board", v, rs)
		}
	}
	if rs := h.say("alice", "!ataxx new"); !strings.Contains(joined(rs), "New game of Ataxx in setup") {
		t.Errorf("new after the game: got %q", joined(rs))
	}
}

// TestConcurrentMovesApplyOnce races many goroutines, some through a
// second bot on the same store, to make the same move: exactly one wins.
func TestConcurrentMovesApplyOnce(t *testing.T) {
	h := newHarness(t, bot.Config{})
	other := hosttest.Must(hosttest.New(bot.Config{}, h.store, h.clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
	run(t, h, []step{
		{user: "alice", text: "!ataxx start", want: "open"},
		{user: "bob", text: "!ataxx join", want: "Game on"},
	})
	const racers = 40
	var wg sync.WaitGroup
	var mu sync.Mutex
	played := 0
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := h.bot
			if i%2 == 1 {
				b = other
			}
			rs := b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#test", UserID: "id-alice", Name: "alice", Text: "!a7-b6"})
			for _, r := range rs {
				if strings.Contains(r.Text, "plays a7-b6") {
					mu.Lock()
					played++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	if played != 1 {
		t.Errorf("racing the same move %d times: applied %d times; want 1", racers, played)
	}
	if got, want := h.fen(), "x5o/1x5/7/7/7/7/o5x o 0 1"; got != want {
		t.Errorf("position: got %s; want %s", got, want)
	}
}

// brokenStore fails every call, as an unreachable server would.
type brokenStore struct{}

func (brokenStore) Load(context.Context, string) ([]byte, uint64, error) {
	return nil, 0, errors.New("dial tcp 127.0.0.1:1: connection refused")
}
func (brokenStore) Save(context.Context, string, []byte, uint64, bool) (uint64, error) {
	return 0, errors.New("dial tcp 127.0.0.1:1: connection refused")
}
func (brokenStore) SetOwed(context.Context, string, bool) error {
	return errors.New("dial tcp 127.0.0.1:1: connection refused")
}
func (brokenStore) Owed(context.Context) ([]string, error) {
	return nil, errors.New("dial tcp 127.0.0.1:1: connection refused")
}

func TestStorageUnavailable(t *testing.T) {
	b := hosttest.Must(hosttest.New(bot.Config{}, brokenStore{}, nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
	rs := b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#x", UserID: "u", Name: "u", Text: "!ataxx start ai"})
	if len(rs) != 1 || !rs[0].Error || rs[0].Text != "Storage unavailable, try again in a moment." {
		t.Fatalf("got %+v; want one storage-unavailable error", rs)
	}
}

func TestAddressedMessagesNeedNoPrefix(t *testing.T) {
	h := newHarness(t, bot.Config{})
	rs := h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#test", UserID: "id-alice", Name: "alice", Text: "start ai", Addressed: true})
	if !strings.Contains(joined(rs), "Game on") {
		t.Fatalf("addressed start: got %q", joined(rs))
	}
	rs = h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#test", UserID: "id-alice", Name: "alice", Text: "a7-b6", Addressed: true})
	if !strings.Contains(joined(rs), "Red (alice) plays a7-b6") {
		t.Fatalf("addressed move: got %q", joined(rs))
	}
}

func TestCustomPrefixAndAdmin(t *testing.T) {
	h := newHarness(t, bot.Config{Prefix: "?", Admins: []string{"test:id-root"}})
	run(t, h, []step{
		{user: "alice", text: "!ataxx start ai", silent: true},
		{user: "alice", text: "?ataxx start ai", want: "Game on"},
		{user: "carol", text: "?ataxx new", want: "only the players", wantErr: true},
		{user: "root", text: "?ataxx new", want: "Game abandoned"},
	})
}

func TestRecordIsReadableText(t *testing.T) {
	h := newHarness(t, bot.Config{})
	run(t, h, []step{
		{user: "alice", text: "!ataxx start ai", want: "Game on"},
		{user: "alice", text: "!a7-b6", want: "plays"},
	})
	raw := h.text()
	for _, want := range []string{`"schema": 1`, `"game": "ataxx"`, `"phase": "playing"`, `"start": "x5o/7/7/7/7/7/o5x x 0 1"`, `"moves": "b6 `, `"user": "id-alice"`} {
		if !strings.Contains(raw, want) {
			t.Errorf("record lacks %s:\n%s", want, raw)
		}
	}
}

func TestPrivateQueriesGetPrivateReplies(t *testing.T) {
	h := newHarness(t, bot.Config{})
	rs := h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "alice-query", UserID: "id-alice", Name: "alice", Text: "dump", Addressed: true, Private: true})
	if len(rs) != 1 || !rs[0].Private || rs[0].User.ID != "id-alice" || !rs[0].Mono {
		t.Fatalf("private dump: got %+v; want one private board for id-alice", rs)
	}
	rs = h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "alice-query", UserID: "id-alice", Name: "alice", Text: "frob", Addressed: true, Private: true})
	if len(rs) != 1 || !rs[0].Private || !rs[0].Error {
		t.Fatalf("private error: got %+v; want one private error", rs)
	}
}

// crashingEngine fails every move, like a process killed while thinking.
type crashingEngine struct{}

func (crashingEngine) ChooseMove(context.Context, ataxx.Position, int, int64) (ataxx.Move, error) {
	return ataxx.NoMove, errors.New("killed while thinking")
}

// sent records what Resume sends.
type sent struct {
	mu      sync.Mutex
	replies []string
}

func (s *sent) Send(_ context.Context, rs []bot.Reply) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rs {
		s.replies = append(s.replies, r.To.Key()+" "+r.Text)
	}
	return nil
}

// TestResumeFinishesOwedAIMoveOnce: a bot dies while its AI thinks; two
// bots resuming at once make the AI's move exactly once.
func TestResumeFinishesOwedAIMoveOnce(t *testing.T) {
	h := newHarness(t, bot.Config{})
	dying := hosttest.Must(hosttest.New(bot.Config{}, h.store, h.clock, []bot.Kind{ataxxgame.New(crashingEngine{}, ataxxgame.Options{})}, nil))
	msg := func(text string) bot.Message {
		return bot.Message{Network: "test", Channel: "#test", UserID: "id-alice", Name: "alice", Text: text}
	}
	dying.Handle(context.Background(), msg("!ataxx start ai"))
	rs := dying.Handle(context.Background(), msg("!a7-b6"))
	if !strings.Contains(joined(rs), "Red (alice) plays a7-b6") {
		t.Fatalf("move before the crash: got %q", joined(rs))
	}
	if owed, _ := h.store.Owed(context.Background()); len(owed) != 1 || owed[0] != "test:#test" {
		t.Fatalf("owed after the AI failed: got %q; want [test:#test]", owed)
	}
	var out sent
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := hosttest.Must(hosttest.New(bot.Config{}, h.store, h.clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil))
			if err := b.Resume(context.Background(), "test", &out); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	plays := 0
	for _, r := range out.replies {
		if strings.Contains(r, "Blue (AI level 3) plays") {
			plays++
		}
	}
	if plays != 1 {
		t.Fatalf("AI moves announced after resume: got %d (%q); want 1", plays, out.replies)
	}
	if !strings.Contains(h.text(), `"moves": "b6 `) {
		t.Fatalf("record after resume: %s", h.text())
	}
	if owed, _ := h.store.Owed(context.Background()); len(owed) != 0 {
		t.Fatalf("owed after resume: got %q; want none", owed)
	}
	// Other networks' work is left to their own processes.
	if err := hosttest.Must(hosttest.New(bot.Config{}, h.store, h.clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{})}, nil)).Resume(context.Background(), "irc", &out); err != nil || len(out.replies) != plays {
		t.Fatalf("resume for another network: %v, %q", err, out.replies)
	}
}

// TestChallengeExpiryIsOwedWork: a challenge nobody answers is announced as
// expired by Resume, without anyone typing, and then no longer owed.
func TestChallengeExpiryIsOwedWork(t *testing.T) {
	h := newHarness(t, bot.Config{})
	run(t, h, []step{{user: "alice", text: "!ataxx start @bob", want: "challenges you"}})
	ctx := context.Background()
	var out sent
	if err := h.bot.Resume(ctx, "test", &out); err != nil || len(out.replies) != 0 {
		t.Fatalf("Resume before expiry: %v, sent %q; want nothing", err, out.replies)
	}
	if owed, _ := h.store.Owed(ctx); len(owed) != 1 {
		t.Fatalf("owed while the challenge waits: got %q; want [test:#test]", owed)
	}
	h.clock.Advance(5*time.Minute + time.Second)
	if err := h.bot.Resume(ctx, "test", &out); err != nil {
		t.Fatal(err)
	}
	if want := "test:#test The challenge to bob expired; Blue is open."; len(out.replies) != 1 || out.replies[0] != want {
		t.Fatalf("Resume after expiry sent %q; want [%s]", out.replies, want)
	}
	if owed, _ := h.store.Owed(ctx); len(owed) != 0 {
		t.Fatalf("owed after the expiry: got %q; want none", owed)
	}
	if r := h.record(); r.Seats[1].Kind != bot.SeatOpen {
		t.Fatalf("Blue after the expiry: got %+v; want open", r.Seats[1])
	}
}

func memoryStore() *memory.Store { return memory.New() }

func TestOfferedActions(t *testing.T) {
	commands := func(rs []bot.Reply) string {
		if len(rs) == 0 {
			return ""
		}
		var out []string
		for _, a := range rs[len(rs)-1].Actions {
			out = append(out, a.Command)
		}
		return strings.Join(out, " ")
	}
	h := newHarness(t, bot.Config{})
	tests := []struct{ user, text, want string }{
		{"alice", "!ataxx new", ""},
		{"alice", "!ataxx setfen xxxxxxx/-------/-------/o6/7/7/7 x 0 1", ""},
		{"alice", "!ataxx start", "join"},
		{"bob", "!ataxx join", "pass undo resign board"}, // Red is walled in
		{"alice", "!pass", "undo resign board"},
		{"alice", "!dump", "undo resign board"},
		{"alice", "!resign", "board new"},
	}
	for _, tt := range tests {
		if got := commands(h.say(tt.user, tt.text)); got != tt.want {
			t.Errorf("%s %q: offered %q; want %q", tt.user, tt.text, got, tt.want)
		}
	}
}

// TestCS61BRematchKeepsBlocks: in the CS61B dialect blocks placed before
// the first move are part of the start, and a rematch against the AI keeps
// them and the rules with the colours swapped: the AI, now Red, moves
// first.
func TestCS61BRematchKeepsBlocks(t *testing.T) {
	h := &harness{t: t, clock: &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}, store: memory.New()}
	h.bot = hosttest.Must(hosttest.New(bot.Config{}, h.store, h.clock, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{CS61B: true})}, nil))
	run(t, h, []step{
		{user: "alice", text: "!blocks 3gh", silent: true},
		{user: "alice", text: "!a7-a6", want: "* Blue moves"},
		{user: "alice", text: "!resign", want: "* Blue wins."},
		{user: "alice", text: "!rematch", want: "* Red moves"},
	})
	r := h.record()
	var st struct{ Rules, Start string }
	if err := json.Unmarshal(r.State, &st); err != nil {
		t.Fatal(err)
	}
	if want := "x5o/1-3-1/2-1-2/2-1-2/2-1-2/1-3-1/o5x x 0 1"; st.Start != want || st.Rules != "cs61b" {
		t.Errorf("rematch start: got %q, rules %q; want %q, rules cs61b", st.Start, st.Rules, want)
	}
	if got := r.Seats[1].UserID; got != "id-alice" || r.Seats[0].Kind != bot.SeatAI {
		t.Errorf("seats: got %+v; want the AI Red and alice Blue", r.Seats)
	}
}
