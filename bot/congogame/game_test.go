package congogame_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// newState returns a game from fen, begun.
func newState(t testing.TB, fen string) bot.State {
	t.Helper()
	st, err := congogame.New(nil, congogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Configure(bot.Command{Verb: "position", Args: []string{fen}}); err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	return st
}

func encoded(t testing.TB, st bot.State) string {
	t.Helper()
	data, err := st.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func words(text string) bot.Command {
	f := strings.Fields(text)
	return bot.Command{Verb: f[0], Args: f[1:]}
}

// TestRecord checks the record's notation: whole turns as paths, a jump
// at a time with '+', the stop as the monkey's square twice.
func TestRecord(t *testing.T) {
	tests := []struct {
		name, fen string
		acts      []string
		want      string
	}{
		{name: "whole turns", fen: congo.StartFEN, acts: []string{"move a2 a3", "a6-a5", "b2 b3"},
			want: `{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a3 a6-a5 b2-b3"}`},
		{name: "a path", fen: monkeyWins, acts: []string{"b1-d3-f5-d7"},
			want: `{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3-f5-d7"}`},
		{name: "a jump at a time, then stop", fen: monkeyWins, acts: []string{"b1-d3", "move d3 f5", "stop"},
			want: `{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3+ d3-f5+ f5-f5"}`},
		{name: "one jump ending the turn", fen: monkeyWins, acts: []string{"move b1-d3 stop"},
			want: `{"start":"7/4l2/7/4c2/7/2p4/1M1L3/w/-1","moves":"b1-d3"}`},
	}
	kind := congogame.New(nil, congogame.Options{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			for _, a := range tt.acts {
				seat := st.Pending()[0]
				if _, err := st.Act(seat, words(a)); err != nil {
					t.Fatalf("%s: %v", a, err)
				}
			}
			got := encoded(t, st)
			if got != tt.want {
				t.Fatalf("record: got %s; want %s", got, tt.want)
			}
			back, err := kind.Decode([]byte(got))
			if err != nil {
				t.Fatal(err)
			}
			if again := encoded(t, back); again != got {
				t.Errorf("round trip: got %s; want %s", again, got)
			}
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	kind := congogame.New(nil, congogame.Options{})
	for name, data := range map[string]string{
		"not JSON":      `{`,
		"bad FEN":       `{"start":"7/7"}`,
		"no lion":       `{"start":"7/7/7/7/7/7/7/w/-1"}`,
		"illegal move":  `{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a5"}`,
		"open non-jump": `{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a3+"}`,
		"began too far": `{"start":"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1","moves":"a2-a3","began":2}`,
	} {
		if _, err := kind.Decode([]byte(data)); err == nil {
			t.Errorf("%s: Decode(%s) succeeded; want an error", name, data)
		}
	}
}

// TestUndo takes back a seat's last turn, every jump of it, or one action.
func TestUndo(t *testing.T) {
	tests := []struct {
		name, fen string
		acts      []string
		seat      int
		took      int
		want      string // FEN after
		err       error
	}{
		{name: "nothing to take back", fen: congo.StartFEN, seat: 0, err: bot.ErrNoUndo},
		{name: "nothing of black's", fen: congo.StartFEN, acts: []string{"a2-a3"}, seat: 1, err: bot.ErrNoUndo},
		{name: "white's turn after black's", fen: congo.StartFEN, acts: []string{"a2-a3", "a6-a5"}, seat: 0, took: 2, want: congo.StartFEN},
		{name: "black's last turn", fen: congo.StartFEN, acts: []string{"a2-a3", "a6-a5"}, seat: 1, took: 1, want: "gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ/b/-1"},
		{name: "the last action", fen: congo.StartFEN, acts: []string{"a2-a3", "a6-a5"}, seat: -1, took: 1, want: "gmelecz/ppppppp/7/7/P6/1PPPPPP/GMELECZ/b/-1"},
		{name: "a monkey's turn in the middle", fen: monkeyWins, acts: []string{"b1-d3", "d3-f5"}, seat: 0, took: 2, want: monkeyWins},
		{name: "one jump of it", fen: monkeyWins, acts: []string{"b1-d3", "d3-f5"}, seat: -1, took: 1, want: "7/4l2/7/4c2/3M3/7/3L3/w/43"},
		{name: "a stopped monkey's turn", fen: monkeyWins, acts: []string{"b1-d3", "stop", "e6-e5"}, seat: 0, took: 3, want: monkeyWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newState(t, tt.fen)
			for _, a := range tt.acts {
				if _, err := st.Act(st.Pending()[0], words(a)); err != nil {
					t.Fatalf("%s: %v", a, err)
				}
			}
			before := encoded(t, st)
			took, err := st.Undo(tt.seat)
			if tt.err != nil {
				if !errors.Is(err, tt.err) || encoded(t, st) != before {
					t.Fatalf("Undo(%d): got %d, %v; want %v and no change", tt.seat, took, err, tt.err)
				}
				return
			}
			if err != nil || took != tt.took {
				t.Fatalf("Undo(%d): got %d, %v; want %d", tt.seat, took, err, tt.took)
			}
			if got := fenOf(t, st); got != tt.want {
				t.Errorf("after undo: got %s; want %s", got, tt.want)
			}
		})
	}
}

func fenOf(t testing.TB, st bot.State) string {
	t.Helper()
	r, err := st.View(bot.Command{Verb: "fen"}, bot.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	return r.Text
}

// TestUndoStopsAtSetup: moves made in setup are not taken back in play.
func TestUndoStopsAtSetup(t *testing.T) {
	st, err := congogame.New(nil, congogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Act(0, words("a2-a3")); err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	if n, err := st.Undo(-1); !errors.Is(err, bot.ErrNoUndo) {
		t.Errorf("Undo after setup move: got %d, %v; want ErrNoUndo", n, err)
	}
}

func TestWrongMoveErrors(t *testing.T) {
	st := newState(t, congo.StartFEN)
	_, err := st.Act(0, words("a1 b3"))
	if !errors.Is(err, congogame.ErrWrongMove) || !errors.Is(err, bot.ErrIllegal) || !errors.Is(err, congo.ErrIllegalMove) {
		t.Errorf("a1 b3: got %v; want ErrWrongMove, bot.ErrIllegal and congo.ErrIllegalMove", err)
	}
	if _, err := st.Act(1, words("a6 a5")); !errors.Is(err, bot.ErrNotYourTurn) {
		t.Errorf("black first: got %v; want ErrNotYourTurn", err)
	}
}

func TestBareMove(t *testing.T) {
	for w, want := range map[string]bool{
		"a2-a3": true, "a2a3": true, "A2-A3": true, "b1-d3-f5-d7": true, "a2": true, "g7": true,
		"a2-": false, "-a2": false, "a2--a3": false, "h1-h2": false, "a8": false, "a0": false, "stop": false,
		"": false, "a": false, "move": false, "a2-a3x": false,
	} {
		if got := congogame.BareMove(w); got != want {
			t.Errorf("BareMove(%q): got %v; want %v", w, got, want)
		}
	}
}

func TestMoveCommand(t *testing.T) {
	p, err := congo.ParseFEN(monkeyWins)
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{"b1-d3-f5": "move b1-d3-f5", "b1-d3": "move b1-d3 stop", "d1-d2": "move d1-d2"} {
		m, err := p.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		c := congogame.MoveCommand(m)
		if got := strings.Join(append([]string{c.Verb}, c.Args...), " "); got != want {
			t.Errorf("MoveCommand(%s): got %q; want %q", text, got, want)
		}
	}
}

// blockingEngine waits for its context: the AI must give up with it.
type blockingEngine struct{}

func (blockingEngine) ChooseMove(ctx context.Context, _ congo.Position, _ int, _ int64) (congo.Move, error) {
	<-ctx.Done()
	return congo.NoMove, ctx.Err()
}

func TestAIActRespectsContextAndTurn(t *testing.T) {
	st, err := congogame.New(blockingEngine{}, congogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := st.AIAct(ctx, 0, bot.AIPlayer{Level: 5}, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled AIAct: got %v; want context.Canceled", err)
	}
	if _, err := st.AIAct(context.Background(), 1, bot.AIPlayer{Level: 1}, 1); !errors.Is(err, bot.ErrNotYourTurn) {
		t.Errorf("AIAct for black at white's turn: got %v; want ErrNotYourTurn", err)
	}
	if _, err := st.AIAct(context.Background(), 0, bot.AIPlayer{Engine: "stockfish"}, 1); !errors.Is(err, bot.ErrBadCommand) {
		t.Errorf("unknown AI program: got %v; want ErrBadCommand", err)
	}
}
