package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/rating"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/ataxx/pgn"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// archiving is a harness whose bot keeps the archive (Config.Archive).
func archiving(t *testing.T, store bot.Store, kinds ...bot.Kind) *harness {
	t.Helper()
	if len(kinds) == 0 {
		kinds = []bot.Kind{guessgame.New(guessgame.Options{})}
	}
	if store == nil {
		store = memory.New()
	}
	h := &harness{t: t, store: store, clock: &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}}
	b, err := hosttest.New(bot.Config{Admins: []string{"id-admin"}, Archive: true}, store, h.clock, kinds, nil)
	if err != nil {
		t.Fatal(err)
	}
	h.bot = b
	t.Cleanup(b.Close)
	return h
}

// startGuess opens a Guess game at channel between alice (East, hides 4)
// and bob (West, hides 6) and returns what was said as it began.
func (h *harness) startGuess(channel string) []bot.Reply {
	h.in(channel, "alice", "!guess start @bob")
	h.in(channel, "bob", "!join")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	return h.dm("bob", "ready")
}

// TestGameIDShownAndArchived: a game gets an id as it begins, shown then
// and at its end; the finished game is in the archive with its players,
// moves and result, and history, game list it.
func TestGameIDShownAndArchived(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.in("#a", "alice", "!guess start @bob")
	want(t, h.in("#a", "bob", "!join"), "#a", "Game on: East (alice) vs West (bob). Waiting for East (alice) and West (bob). (game 1)")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	h.dm("bob", "ready")
	h.in("#a", "alice", "!guess guess 1")
	h.in("#a", "bob", "!guess guess 2")
	want(t, h.in("#a", "alice", "!guess guess 6"), "#a", "(game 1)")

	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil {
		t.Fatalf("archived game 1: %v", err)
	}
	if got, want := strings.Join(g.Moves, " "), "1 2 6"; got != want {
		t.Errorf("moves: got %q; want %q", got, want)
	}
	if strings.Join(g.Networks, ",") != "test" {
		t.Errorf("networks: got %q; want test", g.Networks)
	}
	if g.Winner != 0 || len(g.Players) != 2 || g.Players[0].UserID != "id-alice" || g.Players[1].UserID != "id-bob" || g.Kind != "guess" {
		t.Errorf("archived: got %+v; want alice beat bob at guess", g)
	}
	for i, want := range []string{"test:id-alice", "test:id-bob"} {
		if p := g.Players[i]; p.Network != "test" || p.Player != want {
			t.Errorf("player %d: got network %q, player %q; want test, %s", i, p.Network, p.Player, want)
		}
	}
	if len(g.Record) == 0 || g.Began.IsZero() || g.Ended.IsZero() {
		t.Errorf("archived: got record %d bytes, began %v, ended %v; want all set", len(g.Record), g.Began, g.Ended)
	}
	for _, who := range []string{"alice", "bob"} {
		want(t, h.in("#a", who, "!history"), "#a", "1 2026-11-22 guess: East (alice) vs West (bob). East wins.")
	}
	want(t, h.in("#a", "carol", "!history"), "#a", "No archived games of carol")
	rs := h.in("#b", "carol", "!game 1")
	want(t, rs, "#b", "Game 1, guess")
	want(t, rs, "#b", "West hid 6") // over: the board shows both numbers
	refused(t, h.in("#b", "carol", "!game zz"), "game of an unknown id")
	refused(t, h.in("#b", "carol", "!export 1"), "export of a kind with no format")
}

// TestNoArchiveSaysSo: without the archive the archive's commands answer
// plainly, and games get no id.
func TestNoArchiveSaysSo(t *testing.T) {
	h := newHarness(t, nil)
	if rs := h.startGuess("#n"); strings.Contains(text(rs), "Game 1") {
		t.Errorf("got an id without an archive:\n%s", text(rs))
	}
	for _, c := range []string{"!history", "!game 1", "!export 1", "!rating", "!top guess"} {
		rs := h.in("#n", "alice", c)
		refused(t, rs, c)
		want(t, rs, "#n", "keeps no archive")
	}
}

