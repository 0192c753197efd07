package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
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

// TestHiddenSeatHandover: a hidden seat handed to the AI may be taken back
// only by its last player, also after a restart; a seat the AI held from
// the start is a newcomer's only before any action.
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

// TestIdleTakeoverOfAHiddenSeat: after the idle time a bystander may not
// take a hidden seat with its secret (refused); they may abandon the game.
func TestIdleTakeoverOfAHiddenSeat(t *testing.T) {
	h := newHarness(t, nil)
	h.playing("#i")
	h.clock.Advance(25 * time.Hour)
	rs := h.in("#i", "carol", "!join")
	refused(t, rs, "carol join of an idle hidden game")
	want(t, rs, "private:id-carol", "hidden")
	want(t, h.in("#i", "carol", "!new"), "#i", "Game abandoned: nobody acted for 24h0m0s.")
}

// TestPrivateCommandRefusedInAChannel: a command that carries hidden
// information (Guess's hide, Stratego's setup) said in a channel is refused
// in one line that does not repeat it, changes nothing, and is accepted
// privately; the same on every network.
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
