package abalonegame_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// step is one line of a scenario: who says what, and what must come back.
type step struct {
	user, text string
	want       string // a substring of the replies
	wantErr    bool   // the last reply is a refusal, and the record is unchanged
}

func run(t *testing.T, h *harness, steps []step) {
	t.Helper()
	for i, s := range steps {
		before := h.raw()
		rs := h.say(s.user, s.text)
		got := joined(rs)
		if len(rs) == 0 {
			t.Fatalf("step %d %s %q: got no reply; want %q", i, s.user, s.text, s.want)
		}
		if !strings.Contains(got, s.want) {
			t.Fatalf("step %d %s %q: got %q; want it to contain %q", i, s.user, s.text, got, s.want)
		}
		last := rs[len(rs)-1]
		if last.Error != s.wantErr {
			t.Fatalf("step %d %s %q: got error=%v (%q); want error=%v", i, s.user, s.text, last.Error, last.Text, s.wantErr)
		}
		if s.wantErr {
			if strings.Contains(last.Text, "\n") {
				t.Fatalf("step %d: refusal %q is more than one line", i, last.Text)
			}
			if after := h.raw(); after != before {
				t.Fatalf("step %d %s %q: a refusal changed the record:\n%s\nwas\n%s", i, s.user, s.text, after, before)
			}
		}
	}
}