// TestHistoryPages: history lists ten games a page, newest first, and
// page N goes on.
func TestHistoryPages(t *testing.T) {
	h := archiving(t, nil)
	h.startGuess("#p")
	for i := range 12 {
		h.in("#p", "alice", "!guess guess 6")
		h.clock.Advance(time.Minute)
		if i == 11 {
			break
		}
		h.in("#p", "alice", "!new")
		h.in("#p", "alice", "!start")
		h.dm("alice", "hide 4")
		h.dm("bob", "hide 6")
		h.dm("alice", "ready")
		h.dm("bob", "ready")
	}
	rs := h.in("#p", "alice", "!history")
	want(t, rs, "#p", "page 1):\n12 2026")
	want(t, rs, "#p", "history ... page 2")
	if n := strings.Count(text(rs), "East wins"); n != 10 {
		t.Errorf("page 1: got %d games; want 10", n)
	}
	rs = h.in("#p", "alice", "!history guess page 2")
	want(t, rs, "#p", "page 2):\n2 2026")
	if n := strings.Count(text(rs), "East wins"); n != 2 {
		t.Errorf("page 2: got %d games; want 2", n)
	}
	refused(t, h.in("#p", "alice", "!history page x"), "bad page")
}

// TestLeavingIsArchivedAsResigned: a player who leaves a running game
// against a person resigns it, and the game is archived so.
func TestLeavingIsArchivedAsResigned(t *testing.T) {
	st := memory.New()
	h := archiving(t, st)
	h.startGuess("#l")
	want(t, h.in("#l", "bob", "!new"), "#l", "West resigns. East wins.")
	g, err := st.ArchivedGame(context.Background(), "1")
	if err != nil {
		t.Fatal(err)
	}
	if g.Ending != bot.EndResigned || g.Winner != 0 {
		t.Errorf("got ending %q winner %d; want resigned, 0", g.Ending, g.Winner)
	}
	want(t, h.in("#l", "alice", "!rating"), "#l", "No rated games yet") // West never moved: unrated
}

// flakyArchive fails its first ArchiveGame, as a process stopping between
// the save that ends a game and its archiving would.
type flakyArchive struct {
	*memory.Store
	failed bool
}

func (f *flakyArchive) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	if !f.failed {
		f.failed = true
		return errors.New("connection reset")
	}
	return f.Store.ArchiveGame(ctx, g)
}

// TestArchiveRetriedByTheNextGame: a finished game whose archiving failed
// is archived when the next game replaces it at the table.
func TestArchiveRetriedByTheNextGame(t *testing.T) {
	st := &flakyArchive{Store: memory.New()}
	h := archiving(t, st)
	h.startGuess("#r")
	h.in("#r", "alice", "!guess guess 6")
	if _, err := st.ArchivedGame(context.Background(), "1"); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("before the retry: got %v; want not found", err)
	}
	h.in("#r", "alice", "!new")
	if _, err := st.ArchivedGame(context.Background(), "1"); err != nil {
		t.Fatalf("after new: got %v; want game 1 archived", err)
	}
}

// TestRatingOneWin: two new players, one win, through the host: 1662 /
// 1338, both provisional, on the leaderboard.
func TestRatingOneWin(t *testing.T) {
	h := archiving(t, nil)
	h.startGuess("#g")
	h.in("#g", "alice", "!guess guess 1")
	h.in("#g", "bob", "!guess guess 1")
	h.in("#g", "alice", "!guess guess 6")
	want(t, h.in("#g", "carol", "!rating guess"), "#g", "carol: Guess 1500? ±350 (0 games).")
	want(t, h.in("#g", "alice", "!rating"), "#g", "alice: Guess 1662? ±290 (1 game).")
	want(t, h.in("#g", "bob", "!rating guess"), "#g", "bob: Guess 1338? ±290 (1 game).")
	rs := h.in("#g", "carol", "!top guess")
	want(t, rs, "#g", " 1. alice 1662? ±290\n 2. bob 1338? ±290") // names, not identities
	refused(t, h.in("#g", "carol", "!top"), "top without a kind")
}

// TestAIRatedPerLevel: the built-in AI is a rated player, ai:N per kind.
func TestAIRatedPerLevel(t *testing.T) {
	h := archiving(t, nil)
	h.in("#ai", "alice", "!guess start ai:2")
	h.dm("alice", "hide 4")
	h.dm("alice", "ready")
	for i := 1; i <= 9; i++ {
		rs := h.in("#ai", "alice", "!guess guess "+string(rune('0'+i)))
		if strings.Contains(text(rs), "(game 1)") {
			break
		}
	}
	want(t, h.in("#ai", "carol", "!top guess"), "#ai", "ai:2")
}

