package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
)

// TestKindSwitchSeatsTheSpeaker: after a finished game,
// KIND start ai opens that kind's table with the speaker seated.
func TestKindSwitchSeatsTheSpeaker(t *testing.T) {
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), guessgame.New(guessgame.Options{Name: "riddle"}))
	h.playing("#k")
	want(t, h.in("#k", "bob", "!resign"), "#k", "West resigns.")
	want(t, h.in("#k", "bob", "!riddle start ai"), "#k", "Game on: East (bob) vs West (AI level 3).")
}

// TestLeavingIsResigning: new or clear by a player of a
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

// TestDamagedRecordIsNotABystanders: a damaged record
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