// TestSetup: aMalone's set-up before start (marbles put and taken away
// for either colour, who begins, marbles lost, layouts, loaded games),
// then the position play begins from.
func TestSetup(t *testing.T) {
	tests := []struct {
		name  string
		steps []step
		pos   string // the marble list at the end, "" to skip
		phase bot.Phase
	}{
		{name: "a position by hand", steps: []step{
			{user: "alice", text: "!abalone new", want: "New game of Abalone in setup"},
			{user: "alice", text: "!abalone empty", want: "The board is empty"},
			{user: "alice", text: "!abalone put white e5 E6", want: "Put white on E5, E6. Black 0, white 2 on the board; black to move."},
			{user: "alice", text: "!abalone put b d5 c5 b5", want: "Put black on D5, C5, B5. Black 3, white 2 on the board; black to move."},
			{user: "alice", text: "!abalone remove b5 a1", want: "Took away B5, A1. Black 2, white 2"},
			{user: "alice", text: "!abalone turn white", want: "White begins."},
			{user: "alice", text: "!abalone lost black 2", want: "Lost: black 2, white 0."},
			{user: "alice", text: "!abalone start ai:1", want: "Game on: Black (alice) vs White (AI level 1). White (AI level 1) to move."},
		}, phase: bot.PhasePlaying},
		{name: "the position is what play starts from", steps: []step{
			{user: "alice", text: "!abalone empty", want: "The board is empty"},
			{user: "alice", text: "!abalone put white e5 e6", want: "Put white"},
			{user: "alice", text: "!abalone put black d5 c5", want: "Put black"},
			{user: "alice", text: "!abalone first white", want: "White begins."},
			{user: "alice", text: "!abalone lost white 5", want: "Lost: black 0, white 5."},
			{user: "alice", text: "!abalone start @bob", want: "challenges you"},
			{user: "bob", text: "!abalone join", want: "White (bob) to move."},
		}, pos: "black=C5,D5;white=E5,E6;turn=white;lost=0,5", phase: bot.PhasePlaying},
		{name: "cells in aMalone's names at an aMalone table", steps: []step{
			{user: "alice", text: "!abalone notation amalone", want: "Setup move."}, // the host's word for an act before start
			{user: "alice", text: "!abalone empty", want: "The board is empty"},
			{user: "alice", text: "!abalone notation standard", want: "the game has not begun", wantErr: true}, // an empty board has no turn to act in
			{user: "alice", text: "!abalone put black GG A0 B0", want: "Put black on GG, A0, B0."},
			{user: "alice", text: "!abalone put white D0", want: "Put white on D0."},
			{user: "alice", text: "!abalone put white e5", want: "Put white on E5."}, // aMalone's E5, the standard F3
		}, pos: "black=D4,D5,E5;white=F3,F6;turn=black", phase: bot.PhaseSetup},
		{name: "a layout as a word of start", steps: []step{
			{user: "alice", text: "!abalone start ai german", want: "Layout: german, Black to move.\nGame on: Black (alice) vs White (AI level 3)."},
		}, pos: "black=B1,B2,C1,C2,C3,D2,D3,F7,F8,G7,G8,G9,H8,H9;white=B5,B6,C5,C6,C7,D6,D7,F3,F4,G3,G4,G5,H4,H5;turn=black", phase: bot.PhasePlaying},
		{name: "layout and notation as words of start", steps: []step{
			{user: "alice", text: "!abalone start ai:1 german amalone", want: "Layout: german, Black to move.\nNotation: aMalone"},
			{user: "alice", text: "!abalone board", want: "  F7. F4@ F2@ A0. B0. B2O B5O B9.\n"},
		}, phase: bot.PhasePlaying},
		{name: "standard is the layout's word", steps: []step{
			{user: "alice", text: "!abalone layout belgian", want: "Layout: belgian"},
			{user: "alice", text: "!abalone write amalone", want: "Notation: aMalone"},
			{user: "alice", text: "!abalone start @bob standard", want: "Layout: standard, Black to move."},
			{user: "alice", text: "!abalone write standard", want: "Notation: standard"}, // while bob is awaited
		}, pos: "black=A1,A2,A3,A4,A5,B1,B2,B3,B4,B5,B6,C3,C4,C5;white=G5,G6,G7,H4,H5,H6,H7,H8,H9,I5,I6,I7,I8,I9;turn=black", phase: bot.PhaseSetup},
		{name: "a position with no move for the side to move ends at start", steps: []step{
			{user: "alice", text: "!abalone empty", want: "The board is empty"},
			{user: "alice", text: "!abalone put white e5", want: "Put white on E5."},
			{user: "alice", text: "!abalone start ai:1", want: "White wins. (no legal move) Lost: black 0, white 0."},
		}, phase: bot.PhaseOver},
		{name: "the layout command", steps: []step{
			{user: "alice", text: "!abalone layout belgian", want: "Layout: belgian, Black to move."},
			{user: "alice", text: "!abalone layout Standard", want: "Layout: standard"},
		}, pos: "black=A1,A2,A3,A4,A5,B1,B2,B3,B4,B5,B6,C3,C4,C5;white=G5,G6,G7,H4,H5,H6,H7,H8,H9,I5,I6,I7,I8,I9;turn=black", phase: bot.PhaseSetup},
		{name: "a loaded game, whose moves undo cannot take back", steps: []step{
			{user: "alice", text: "!abalone load abalone belgian 1. a1b2 i5h5 2. a2b3", want: "Loaded: belgian start, 3 moves; white to move. Lost: black 0, white 0."},
			{user: "alice", text: "!abalone start @bob", want: "challenges you"},
			{user: "bob", text: "!abalone join", want: "White (bob) to move."},
			{user: "bob", text: "!undo", want: "no move has been made yet", wantErr: true},
			{user: "bob", text: "!abalone save", want: "abalone load belgian\n  1. a1b2 i5h5 2. a2b3"},
		}, phase: bot.PhasePlaying},
		{name: "a marble list loaded", steps: []step{
			{user: "alice", text: "!abalone load black=A1,A2,A3;white=I5,I6;turn=white", want: "Loaded: a set-up start, 0 moves; white to move."},
		}, pos: "black=A1,A2,A3;white=I5,I6;turn=white", phase: bot.PhaseSetup},
		{name: "setup moves, then the board edited", steps: []step{
			{user: "alice", text: "!a1b2", want: "Setup move. White to move; start begins the game."},
			{user: "alice", text: "!abalone remove i5", want: "Took away I5."},
			{user: "alice", text: "!abalone save", want: "abalone load 1wwww/wwwwww/2www2/8/9/3b4/2bbb2/bbbbbb/1bbbb w 0 0"},
		}, phase: bot.PhaseSetup},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, tc.steps)
			if tc.pos != "" {
				p := h.position()
				if got := p.MarbleList(); got != tc.pos {
					t.Errorf("position: got %s; want %s", got, tc.pos)
				}
			}
			if rec := h.record(); rec.Phase != tc.phase {
				t.Errorf("phase: got %s; want %s", rec.Phase, tc.phase)
			}
		})
	}
}

