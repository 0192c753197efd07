package ataxxgame

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

func TestEncodeDecodeRoundTrip(t *testing.T) {
	g := New(nil, Options{})
	st, err := g.New("cs61b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Configure(bot.Command{Verb: "blocks", Args: []string{"3gh"}}); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"a7-a6", "g7-f5", "a6-a4"} {
		if _, err := st.Act(int(st.(*state).pos.Turn()), bot.Command{Verb: mv}); err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
	}
	st.Begin()
	if _, err := st.Act(1, bot.Command{Verb: "move", Args: []string{"f4"}}); err != nil {
		t.Fatal(err)
	}
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.Decode(data)
	if err != nil {
		t.Fatalf("Decode(%s): %v", data, err)
	}
	again, _ := back.Encode()
	if string(again) != string(data) {
		t.Errorf("round trip: got %s; want %s", again, data)
	}
	if got, want := back.(*state).Began, 3; got != want {
		t.Errorf("Began after decode: got %d; want %d", got, want)
	}
	v := back.Board(bot.Spectator)
	if !strings.Contains(v.Text, "last f5-f4.") {
		t.Errorf("board does not name the last move: %s", v.Text)
	}
}

func TestDecodeRejectsCorruptState(t *testing.T) {
	g := New(nil, Options{})
	for _, data := range []string{
		`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"d4"}`,
		`{"rules":"chess","start":"x5o/7/7/7/7/7/o5x x 0 1"}`,
		`{"rules":"manual","start":"nonsense"}`,
		`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"b6","began":2}`,
		`not json`,
	} {
		if _, err := g.Decode([]byte(data)); err == nil {
			t.Errorf("Decode(%s): got nil; want an error", data)
		}
	}
}

func TestUndoStopsAtBegin(t *testing.T) {
	st, _ := New(nil, Options{}).New("")
	st.Act(0, bot.Command{Verb: "b6"})
	st.Begin()
	st.Act(1, bot.Command{Verb: "f6"})
	if _, err := st.Undo(0); !errors.Is(err, bot.ErrNoUndo) {
		t.Errorf("Undo past the setup moves: got %v; want ErrNoUndo", err)
	}
	if n, err := st.Undo(-1); err != nil || n != 1 {
		t.Errorf("Undo(-1): got %d, %v; want 1, nil", n, err)
	}
	if got := st.Pending(); len(got) != 1 || got[0] != 1 {
		t.Errorf("Pending after undo: got %v; want [1]", got)
	}
}

func TestGreedyPlaysLegalMovesAndTakesMost(t *testing.T) {
	pos, err := ataxx.ParseFEN("x5o/7/7/3o3/2o1o2/3o3/o5x x 0 1")
	if err != nil {
		t.Fatal(err)
	}
	// The greedy move must be legal and, above level 1, no worse than any
	// other by the piece difference it leaves.
	for level := 1; level <= 3; level++ {
		for seed := int64(0); seed < 20; seed++ {
			m, err := Greedy{}.ChooseMove(context.Background(), pos, level, seed)
			if err != nil {
				t.Fatal(err)
			}
			if err := pos.Legal(m); err != nil {
				t.Fatalf("level %d seed %d: %v", level, seed, err)
			}
			if level < 2 {
				continue
			}
			q := pos
			q.MakeMove(m)
			got := q.Count(ataxx.Red) - q.Count(ataxx.Blue)
			for _, other := range pos.LegalMoves() {
				r := pos
				r.MakeMove(other)
				if d := r.Count(ataxx.Red) - r.Count(ataxx.Blue); d > got {
					t.Fatalf("level %d chose %v (diff %d) but %v gives %d", level, m, got, other, d)
				}
			}
		}
	}
}
