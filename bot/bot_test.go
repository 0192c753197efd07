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
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// The host's own tests play Guess, the toy kind with a hidden
// simultaneous setup (package guessgame), never a real game: what passes
// here passes for any kind.

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
	store bot.Store
	clock *fakeClock
}

func newHarness(t *testing.T, store bot.Store, kinds ...bot.Kind) *harness {
	t.Helper()
	if len(kinds) == 0 {
		kinds = []bot.Kind{guessgame.New(guessgame.Options{})}
	}
	if store == nil {
		store = memory.New()
	}
	h := &harness{t: t, store: store, clock: &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}}
	b, err := hosttest.New(bot.Config{Admins: []string{"id-admin"}}, store, h.clock, kinds, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.bot = b
	t.Cleanup(b.Close)
	return h
}

// in says text in channel as user; text beginning "/msg " is said
// privately instead, naming the channel's table (a setup's secret).
func (h *harness) in(channel, user, text string) []bot.Reply {
	if rest, ok := strings.CutPrefix(text, "/msg "); ok {
		return h.dm(user, channel+" "+rest)
	}
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text})
}

// dm says text privately to the bot as user.
func (h *harness) dm(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Message{Network: "test", UserID: "id-" + user, Name: user, Text: text, Addressed: true, Private: true})
}

// audience is who sees a reply: "#chan" or "private:user-id".
func audience(r bot.Reply) string {
	if r.Private {
		return "private:" + r.User.ID
	}
	return r.To.Channel
}

// seen collects every reply by audience.
type seen map[string][]string

func (s seen) add(rs []bot.Reply) []bot.Reply {
	for _, r := range rs {
		s[audience(r)] = append(s[audience(r)], r.Text)
	}
	return rs
}

func text(rs []bot.Reply) string {
	var parts []string
	for _, r := range rs {
		parts = append(parts, audience(r)+"> "+r.Text)
	}
	return strings.Join(parts, "\n")
}

func want(t *testing.T, rs []bot.Reply, aud, substr string) {
	t.Helper()
	for _, r := range rs {
		if audience(r) == aud && strings.Contains(r.Text, substr) {
			return
		}
	}
	t.Fatalf("got:\n%s\nwant %q to %s", text(rs), substr, aud)
}

// TestHiddenGameInAChannel: two players set up privately (their private
// messages reach the channel's table), then guess in the channel; no
// hidden number ever reaches the channel or the other player until the
// game is over.
func TestHiddenGameInAChannel(t *testing.T) {
	h := newHarness(t, nil)
	all := seen{}
	want(t, all.add(h.in("#g", "alice", "!guess start @bob")), "#g", "bob, alice challenges you to Guess as West")
	want(t, all.add(h.in("#g", "bob", "!join")), "#g", "Waiting for East (alice) and West (bob).")
	// Setup, privately: the private messages find the table.
	want(t, all.add(h.dm("alice", "hide 7")), "private:id-alice", "Your number is 7.")
	want(t, all.add(h.dm("alice", "hide 4")), "private:id-alice", "Your number is 4.")
	want(t, all.add(h.dm("bob", "hide 2")), "private:id-bob", "Your number is 2.")
	// A move out of turn, a spectator, a guess before the setup: refused
	// to the speaker alone.
	want(t, all.add(h.in("#g", "carol", "!guess 3")), "private:id-carol", "not a player")
	want(t, all.add(h.in("#g", "alice", "!3")), "private:id-alice", "both players hide a number first")
	want(t, all.add(h.dm("alice", "ready")), "#g", "East is ready.")
	rs := all.add(h.in("#g", "bob", "!ready"))
	want(t, rs, "#g", "West is ready.")
	want(t, rs, "private:id-bob", "East  hidden")
	// Each player sees their own number, privately.
	want(t, rs, "private:id-alice", "East  4")
	want(t, rs, "private:id-bob", "West  2")
	want(t, all.add(h.in("#g", "bob", "!5")), "private:id-bob", "not your turn")
	want(t, all.add(h.in("#g", "alice", "!5")), "#g", "East (alice) plays 5. Lower. West (bob) to move.")
	want(t, all.add(h.in("#g", "bob", "!guess 2")), "#g", "Higher.")
	// A seated player's look is private; a spectator's is public.
	want(t, all.add(h.in("#g", "alice", "!board")), "private:id-alice", "East  4")
	want(t, all.add(h.in("#g", "carol", "!board")), "#g", "East  hidden")
	want(t, all.add(h.in("#g", "alice", "!2")), "#g", "East wins. (guessed right)")
	// Before the end no hidden number reached the channel or the other
	// player; at the end the channel sees both.
	for aud, lines := range all {
		for i, l := range lines {
			if strings.Contains(l, "wins") {
				break
			}
			if aud != "private:id-alice" && (strings.Contains(l, "East  4") || strings.Contains(l, "number is 4") || strings.Contains(l, "number is 7")) {
				t.Errorf("%s saw alice's number in line %d: %q", aud, i, l)
			}
			if aud != "private:id-bob" && (strings.Contains(l, "West  2") || strings.Contains(l, "number is 2")) {
				t.Errorf("%s saw bob's number in line %d: %q", aud, i, l)
			}
		}
	}
	want(t, h.in("#g", "carol", "!board"), "#g", "East  4")
}

