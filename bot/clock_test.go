package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// Clocks: the host times games by the bot's Clock, which these tests move
// by hand; a flag falls by command and by the host's timer.

// clocked seats alice (East, hides 4) and bob (West, hides 6) at channel
// in a Guess game on clock, in play, and returns what the last ready said.
func (h *harness) clocked(channel, clock string) []bot.Reply {
	h.in(channel, "alice", "!guess start @bob "+clock)
	h.in(channel, "bob", "!join")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	return h.dm("bob", "ready")
}

// record reads the table's record from the harness's store.
func (h *harness) record(key string) *bot.Record {
	h.t.Helper()
	return storedRecord(h.t, h.store, key)
}

// storedRecord reads the record of the table at key from st.
func storedRecord(t *testing.T, st bot.Store, key string) *bot.Record {
	t.Helper()
	data, _, err := st.Load(context.Background(), key)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestFischerClock(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#c", "alice", "!guess start @bob 10m+5s")
	want(t, h.in("#c", "bob", "!join"), "#c", "Clock: 10m + 5s a move.")
	// The setup is not timed: the hidden numbers take what they take.
	h.dm("alice", "hide 4")
	h.clock.Advance(5 * time.Minute)
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	h.dm("bob", "ready")
	want(t, h.in("#c", "carol", "!status"), "#c", "Clock (10m + 5s a move): East 10:00 (to move), West 10:00.")
	steps := []struct {
		name    string
		wait    time.Duration
		who, mv string
		status  string
	}{
		{"east spends a minute and gets 5s", time.Minute, "alice", "!1", "East 9:05, West 10:00 (to move)."},
		{"west spends 2m30s", 150 * time.Second, "bob", "!2", "East 9:05 (to move), West 7:35."},
		{"east moves at once", 0, "alice", "!3", "East 9:10, West 7:35 (to move)."},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			h.clock.Advance(s.wait)
			want(t, h.in("#c", s.who, s.mv), "#c", "to move. Clock: "+s.status) // the move's announcement
			want(t, h.in("#c", "carol", "!status"), "#c", s.status)
		})
	}
	// Time runs on the side to move: bob's clock, seen 20s later.
	h.clock.Advance(20 * time.Second)
	want(t, h.in("#c", "carol", "!status"), "#c", "East 9:10, West 7:15 (to move).")
	want(t, h.in("#c", "carol", "!board"), "#c", "Clock (10m + 5s a move): East 9:10, West 7:15 (to move).")
	rec := h.record("test:#c")
	if rec.Clock == nil || rec.Clock.Turn != 1 || rec.Clock.LeftMS[0] != 550_000 || rec.Clock.LeftMS[1] != 455_000 {
		t.Fatalf("stored clock: got %+v; want West to move, East 550000 ms, West 455000 ms", rec.Clock)
	}
}

func TestCorrespondenceClock(t *testing.T) {
	h := newHarness(t, nil)
	want(t, h.in("#d", "alice", "!guess start @bob 1d"), "#d", "challenges you to Guess (clock 1d a move)")
	h.in("#d", "bob", "!join")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	h.dm("bob", "ready")
	h.clock.Advance(20 * time.Hour)
	want(t, h.in("#d", "carol", "!status"), "#d", "East 4:00:00 (to move)")
	h.in("#d", "alice", "!1")
	// A day again for the next move, nothing saved up.
	want(t, h.in("#d", "carol", "!status"), "#d", "East 1d 0h, West 1d 0h (to move).")
	h.clock.Advance(23 * time.Hour)
	h.in("#d", "bob", "!2")
	h.clock.Advance(23*time.Hour + 59*time.Minute)
	want(t, h.in("#d", "alice", "!3"), "#d", "East (alice) plays 3.")
	h.clock.Advance(24*time.Hour + time.Second)
	rs := h.in("#d", "bob", "!5")
	want(t, rs, "#d", "West loses on time. East wins.")
	want(t, rs, "private:id-bob", "the game is over")
	if rec := h.record("test:#d"); rec.Phase != bot.PhaseOver || rec.Ending != bot.EndTime || rec.Winner == nil || *rec.Winner != 0 {
		t.Fatalf("after the flag: got phase %s, ending %q, winner %v; want over on time, East the winner", rec.Phase, rec.Ending, rec.Winner)
	}
}

