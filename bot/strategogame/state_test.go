package strategogame_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// started returns a state in play: Red the progcomp formation, Blue the
// fortress, both ready.
func started(t *testing.T, k *strategogame.Kind) bot.State {
	t.Helper()
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	for seat, name := range []string{"progcomp", "fortress"} {
		for _, c := range []bot.Command{{Verb: "setup", Args: []string{name}}, {Verb: "ready"}} {
			if _, err := st.Act(seat, c); err != nil {
				t.Fatalf("seat %d %v: %v", seat, c, err)
			}
		}
	}
	return st
}

// TestRecord: the record is readable JSON in the game's own notation and
// Decode rebuilds the game from it.
func TestRecord(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	st := started(t, k)
	for seat, c := range []bot.Command{{Verb: "b4-b5"}, {Verb: "move", Args: []string{"0", "6", "UP"}}} {
		if _, err := st.Act(seat, c); err != nil {
			t.Fatal(err)
		}
	}
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"rules":"progcomp","turn_limit":5000,` +
		`"setups":["FB8sB479B8/BB31555583/6724898974/967B669999","48793B9956/9531962874/7B6B4s6578/8BFB9958B9"],` +
		`"ready":[true,true],"began":true,"moves":["b4-b5","a7-a6"]}`
	if string(data) != want {
		t.Fatalf("record:\ngot  %s\nwant %s", data, want)
	}
	if r, err := st.View(bot.Command{Verb: "moves"}, bot.Spectator); err != nil || r.Text != "1. b4-b5 a7-a6" {
		t.Fatalf("moves: got %q, %v; want %q", r.Text, err, "1. b4-b5 a7-a6")
	}
	back, err := k.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for v := bot.Spectator; v < 2; v++ {
		if got, want := back.Board(v).Text, st.Board(v).Text; got != want {
			t.Fatalf("viewer %d's board after Decode:\n%s\nwant\n%s", v, got, want)
		}
	}
}

func TestDecodeRefuses(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	red := "FB8sB479B8/BB31555583/6724898974/967B669999"
	blue := "48793B9956/9531962874/7B6B4s6578/8BFB9958B9"
	cases := []struct{ name, rec string }{
		{"not JSON", `{`},
		{"no rules", `{"turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[]}`},
		{"unknown rules", `{"rules":"house","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[]}`},
		{"bad turn limit", `{"rules":"progcomp","turn_limit":1,"setups":["",""],"ready":[false,false],"began":true,"moves":[]}`},
		{"ready without an army", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[true,false],"began":true,"moves":[]}`},
		{"short army", `{"rules":"progcomp","turn_limit":5000,"setups":["FB8sB479B8",""],"ready":[false,false],"began":true,"moves":[]}`},
		{"army before the start", `{"rules":"progcomp","turn_limit":5000,"setups":["` + red + `",""],"ready":[false,false],"began":false,"moves":[]}`},
		{"moves in the setup", `{"rules":"progcomp","turn_limit":5000,"setups":["` + red + `","` + blue + `"],"ready":[true,false],"began":true,"moves":["b4-b5"]}`},
		{"illegal move", `{"rules":"progcomp","turn_limit":5000,"setups":["` + red + `","` + blue + `"],"ready":[true,true],"began":true,"moves":["a1-a2"]}`},
		{"move out of notation", `{"rules":"progcomp","turn_limit":5000,"setups":["` + red + `","` + blue + `"],"ready":[true,true],"began":true,"moves":["B4-B5"]}`},
		{"unknown forfeit", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[],"forfeit":{"seat":1,"ending":"bored"}}`},
		{"forfeit by no seat", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[],"forfeit":{"seat":2,"ending":"timed out"}}`},
		{"host ending of no seat", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[],"host":{"winner":2,"ending":"time"}}`},
		{"host ending unsaid", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[],"host":{"winner":-1,"ending":""}}`},
		{"host ending and forfeit", `{"rules":"progcomp","turn_limit":5000,"setups":["",""],"ready":[false,false],"began":true,"moves":[],"forfeit":{"seat":1,"ending":"timed out"},"host":{"winner":-1,"ending":"aborted"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := k.Decode([]byte(c.rec)); !errors.Is(err, strategogame.ErrRecord) {
				t.Fatalf("got %v; want ErrRecord", err)
			}
		})
	}
}

