package ataxxgame_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// What a newcomer and an attacker try first: wiping a waiting game, a
// damaged record, extra words, repeated games against the AI, and a second
// kind beside Ataxx.

// TestSpectatorCannotWipeAWaitingGame: alice's blocks and challenge survive
// carol's "new".
func TestSpectatorCannotWipeAWaitingGame(t *testing.T) {
	h := newHarness(t, bot.Config{})
	run(t, h, []step{
		{user: "alice", text: "!blocks 3gh", want: "Blocks placed"},
		{user: "alice", text: "!ataxx start @bob", want: "challenges you"},
		{user: "carol", text: "!ataxx new", want: "only the players", wantErr: true},
		{user: "carol", text: "!ataxx start", want: "only the players", wantErr: true},
		{user: "carol", text: "!blocks 1", want: "only the players", wantErr: true},
	})
	r := h.record()
	if r.Seats[0].UserID != "id-alice" || r.Seats[1].Kind != bot.SeatInvited {
		t.Fatalf("seats after carol's tries: got %+v; want alice and bob's challenge", r.Seats)
	}
	if !strings.Contains(h.fen(), "-") {
		t.Errorf("the blocks are gone: %s", h.fen())
	}
}

// TestDamagedAtaxxRecord: a record whose moves, rules or JSON are damaged
// gets one plain line, without internal detail, and its player's new
// replaces it.
func TestDamagedAtaxxRecord(t *testing.T) {
	for _, tt := range []struct{ name, state string }{
		{"bad move in the list", `{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"d4"}`},
		{"bad rules name", `{"rules":"chess","start":"x5o/7/7/7/7/7/o5x x 0 1"}`},
		{"truncated", `{"rules":"manual","sta`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, bot.Config{})
			h.say("alice", "!ataxx start ai")
			data, v, err := h.store.Load(context.Background(), "test:#test")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := bot.UnmarshalRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			rec.State = json.RawMessage(tt.state)
			bad, err := bot.MarshalRecord(rec)
			if err != nil {
				t.Fatal(err)
			}
			if tt.name == "truncated" {
				bad = data[:len(data)/2]
			}
			if _, err := h.store.Save(context.Background(), "test:#test", bad, v, false); err != nil {
				t.Fatal(err)
			}
			for _, line := range []string{"!a7-b6", "!status", "!dump"} {
				rs := h.say("alice", line)
				if len(rs) != 1 || rs[0].Text != "damaged record: the game stored here cannot be read; say !new to start again" {
					t.Errorf("%s: got %q", line, joined(rs))
				}
			}
			// A bystander may not replace it while its seats can be read;
			// its player may.
			if got := joined(h.say("bob", "!ataxx new")); tt.name != "truncated" && !strings.Contains(got, "only its players (alice) can replace it") {
				t.Errorf("bob's new after damage: got %q; want a refusal", got)
			} else if tt.name == "truncated" && !strings.Contains(got, "New game of Ataxx in setup") {
				t.Errorf("bob's new of an unreadable record: got %q; want a new game", got)
			}
			if tt.name == "truncated" {
				return
			}
			if got := joined(h.say("alice", "!ataxx new")); !strings.Contains(got, "New game of Ataxx in setup") {
				t.Errorf("new after damage: got %q", got)
			}
		})
	}
}

