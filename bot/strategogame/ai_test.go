package strategogame_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// pick chooses a legal move for the side to move, fighting two times in
// three when it can.
func pick(rng *rand.Rand, g *stratego.Game) stratego.Move {
	p := g.Position()
	moves := p.LegalMoves()
	for _, m := range moves {
		if p.At(m.To()).IsPiece() && rng.IntN(3) > 0 {
			return m
		}
	}
	return moves[rng.IntN(len(moves))]
}

// TestGameAgainstTheAI plays a person against the built-in AI through the
// host until the game ends (or the person resigns after a cap).
func TestGameAgainstTheAI(t *testing.T) {
	h := newHarness(t, newKind(t, strategogame.Options{}))
	rs := h.in("alice", "!stratego start manual ai:2")
	want(t, rs, "#g", "Manual rules")
	want(t, rs, "#g", "Blue is ready.")
	if g, _ := h.game(); g != nil {
		t.Fatal("the game started before Red set up")
	}
	_, st := h.game()
	if st.Setups[1] == "" || !st.Ready[1] || st.Setups[0] != "" || st.Rules != "manual" {
		t.Fatalf("after start: rules %s, setups %q ready %v; want manual, the AI's army alone, ready", st.Rules, st.Setups, st.Ready)
	}
	want(t, h.dm("alice", "setup blitz"), "private:id-alice", "Your army")
	rs = h.dm("alice", "ready")
	want(t, rs, "#g", "Both armies are on the board")
	rng := rand.New(rand.NewPCG(7, 7))
	const maxPlies = 150
	for n := 0; n < maxPlies; n++ {
		g, _ := h.game()
		if g.Status().Over() {
			break
		}
		if p := g.Position(); p.Side() != stratego.Red {
			t.Fatalf("ply %d: %v to move after Red's move; the AI did not answer", n, p.Side())
		}
		m := pick(rng, g)
		rs := h.in("alice", "!"+m.String())
		want(t, rs, "#g", "Red (alice) plays "+m.String())
		if g2, _ := h.game(); !g2.Status().Over() {
			want(t, rs, "#g", "Blue (AI")
		}
	}
	g, st := h.game()
	if !g.Status().Over() {
		want(t, h.in("alice", "!resign"), "#g", "Red resigns. Blue wins.")
	}
	if len(st.Moves) < 2 {
		t.Fatalf("moves %v", st.Moves)
	}
	want(t, h.in("alice", "!status"), "#g", "game over")
	t.Logf("%d moves, %v", len(st.Moves), g.Status())
}

// TestAISeesOnlyItsSeat: the AI's choice does not change when the enemy's
// hidden pieces change and everything public stays the same.
func TestAISeesOnlyItsSeat(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	blueA, _ := stratego.Formation("corner")
	// blueB swaps the Flag with a Bomb on Blue's back row: what Red may
	// see is the same as long as neither fights.
	blueB := blueA
	rowA := blueB.Rows[0]
	f, b := -1, -1
	for x, r := range rowA {
		switch {
		case r == stratego.Flag:
			f = x
		case r == stratego.Bomb && b < 0:
			b = x
		}
	}
	blueB.Rows[0][f], blueB.Rows[0][b] = blueB.Rows[0][b], blueB.Rows[0][f]
	red, _ := stratego.Formation("shield")
	states := [2]bot.State{}
	for i, blue := range []stratego.Setup{blueA, blueB} {
		st, err := k.New("")
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Begin(); err != nil {
			t.Fatal(err)
		}
		rl, bl := red.Lines(stratego.Red), blue.Lines(stratego.Blue)
		for seat, lines := range [][4]string{rl, bl} {
			if _, err := st.Act(seat, bot.Command{Verb: "setup", Args: lines[:]}); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Act(seat, bot.Command{Verb: "ready"}); err != nil {
				t.Fatal(err)
			}
		}
		states[i] = st
	}
	ctx := context.Background()
	for ply := range 30 {
		seat := states[0].Pending()[0]
		for level := 1; level <= 5; level += 2 {
			var got [2]bot.Command
			for i, st := range states {
				c, err := st.AIAct(ctx, seat, bot.AIPlayer{Level: level}, int64(ply))
				if err != nil {
					t.Fatal(err)
				}
				got[i] = c
			}
			if fmt.Sprint(got[0]) != fmt.Sprint(got[1]) && seat == 0 {
				t.Fatalf("ply %d level %d: Red's AI chose %v against one hidden army and %v against another", ply, level, got[0], got[1])
			}
		}
		c, err := states[0].AIAct(ctx, seat, bot.AIPlayer{Level: 1}, int64(ply))
		if err != nil {
			t.Fatal(err)
		}
		var pub [2]string
		for i, st := range states {
			p, err := st.Act(seat, c)
			if err != nil {
				t.Fatalf("ply %d: %v: %v", ply, c, err)
			}
			pub[i] = p.Public
		}
		if pub[0] != pub[1] {
			t.Logf("ply %d: the swapped pieces fought (%q / %q); stopping", ply, pub[0], pub[1])
			return
		}
		if states[0].Result().Over {
			return
		}
	}
}

// TestEndings plays games from the state with random moves that seek
// combat until each ending the engine gives has been reached once, and
// checks that Result reports it.
func TestEndings(t *testing.T) {
	k := newKind(t, strategogame.Options{})
	seen := map[bot.Ending]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 60 && !(seen["flag captured"] && seen["turn limit"]); game++ {
		st, err := k.New("")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Configure(bot.Command{Verb: "turns", Args: []string{"150"}}); err != nil {
			t.Fatal(err)
		}
		if err := st.Begin(); err != nil {
			t.Fatal(err)
		}
		var armies [2]stratego.Setup
		for seat := range 2 {
			armies[seat] = stratego.RandomSetup(rng)
			lines := armies[seat].Lines(stratego.Colour(seat))
			if _, err := st.Act(seat, bot.Command{Verb: "setup", Args: []string{strings.Join(lines[:], "/")}}); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Act(seat, bot.Command{Verb: "ready"}); err != nil {
				t.Fatal(err)
			}
		}
		g, err := stratego.NewGame(armies[0], armies[1], stratego.Options{TurnLimit: 150})
		if err != nil {
			t.Fatal(err)
		}
		for !g.Status().Over() {
			m := pick(rng, g)
			if _, err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			seat := st.Pending()[0]
			if _, err := st.Act(seat, bot.Command{Verb: "move", Args: []string{m.Protocol()}}); err != nil {
				t.Fatalf("game %d: %v: %v", game, m, err)
			}
		}
		res, status := st.Result(), g.Status()
		wantWinner := int(status.Winner)
		if status.Draw {
			wantWinner = -1
		}
		if !res.Over || res.Winner != wantWinner || len(st.Pending()) != 0 {
			t.Fatalf("game %d: result %+v pending %v; want over, winner %d (%v)", game, res, st.Pending(), wantWinner, status)
		}
		seen[res.Ending] = true
		if res.Ending == "turn limit" && res.Winner != -1 {
			t.Fatalf("turn limit with a winner: %+v", res)
		}
	}
	t.Logf("endings seen: %v", seen)
	for _, e := range []bot.Ending{"flag captured", "turn limit"} {
		if !seen[e] {
			t.Errorf("ending %q never reached; saw %v", e, seen)
		}
	}
}