// TestActRefuses: every refused action says why and changes nothing.
func TestActRefuses(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	setupState := func(t *testing.T) bot.State {
		st, err := k.New("")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Begin(); err != nil {
			t.Fatal(err)
		}
		return st
	}
	cases := []struct {
		name   string
		state  func(*testing.T) bot.State
		seat   int
		cmd    bot.Command
		target error
		says   string
	}{
		{"ready without an army", setupState, 0, bot.Command{Verb: "ready"}, bot.ErrIllegal, "set up your army first"},
		{"move in the setup", setupState, 0, bot.Command{Verb: "b4-b5"}, bot.ErrIllegal, "both armies must be ready"},
		{"too few pieces", setupState, 1, bot.Command{Verb: "setup", Args: []string{"FB8sB479B8", "BB31555583", "6724898974"}}, bot.ErrIllegal, "want 4"},
		{"wrong counts", setupState, 0, bot.Command{Verb: "setup", Args: []string{"FB8sB479B8", "BB31555583", "6724898974", "967B669991"}}, bot.ErrIllegal, "Marshal"},
		{"unknown formation", setupState, 0, bot.Command{Verb: "setup", Args: []string{"phalanx"}}, bot.ErrIllegal, `no formation "phalanx"`},
		{"no seat", setupState, 2, bot.Command{Verb: "ready"}, bot.ErrNotSeated, "no seat"},
		{"setup in play", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "setup", Args: []string{"random"}}, bot.ErrIllegal, "on the board"},
		{"not your move", func(t *testing.T) bot.State { return started(t, k) }, 1, bot.Command{Verb: "a7-a6"}, bot.ErrNotYourTurn, "not Blue's turn"},
		{"a bomb", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "move", Args: []string{"b1-b2"}}, bot.ErrIllegal, "Bomb never moves"},
		{"into a lake", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "move", Args: []string{"2", "3", "DOWN"}}, bot.ErrIllegal, "lake"},
		{"not a move", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "move", Args: []string{"b4"}}, bot.ErrBadCommand, "move b4-b6"},
		{"diagonal", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "move", Args: []string{"b4-c5"}}, bot.ErrBadCommand, "row or column"},
		{"a forfeit nobody knows", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "forfeit", Args: []string{"bored"}}, bot.ErrBadCommand, "no forfeit"},
		{"unknown verb", func(t *testing.T) bot.State { return started(t, k) }, 0, bot.Command{Verb: "pass"}, bot.ErrBadCommand, "not a command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := c.state(t)
			before, _ := st.Encode()
			_, err := st.Act(c.seat, c.cmd)
			if !errors.Is(err, c.target) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("got %v; want %v saying %q", err, c.target, c.says)
			}
			if after, _ := st.Encode(); string(after) != string(before) {
				t.Fatalf("a refused action changed the state:\n%s\n%s", before, after)
			}
		})
	}
}

// TestBlueSetsUpInBoardOrder: Blue's rows are the protocol's, front row
// first, and the army lands on rows 7 to 10 as written.
func TestBlueSetsUpInBoardOrder(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	st, _ := k.New("manual")
	st.Begin()
	army, _ := stratego.Formation("blitz")
	lines := army.Lines(stratego.Blue)
	p, err := st.Act(1, bot.Command{Verb: "setup", Args: lines[:]})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Private, "rows 7 to 10: your front row first") || !strings.Contains(p.Private, strings.Join(lines[:], " ")) {
		t.Fatalf("private reply %q", p.Private)
	}
	// Blue's own board, from Blue's side: its back row (y 9, row 10) is
	// the army's first row, drawn with columns j to a.
	board := st.Board(1).Text
	back := army.Rows[0]
	var cells []string
	for x := stratego.Width - 1; x >= 0; x-- {
		cells = append(cells, "b"+string(back[x].Token()))
	}
	if !strings.Contains(board, "10  "+strings.Join(cells, " ")) {
		t.Fatalf("Blue's board:\n%s\nwant row 10 %v", board, cells)
	}
	if s := st.Summary(bot.Spectator); !strings.Contains(s, "manual rules") {
		t.Fatalf("summary %q", s)
	}
}

// TestCombatAnnounced: a combat tells both ranks and who died, in public.
func TestCombatAnnounced(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	st := started(t, k)
	// Red's a4 is a Scout in the progcomp formation, Blue's a7 a Major in
	// the fortress; the a file has no lake.
	p, err := st.Act(0, bot.Command{Verb: "a4-a7"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "Red's Scout attacks Blue's Major: Red's Scout dies."; p.Public != want || p.Notation != "a4-a7" {
		t.Fatalf("played %+v; want public %q", p, want)
	}
	if !strings.Contains(st.Board(bot.Spectator).Text, " b4 ") {
		t.Fatalf("the revealed Major is not on the spectator's board:\n%s", st.Board(bot.Spectator).Text)
	}
}

// TestHostEndings: however the host ends a game (a draw by agreement, an
// abort, a flag, a resignation, an abandoned table), the state is over
// with the host's result, it survives Decode, and from then on a
// spectator sees both armies: the same board as each player's.
func TestHostEndings(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	cases := []struct {
		name string
		res  bot.Result
	}{
		{"agreed draw", bot.Result{Over: true, Winner: -1, Ending: bot.EndAgreed}},
		{"aborted", bot.Result{Over: true, Winner: -1, Ending: bot.EndAborted}},
		{"abandoned", bot.Result{Over: true, Winner: -1, Ending: bot.EndAbandoned}},
		{"flag fell", bot.Result{Over: true, Winner: 1, Ending: "time"}},
		{"resigned", bot.Result{Over: true, Winner: 0, Ending: bot.EndResigned}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := started(t, k)
			if _, err := st.Act(0, bot.Command{Verb: "b4-b5"}); err != nil {
				t.Fatal(err)
			}
			if n := unknownCells(st.Board(bot.Spectator).Text); n != 80 {
				t.Fatalf("a spectator sees %d unknown pieces during play; want 80", n)
			}
			end(st, c.res)
			data, err := st.Encode()
			if err != nil {
				t.Fatal(err)
			}
			back, err := k.Decode(data)
			if err != nil {
				t.Fatalf("Decode after %s: %v", c.name, err)
			}
			for name, s := range map[string]bot.State{"ended": st, "decoded": back} {
				r := s.Result()
				if !r.Over || r.Winner != c.res.Winner || r.Ending != c.res.Ending {
					t.Errorf("%s result: got %+v; want over, winner %d, %q", name, r, c.res.Winner, c.res.Ending)
				}
				spectator := s.Board(bot.Spectator).Text
				if got := unknownCells(spectator); got != 0 {
					t.Errorf("%s: the spectator sees %d unknown pieces after the end; want 0 (both armies):\n%s", name, got, spectator)
				}
			}
		})
	}
}

// unknownCells counts the board's pieces shown as unknown ("r#", "b#").
func unknownCells(board string) int {
	return strings.Count(board, "r#") + strings.Count(board, "b#")
}