func TestFlagByCommand(t *testing.T) {
	cases := []struct {
		name, who, text string
		aud             string
	}{
		{"a spectator's status", "carol", "!status", "#f"},
		{"the flagged side's move", "alice", "!1", "#f"},
		{"the other side's move", "bob", "!1", "#f"},
		{"a board", "bob", "!board", "#f"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			h.clocked("#f", "1m")
			h.clock.Advance(59 * time.Second)
			want(t, h.in("#f", "carol", "!status"), "#f", "East 0:01 (to move)")
			h.clock.Advance(time.Second)
			rs := h.in("#f", c.who, c.text)
			want(t, rs, c.aud, "East loses on time. West wins.")
			if n := strings.Count(text(rs), "#f> East loses on time"); n != 1 {
				t.Fatalf("got %d flag announcements:\n%s\nwant 1", n, text(rs))
			}
			// Claimed once: the next command finds the game over.
			rs = h.in("#f", "carol", "!status")
			if strings.Contains(text(rs), "#f> East loses on time") || !strings.Contains(text(rs), "game over: East ran out of time; West wins.") {
				t.Fatalf("status after the flag: got\n%s\nwant game over, the flag once", text(rs))
			}
			if rec := h.record("test:#f"); rec.Ending != bot.EndTime || rec.Clock.LeftMS[0] != 0 {
				t.Fatalf("record: got ending %q, clock %+v; want time, East at 0", rec.Ending, rec.Clock)
			}
		})
	}
}

func TestClockRefusals(t *testing.T) {
	cases := []struct{ name, text, want string }{
		{"under a second", "!guess start @bob 0s", "from 1s to 30d"},
		{"over thirty days", "!guess start @bob 40d", "from 1s to 30d"},
		{"not a time", "!guess start @bob 5x", "not a time"},
		{"two clocks", "!guess start @bob 5m 1d", "one clock"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil)
			rs := h.in("#r", "alice", c.text)
			refused(t, rs, c.text)
			want(t, rs, "private:id-alice", c.want) // Guess is hidden: refusals are the speaker's
			if _, _, err := h.store.Load(context.Background(), "test:#r"); !errors.Is(err, bot.ErrNotFound) {
				t.Fatalf("after a refused start: got %v; want no record", err)
			}
		})
	}
}

func TestDefaultClockAndNone(t *testing.T) {
	st := memory.New()
	clk := &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	b := hosttest.Must(hosttest.New(bot.Config{}, st, clk,
		[]bot.Kind{guessgame.New(guessgame.Options{})}, nil, hosttest.Clock(bot.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second})))
	t.Cleanup(b.Close)
	h := &harness{t: t, store: st, clock: clk, bot: b}
	want(t, h.in("#x", "alice", "!guess start @bob"), "#x", "(clock 5m + 3s a move)")
	if rec := h.record("test:#x"); rec.Clock == nil || rec.Clock.Control.Base != 5*time.Minute {
		t.Fatalf("default clock: got %+v; want 5m+3s", rec.Clock)
	}
	rs := h.in("#y", "alice", "!guess start @bob none")
	if strings.Contains(text(rs), "clock") {
		t.Fatalf("start none: got\n%s\nwant no clock", text(rs))
	}
	if rec := h.record("test:#y"); rec.Clock != nil {
		t.Fatalf("start none: got clock %+v; want none", rec.Clock)
	}
}

// TestUnclockedBoardUnchanged: a game without a clock shows no clock.
func TestUnclockedBoardUnchanged(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#u")
	for _, cmd := range []string{"!board", "!status"} {
		if rs := h.in("#u", "carol", cmd); strings.Contains(text(rs), "Clock") {
			t.Fatalf("%s of an untimed game: got\n%s\nwant no clock", cmd, text(rs))
		}
	}
	if rec := h.record("test:#u"); rec.Clock != nil {
		t.Fatalf("untimed record: got clock %+v; want none", rec.Clock)
	}
}

// flagInbox collects what the bot sends on its own.
type flagInbox struct{ got chan string }

// Send notes each reply as "#channel> text", with its buttons after it
// as " {Label, Label}".
func (in *flagInbox) Send(_ context.Context, rs []bot.Reply) error {
	for _, r := range rs {
		line := r.To.Channel + "> " + r.Text
		if len(r.Actions) > 0 {
			labels := make([]string, len(r.Actions))
			for i, a := range r.Actions {
				labels[i] = a.Label
			}
			line += " {" + strings.Join(labels, ", ") + "}"
		}
		in.got <- line
	}
	return nil
}

