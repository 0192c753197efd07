package congogame_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// FuzzAct feeds any words to a game as an action: never a panic; a
// refusal changes nothing; an accepted action survives the record.
func FuzzAct(f *testing.F) {
	for _, s := range []string{"move a2 a3", "a2-a3", "b1-d3-f5-d7", "b1-d3 stop", "stop", "move", "a2", "move x9 a3", "b1 d3 f5", "d1-d1"} {
		f.Add(false, s)
		f.Add(true, s)
	}
	kind := congogame.New(nil, congogame.Options{})
	f.Fuzz(func(t *testing.T, monkey bool, text string) {
		fields := strings.Fields(text)
		if len(fields) == 0 {
			return
		}
		fen := congo.StartFEN
		if monkey {
			fen = monkeyWins
		}
		st := newState(t, fen)
		before := encoded(t, st)
		_ = congogame.BareMove(fields[0])
		if _, err := st.Act(0, bot.Command{Verb: fields[0], Args: fields[1:]}); err != nil {
			if encoded(t, st) != before {
				t.Fatalf("%q refused (%v) but changed the game", text, err)
			}
			return
		}
		data := encoded(t, st)
		back, err := kind.Decode([]byte(data))
		if err != nil {
			t.Fatalf("%q: decode %s: %v", text, data, err)
		}
		if encoded(t, back) != data || fenOf(t, back) != fenOf(t, st) {
			t.Fatalf("%q: record round trip changed the game", text)
		}
	})
}

// FuzzDecode reads any record: never a panic; what it accepts encodes to
// a record that reads back the same.
func FuzzDecode(f *testing.F) {
	f.Add(`{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a3 a6-a5"}`)
	f.Add(`{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3+ d3-f5+ f5-f5"}`)
	f.Add(`{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3-f5-d7","began":1}`)
	kind := congogame.New(nil, congogame.Options{})
	f.Fuzz(func(t *testing.T, data string) {
		st, err := kind.Decode([]byte(data))
		if err != nil {
			return
		}
		enc := encoded(t, st)
		back, err := kind.Decode([]byte(enc))
		if err != nil {
			t.Fatalf("decode of encoded %s: %v", enc, err)
		}
		if encoded(t, back) != enc {
			t.Fatalf("round trip: %s", enc)
		}
	})
}

// FuzzExport: any record the kind decodes, with any player names,
// exports to a file of comment lines and commands cmd/congo plays (move
// SQUARES [stop], stop) whose replay from the start gives the game's
// position.
func FuzzExport(f *testing.F) {
	f.Add(`{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a3 a6-a5"}`, "alice", "bob")
	f.Add(`{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3+ d3-d3"}`, "eve\nmove a2 a3", "\r")
	f.Add(`{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3-f5-d7"}`, "", "#")
	kind := congogame.New(nil, congogame.Options{})
	f.Fuzz(func(t *testing.T, record, white, black string) {
		st, err := kind.Decode([]byte(record))
		if err != nil {
			return
		}
		_, data, err := st.(exporter).Export(congogame.ExportMeta{Players: [2]string{white, black}})
		if err != nil {
			t.Fatal(err)
		}
		var start string
		var moves []bot.Command
		for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if s, ok := strings.CutPrefix(l, "# Start: "); ok && start == "" {
				start = s
			}
			f := strings.Fields(l)
			switch {
			case strings.HasPrefix(l, "# "):
			case len(f) > 0 && (f[0] == "move" || l == "stop"):
				moves = append(moves, bot.Command{Verb: f[0], Args: f[1:]})
			default:
				t.Fatalf("line %q is neither a comment nor a move:\n%s", l, data)
			}
		}
		back := newState(t, start)
		for _, c := range moves {
			seat := back.Pending()
			if len(seat) != 1 {
				t.Fatalf("%v after the game ended:\n%s", c, data)
			}
			if _, err := back.Act(seat[0], c); err != nil {
				t.Fatalf("%v: %v\n%s", c, err, data)
			}
		}
		if got, want := fenOf(t, back), fenOf(t, st); got != want {
			t.Fatalf("replayed to %s; want %s\n%s", got, want, data)
		}
	})
}