// TestAtaxxExportReadBack: an Ataxx game played through the host is
// exported as PGN (Black the first player, 1-0 for their win by
// resignation) that the PGN reader reads back and replays legally.
func TestAtaxxExportReadBack(t *testing.T) {
	st := memory.New()
	h := archiving(t, st, ataxxgame.New(nil, ataxxgame.Options{}))
	h.in("#x", "alice", "!ataxx start @bob")
	want(t, h.in("#x", "bob", "!join"), "#x", "Red (alice) to move. (game 1)")
	for _, mv := range []struct{ who, move string }{{"alice", "!a7-b6"}, {"bob", "!a1-b2"}, {"alice", "!g1-e3"}} {
		rs := h.in("#x", mv.who, mv.move)
		if len(rs) == 0 || rs[0].Error {
			t.Fatalf("%s %s: got:\n%s", mv.who, mv.move, text(rs))
		}
	}
	want(t, h.in("#x", "bob", "!resign"), "#x", "(game 1)")
	if g, err := st.ArchivedGame(context.Background(), "1"); err != nil || g.Rules == "" || strings.Join(g.Moves, " ") != "a7-b6 a1-b2 g1-e3" {
		t.Errorf("archived: got rules %q, moves %q, %v; want the rules and the moves as announced", g.Rules, g.Moves, err)
	}
	rs := h.in("#x", "carol", "!export 1")
	if len(rs) != 1 || !rs[0].Mono {
		t.Fatalf("export: got:\n%s\nwant one monospaced block", text(rs))
	}
	_, body, _ := strings.Cut(rs[0].Text, ":\n")
	games, err := pgn.Read(strings.NewReader(body))
	if err != nil || len(games) != 1 {
		t.Fatalf("reading the export back: got %d games, %v; want 1\n%s", len(games), err, body)
	}
	g := games[0]
	for _, tag := range []struct{ name, want string }{{"Black", "alice"}, {"White", "bob"}, {"Result", "1-0"}, {"Event", "ataxxbot"}} {
		if got, _ := g.Tag(tag.name); got != tag.want {
			t.Errorf("tag %s: got %q; want %q", tag.name, got, tag.want)
		}
	}
	pos := g.Start
	var played []string
	for _, m := range g.Moves {
		if _, _, err := pos.Play(m); err != nil {
			t.Fatalf("replaying %v: %v", m, err)
		}
		played = append(played, m.String())
	}
	if got, want := strings.Join(played, " "), "b6 b2 g1e3"; got != want {
		t.Errorf("moves: got %q; want %q", got, want)
	}
}

// TestEveryKindExports: a finished game of each kind exports in its own
// format through the host.
func TestEveryKindExports(t *testing.T) {
	s, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := archiving(t, nil, congogame.New(nil, congogame.Options{}), abalonegame.New(abalonegame.Options{}), s)
	cases := []struct {
		name, kind string
		setup      []string // private lines, alternately alice's and bob's
		want       string
	}{
		{"congo", "congo", nil, "# Congo, exported by ataxxbot"},
		{"abalone", "abalone", nil, "abalone-20261122-alice-bob.txt:\nabalone standard"},
		{"stratego", "stratego", []string{"setup random", "setup random", "ready", "ready"}, "RED SETUP"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ch := "#" + c.name
			h.in(ch, "alice", "!"+c.kind+" start @bob")
			h.in(ch, "bob", "!join")
			for j, line := range c.setup {
				who := []string{"alice", "bob"}[j%2]
				h.dm(who, ch+" "+line)
			}
			want(t, h.in(ch, "bob", "!resign"), ch, "wins")
			id := string(rune('1' + i))
			rs := h.in(ch, "carol", "!export "+id)
			want(t, rs, ch, c.want)
			if len(rs) != 1 || rs[0].Error || !rs[0].Mono {
				t.Fatalf("export %s: got:\n%s\nwant one monospaced file", id, text(rs))
			}
		})
	}
}

