package agent

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

func TestParseAnswer(t *testing.T) {
	cases := []struct {
		in   string
		kind AnswerKind
		move string
	}{
		{"0 6 UP 2", AnswerMove, "a7-a5"},
		{"2 3 UP 1", AnswerMove, "c4-c3"},
		{"0 3 DOWN", AnswerMove, "a4-a5"},
		{"  0   3  DOWN ", AnswerMove, "a4-a5"},
		{"SURRENDER", AnswerSurrender, ""},
		{"0 3 down", AnswerBadDirection, ""},
		{"0 3", AnswerBadDirection, ""},
		{"", AnswerBadDirection, ""},
		{"hello world", AnswerBadDirection, ""},
		{"x 3 UP", AnswerMalformed, ""},
		{"0 0 UP", AnswerMalformed, ""},
		{"0 3 DOWN 0", AnswerMalformed, ""},
		{"0 3 DOWN 2 1", AnswerMalformed, ""},
	}
	for _, c := range cases {
		a := ParseAnswer(c.in)
		if a.Kind != c.kind || a.Text != c.in || (c.move != "" && a.Move.String() != c.move) {
			t.Errorf("ParseAnswer(%q): got %v %v; want %v %s", c.in, a.Kind, a.Move, c.kind, c.move)
		}
	}
}

func TestConfirmAndParseConfirmation(t *testing.T) {
	cases := []struct {
		answer string
		res    stratego.Result
		want   string
	}{
		{"0 6 UP 2", stratego.Result{Outcome: stratego.Moved}, "0 6 UP 2 OK"},
		{"2 2 UP 1", stratego.Result{Outcome: stratego.Kills, Attacker: stratego.Colonel, Defender: stratego.Miner}, "2 2 UP 1 KILLS 3 8"},
		{"0 2 UP", stratego.Result{Outcome: stratego.Kills, Attacker: stratego.Miner, Defender: stratego.Bomb}, "0 2 UP KILLS 8 B"},
		{"0 2 RIGHT", stratego.Result{Outcome: stratego.Kills, Attacker: stratego.Spy, Defender: stratego.Marshal}, "0 2 RIGHT KILLS s 1"},
		{"1 4 UP", stratego.Result{Outcome: stratego.Dies, Attacker: stratego.Sergeant, Defender: stratego.Lieutenant}, "1 4 UP DIES 7 6"},
		{"0 2 UP", stratego.Result{Outcome: stratego.Dies, Attacker: stratego.Lieutenant, Defender: stratego.Bomb}, "0 2 UP DIES 6 B"},
		{"0 5 UP", stratego.Result{Outcome: stratego.BothDie, Attacker: stratego.Scout, Defender: stratego.Scout}, "0 5 UP BOTHDIE 9 9"},
	}
	for _, c := range cases {
		got := Confirm(c.answer, c.res)
		if got != c.want {
			t.Errorf("Confirm(%q): got %q; want %q", c.answer, got, c.want)
		}
		conf, err := ParseConfirmation(got)
		if err != nil || conf.Illegal || conf.Result.Outcome != c.res.Outcome || conf.Result.Attacker != c.res.Attacker ||
			conf.Result.Defender != c.res.Defender || conf.Move.Protocol() != strings.TrimSuffix(c.answer, " 1") {
			t.Errorf("ParseConfirmation(%q): got %+v, %v", got, conf, err)
		}
	}
	for _, in := range []string{"0 0 DOWN ILLEGAL", "0 3 SIDEWAYS", "hello", ""} {
		if c, err := ParseConfirmation(in); err != nil || !c.Illegal {
			t.Errorf("ParseConfirmation(%q): got %+v, %v; want an illegal (lost) move", in, c, err)
		}
	}
	if _, err := ParseConfirmation("0 3 DOWN KILLS x 8"); err == nil {
		t.Error("ParseConfirmation accepted a bad rank")
	}
}

func TestResultLine(t *testing.T) {
	for _, line := range []string{"agents/asmodeus BLUE DRAW_DEFAULT 40 120 117", "agents/peternlewis BLUE VICTORY 147 0 47", "neither BOTH BAD_SETUP 0 0 0"} {
		r, err := ParseResult(line)
		if err != nil || r.String() != line {
			t.Errorf("ParseResult(%q): got %v, %v", line, r, err)
		}
	}
	for _, line := range []string{"", "a RED WIN 1 2 3", "a RED VICTORY x 2 3", "a RED VICTORY 1 2"} {
		if _, err := ParseResult(line); err == nil {
			t.Errorf("ParseResult(%q) accepted", line)
		}
	}
}

// The board of the tapped transcript reads back as the View the manager
// derived it from.
func TestParseBoardRoundTrip(t *testing.T) {
	s, _ := stratego.Formation("progcomp")
	p, _ := stratego.NewPosition(s, s, stratego.DefaultOptions())
	for _, c := range []stratego.Colour{stratego.Red, stratego.Blue} {
		v := p.View(stratego.SeatOf(c))
		lines := v.ProtocolLines()
		w, err := ParseBoard(c, lines)
		if err != nil {
			t.Fatal(err)
		}
		if w.ProtocolLines() != lines {
			t.Errorf("%v: round trip changed the board", c)
		}
	}
	bad := [stratego.Height]string{"FB8sB479B8", "BB31555583", "6724898974", "967B669999", "..++..++..", "..+...++..", "##########", "##########", "##########", "##########"}
	if _, err := ParseBoard(stratego.Red, bad); err == nil {
		t.Error("ParseBoard accepted a misplaced lake")
	}
}

// scripted answers the tapped agent's lines in order.
type scripted struct {
	setup   stratego.Setup
	answers []string
	seen    []Confirmation
}

func (s *scripted) Setup(stratego.Colour, string) stratego.Setup { return s.setup }
func (s *scripted) Observe(c Confirmation)                       { s.seen = append(s.seen, c) }
func (s *scripted) Move([stratego.Height]string) stratego.Move {
	m, _ := stratego.ParseProtocolMove(s.answers[0])
	s.answers = s.answers[1:]
	return m
}

// Serve fed what the manager sent asmodeus answers what asmodeus did.
func TestServeTappedBlue(t *testing.T) {
	b, err := os.ReadFile("../../../cmd/stratego/testdata/stratego_transcript_blue_asmodeus.txt")
	if err != nil {
		t.Fatal(err)
	}
	var in, want strings.Builder
	var answers []string
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, ">> "):
			in.WriteString(l[3:] + "\n")
		case strings.HasPrefix(l, "<< "):
			want.WriteString(l[3:] + "\n")
			answers = append(answers, l[3:])
		}
	}
	s, _ := stratego.Formation("progcomp")
	brain := &scripted{setup: s, answers: answers[4:]}
	var out bytes.Buffer
	if err := Serve(strings.NewReader(in.String()), &out, brain); err != nil {
		t.Fatal(err)
	}
	if out.String() != want.String() {
		t.Errorf("Serve wrote\n%s\nwant\n%s", out.String(), want.String())
	}
	if len(brain.seen) != 78 || brain.seen[0].By != stratego.Red || brain.seen[1].By != stratego.Blue || brain.seen[1].Text != "0 6 UP OK" {
		t.Errorf("confirmations: got %d, first %+v, second %+v", len(brain.seen), brain.seen[0], brain.seen[1])
	}
}
