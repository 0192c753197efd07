package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// record is the table's record as the store holds it.
func record(t *testing.T, h *harness, channel string) *bot.Record {
	t.Helper()
	data, _, err := h.store.Load(context.Background(), bot.Table{Network: "test", Channel: channel}.Key())
	if err != nil {
		t.Fatalf("load %s: %v", channel, err)
	}
	r, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatalf("decode %s: %v", channel, err)
	}
	return r
}

// TestRematchKeepsStartSettings: a game set up by hand (blocks, rules, a
// position, a layout, a turn limit, setup moves) is played, resigned, and
// rematched by both players: the rematch begins with the colours swapped
// from the very start the first game began from, settings kept, and nothing
// of its moves or hidden setups.
func TestRematchKeepsStartSettings(t *testing.T) {
	stratego, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, nil, guessgame.New(guessgame.Options{}), ataxxgame.New(nil, ataxxgame.Options{}),
		congogame.New(nil, congogame.Options{}), abalonegame.New(abalonegame.Options{}), stratego)
	for _, tc := range []struct {
		name  string
		kind  string
		setup []string // alice, in the channel, before start
		play  []string // "who: text"; "who: /msg text" privately
		look  string   // a look that shows the start; "" for none
		want  string   // said by the look at the rematch's start
	}{
		{name: "ataxx blocks, cs61b rules and a setup move", kind: "ataxx",
			setup: []string{"!blocks 3gh", "!ataxx rules cs61b", "!a7-a6"},
			play:  []string{"bob: !g7-g6", "alice: !a6-a5", "bob: !g6-g5"},
			look:  "!ataxx fen", want: "x5o/x-3-1/2-1-2/2-1-2/2-1-2/1-3-1/o5x o 0 1"},
		{name: "congo position", kind: "congo", play: []string{"bob: !a6-a5"},
			setup: []string{"!congo position 1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"},
			look:  "!congo fen", want: "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1"},
		{name: "abalone layout, turn, lost marbles and notation", kind: "abalone", play: []string{"bob: !i5h5"},
			setup: []string{"!abalone layout belgian", "!abalone remove a1 a2", "!abalone turn white", "!abalone lost black 2", "!abalone write amalone"},
			look:  "!status", want: "A set-up start, amalone notation, 0 moves. Lost: black 2, white 0."},
		{name: "stratego turn limit and rules", kind: "stratego",
			setup: []string{"!stratego turns 300", "!stratego rules manual"},
			play:  []string{"alice: /msg setup progcomp", "bob: /msg setup fortress", "alice: /msg ready", "bob: /msg ready", "alice: !a4-a5"},
			look:  "!status", want: "manual rules, draw at turn 300"},
		{name: "guess top", kind: "guess",
			setup: []string{"!guess top 40"},
			play:  []string{"alice: /msg hide 30", "bob: /msg hide 12", "alice: /msg ready", "bob: /msg ready", "alice: !guess guess 20"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := "#" + tc.kind
			h.in(ch, "alice", "!"+tc.kind+" new")
			for _, line := range tc.setup {
				if rs := h.in(ch, "alice", line); len(rs) == 0 || rs[len(rs)-1].Error {
					t.Fatalf("setup %q: got %q; want it done", line, text(rs))
				}
			}
			h.in(ch, "alice", "!"+tc.kind+" start @bob")
			want(t, h.in(ch, "bob", "!join"), ch, "(alice) vs")
			first := record(t, h, ch)
			for _, line := range tc.play {
				who, said, _ := strings.Cut(line, ": ")
				if rs := h.in(ch, who, said); len(rs) > 0 && rs[len(rs)-1].Error {
					t.Fatalf("%s %q: got %q; want it played", who, said, text(rs))
				}
			}
			if string(record(t, h, ch).State) == string(first.State) && len(tc.play) > 0 {
				t.Fatalf("playing %v changed nothing", tc.play)
			}
			want(t, h.in(ch, "alice", "!resign"), ch, "resigns")
			want(t, h.in(ch, "alice", "!rematch"), ch, "asks for a rematch")
			want(t, h.in(ch, "bob", "!rematch"), ch, "Rematch, colours swapped.")

			again := record(t, h, ch)
			if got, want := string(again.State), string(first.State); got != want {
				t.Errorf("rematch begins from\n%s\nwant the first game's start\n%s", got, want)
			}
			if again.Phase != bot.PhasePlaying {
				t.Errorf("phase: got %s; want %s", again.Phase, bot.PhasePlaying)
			}
			var seats, swapped []string
			for _, s := range again.Seats {
				seats = append(seats, s.UserID)
			}
			for _, s := range first.Seats {
				swapped = append([]string{s.UserID}, swapped...)
			}
			if strings.Join(seats, " ") != strings.Join(swapped, " ") {
				t.Errorf("seats: got %v; want %v", seats, swapped)
			}
			if tc.look != "" {
				if rs := h.in(ch, "carol", tc.look); !strings.Contains(text(rs), tc.want) {
					t.Errorf("%s at the rematch: got %q; want %q", tc.look, text(rs), tc.want)
				}
			}
		})
	}
}