// TestRatingSequenceThroughTheHost: a sequence of rated games days apart
// gives, through the host, the ratings bot/rating computes for the same
// games at the same times (RD grown for the time away), and RD keeps
// growing while a player is away.
func TestRatingSequenceThroughTheHost(t *testing.T) {
	h := archiving(t, nil)
	p := rating.Defaults()
	alice, bob := p.New(), p.New()
	h.startGuess("#q")
	for i, aliceWins := range []bool{true, false, true} {
		h.clock.Advance(time.Duration(i*3) * 24 * time.Hour)
		if i > 0 {
			h.in("#q", "alice", "!new")
			h.in("#q", "alice", "!start")
			h.dm("alice", "hide 4")
			h.dm("bob", "hide 6")
			h.dm("alice", "ready")
			h.dm("bob", "ready")
		}
		h.in("#q", "alice", "!guess guess 1")
		if aliceWins {
			h.in("#q", "bob", "!guess guess 1")
			h.in("#q", "alice", "!guess guess 6")
		} else {
			h.in("#q", "bob", "!guess guess 4")
		}
		score := 0.0
		if aliceWins {
			score = 1
		}
		alice, bob = rating.Game(alice, bob, score, h.clock.Now(), p)
	}
	want(t, h.in("#q", "alice", "!rating guess"), "#q", fmt.Sprintf("alice: Guess %s (3 games).", alice))
	want(t, h.in("#q", "bob", "!rating guess"), "#q", fmt.Sprintf("bob: Guess %s (3 games).", bob))
	h.clock.Advance(200 * 24 * time.Hour)
	away := rating.Decay(alice, h.clock.Now(), p)
	if !(away.RD > alice.RD) {
		t.Fatalf("RD after 200 days: got %.1f; want more than %.1f", away.RD, alice.RD)
	}
	want(t, h.in("#q", "alice", "!rating guess"), "#q", fmt.Sprintf("alice: Guess %s (3 games).", away))
}

// TestRatingOfAMentionedUser: rating @user and history @user read the
// mentioned user's id, as the network gives it.
func TestRatingOfAMentionedUser(t *testing.T) {
	h := archiving(t, nil)
	h.startGuess("#m")
	h.in("#m", "alice", "!guess guess 1")
	h.in("#m", "bob", "!guess guess 4")
	ask := func(text string) []bot.Reply {
		return h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#m", UserID: "id-carol", Name: "carol",
			Text: text, Mentions: []bot.User{{ID: "id-bob", Name: "bob"}}})
	}
	want(t, ask("!rating @bob"), "#m", "bob: Guess 1662? ±290 (1 game).")
	want(t, ask("!history @bob guess"), "#m", "Games of bob in Guess")
	refused(t, ask("!rating @bob chess"), "rating of an unknown kind")
}

// TestHandedOverGameUnrated: a game in which a seat changed hands (a
// player let the AI play on with auto) is archived but not rated: it is
// nobody's own game.
func TestHandedOverGameUnrated(t *testing.T) {
	h := archiving(t, nil)
	h.startGuess("#h")
	h.in("#h", "alice", "!guess guess 1")
	h.in("#h", "bob", "!guess guess 1")
	h.in("#h", "alice", "!auto east")
	for n := 2; n <= 9; n++ {
		if rs := h.in("#h", "bob", "!guess guess "+fmt.Sprint(n)); strings.Contains(text(rs), "(game 1)") {
			break
		}
	}
	want(t, h.in("#h", "bob", "!history"), "#h", "1 2026-11-22 guess")
	want(t, h.in("#h", "bob", "!rating"), "#h", "No rated games yet")
	want(t, h.in("#h", "bob", "!top guess"), "#h", "No rated Guess games yet.")
}

// TestLongArchiveListingGoesToTheAsker: on a network that limits a
// reply's lines (IRC), a leaderboard longer than that goes to the asker
// privately, not the channel.
func TestLongArchiveListingGoesToTheAsker(t *testing.T) {
	h := archiving(t, nil)
	h.startGuess("#t")
	h.in("#t", "alice", "!guess guess 1")
	h.in("#t", "bob", "!guess guess 4")
	rs := h.bot.Handle(context.Background(), bot.Message{Network: "test", Channel: "#t", UserID: "id-carol", Name: "carol",
		Text: "!top guess", Caps: bot.Caps{MaxLines: 2}})
	want(t, rs, "private:id-carol", " 1. bob 1662?")
}