// TestExactWords: extra words are refused, a move names its piece, a pass
// reads as one, the jump limit says why the game ended, a long reply is cut
// on a character, a name with control characters is refused, a spectator
// cannot change how the table is shown, and an undo with nothing to take
// back is refused.
func TestExactWords(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
	}{
		{"two squares are a from-to move", []step{
			{user: "alice", text: "!ataxx start ai:1"},
			{user: "alice", text: "!a7 b6", want: "Red (alice) plays a7-b6."},
		}},
		{"extra words are refused", []step{
			{user: "alice", text: "!ataxx start ai:1"},
			{user: "alice", text: "!undo 5", want: "undo takes no arguments", wantErr: true},
			{user: "alice", text: "!verbose yes", want: "verbose takes no arguments", wantErr: true},
			{user: "alice", text: "!a7-b6 c3", want: "one move at a time", wantErr: true},
			{user: "alice", text: "!status now", want: "status takes no arguments", wantErr: true},
		}},
		{"a move of the other side's piece names it", []step{
			{user: "alice", text: "!ataxx start @bob"},
			{user: "bob", text: "!join"},
			{user: "alice", text: "!a7-a6"},
			{user: "bob", text: "!a7-b6", want: "a7 holds no Blue piece", wantErr: true},
		}},
		{"block names the squares taken", []step{
			{user: "alice", text: "!block a7", want: "cannot block a7: square is occupied: a piece stands on a1, g1, a7, g7", wantErr: true},
		}},
		{"a pass reads as a pass", []step{
			{user: "alice", text: "!ataxx setfen xxxxxxx/-------/-------/o6/7/7/7 x 0 1"},
			{user: "alice", text: "!ataxx start @bob"},
			{user: "bob", text: "!join"},
			{user: "alice", text: "!pass", want: "Red (alice) passes."},
		}},
		{"the jump limit gives its reason", []step{
			{user: "alice", text: "!ataxx setfen x5o/7/7/7/7/7/o5x x 44 30"},
			{user: "alice", text: "!ataxx start @bob"},
			{user: "bob", text: "!join"},
			{user: "alice", text: "!a7-c5", want: "(jump limit: 45 moves without a clone)"},
		}},
		{"a name with control characters is refused", []step{
			{user: "alice", text: "!ataxx start @\x1b[31mbob", want: "start takes ai, ai:LEVEL or @user", wantErr: true},
		}},
		{"a spectator cannot turn verbose on", []step{
			{user: "alice", text: "!ataxx start ai"},
			{user: "carol", text: "!verbose", want: "only the players", wantErr: true},
		}},
		{"an undo with nothing to take back is refused", []step{
			{user: "alice", text: "!ataxx start @bob"},
			{user: "bob", text: "!join"},
			{user: "alice", text: "!undo", want: "no move has been made yet", wantErr: true},
		}},
		{"a long refusal is cut on a character", []step{
			{user: "alice", text: "!ataxx " + strings.Repeat("é", 200), want: "unknown command", wantErr: true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, bot.Config{})
			run(t, h, tt.steps)
		})
	}
	h := newHarness(t, bot.Config{})
	rs := h.say("alice", "!ataxx "+strings.Repeat("é", 400)+"x")
	for _, r := range rs {
		if !strings.HasSuffix(r.Text, "...") && len(r.Text) > 300 || strings.ContainsRune(r.Text, '\uFFFD') || !validUTF8(r.Text) {
			t.Errorf("refusal cut inside a character: %q", r.Text)
		}
	}
}

func validUTF8(s string) bool { return strings.ToValidUTF8(s, "\x00") == s }

// TestAIGamesDiffer: two games against the AI at a level with randomness
// differ, because each game's seed comes from its record; the same record
// replays the same.
func TestAIGamesDiffer(t *testing.T) {
	seen := map[string]bool{}
	for i := range 6 {
		h := newHarness(t, bot.Config{})
		h.clock.Advance(time.Duration(i) * time.Hour)
		h.say("alice", "!ataxx start ai:1")
		h.say("alice", "!a7-b6")
		seen[h.fen()] = true
	}
	if len(seen) < 2 {
		t.Errorf("six games against level 1 all answered a7-b6 the same way: %v", seen)
	}
	replay := map[string]bool{}
	for range 3 {
		h := newHarness(t, bot.Config{})
		h.say("alice", "!ataxx seed 42")
		h.say("alice", "!ataxx start ai:1")
		h.say("alice", "!a7-b6")
		replay[h.fen()] = true
	}
	if len(replay) != 1 {
		t.Errorf("three games with seed 42 differ: %v", replay)
	}
}

// TestAtaxxBesideAnotherKind: one bot hosts Ataxx and Guess; a table of
// each plays at once in two channels, a bare move goes to its own table's
// kind, and the default kind opens where none is named.
func TestAtaxxBesideAnotherKind(t *testing.T) {
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{}), guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	say := func(ch, user, text string) string {
		var parts []string
		for _, r := range b.Handle(context.Background(), bot.Message{Network: "t", Channel: ch, UserID: "id-" + user, Name: user, Text: text}) {
			parts = append(parts, r.Text)
		}
		return strings.Join(parts, "\n")
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		say("#a", "alice", "!start @bob") // the default kind: Ataxx
		say("#a", "bob", "!join")
		if got := say("#a", "alice", "!a7-b6"); !strings.Contains(got, "Red (alice) plays a7-b6.") {
			t.Errorf("#a: got %q", got)
		}
		if got := say("#a", "alice", "!5"); got != "" {
			t.Errorf("#a: a Guess move at an Ataxx table: got %q; want silence", got)
		}
	}()
	go func() {
		defer wg.Done()
		say("#g", "carol", "!guess start @dave")
		say("#g", "dave", "!join")
		if got := say("#g", "carol", "!a7-b6"); got != "" {
			t.Errorf("#g: an Ataxx move at a Guess table: got %q; want silence", got)
		}
		if got := say("#g", "carol", "!ataxx start"); !strings.Contains(got, "a game of Guess is running here") {
			t.Errorf("#g: got %q", got)
		}
	}()
	wg.Wait()
	if got := say("#a", "x", "!games"); got != "Games here: Ataxx (!ataxx start), Guess (!guess start)." {
		t.Errorf("games: got %q", got)
	}
}
