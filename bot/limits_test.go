package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/limits"
	"github.com/ataxxbot/ataxxbot/bot/tournament"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// newLimitedHarness is newHarness with limits (and the archive, which
// tournaments need).
func newLimitedHarness(t *testing.T, l limits.Config) *harness {
	t.Helper()
	return newLimitedHarnessOf(t, l)
}

// newLimitedHarnessOf is newLimitedHarness with other features' settings
// (the tournaments per identity).
func newLimitedHarnessOf(t *testing.T, l limits.Config, more ...hosttest.Option) *harness {
	t.Helper()
	h := &harness{t: t, store: memory.New(), clock: &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}}
	cfg := bot.Config{Admins: []string{"id-admin"}, Archive: true}
	b, err := hosttest.New(cfg, h.store, h.clock,
		[]bot.Kind{guessgame.New(guessgame.Options{})}, nil, append(more, hosttest.Limits(l))...)
	if err != nil {
		t.Fatal(err)
	}
	h.bot = b
	t.Cleanup(b.Close)
	return h
}

const overRate = "too many commands"

// TestOneIdentitysBurstIsRefusedWhileAnotherPlaysOn: one identity's burst
// gets Burst answers, then one line saying it is over the rate, then
// silence for the rest of the notice window; another identity in the same
// channel plays on meanwhile, and an admin is not limited.
func TestOneIdentitysBurstIsRefusedWhileAnotherPlaysOn(t *testing.T) {
	l := limits.Config{Rate: 2, Burst: 10, Notice: time.Minute}
	h := newLimitedHarness(t, l)
	want(t, h.in("#g", "dave", "!start ai"), "#g", "Game on")
	answered, notices, silent := 0, 0, 0
	for i := range 30 {
		rs := h.in("#g", "carol", "!status")
		switch {
		case len(rs) == 0:
			silent++
		case len(rs) == 1 && strings.Contains(rs[0].Text, overRate):
			notices++
			if !rs[0].Error || audience(rs[0]) != "#g" || !strings.HasPrefix(rs[0].Text, "carol, ") {
				t.Errorf("the notice: got %s; want one refusal to carol in #g", text(rs))
			}
		default:
			answered++
		}
		if i%4 == 0 { // dave plays on between carol's lines
			if rs := h.in("#g", "dave", "!guesses"); len(rs) == 0 || strings.Contains(text(rs), overRate) {
				t.Fatalf("dave's !guesses during carol's burst: got %s; want his answer", text(rs))
			}
		}
	}
	if answered != l.Burst || notices != 1 || silent != 30-l.Burst-1 {
		t.Errorf("carol's burst of 30: got %d answered, %d notices, %d silent; want %d, 1, %d", answered, notices, silent, l.Burst, 30-l.Burst-1)
	}
	// Half a second later one token is back: one line runs, the next is
	// dropped without a second notice (the window is a minute).
	h.clock.Advance(time.Second / 2)
	if rs := h.in("#g", "carol", "!status"); len(rs) == 0 || strings.Contains(text(rs), overRate) {
		t.Errorf("carol after a token came back: got %s; want her status", text(rs))
	}
	if rs := h.in("#g", "carol", "!status"); len(rs) != 0 {
		t.Errorf("carol over the rate again within the window: got %s; want silence", text(rs))
	}
	// After the window, a new burst over the rate is told once again.
	h.clock.Advance(l.Notice)
	notices = 0
	for range 2 * l.Burst {
		if rs := h.in("#g", "carol", "!status"); strings.Contains(text(rs), overRate) {
			notices++
		}
	}
	if notices != 1 {
		t.Errorf("notices in the next window: got %d; want 1", notices)
	}
	// Lines that are not ours cost nothing and are never answered.
	for range 3 * l.Burst {
		if rs := h.in("#g", "erin", "!weather"); len(rs) != 0 {
			t.Fatalf("another bot's command: got %s; want silence", text(rs))
		}
	}
	if rs := h.in("#g", "erin", "!status"); len(rs) == 0 || strings.Contains(text(rs), overRate) {
		t.Errorf("erin after lines not ours: got %s; want her status", text(rs))
	}
	// An admin is exempt.
	for i := range 3 * l.Burst {
		if rs := h.in("#g", "admin", "!status"); len(rs) == 0 || strings.Contains(text(rs), overRate) {
			t.Fatalf("the admin's line %d: got %s; want an answer", i+1, text(rs))
		}
	}
}

// TestCommandsASecondOneIdentityCanDrive: one identity saying 20 lines a
// second for a minute (on the test's clock) has Burst + Rate x 60 of them
// run: the configured rate is what one identity can drive.
func TestCommandsASecondOneIdentityCanDrive(t *testing.T) {
	for _, tc := range []struct {
		name string
		l    limits.Config
	}{
		{"two a second, a burst of ten", limits.Config{Rate: 2, Burst: 10}},
		{"five a second, a burst of three", limits.Config{Rate: 5, Burst: 3}},
		{"one every two seconds, no burst", limits.Config{Rate: 0.5, Burst: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newLimitedHarness(t, tc.l)
			const seconds, perSecond = 60, 20
			ran := 0
			for range seconds * perSecond {
				if rs := h.in("#g", "carol", "!games"); len(rs) == 1 && !rs[0].Error {
					ran++
				}
				h.clock.Advance(time.Second / perSecond)
			}
			if want := tc.l.Burst + int(tc.l.Rate*seconds); ran < want-1 || ran > want {
				t.Errorf("lines run in %ds: got %d; want %d (%v a second after a burst of %d)", seconds, ran, want, tc.l.Rate, tc.l.Burst)
			}
		})
	}
}

