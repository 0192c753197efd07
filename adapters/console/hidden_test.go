package console_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/console"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestChannelsAndPrivateMessages: /join switches the channel, /msg speaks
// privately, and every line not for the current channel says where it
// goes; a hidden kind's secrets are printed only as private lines of
// their owner.
func TestChannelsAndPrivateMessages(t *testing.T) {
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{guessgame.New(guessgame.Options{})}, nil))
	defer b.Close()
	in := strings.Join([]string{
		"/join #games",
		"<alice> guess start @bob",
		"<bob> join",
		"<alice> /msg hide 7",
		"<bob> /msg hide 3",
		"<alice> /msg ready",
		"/join #other",
		"<bob> /msg ready",
		"<carol> status",
		"/join #games",
		"<alice> 5",
		"<carol> board",
	}, "\n")
	var out bytes.Buffer
	c := &console.Console{In: strings.NewReader(in), Out: &out, Handler: b}
	if err := c.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	wantLines := []string{
		"bob, alice challenges you to Guess as West: say !guess join within 5m0s.",
		"[private alice] Your number is 7. Say ready when it is final.",
		"[private bob] Your number is 3. Say ready when it is final.",
		"East is ready.",
		"[#games] West is ready.",
		"[private alice] East  7 (ready)",
		"[private bob] West  3 (ready)",
		"No game here. Say !start to open one (!games lists them).",
		"East (alice) plays 5. Lower. West (bob) to move.",
		"East  hidden (ready)",
	}
	for _, w := range wantLines {
		found := false
		for _, l := range lines {
			if l == w {
				found = true
			}
		}
		if !found {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
	for _, l := range lines {
		if (strings.Contains(l, "7") && !strings.HasPrefix(l, "[private alice] ")) ||
			(strings.Contains(l, " 3 ") || strings.Contains(l, "is 3")) && !strings.HasPrefix(l, "[private bob] ") {
			t.Errorf("a secret printed for others: %q", l)
		}
	}
}

// TestStrategoHandoverAudit: a Stratego game on the console with its seats
// handed over (auto, manual, clear): every line printed is checked against
// who may see it. An army reaches its own player alone, privately; a
// spectator, the channel and the other player see none, until the game
// ends.
func TestStrategoHandoverAudit(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// A fixed clock fixes the game's seed, so the AI's answer. A combat
	// shows both pieces to everyone, by the rules: the audit lets the
	// ranks a combat named pass.
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), fixedClock{}, []bot.Kind{k}, nil))
	defer b.Close()
	var out bytes.Buffer
	run := func(lines ...string) {
		c := &console.Console{In: strings.NewReader(strings.Join(lines, "\n")), Out: &out, Handler: b, Channel: "#s"}
		if err := c.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	run(
		"<alice> stratego start @bob",
		"<bob> join",
		"<alice> setup lakeside", // in the channel: refused
		"<alice> /msg setup fortress",
		"<bob> /msg setup progcomp",
		"<alice> /msg ready",
		"<bob> /msg ready",
	)
	// A move of alice's front row into the open middle, read from her army.
	m := regexp.MustCompile(`\[private alice\] Your army \([^)]*\): \S+ \S+ \S+ (\S{10})`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("alice was not told her army:\n%s", out.String())
	}
	// Bob's front row: no scout of his may reach the moved piece in one
	// move (a combat shows both pieces to everyone, by the rules).
	front := regexp.MustCompile(`\[private bob\] Your army \([^)]*\): (\S{10})`).FindStringSubmatch(out.String())
	if front == nil {
		t.Fatalf("bob was not told his army:\n%s", out.String())
	}
	move := ""
	for _, col := range []int{0, 1, 4, 5, 8, 9} { // not below a lake
		if p := m[1][col]; p != 'B' && p != 'F' && front[1][col] != '9' && front[1][9-col] != '9' {
			move = fmt.Sprintf("%c4-%c5", 'a'+col, 'a'+col)
			break
		}
	}
	run(
		"<bob> auto blue",
		"<alice> "+move, // the AI answers for Blue
		"<alice> manual blue",
		"<carol> manual blue",
		"<carol> board",
		"<bob> manual blue",
		"<bob> board",
		"<alice> board",
		"<carol> board",
		"<alice> clear", // against a person: a resignation, and the end
		// A rematch: bob hands Blue to the AI before it begins; alice
		// leaves a game against the AI (abandoned, no reveal), and clear
		// gives Blue back to bob.
		"<alice> clear",
		"<bob> auto blue",
		"<alice> start",
		"<alice> /msg setup random",
		"<alice> /msg ready",
		"<carol> board",
		"<alice> board",
		"<carol> manual blue",
		"<bob> board",
		"<alice> clear",
	)
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	// The armies as their owners were told them.
	armyOf := map[string]string{} // "alice" -> "ROW ROW ROW ROW"
	army := regexp.MustCompile(`^\[private (\w+)\] Your army \([^)]*\): ([0-9sBF]{10}(?: [0-9sBF]{10}){3})`)
	for _, l := range lines {
		if m := army.FindStringSubmatch(l); m != nil {
			armyOf[m[1]] = m[2]
		}
	}
	if armyOf["alice"] == "" || armyOf["bob"] == "" {
		t.Fatalf("the players were not told their armies:\n%s", out.String())
	}
	owner := map[string]string{"r": "alice", "b": "bob"}
	piece := regexp.MustCompile(`\b([rb])([1-9sBF])\b`)
	// The pieces combat showed ("Blue's Scout attacks Red's Captain"),
	// public from then on; a board is printed before its "Last:" line.
	shown := map[string]bool{}
	named := regexp.MustCompile(`\b(Red|Blue)'s (\w+)`)
	token := map[string]string{}
	for r := stratego.Marshal; r <= stratego.Flag; r++ {
		token[r.String()] = string(r.Token())
	}
	for _, l := range lines {
		if !strings.Contains(l, " attacks ") {
			continue
		}
		for _, m := range named.FindAllStringSubmatch(l, -1) {
			if tok, ok := token[m[2]]; ok {
				shown[strings.ToLower(m[1][:1])+tok] = true
			}
		}
	}
	refusals, ended := 0, false
	for i, l := range lines {
		switch {
		case strings.Contains(l, "resigns."):
			ended = true // the end shows the whole board to everyone
		case ended && strings.Contains(l, "New game of Stratego in setup"):
			// The rematch: Blue's army is the AI's, nobody's to see.
			ended, owner["b"], armyOf = false, "nobody", map[string]string{}
		}
		if ended {
			continue
		}
		if m := army.FindStringSubmatch(l); m != nil {
			armyOf[m[1]] = m[2]
		}
		for _, m := range piece.FindAllStringSubmatch(l, -1) {
			if !shown[m[0]] && !strings.HasPrefix(l, "[private "+owner[m[1]]+"] ") {
				t.Errorf("line %d shows %s, a piece of %s: %q", i, m[0], owner[m[1]], l)
			}
		}
		for who, a := range armyOf {
			for _, row := range strings.Fields(a) {
				if strings.Contains(l, row) && !strings.HasPrefix(l, "[private "+who+"] ") {
					t.Errorf("line %d shows a row of %s's army: %q", i, who, l)
				}
			}
		}
		if strings.Contains(l, "holds hidden pieces") || strings.Contains(l, "say it privately") {
			refusals++
		}
	}
	// lakeside in the channel, alice's and carol's manual blue; carol's
	// manual blue of the AI's army in the rematch.
	if refusals != 4 {
		t.Errorf("got %d refusals; want 4:\n%s", refusals, out.String())
	}
	for _, w := range []string{
		"Blue is played by the AI (level 3).",
		"Blue is played by bob, by hand.",
		"Red resigns. Blue wins.",
		"Game abandoned. New game of Stratego in setup. Red (alice), Blue (bob).",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, out.String())
		}
	}
}

type fixedClock struct{}

func (fixedClock) Now() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) }
