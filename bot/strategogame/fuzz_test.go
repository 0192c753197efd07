package strategogame_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
)

// FuzzDecode: any record is refused or decodes to a state that encodes
// to a record that decodes again to the same text, and whose views and
// AI work.
func FuzzDecode(f *testing.F) {
	red := "FB8sB479B8/BB31555583/6724898974/967B669999"
	blue := "48793B9956/9531962874/7B6B4s6578/8BFB9958B9"
	f.Add([]byte(`{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[]}`))
	f.Add([]byte(`{"rules":"manual","turn_limit":2,"setups":["` + red + `","` + blue + `"],"ready":[true,true],"began":true,"moves":["b4-b5","a7-a6"]}`))
	f.Add([]byte(`{"rules":"progcomp","turn_limit":5000,"setups":["` + red + `",""],"ready":[true,false],"began":true,"moves":[],"forfeit":{"seat":1,"ending":"bad setup"}}`))
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := k.Decode(data)
		if err != nil {
			return
		}
		first, err := st.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := k.Decode(first)
		if err != nil {
			t.Fatalf("Decode of its own Encode %s: %v", first, err)
		}
		if again, _ := back.Encode(); string(again) != string(first) {
			t.Fatalf("round trip: %s then %s", first, again)
		}
		for v := bot.Spectator; v < 2; v++ {
			_ = st.Board(v)
			_ = st.Summary(v)
		}
		_ = st.Result()
		if p := st.Pending(); len(p) > 0 {
			if _, err := st.AIAct(context.Background(), p[0], bot.AIPlayer{Level: 0}, 1); err != nil {
				t.Fatalf("AIAct on a decoded state: %v", err)
			}
		}
	})
}

// FuzzAct: any text as a setup or a move is played or refused, never a
// panic, and a refusal changes nothing.
func FuzzAct(f *testing.F) {
	for _, s := range []string{"random", "fortress", "FB8sB479B8 BB31555583 6724898974 967B669999",
		"b4-b5", "1 3 UP", "0 3 UP 2", "b4xb5", "j1j10", "9 9 LEFT 9", "", "a1-a1"} {
		f.Add(s)
	}
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, verb := range []string{"setup", "move", text} {
			st, _ := k.New("")
			st.Begin()
			if verb != "setup" {
				st.Act(0, bot.Command{Verb: "setup", Args: []string{"progcomp"}})
				st.Act(0, bot.Command{Verb: "ready"})
				st.Act(1, bot.Command{Verb: "setup", Args: []string{"shield"}})
				st.Act(1, bot.Command{Verb: "ready"})
			}
			c := bot.Command{Verb: verb, Args: strings.Fields(text)}
			if verb == text {
				c.Args = nil
			}
			before, _ := st.Encode()
			if _, err := st.Act(0, c); err != nil {
				if after, _ := st.Encode(); string(after) != string(before) {
					t.Fatalf("refused %v changed the state", c)
				}
				continue
			}
			if _, err := k.Decode(mustEncode(t, st)); err != nil {
				t.Fatalf("after %v: %v", c, err)
			}
		}
	})
}

func mustEncode(t *testing.T, st bot.State) []byte {
	t.Helper()
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// FuzzExport: any record the kind decodes, with any player names, exports
// (over, or to a player) to a log whose SETUP headers and result line are
// what the manager's reader takes: a name is one word, and the opponent's
// army of a running game is never in its player's export.
func FuzzExport(f *testing.F) {
	red := "FB8sB479B8/BB31555583/6724898974/967B669999"
	blue := "48793B9956/9531962874/7B6B4s6578/8BFB9958B9"
	f.Add([]byte(`{"rules":"progcomp","turn_limit":5000,"setups":["`+red+`","`+blue+`"],"ready":[true,true],"began":true,"moves":["b4-b5","a7-a6"],"forfeit":{"seat":0,"ending":"resigned"}}`), "alice smith", "bob\nRED SETUP", 1)
	f.Add([]byte(`{"rules":"progcomp","turn_limit":5000,"setups":["`+red+`",""],"ready":[true,false],"began":true,"moves":[],"forfeit":{"seat":1,"ending":"bad setup"}}`), "", " ", 0)
	f.Add([]byte(`{"rules":"manual","turn_limit":2,"setups":["`+red+`","`+blue+`"],"ready":[true,true],"began":true,"moves":["b4-b5","a7-a6"]}`), "ai:3", "neither", 0)
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, redName, blueName string, seat int) {
		st, err := k.Decode(data)
		if err != nil {
			return
		}
		m := strategogame.ExportMeta{Players: [2]string{redName, blueName}}
		over := st.Result().Over
		if !over {
			m.AsPlayer, m.Seat = true, seat&1
		}
		_, log, err := st.(exporter).Export(m)
		if err != nil {
			return
		}
		lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
		headers := 0
		for i, l := range lines {
			f := strings.Fields(l)
			if len(f) == 3 && f[2] == "SETUP" {
				headers++
				if want := [2]string{"RED", "BLUE"}[headers-1&1]; f[1] != want {
					t.Fatalf("header %q; want NAME %s SETUP", l, want)
				}
				if !over && headers-1 != m.Seat {
					for _, row := range lines[i+1 : min(i+5, len(lines))] {
						if strings.HasSuffix(row, " SETUP") || strings.HasPrefix(row, "Game ends") {
							break
						}
						if strings.Trim(row, "#") != "" {
							t.Fatalf("the opponent's army in a running game's export: %q\n%s", row, log)
						}
					}
				}
			}
		}
		if headers != 2 {
			t.Fatalf("%d SETUP headers; want 2:\n%s", headers, log)
		}
		if over {
			if _, err := agent.ParseResult(lines[len(lines)-1]); err != nil {
				t.Fatalf("result line: %v\n%s", err, log)
			}
		}
	})
}