// TestGamesAndChallengesPerIdentity: an identity with Games games in play
// cannot begin or open another (the refusal names their tables and
// changes nothing) until one ends; one with Challenges games waiting for
// players cannot open another; another identity and an admin play on.
func TestGamesAndChallengesPerIdentity(t *testing.T) {
	h := newLimitedHarness(t, limits.Config{Games: 2, Challenges: 2})
	want(t, h.in("#a", "alice", "!start ai"), "#a", "Game on")
	want(t, h.dm("alice", "start ai"), "private:id-alice", "Game on") // a private game counts too
	for _, line := range []string{"!start ai", "!start @bob", "!start"} {
		// Guess is a hidden kind: its refusals are the speaker's alone.
		want(t, h.in("#c", "alice", line), "private:id-alice", "you play 2 games already (#a, a private game)")
	}
	if rs := h.in("#c", "alice", "!status"); strings.Contains(text(rs), "alice") {
		t.Errorf("#c after alice's refused lines: got %s; want no seat of hers", text(rs))
	}
	// Another identity plays on, and the refused lines took no game id.
	want(t, h.in("#c", "bob", "!start ai"), "#c", "(game 3)")
	want(t, h.in("#e", "bob", "!start"), "#e", "bob")
	want(t, h.in("#e", "alice", "!join"), "private:id-alice", "you play 2 games already")
	want(t, h.in("#h1", "bob", "!host g1"), "#h1", "bob hosts")
	want(t, h.in("#h2", "alice", "!join g1"), "private:id-alice", "you play 2 games already")
	want(t, h.in("#a", "alice", "!resign"), "#a", "resigns")
	want(t, h.in("#d", "alice", "!start ai"), "#d", "Game on")

	// Challenges: games in setup waiting for another player.
	want(t, h.in("#x", "erin", "!start @bob"), "#x", "erin challenges you")
	want(t, h.in("#y", "erin", "!start"), "#y", "erin")
	want(t, h.in("#z", "erin", "!start @carol"), "private:id-erin", "you have 2 games waiting for players already (#x, #y)")
	// A challenge already open may be taken up: bob joins erin's game.
	want(t, h.in("#x", "bob", "!join"), "#x", "bob")
	want(t, h.in("#z", "erin", "!start @carol"), "#z", "erin challenges you")

	// An admin is exempt.
	for _, ch := range []string{"#p", "#q", "#r", "#s"} {
		want(t, h.in(ch, "admin", "!start ai"), ch, "Game on")
	}
}

// TestTournamentsPerIdentity: an identity with TournamentsPerUser waiting or
// running cannot make another until one ends.
func TestTournamentsPerIdentity(t *testing.T) {
	h := newLimitedHarnessOf(t, limits.Config{}, hosttest.Tournaments(tournament.Config{PerUser: 2}))
	open := func(ch, user string) []bot.Reply { return h.in(ch, user, "!tournament guess roundrobin ai:1 @bob") }
	want(t, open("#t1", "alice"), "#t1", "invited")
	want(t, open("#t2", "alice"), "#t2", "invited")
	rs := open("#t3", "alice")
	want(t, rs, "#t3", "you run 2 tournaments already")
	if rs := h.in("#t3", "alice", "!tournament status"); !strings.Contains(text(rs), "no tournament here") {
		t.Errorf("#t3 after the refusal: got %s; want no tournament", text(rs))
	}
	want(t, open("#t3", "carol"), "#t3", "invited") // another identity
	want(t, h.in("#t1", "alice", "!tournament stop"), "#t1", "is stopped")
	want(t, open("#t4", "alice"), "#t4", "invited")
}

// TestLimitsHoldUnderConcurrentCommands: many identities' lines at once
// keep each one's count (run with -race).
func TestLimitsHoldUnderConcurrentCommands(t *testing.T) {
	l := limits.Config{Rate: 1, Burst: 5}
	h := newLimitedHarness(t, l)
	const users, lines = 8, 20
	ran := make([]int, users)
	done := make(chan int)
	for u := range users {
		go func() {
			for range lines {
				rs := h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#g", UserID: "id-" + string(rune('a'+u)), Name: "u", Text: "!games"})
				if len(rs) == 1 && !rs[0].Error {
					ran[u]++
				}
			}
			done <- u
		}()
	}
	for range users {
		<-done
	}
	for u, n := range ran {
		if n != l.Burst {
			t.Errorf("user %d: got %d lines run; want %d", u, n, l.Burst)
		}
	}
}

// BenchmarkLimiterHandle is a whole command that touches no store
// ("!games") with the limits off and on: the limiter's share of a
// command.
func BenchmarkLimiterHandle(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts []hosttest.Option
		l    limits.Config
	}{
		{"limits off", nil, limits.Config{}},
		{"limits on", []hosttest.Option{hosttest.Tournaments(tournament.Config{PerUser: 2})}, limits.Config{Rate: 1e9, Burst: 1e9, Games: 4, Challenges: 5}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bt, err := hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil, append(bc.opts, hosttest.Limits(bc.l))...)
			if err != nil {
				b.Fatal(err)
			}
			defer bt.Close()
			m := bot.Message{Network: "irc", Channel: "#g", UserID: "carol", Name: "carol", Text: "!games"}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if rs := bt.Handle(ctx, m); len(rs) != 1 {
					b.Fatalf("got %d replies; want 1", len(rs))
				}
			}
		})
	}
}