// TestTwoKindsTwoChannels: one process hosts two tables of two kinds in
// two channels at once; each table keeps its own kind in its record.
func TestTwoKindsTwoChannels(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	var wg sync.WaitGroup
	errs := make(chan string, 100)
	for i, kind := range []string{"guess", "riddle"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ch := fmt.Sprintf("#t%d", i)
			a, b := "a"+kind, "b"+kind
			steps := []struct{ who, text, want string }{
				{a, "!" + kind + " start @" + b, "challenges you to " + strings.ToUpper(kind[:1]) + kind[1:]},
				{b, "!join", "Waiting for"},
				{a, "/msg hide 3", "Your number is 3."},
				{b, "/msg hide 8", "Your number is 8."},
				{a, "!ready", "East is ready."},
				{b, "!ready", "West is ready."},
				{a, "!8", "Right!"},
				{a, "!status", "game over"},
			}
			for _, s := range steps {
				rs := h.in(ch, s.who, s.text)
				if !strings.Contains(text(rs), s.want) {
					errs <- fmt.Sprintf("%s %s %q: got\n%s\nwant %q", ch, s.who, s.text, text(rs), s.want)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	for i, kind := range []string{"guess", "riddle"} {
		data, _, err := h.store.Load(context.Background(), fmt.Sprintf("test:#t%d", i))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := bot.UnmarshalRecord(data)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Game != kind || rec.Phase != bot.PhaseOver || rec.Winner == nil || *rec.Winner != 0 {
			t.Errorf("table %d: got game %s phase %s; want %s over, won by seat 0", i, rec.Game, rec.Phase, kind)
		}
	}
	// A command for the other kind than the table's is refused plainly.
	want(t, h.in("#t0", "x", "!riddle hide 3"), "private:id-x", "the game here is Guess")
}

// countingStore counts calls and can fail them all.
type countingStore struct {
	bot.Store
	calls atomic.Int64
	down  atomic.Bool
}

var errDown = errors.New("dial tcp 127.0.0.1:1: connection refused")

func (s *countingStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	s.calls.Add(1)
	if s.down.Load() {
		return nil, 0, errDown
	}
	return s.Store.Load(ctx, key)
}

func (s *countingStore) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	s.calls.Add(1)
	if s.down.Load() {
		return 0, errDown
	}
	return s.Store.Save(ctx, key, data, version, done)
}

func (s *countingStore) SetOwed(ctx context.Context, key string, owed bool) error {
	s.calls.Add(1)
	if s.down.Load() {
		return errDown
	}
	return s.Store.SetOwed(ctx, key, owed)
}

// TestNotOursTouchesNoStore: another bot's command gets no reply and no
// store call, even while the store is down; ours gets one plain line.
func TestNotOursTouchesNoStore(t *testing.T) {
	st := &countingStore{Store: memory.New()}
	st.down.Store(true)
	h := newHarness(t, st)
	for _, line := range []string{"!weather", "!weather in paris", "hello there", "!", "!!", "!ataxx"} {
		if rs := h.in("#g", "x", line); len(rs) != 0 {
			t.Errorf("%q: got %s; want no reply", line, text(rs))
		}
	}
	if n := st.calls.Load(); n != 0 {
		t.Errorf("store calls for lines not ours: got %d; want 0", n)
	}
	if rs := h.in("#g", "x", "!games"); len(rs) != 1 || !strings.Contains(rs[0].Text, "Guess (!guess start)") {
		t.Errorf("!games: got %s", text(rs))
	}
	if n := st.calls.Load(); n != 0 {
		t.Errorf("store calls for !games: got %d; want 0", n)
	}
	rs := h.in("#g", "x", "!status")
	if len(rs) != 1 || rs[0].Text != "Storage unavailable, try again in a moment." || !rs[0].Error {
		t.Errorf("!status with the store down: got %s", text(rs))
	}
}

// TestPrivateCommandNamesTheTable: a player seated at two tables names the
// table in a private message; one seated nowhere plays in the query.
func TestPrivateCommandNamesTheTable(t *testing.T) {
	h := newHarness(t, nil)
	for _, ch := range []string{"#one", "#two"} {
		h.in(ch, "alice", "!guess start @bob")
		h.in(ch, "bob", "!join")
	}
	want(t, h.dm("alice", "hide 3"), "private:id-alice", "you play at #one, #two; name the table first")
	want(t, h.dm("alice", "#two hide 3"), "private:id-alice", "Your number is 3.")
	want(t, h.dm("alice", "#three hide 3"), "private:id-alice", "you hold no seat in a game at #three")
	want(t, h.in("#two", "alice", "!ready"), "#two", "East is ready.")
	// carol sits nowhere: her private game is her own.
	want(t, h.dm("carol", "start ai"), "private:id-carol", "Game on: East (carol) vs West (AI level 3).")
}

// TestAIPlaysItsSeatsSeeingOnlyItsOwn: against the AI a game runs to its
// end; the AI hides its number and readies on its own.
func TestAIPlaysItsSeatsSeeingOnlyItsOwn(t *testing.T) {
	h := newHarness(t, nil)
	rs := h.in("#ai", "dave", "!guess start ai:5")
	want(t, rs, "#ai", "West is ready.")
	h.in("#ai", "dave", "/msg hide 5")
	h.in("#ai", "dave", "!ready")
	for n := 1; n <= 9; n++ {
		rs = h.in("#ai", "dave", fmt.Sprintf("!%d", n))
		if strings.Contains(text(rs), "wins.") || strings.Contains(text(rs), "Draw.") {
			return
		}
	}
	t.Fatalf("no end after guessing 1 to 9: %s", text(rs))
}

// TestDamagedRecord: a stored record that no longer decodes gets one
// plain line (no internal detail), and new replaces it.
func TestDamagedRecord(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#d", "alice", "!guess start ai")
	for _, bad := range []string{`{"schema":1,"game":"guess","phase":"playing","seats":[],"state":{"top":1}}`, `{"schema":1,"game":"chess"}`, `{"schema":1,`} {
		_, v, err := h.store.Load(context.Background(), "test:#d")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.Save(context.Background(), "test:#d", []byte(bad), v, false); err != nil {
			t.Fatal(err)
		}
		rs := h.in("#d", "alice", "!status")
		if len(rs) != 1 || rs[0].Text != "damaged record: the game stored here cannot be read; say !new to start again" {
			t.Errorf("%s: status got %s", bad, text(rs))
		}
		want(t, h.in("#d", "alice", "!new"), "#d", "New game of Guess in setup.")
	}
}

// TestSeatsProtectTheTable: a spectator cannot wipe, start or reseat a
// waiting game; an admin can.
func TestSeatsProtectTheTable(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#p", "alice", "!guess top 20")
	h.in("#p", "alice", "!guess start @bob")
	for _, line := range []string{"!new", "!start", "!top 5", "!auto east", "!color west", "!verbose"} {
		if rs := h.in("#p", "carol", line); len(rs) != 1 || !rs[0].Error {
			t.Errorf("carol %q: got %s; want a refusal", line, text(rs))
		}
	}
	want(t, h.in("#p", "bob", "!join"), "#p", "Waiting for")
	want(t, h.in("#p", "admin", "!new"), "#p", "Game abandoned. New game of Guess in setup.")
}

// TestUndoByBothPlayers: undo against a person needs both.
func TestUndoByBothPlayers(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#u", "alice", "!guess start @bob")
	h.in("#u", "bob", "!join")
	for _, s := range []struct{ who, line string }{{"alice", "/msg hide 4"}, {"bob", "/msg hide 6"}, {"alice", "!ready"}, {"bob", "!ready"}} {
		h.in("#u", s.who, s.line)
	}
	want(t, h.in("#u", "alice", "!undo"), "private:id-alice", "no guess of yours to take back")
	h.in("#u", "alice", "!3")
	want(t, h.in("#u", "alice", "!undo"), "#u", "East (alice) asks to take back a move.")
	want(t, h.in("#u", "bob", "!undo"), "#u", "Took back 1 move. East (alice) to move.")
	want(t, h.in("#u", "alice", "!guesses"), "private:id-alice", "No guesses yet.")
}

// TestIdleTable: after the idle time anyone may take a silent player's seat
// (one with no secret yet: see TestIdleTakeoverOfAHiddenSeat) or abandon
// the game, and the channel is told.
func TestIdleTable(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#i", "alice", "!guess start @bob")
	h.in("#i", "bob", "!join")
	h.in("#i", "bob", "/msg hide 6")
	if rs := h.in("#i", "carol", "!join"); len(rs) != 1 || !rs[0].Error {
		t.Fatalf("join of a live game: got %s; want a refusal", text(rs))
	}
	h.clock.Advance(25 * time.Hour)
	want(t, h.in("#i", "carol", "!join"), "#i", "carol takes East from alice, who has not acted for 24h0m0s. Waiting for East (carol) and West (bob).")
	want(t, h.in("#i", "carol", "/msg hide 4"), "private:id-carol", "Your number is 4.")
	h.clock.Advance(25 * time.Hour)
	want(t, h.in("#i", "dave", "!new"), "#i", "Game abandoned: nobody acted for 24h0m0s. New game of Guess in setup.")
}

// TestStartAgainstTheAI: in the users' guide's console, start plays the
// opponent (the AI); auto on both seats then start plays the AI against
// itself; clear gives the seat auto took back to its player.
func TestStartAgainstTheAI(t *testing.T) {
	st := memory.New()
	b, err := hosttest.New(bot.Config{StartAgainstAI: true}, st, nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	say := func(text string) []bot.Reply {
		return b.Handle(context.Background(), bot.Message{Network: "console", Channel: "console", UserID: "you", Name: "you", Text: text, Addressed: true})
	}
	want(t, say("start"), "console", "Game on: East (you) vs West (AI level 3).")
	say("new")
	say("auto east 2")
	say("auto west 2")
	rs := say("start")
	want(t, rs, "console", "Game on: East (AI level 2) vs West (AI level 2).")
	if !strings.Contains(text(rs), "wins.") && !strings.Contains(text(rs), "Draw.") {
		t.Errorf("AI against AI did not play to the end: %s", text(rs))
	}
	say("new")
	say("manual east")
	say("auto east")
	want(t, say("clear"), "console", "East (you)")
}

// TestStartTakesAGameSetting: a word of start that is a choice of one of
// the kind's settings configures the game ("!abalone start ai german").
func TestStartTakesAGameSetting(t *testing.T) {
	h := newHarness(t, nil, settingKind{guessgame.New(guessgame.Options{})})
	want(t, h.in("#s", "alice", "!guess start ai wide"), "#s", "Numbers go from 1 to 99.")
	if rs := h.in("#s", "bob", "!guess start ai narrow x"); len(rs) != 1 || !rs[0].Error {
		t.Errorf("start with an unknown word: got %s; want a refusal", text(rs))
	}
}

// settingKind is Guess with a choice setting: range wide|narrow.
type settingKind struct{ *guessgame.Kind }

func (k settingKind) Spec() bot.Spec {
	s := k.Kind.Spec()
	s.Commands = append(s.Commands, bot.CommandSpec{Name: "range", Use: bot.Configure, Summary: "wide (1-99) or narrow (1-9)",
		Args: []bot.Arg{{Name: "range", Type: bot.ArgChoice, Choices: []string{"wide", "narrow"}, Required: true}}})
	return s
}

func (k settingKind) New(rules string) (bot.State, error) {
	st, err := k.Kind.New(rules)
	return rangeState{st}, err
}

func (k settingKind) Decode(data []byte) (bot.State, error) {
	st, err := k.Kind.Decode(data)
	return rangeState{st}, err
}

type rangeState struct{ bot.State }

func (s rangeState) Configure(c bot.Command) (string, error) {
	if c.Verb == "range" {
		top := map[string]string{"wide": "99", "narrow": "9"}[c.Args[0]]
		return s.State.Configure(bot.Command{Verb: "top", Args: []string{top}})
	}
	return s.State.Configure(c)
}

// TestKindCommandAtAnEmptyTable: a kind's command where no game is gets a
// plain pointer to start one.
func TestKindCommandAtAnEmptyTable(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	want(t, h.in("#e", "x", "!riddle hide 3"), "private:id-x", "no game of Riddle here; say !riddle start to open one")
}

// TestHostAndJoinAcrossTables: a game hosted at one table is joined from
// another; each player plays from their own channel, every announcement
// reaches both, and private views reach each player.
func TestHostAndJoinAcrossTables(t *testing.T) {
	h := newHarness(t, nil)
	want(t, h.in("#a", "alice", "!guess host g1"), "#a", "alice hosts Guess as g1. From any channel, on any network this bot serves: say !join g1.")
	want(t, h.in("#b", "bob", "!join nope"), "#b", "no game is hosted as nope")
	rs := h.in("#b", "bob", "!join g1@anywhere")
	want(t, rs, "#a", "bob joins g1 as West, from #b.")
	want(t, rs, "#b", "bob joins g1 as West, from #b.")
	want(t, h.in("#c", "carol", "!join g1"), "private:id-carol", "the game hosted as g1 has begun")
	want(t, h.dm("bob", "hide 3"), "private:id-bob", "Your number is 3.")
	h.dm("alice", "hide 8")
	h.in("#a", "alice", "!ready")
	rs = h.in("#b", "bob", "!ready")
	want(t, rs, "#a", "West is ready.")
	want(t, rs, "#b", "West is ready.")
	want(t, rs, "private:id-bob", "West  3")
	rs = h.in("#a", "alice", "!3")
	want(t, rs, "#b", "East (alice) plays 3. Right!")
	want(t, rs, "#b", "East wins.")
	// The game is over: #b is a channel of its own again.
	want(t, h.in("#b", "bob", "!status"), "#b", "No game here.")
	want(t, h.in("#a", "alice", "!status"), "#a", "game over")
	// The id can be hosted again once its game is over.
	want(t, h.in("#c", "carol", "!guess host g1"), "#c", "carol hosts Guess as g1.")
	want(t, h.in("#d", "dave", "!guess host g1"), "private:id-dave", "g1 is already hosted elsewhere")
}

// TestJoinRefusals: a hosted game of another kind than the joining
// channel's, or a channel with a game running, gets one clear line; a
// rematch keeps both windows.
func TestJoinRefusals(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	h.in("#a", "alice", "!guess host g1")
	h.in("#r", "rita", "!riddle start @sam")
	want(t, h.in("#r", "rita", "!join g1"), "private:id-rita", "a game of Riddle is here")
	h.in("#b", "bob", "!join g1")
	for _, s := range []struct{ ch, who, line string }{{"#a", "alice", "/msg hide 4"}, {"#b", "bob", "/msg hide 6"}, {"#a", "alice", "!ready"}, {"#b", "bob", "!ready"}} {
		h.in(s.ch, s.who, s.line)
	}
	want(t, h.in("#b", "bob", "!resign"), "#a", "West resigns. East wins.")
	rs := h.in("#a", "alice", "!new")
	want(t, rs, "#a", "New game of Guess in setup. East (alice), West (bob).")
	want(t, rs, "#b", "New game of Guess in setup.")
}

// TestSettingUpAnotherKindAtAnEmptyTable: a kind's setup command where no
// game is opens a table of that kind.
func TestSettingUpAnotherKindAtAnEmptyTable(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	want(t, h.in("#e", "x", "!riddle top 20"), "#e", "Numbers go from 1 to 20.")
	want(t, h.in("#e", "x", "!status"), "#e", "Riddle in setup")
}

// TestRecordWithWrongSeats: a record whose seats do not fit its game is
// damaged, not a crash.
func TestRecordWithWrongSeats(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#w", "alice", "!guess start ai")
	data, v, _ := h.store.Load(context.Background(), "test:#w")
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	rec.Seats = rec.Seats[:1]
	bad, _ := bot.MarshalRecord(rec)
	if _, err := h.store.Save(context.Background(), "test:#w", bad, v, false); err != nil {
		t.Fatal(err)
	}
	want(t, h.in("#w", "alice", "!status"), "private:id-alice", "the game stored here cannot be read")
}
