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
	g := New(nil)
	st, err := g.New("cs61b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Setup(bot.Command{Verb: "blocks", Args: []string{"3gh"}}); err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"a7-a6", "g7-f5", "a6-a4"} {
		if _, err := st.Move(bot.Command{Verb: mv}); err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
	}
	st.Begin()
	if _, err := st.Move(bot.Command{Verb: "move", Args: []string{"f4"}}); err != nil {
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
	if got, want := back.Plies(), 1; got != want {
		t.Errorf("Plies after decode: got %d; want %d", got, want)
	}
	v, _ := back.View(bot.Command{Verb: "board"}, -1)
	if !strings.Contains(v.Text, "last f5-f4.") {
		t.Errorf("board does not name the last move: %s", v.Text)
	}
}

func TestDecodeRejectsCorruptState(t *testing.T) {
	g := New(nil)
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
	st, _ := New(nil).New("")
	st.Move(bot.Command{Verb: "b6"})
	st.Begin()
	st.Move(bot.Command{Verb: "f6"})
	if err := st.Undo(2); !errors.Is(err, bot.ErrBadCommand) {
		t.Errorf("Undo past the setup moves: got %v; want ErrBadCommand", err)
	}
	if err := st.Undo(1); err != nil {
		t.Errorf("Undo(1): %v", err)
	}
	if got := st.Plies(); got != 0 {
		t.Errorf("Plies after undo: got %d; want 0", got)
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