// TestRefusals: what the bot refuses, in one line, changing nothing.
func TestRefusals(t *testing.T) {
	playing := []step{
		{user: "alice", text: "!abalone start @bob", want: "challenges you"},
		{user: "bob", text: "!abalone join", want: "Game on"},
	}
	tests := []struct {
		name  string
		setup []step
		step  step
	}{
		{name: "no such colour", step: step{user: "alice", text: "!abalone put red e5", want: `"red" is no colour`}},
		{name: "no such cell", step: step{user: "alice", text: "!abalone put white z9", want: "invalid cell"}},
		{name: "a standard name at an aMalone table", setup: []step{{user: "alice", text: "!abalone notation amalone", want: "Setup move"}},
			step: step{user: "alice", text: "!abalone remove i9", want: "cells are in amalone notation here"}},
		{name: "put without a cell", step: step{user: "alice", text: "!abalone put white", want: "say put black|white CELL..."}},
		{name: "a fifteenth marble", step: step{user: "alice", text: "!abalone put black e5", want: "black already has 14 marbles"}},
		{name: "one cell bad, none put", step: step{user: "alice", text: "!abalone remove a1 j1", want: "invalid cell"}},
		{name: "six lost", step: step{user: "alice", text: "!abalone lost white 6", want: "lost takes a number from 0 to 5"}},
		{name: "lost not a number", step: step{user: "alice", text: "!abalone lost white many", want: "lost takes a number"}},
		{name: "turn of no colour", step: step{user: "alice", text: "!abalone turn red", want: "no colour"}},
		{name: "unknown layout", step: step{user: "alice", text: "!abalone layout hex", want: "hex"}},
		{name: "load nonsense", step: step{user: "alice", text: "!abalone load nonsense", want: "invalid game"}},
		{name: "load an illegal move", step: step{user: "alice", text: "!abalone load belgian a1c3", want: "not neighbours"}},
		{name: "load a finished game", step: step{user: "alice", text: "!abalone load black=A1,A2;white=I5;lost=0,6", want: "game over"}},
		{name: "write no notation", step: step{user: "alice", text: "!abalone write klingon", want: "invalid notation"}},
		{name: "write during play", setup: playing, step: step{user: "alice", text: "!abalone write amalone", want: "setup commands work before start"}},
		{name: "unknown notation", setup: playing, step: step{user: "alice", text: "!abalone notation klingon", want: "invalid notation"}},
		{name: "notation off turn", setup: playing, step: step{user: "bob", text: "!abalone notation amalone", want: "not your turn"}},
		{name: "setup during play", setup: playing, step: step{user: "alice", text: "!abalone put white e5", want: "setup commands work before start"}},
		{name: "load during play", setup: playing, step: step{user: "alice", text: "!abalone load standard", want: "setup commands work before start"}},
		{name: "no marble there", setup: playing, step: step{user: "alice", text: "!e5e6", want: "illegal move: \"e5e6\": no black marble on E5"}},
		{name: "not neighbours", setup: playing, step: step{user: "alice", text: "!a1c3", want: "invalid move"}},
		{name: "four in a row", setup: playing, step: step{user: "alice", text: "!a1a2", want: "at most three marbles move"}},
		{name: "aMalone move of no marble", setup: playing, step: step{user: "alice", text: "!1GG-B0", want: "illegal move"}},
		{name: "two moves at once", setup: playing, step: step{user: "alice", text: "!a1b2 i5h5", want: "one move at a time"}},
		{name: "move without a move", setup: playing, step: step{user: "alice", text: "!move", want: "say move MOVE"}},
		{name: "not your turn", setup: playing, step: step{user: "bob", text: "!i5h5", want: "not your turn: Black (alice) to move."}},
		{name: "not a player", setup: playing, step: step{user: "carol", text: "!a1b2", want: "not a player in this game"}},
		{name: "undo before any move", setup: playing, step: step{user: "alice", text: "!undo", want: "no move has been made yet"}},
		{name: "save in no notation", setup: playing, step: step{user: "carol", text: "!abalone save klingon", want: "invalid notation"}},
		{name: "position takes nothing", setup: playing, step: step{user: "carol", text: "!abalone position now", want: "say position"}},
		{name: "start while playing", setup: playing, step: step{user: "alice", text: "!abalone start ai german", want: "a game is running here"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, tc.setup)
			tc.step.wantErr = true
			run(t, h, []step{tc.step})
		})
	}
}

// TestUndo: undo by the host's rules, against the AI (at once, the
// asker's last move and the AI's answer) and against a person (both ask;
// back to before the asker's last move).
func TestUndo(t *testing.T) {
	t.Run("against the AI", func(t *testing.T) {
		h := newHarness(t)
		run(t, h, []step{
			{user: "alice", text: "!abalone start ai:1", want: "Game on"},
			{user: "alice", text: "!a1b2", want: "White (AI level 1) plays"},
			{user: "alice", text: "!undo", want: "Took back 2 moves. Black (alice) to move."},
		})
		if p := h.position(); p.Text() != "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0" {
			t.Errorf("after undo: %s; want the start", p.Text())
		}
	})
	t.Run("against a person", func(t *testing.T) {
		h := newHarness(t)
		run(t, h, []step{
			{user: "alice", text: "!abalone start @bob", want: "challenges you"},
			{user: "bob", text: "!abalone join", want: "Game on"},
			{user: "alice", text: "!a1b2", want: "White (bob) to move."},
			{user: "bob", text: "!i5h5", want: "Black (alice) to move."},
			{user: "alice", text: "!a2b3", want: "White (bob) to move."},
			{user: "bob", text: "!undo", want: "White (bob) asks to take back a move. Black (alice): say !undo within 1m0s to agree."},
			{user: "alice", text: "!undo", want: "Took back 2 moves. White (bob) to move."},
			{user: "carol", text: "!abalone save", want: "abalone load standard\n  1. a1b2"},
		})
		if p := h.position(); p.Turn() != 1 || p.MarbleList() == "" {
			t.Errorf("after undo: %s; want white to move after a1b2", p.Text())
		}
	})
}