// wait returns the first line sent that contains want.
func (in *flagInbox) wait(t *testing.T, want string) string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case line := <-in.got:
			if strings.Contains(line, want) {
				return line
			}
		case <-deadline:
			t.Fatalf("no %q sent within 30s", want)
		}
	}
}

// TestFlagByTimer: nobody says anything, and the host claims the flag on
// time through its Sender; a bot started after the first one stopped
// (a restart) finds the clocked game through the owed marks and claims
// it too, at the deadline the record gives.
func TestFlagByTimer(t *testing.T) {
	st := memory.New()
	kinds := []bot.Kind{guessgame.New(guessgame.Options{})}
	in := &flagInbox{got: make(chan string, 100)}
	b := hosttest.Must(hosttest.New(bot.Config{}, st, nil, kinds, nil))
	b.Async(in)
	say := func(b *hosttest.Host, user, text string, private bool) {
		m := bot.Message{Network: "test", Channel: "#t", UserID: "id-" + user, Name: user, Text: text}
		if private {
			m.Channel, m.Private, m.Addressed = "", true, true
		}
		b.Handle(context.Background(), m)
	}
	play := func(b *hosttest.Host, channel string) {
		say(b, "alice", "!guess start @bob 2s", false)
		say(b, "bob", "!join", false)
		say(b, "alice", channel+" hide 4", true)
		say(b, "bob", channel+" hide 6", true)
		say(b, "alice", channel+" ready", true)
		say(b, "bob", channel+" ready", true)
	}
	play(b, "#t")
	in.wait(t, "#t> East loses on time. West wins.")
	// The flag's announcement ends with the buttons of a finished game, as
	// any ending does (on its last public line: here the revealed board).
	if line := in.wait(t, "{"); !strings.HasPrefix(line, "#t> ") || !strings.HasSuffix(line, " {Board, New game}") {
		t.Errorf("the timer's flag: got %q after it; want a line to #t with the buttons {Board, New game}", line)
	}
	data, _, err := st.Load(context.Background(), "test:#t")
	if err != nil {
		t.Fatal(err)
	}
	rec, _ := bot.UnmarshalRecord(data)
	if rec.Ending != bot.EndTime {
		t.Fatalf("after the timer: got ending %q; want time", rec.Ending)
	}

	// Stopped mid-turn, then a new bot on the same store.
	b.Close()
	b = hosttest.Must(hosttest.New(bot.Config{}, st, nil, kinds, nil))
	b.Async(in)
	say(b, "alice", "!guess start @bob 2s", false)
	say(b, "bob", "!join", false)
	say(b, "alice", "hide 4", true)
	say(b, "bob", "hide 6", true)
	say(b, "alice", "ready", true)
	say(b, "bob", "ready", true)
	b.Close() // its timer goes with it
	owed, _ := st.Owed(context.Background())
	if len(owed) != 1 || owed[0] != "test:#t" {
		t.Fatalf("owed marks of a running clocked game: got %v; want [test:#t]", owed)
	}
	b2 := hosttest.Must(hosttest.New(bot.Config{}, st, nil, kinds, nil))
	defer b2.Close()
	b2.Async(in)
	if err := b2.Resume(context.Background(), "test", in); err != nil {
		t.Fatal(err)
	}
	in.wait(t, "#t> East loses on time. West wins.")
	data, _, _ = st.Load(context.Background(), "test:#t")
	rec, _ = bot.UnmarshalRecord(data)
	if rec.Ending != bot.EndTime {
		t.Fatalf("after the restart's timer: got ending %q; want time", rec.Ending)
	}
	// The flag cleared the mark.
	if owed, _ := st.Owed(context.Background()); len(owed) != 0 {
		t.Fatalf("owed marks after the flag: got %v; want none", owed)
	}
}

// TestFlagIsArchivedAndRated: a game lost on time is archived with the
// ending "time" and rated like any other finished game.
func TestFlagIsArchivedAndRated(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.clocked("#z", "1m")
	h.in("#z", "alice", "!1")
	h.in("#z", "bob", "!2")
	h.clock.Advance(time.Minute)
	want(t, h.in("#z", "carol", "!status"), "#z", "East loses on time. West wins. (game 1)")
	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil {
		t.Fatalf("archived game 1: %v", err)
	}
	if g.Ending != bot.EndTime || g.Winner != 1 {
		t.Fatalf("archived: got ending %q, winner %d; want time, West (1)", g.Ending, g.Winner)
	}
	want(t, h.in("#z", "bob", "!rating"), "#z", "Guess 1662")
}
