package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// refused reports whether rs is one refusal and nothing else.
func refused(t *testing.T, rs []bot.Reply, what string) {
	t.Helper()
	if len(rs) != 1 || !rs[0].Error {
		t.Fatalf("%s: got:\n%s\nwant one refusal", what, text(rs))
	}
}

// playing seats alice (East) and bob (West) at channel with both numbers
// hidden and ready: alice 4, bob 6.
func (h *harness) playing(channel string) {
	h.in(channel, "alice", "!guess start @bob")
	h.in(channel, "bob", "!join")
	h.dm("alice", "hide 4")
	h.dm("bob", "hide 6")
	h.dm("alice", "ready")
	h.dm("bob", "ready")
}

// TestHiddenSeatHandover (issue 20 item 2): a hidden seat handed to the AI
// may be taken back only by its last player, also after a restart; a seat
// the AI held from the start is a newcomer's only before any action.
func TestHiddenSeatHandover(t *testing.T) {
	st := memory.New()
	h := newHarness(t, st)
	h.playing("#h")
	want(t, h.in("#h", "bob", "!auto west"), "#h", "West is played by the AI")
	for _, who := range []string{"alice", "carol", "admin"} {
		rs := h.in("#h", who, "!manual west")
		refused(t, rs, who+" manual west")
		if strings.Contains(text(rs), "6") {
			t.Errorf("%s's refusal shows bob's number: %s", who, text(rs))
		}
	}
	// A restarted bot remembers who held the seat.
	h2 := newHarness(t, st)
	refused(t, h2.in("#h", "alice", "!manual west"), "alice manual west after a restart")
	rs := h2.in("#h", "bob", "!manual west")
	want(t, rs, "#h", "West is played by bob, by hand.")

	// The AI held West from the start: a newcomer may take it before any
	// action, not after (the AI hides its number as the game begins).
	h.in("#n", "x", "!guess top 20")
	h.in("#n", "x", "!auto east")
	h.in("#n", "x", "!auto west")
	want(t, h.in("#n", "carol", "!manual west"), "#n", "West is played by carol, by hand.")
	h.in("#m", "alice", "!guess start ai")
	refused(t, h.in("#m", "carol", "!manual west"), "carol manual west after the AI's setup")
}

// TestIdleTakeoverOfAHiddenSeat (issue 20 item 2): after the idle time a
// bystander may not take a hidden seat with its secret (refused); they
// may abandon the game.
func TestIdleTakeoverOfAHiddenSeat(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#i")
	h.clock.Advance(25 * time.Hour)
	rs := h.in("#i", "carol", "!join")
	refused(t, rs, "carol join of an idle hidden game")
	want(t, rs, "private:id-carol", "hidden")
	want(t, h.in("#i", "carol", "!new"), "#i", "Game abandoned: nobody acted for 24h0m0s.")
}

// TestPrivateCommandRefusedInAChannel (issue 20 item 4): a command that
// carries hidden information (Guess's hide, Stratego's setup) said in a
// channel is refused in one line that does not repeat it, changes
// nothing, and is accepted privately; the same on every network.
func TestPrivateCommandRefusedInAChannel(t *testing.T) {
	for _, net := range []struct {
		name string
		caps bot.Caps
	}{{"console", bot.Caps{}}, {"irc", bot.Caps{MaxLines: 11}}, {"discord", bot.Caps{}}} {
		t.Run(net.name, func(t *testing.T) {
			h := newHarness(t, nil)
			say := func(user, text string, private bool) []bot.Reply {
				m := bot.Message{Network: net.name, Channel: "#g", UserID: "id-" + user, Name: user, Text: text, Caps: net.caps}
				if private {
					m.Channel, m.Private, m.Addressed = "", true, true
				}
				return h.bot.Handle(context.Background(), m)
			}
			say("alice", "!guess start @bob", false)
			say("bob", "!join", false)
			_, before, _ := h.store.Load(context.Background(), net.name+":#g")
			rs := say("alice", "!hide 7", false)
			refused(t, rs, "hide in the channel")
			if !rs[0].Private || rs[0].User.ID != "id-alice" {
				t.Errorf("refusal audience: got %s; want alice privately", audience(rs[0]))
			}
			if strings.Contains(rs[0].Text, "hide 7") || !strings.Contains(rs[0].Text, "privately") {
				t.Errorf("refusal: got %q; want a plain line without the number", rs[0].Text)
			}
			if _, after, _ := h.store.Load(context.Background(), net.name+":#g"); after != before {
				t.Errorf("record version: got %d; want %d (unchanged)", after, before)
			}
			want(t, say("alice", "hide 7", true), "private:id-alice", "Your number is 7.")
		})
	}
}

// TestHelpIndex (issue 20 item 6): help is a short index that fits an IRC
// reply; help TOPIC explains one command, the host's or the kind's.
func TestHelpIndex(t *testing.T) {
	h := newHarness(t, nil)
	rs := h.bot.Handle(context.Background(), bot.Message{Network: "irc", Channel: "#g", UserID: "id-a", Name: "a", Text: "!help", Caps: bot.Caps{MaxLines: 11}})
	if len(rs) != 1 || audience(rs[0]) != "private:id-a" {
		t.Fatalf("help on IRC: got:\n%s\nwant one reply to the asker privately", text(rs))
	}
	if n := strings.Count(rs[0].Text, "\n") + 1; n > 4 {
		t.Errorf("help: got %d lines; want at most 4:\n%s", n, rs[0].Text)
	}
	for _, w := range []string{"start", "resign", "hide", "guess", "help TOPIC"} {
		if !strings.Contains(rs[0].Text, w) {
			t.Errorf("help: got %q; want it to name %q", rs[0].Text, w)
		}
	}
	for _, c := range []struct{ topic, want string }{
		{"hide", "!hide N - setup, privately"},
		{"resign", "!resign - give up the game"},
		{"nope", `No command "nope"`},
	} {
		want(t, h.in("#g", "a", "!help "+c.topic), "#g", c.want)
	}
}

