package webplay_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/webplay"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// table is a Guess game at #w between alice (east) and bob (west), each
// with a hidden number, and what the pages' commands said to others.
type table struct {
	t     *testing.T
	h     *hosttest.Host
	clock *testClock
	st    bot.Store
	mu    sync.Mutex
	sent  []bot.Reply
}

func newTable(t *testing.T) *table {
	t.Helper()
	tb := &table{t: t, clock: &testClock{now: time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)}, st: memory.New()}
	send := func(_ context.Context, rs []bot.Reply) error {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		tb.sent = append(tb.sent, rs...)
		return nil
	}
	tb.h = hosttest.Must(hosttest.New(bot.Config{Prefix: "!", Archive: true}, tb.st, tb.clock, []bot.Kind{guessgame.New(guessgame.Options{})}, nil,
		hosttest.Web(webplay.Config{Send: send, TTL: time.Hour})))
	t.Cleanup(tb.h.Close)
	tb.say("#w", "alice", "!start @bob", false)
	tb.say("#w", "bob", "!join", false)
	tb.say("", "alice", "#w hide 7", true)
	tb.say("", "bob", "#w hide 3", true)
	return tb
}

func (tb *table) say(channel, user, text string, private bool) []bot.Reply {
	return tb.h.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user,
		Text: text, Private: private, Addressed: private})
}

// link asks for user's link at #w and returns its token.
func (tb *table) link(user string) string {
	tb.t.Helper()
	replies := tb.say("#w", user, "!web", false)
	var token string
	for _, r := range replies {
		if i := strings.Index(r.Text, hosttest.PagesAt+"/play/"); i >= 0 {
			if !r.Private || r.User.ID != "id-"+user {
				tb.t.Fatalf("%s's link went to %+v; want a private reply to them alone", user, r)
			}
			token = r.Text[i+len(hosttest.PagesAt+"/play/"):]
		}
	}
	if token == "" {
		tb.t.Fatalf("!web by %s: got %+v; want a private reply with a play link", user, replies)
	}
	return token
}

func (tb *table) record() []byte {
	tb.t.Helper()
	data, _, err := tb.st.Load(context.Background(), bot.Table{Network: "test", Channel: "#w"}.Key())
	if err != nil {
		tb.t.Fatal(err)
	}
	return data
}

// TestALinkShowsItsPlayersOwnView: web answers a seated player
// privately; their page shows their own secret and not the other's, and
// the other player's page the reverse.
func TestALinkShowsItsPlayersOwnView(t *testing.T) {
	tb := newTable(t)
	ctx := context.Background()
	for _, c := range []struct {
		user, mine, theirs string
		seat               int
	}{
		{"alice", "7", "3", 0},
		{"bob", "3", "7", 1},
	} {
		v, err := tb.h.Web.PlayView(ctx, tb.link(c.user))
		if err != nil {
			t.Fatalf("%s's view: %v", c.user, err)
		}
		if v.Seat != c.seat || v.Phase != "playing" {
			t.Errorf("%s's view: got seat %d phase %q; want seat %d, playing", c.user, v.Seat, v.Phase, c.seat)
		}
		if !strings.Contains(v.Board+v.Status, c.mine) {
			t.Errorf("%s's view: got %q / %q; want their own number %s", c.user, v.Status, v.Board, c.mine)
		}
		if strings.Contains(v.Board+v.Status, c.theirs) {
			t.Errorf("%s's view shows the other's hidden number %s: %q / %q", c.user, c.theirs, v.Status, v.Board)
		}
		if v.Version == "" || len(v.Menu) == 0 || len(v.Commands) == 0 {
			t.Errorf("%s's view: got version %q, %d menu entries, commands %+v; want all three", c.user, v.Version, len(v.Menu), v.Commands)
		}
	}
}

// TestASpectatorIsToldWhereToWatch: someone without a seat gets the
// game's public page, never a play link.
func TestASpectatorIsToldWhereToWatch(t *testing.T) {
	tb := newTable(t)
	replies := tb.say("#w", "carol", "!web", false)
	if len(replies) != 1 || replies[0].Private || !strings.Contains(replies[0].Text, hosttest.PagesAt+"/games/") || strings.Contains(replies[0].Text, "/play/") {
		t.Fatalf("!web by a spectator: got %+v; want one reply with the game's page and no play link", replies)
	}
}

// TestAPagesCommandIsTheSpeakers: a line from a page runs as its
// player said it: a guess moves the game and is announced to the
// channel (sent, not returned); a private line is said privately; a line
// out of turn is refused to the page and, as in chat, in the channel.
func TestAPagesCommandIsTheSpeakers(t *testing.T) {
	tb := newTable(t)
	ctx := context.Background()
	alice, bob := tb.link("alice"), tb.link("bob")
	for _, token := range []string{alice, bob} {
		if _, err := tb.h.Web.Say(ctx, token, "ready", false); err != nil {
			t.Fatal(err)
		}
	}
	before := tb.record()
	mine, err := tb.h.Web.Say(ctx, bob, "5", false) // east (alice) guesses first
	if err != nil {
		t.Fatal(err)
	}
	if len(mine) == 0 || !mine[0].Error {
		t.Errorf("bob guessing out of turn: got %+v; want a refusal for his page", mine)
	}
	if string(tb.record()) != string(before) {
		t.Errorf("a refused line changed the record")
	}
	tb.mu.Lock()
	tb.sent = nil
	tb.mu.Unlock()
	if _, err := tb.h.Web.Say(ctx, alice, "guess 3", false); err != nil {
		t.Fatal(err)
	}
	tb.mu.Lock()
	sent := tb.sent
	tb.mu.Unlock()
	var announced bool
	for _, r := range sent {
		if !r.Private && strings.Contains(r.Text, "alice") {
			announced = true
		}
		if r.Private && r.User.ID == "id-alice" {
			t.Errorf("alice's own private reply went to chat: %+v", r)
		}
	}
	if !announced {
		t.Errorf("alice's guess from her page: sent %+v; want it announced in the channel", sent)
	}
	v, err := tb.h.Web.PlayView(ctx, alice)
	if err != nil || v.Phase != "over" {
		t.Errorf("after alice's right guess: got phase %q, %v; want over", v.Phase, err)
	}
}

