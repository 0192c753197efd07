package abalonegame_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// FuzzDecode: any record either fails to decode or decodes to a state
// whose record is stable: encode, decode, encode gives the same text.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"start":"standard"}`,
		`{"start":"belgian","moves":"a1b2 i5h5","began":1,"notation":"amalone"}`,
		`{"start":"black=A1,A2;white=I5;turn=white;lost=0,5","moves":"i5h5"}`,
		`{"start":"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0","moves":"c3d3"}`,
		`{"start":"standard","began":-3}`,
	} {
		f.Add([]byte(s))
	}
	kind := abalonegame.New(abalonegame.Options{Engine: stubEngine{}})
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := kind.Decode(data)
		if err != nil {
			return
		}
		first := encode(t, st)
		back, err := kind.Decode([]byte(first))
		if err != nil {
			t.Fatalf("Decode(Encode) of %s: %v", first, err)
		}
		if again := encode(t, back); again != first {
			t.Fatalf("round trip: got %s; want %s", again, first)
		}
		_ = back.Board(bot.Spectator)
		_ = back.Summary(bot.Spectator)
		_ = back.Result()
	})
}

// FuzzCommand: any line, as a setup command or an act at a fresh game,
// is either refused with the state unchanged or applied to a state that
// survives its record; and every word the engine reads as a legal move
// is one the host hands over as a bare move.
func FuzzCommand(f *testing.F) {
	for _, s := range []string{
		"put white e5 e6", "remove a1 i9", "empty", "turn white", "lost black 3", "layout german",
		"load abalone belgian 1. a1b2 i5h5", "load black=A1;white=I5", "notation amalone", "move a1b2",
		"a1b2", "1A1-A0", "c3c4d3", "put", "lost white 9", "take GG", "first w", "set b e5",
		"e5e6", "a1c3", "1GG-B0", "1A6-A1", "move a1a4b1", "move a1a3c3", "move a1a3a2", "3C0-C1", "2A6-A7l", "3A0-A1+",
	} {
		f.Add(s)
	}
	kind := abalonegame.New(abalonegame.Options{Engine: stubEngine{}})
	bare := kind.Spec().BareMove
	f.Fuzz(func(t *testing.T, line string) {
		words := strings.Fields(line)
		if len(words) == 0 {
			return
		}
		cmd := bot.Command{Verb: strings.ToLower(words[0]), Args: words[1:]}
		for _, use := range []bot.Use{bot.Configure, bot.Act} {
			st, err := kind.New("")
			if err != nil {
				t.Fatal(err)
			}
			before := encode(t, st)
			if use == bot.Configure {
				_, err = st.Configure(cmd)
			} else {
				_, err = st.Act(0, cmd)
			}
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("%v %q: refusal %q is more than one line", use, line, err)
				}
				if after := encode(t, st); after != before {
					t.Fatalf("%v %q refused (%v) but changed the state:\n%s\nwas\n%s", use, line, err, after, before)
				}
				continue
			}
			data := encode(t, st)
			back, err := kind.Decode([]byte(data))
			if err != nil {
				t.Fatalf("%v %q: its record %s does not decode: %v", use, line, data, err)
			}
			if again := encode(t, back); again != data {
				t.Fatalf("%v %q: round trip %s; want %s", use, line, again, data)
			}
		}
		p := abalone.StartPosition()
		if _, err := p.ParseMove(words[0]); err == nil && !bare(strings.ToLower(words[0])) {
			t.Fatalf("%q is a legal move but not taken as a bare move", words[0])
		}
	})
}