// TestKindSwitchSeatsTheSpeaker (issue 20 item 12): after a finished game,
// KIND start ai opens that kind's table with the speaker seated.
func TestKindSwitchSeatsTheSpeaker(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	h.playing("#k")
	want(t, h.in("#k", "bob", "!resign"), "#k", "West resigns.")
	want(t, h.in("#k", "bob", "!riddle start ai"), "#k", "Game on: East (bob) vs West (AI level 3).")
}

// TestLeavingIsResigning (issue 20 item 14): new or clear by a player of a
// running game between two people ends it as their resignation, in the
// record; a window of a hosted game may not abandon it.
func TestLeavingIsResigning(t *testing.T) {
	for _, verb := range []string{"new", "clear"} {
		t.Run(verb, func(t *testing.T) {
			h := newHarness(t, nil)
			h.playing("#l")
			want(t, h.in("#l", "bob", "!"+verb), "#l", "West resigns. East wins.")
			data, _, err := h.store.Load(context.Background(), "test:#l")
			if err != nil {
				t.Fatal(err)
			}
			rec, err := bot.UnmarshalRecord(data)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Phase != bot.PhaseOver || rec.Ending != bot.EndResigned || rec.Winner == nil || *rec.Winner != 0 {
				t.Errorf("record: got phase %s ending %q winner %v; want over, resigned, East (0)", rec.Phase, rec.Ending, rec.Winner)
			}
			want(t, h.in("#l", "bob", "!"+verb), "#l", "New game of Guess in setup.")
		})
	}
	h := newHarness(t, nil)
	h.in("#a", "alice", "!guess host g1")
	h.in("#b", "bob", "!join g1")
	for _, verb := range []string{"!new", "!clear"} {
		rs := h.in("#b", "bob", verb)
		refused(t, rs, "bob "+verb+" at a window")
		want(t, rs, "private:id-bob", "hosted")
	}
	want(t, h.in("#a", "alice", "!status"), "private:id-alice", "East (alice), West (bob)")
}

// TestYouConjugates (issue 20 item 15): the console's speaker "you" is
// conjugated as you, not as a third person.
func TestYouConjugates(t *testing.T) {
	h := newHarness(t, nil)
	want(t, h.in("#y", "you", "!guess start @bob"), "#y", "bob, you challenge you to")
	want(t, h.in("#z", "you", "!guess host z1"), "#z", "you host Guess as z1.")
}

// TestDamagedRecordIsNotABystanders (issue 20 item 15): a damaged record
// whose seats can be read is replaced by a seated player, an admin, or
// anyone after the idle time; one whose seats cannot be read, by anyone.
func TestDamagedRecordIsNotABystanders(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#d", "alice", "!guess start ai")
	damage := func(data string) {
		_, v, err := h.store.Load(context.Background(), "test:#d")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.Save(context.Background(), "test:#d", []byte(data), v, false); err != nil {
			t.Fatal(err)
		}
	}
	seated := `{"schema":1,"game":"guess","phase":"playing","seats":[{"kind":"human","user":"id-alice","name":"alice"},{"kind":"ai","level":3}],"updated":"2026-11-22T12:00:00Z","state":"garbage"}`
	damage(seated)
	refused(t, h.in("#d", "carol", "!new"), "carol new over alice's damaged record")
	refused(t, h.in("#d", "carol", "!start"), "carol start over alice's damaged record")
	h.in("#elsewhere", "zed", "!guess host d1")
	refused(t, h.in("#d", "carol", "!join d1"), "carol join d1 over alice's damaged record")
	want(t, h.in("#d", "alice", "!new"), "#d", "New game of Guess in setup.")
	damage(seated)
	want(t, h.in("#d", "admin", "!new"), "#d", "New game of Guess in setup.")
	damage(seated)
	h.clock.Advance(25 * time.Hour)
	want(t, h.in("#d", "carol", "!new"), "#d", "New game of Guess in setup.")
	damage(`{"schema":1,`)
	want(t, h.in("#d", "dave", "!new"), "#d", "New game of Guess in setup.")
}

// TestLookAlikeNames (issue 20 item 15): a name with letters outside ASCII
// (a Cyrillic а in "аlice") is shown with its code points, so it cannot
// pass for the ASCII name.
func TestLookAlikeNames(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#x", "alice", "!guess start")
	rs := h.in("#x", "\u0430lice", "!join")
	want(t, rs, "#x", "\u0430lice (U+0430)")
	want(t, h.in("#x", "x", "!status"), "#x", "West (\u0430lice (U+0430))")
	rs = h.in("#x2", "al\u200bice", "!guess start")
	want(t, rs, "#x2", "al?ice (U+200B)")
	rs = h.in("#x3", "\u202eecila", "!guess start")
	want(t, rs, "#x3", "?ecila (U+202E)")
	// A name of many non-ASCII letters is shown whole, its marks cut.
	rs = h.in("#x4", "абвгдe", "!guess start")
	want(t, rs, "#x4", "абвгдe (U+0430 U+0431 U+0432 ...)")
}

// TestHelpAskedPrivately (issue 20 item 6): help asked in a private
// message by a player seated at a channel's table is answered privately,
// not in that channel.
func TestHelpAskedPrivately(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#p")
	for _, line := range []string{"help", "help hide", "guess help"} {
		rs := h.dm("alice", line)
		if len(rs) != 1 || audience(rs[0]) != "private:id-alice" {
			t.Errorf("%s: got:\n%s\nwant one reply to alice privately", line, text(rs))
		}
	}
}
