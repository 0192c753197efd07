package ataxxgame_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// budgetEngine records the budget of each move it is asked for (-1: asked
// without one) and plays the first legal move.
type budgetEngine struct {
	mu      sync.Mutex
	budgets []time.Duration
}

func (e *budgetEngine) ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error) {
	return e.ChooseMoveWithin(ctx, pos, level, -1, seed)
}

func (e *budgetEngine) ChooseMoveWithin(ctx context.Context, pos ataxx.Position, level int, budget time.Duration, seed int64) (ataxx.Move, error) {
	e.mu.Lock()
	e.budgets = append(e.budgets, budget)
	e.mu.Unlock()
	return pos.LegalMoves()[0], nil
}

// TestAIBudgetFromTheClock: the AI's time for a move is a share of its
// clock: a thirtieth of what is left plus most of the increment, a tenth
// of a correspondence move; without a clock, the level's own.
func TestAIBudgetFromTheClock(t *testing.T) {
	cases := []struct {
		name, start string
		want        time.Duration
	}{
		{"fischer without increment", "!start ai 10s", 10 * time.Second / 30},
		{"fischer with increment", "!start ai 3 1m+2s", 2*time.Second + 1600*time.Millisecond},
		{"correspondence", "!start ai:5 1d", 24 * time.Hour / 10},
		{"no clock", "!start ai", -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := &budgetEngine{}
			clk := &fakeClock{now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
			b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), clk, []bot.Kind{ataxxgame.New(e, ataxxgame.Options{})}, nil))
			defer b.Close()
			say(b, "#c", "alice", c.start)
			rs := say(b, "#c", "alice", "!a7-b6")
			if !strings.Contains(joined(rs), "Blue (AI level") {
				t.Fatalf("got %q; want the AI's move", joined(rs))
			}
			if len(e.budgets) != 1 || e.budgets[0] != c.want {
				t.Fatalf("budgets asked: got %v; want [%v]", e.budgets, c.want)
			}
		})
	}
}

// TestAIKeepsToItsClock: the strongest level, which thinks as long as its
// budget allows, plays a whole game against itself on a 4s clock (real
// time) and neither side loses on time.
func TestAIKeepsToItsClock(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game in real time")
	}
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{}, st, nil, []bot.Kind{ataxxgame.New(ataxxai.NewPool(1, 16, 2*time.Second), ataxxgame.Options{})}, nil))
	defer b.Close()
	say(b, "#k", "alice", "!start ai:10 4s")
	rs := say(b, "#k", "alice", "!auto red 10") // the AI plays both sides to the end
	data, _, err := st.Load(context.Background(), "test:#k")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Phase != bot.PhaseOver || rec.Ending == bot.EndTime {
		t.Fatalf("got phase %s, result %q after %d plies (%s); want over, not on time", rec.Phase, rec.Result, rec.Plies, lastLine(rs))
	}
	t.Logf("%d plies; %s clock left: %v ms", rec.Plies, rec.Result, rec.Clock.LeftMS)
}

func lastLine(rs []bot.Reply) string {
	if len(rs) == 0 {
		return ""
	}
	return rs[len(rs)-1].Text
}

// TestUndoKeepsTheClocks: a takeback agreed by both players rolls the
// board back, not the clocks: the time spent stays spent.
func TestUndoKeepsTheClocks(t *testing.T) {
	h := newHarness(t, bot.Config{})
	h.say("alice", "!start @bob 1m+1s")
	h.say("bob", "!join")
	steps := []struct {
		name, who, text string
		wait            time.Duration
		want            string
	}{
		{"red moves after 10s", "alice", "!a7-b6", 10 * time.Second, "Red 0:51, Blue 1:00 (to move)."},
		{"red asks to take it back 5s later", "alice", "!undo", 5 * time.Second, "Red 0:51, Blue 0:55 (to move)."},
		{"blue agrees 5s later", "bob", "!undo", 5 * time.Second, "Red 0:51 (to move), Blue 0:50."},
		{"red's time runs again", "observer", "!status", 20 * time.Second, "Red 0:31 (to move), Blue 0:50."},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			h.clock.Advance(s.wait)
			h.say(s.who, s.text)
			if got := joined(h.say("observer", "!status")); !strings.Contains(got, s.want) {
				t.Fatalf("status: got %q; want %q", got, s.want)
			}
		})
	}
	start := ataxx.NewPosition()
	if got := h.fen(); got != start.FEN() {
		t.Fatalf("board after the takeback: got %q; want the start", got)
	}
}