// TestAPrivateLineNamesItsTable: a secret said from a page goes privately
// and reaches the page's table.
func TestAPrivateLineNamesItsTable(t *testing.T) {
	tb := newTable(t)
	ctx := context.Background()
	alice := tb.link("alice")
	mine, err := tb.h.Web.Say(ctx, alice, "hide 2", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(mine) == 0 || mine[0].Error {
		t.Fatalf("hide 2 from alice's page: got %+v; want her private confirmation", mine)
	}
	v, _ := tb.h.Web.PlayView(ctx, alice)
	if !strings.Contains(v.Board+v.Status, "2") {
		t.Errorf("after hide 2: got %q / %q; want her new number", v.Status, v.Board)
	}
	bob, _ := tb.h.Web.PlayView(ctx, tb.link("bob"))
	if strings.Contains(bob.Board+bob.Status, "2") {
		t.Errorf("bob's page shows alice's new number: %q / %q", bob.Status, bob.Board)
	}
}

// TestBadLinksOpenNothing: a forged, altered, expired or garbage token
// shows nothing and says nothing.
func TestBadLinksOpenNothing(t *testing.T) {
	tb := newTable(t)
	ctx := context.Background()
	alice := tb.link("alice")
	body, sig, _ := strings.Cut(alice, ".")
	data, _ := base64.RawURLEncoding.DecodeString(body)
	asBob := base64.RawURLEncoding.EncodeToString([]byte(strings.Replace(string(data), "id-alice", "id-bob", 1))) + "." + sig
	other := hosttest.Must(hosttest.New(bot.Config{Prefix: "!"}, memory.New(), tb.clock, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer other.Close()
	before := tb.record()
	for _, c := range []struct{ name, token string }{
		{"empty", ""},
		{"garbage", "not a token"},
		{"no signature", body},
		{"altered identity", asBob},
		{"altered signature", body + "." + strings.Repeat("A", len(sig))},
		{"too long", strings.Repeat("a", 600) + "." + sig},
	} {
		if _, err := tb.h.Web.PlayView(ctx, c.token); !errors.Is(err, bot.ErrLink) {
			t.Errorf("%s: PlayView got %v; want ErrLink", c.name, err)
		}
		if _, err := tb.h.Web.Say(ctx, c.token, "resign", false); !errors.Is(err, bot.ErrLink) {
			t.Errorf("%s: Say got %v; want ErrLink", c.name, err)
		}
	}
	if _, err := other.Web.PlayView(ctx, alice); !errors.Is(err, bot.ErrLink) {
		t.Errorf("another host's key: got %v; want ErrLink", err)
	}
	tb.clock.Advance(time.Hour)
	if _, err := tb.h.Web.Say(ctx, alice, "resign", false); !errors.Is(err, bot.ErrLink) {
		t.Errorf("an expired link: got %v; want ErrLink", err)
	}
	if string(tb.record()) != string(before) {
		t.Errorf("a bad link changed the record")
	}
}

// TestAPageSaysOneLine: an empty or multi-line line is refused before
// the host hears it.
func TestAPageSaysOneLine(t *testing.T) {
	tb := newTable(t)
	alice := tb.link("alice")
	before := tb.record()
	for _, line := range []string{"", "  ", "ready\nresign", "resign\r", "a\x00b"} {
		if _, err := tb.h.Web.Say(context.Background(), alice, line, false); !errors.Is(err, bot.ErrBadCommand) {
			t.Errorf("Say(%q): got %v; want ErrBadCommand", line, err)
		}
	}
	if string(tb.record()) != string(before) {
		t.Errorf("a refused line changed the record")
	}
}

// TestNoPagesNoLinks: without the pages' address, web says there are no
// pages.
func TestNoPagesNoLinks(t *testing.T) {
	h := hosttest.Must(hosttest.New(bot.Config{Prefix: "!"}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil,
		hosttest.Web(webplay.Config{BaseURL: func() string { return "" }})))
	defer h.Close()
	h.Handle(context.Background(), bot.Message{Network: "test", Channel: "#w", UserID: "a", Name: "a", Text: "!start @b"})
	replies := h.Handle(context.Background(), bot.Message{Network: "test", Channel: "#w", UserID: "a", Name: "a", Text: "!web"})
	if len(replies) != 1 || !replies[0].Error || !strings.Contains(replies[0].Text, "no web pages") {
		t.Errorf("!web without pages: got %+v; want one refusal saying there are no web pages", replies)
	}
}
