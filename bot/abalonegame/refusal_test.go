package abalonegame_test

import "testing"

// TestRefusalsInTableNotation: a move the rules refuse is explained with
// the cells named in the table's notation, whichever notation the move was
// typed in: aMalone's names at an aMalone table, the standard ones at a
// standard table.
func TestRefusalsInTableNotation(t *testing.T) {
	tests := []struct {
		name, notation, move, want string
	}{
		{"standard move of no marble, standard table", "standard", "e5e6", `illegal move: "e5e6": no black marble on E5`},
		{"standard move of no marble, aMalone table", "amalone", "e5e6", `illegal move: "e5e6": no black marble on GG`},
		{"aMalone move of no marble, standard table", "standard", "1GG-B0", `illegal move: "1gg-b0": no black marble on E5`},
		{"aMalone move of no marble, aMalone table", "amalone", "1GG-B0", `illegal move: "1gg-b0": no black marble on GG`},
		{"standard cells not neighbours, standard table", "standard", "a1c3", `invalid move: "a1c3": A1 and C3 are not neighbours`},
		{"standard cells not neighbours, aMalone table", "amalone", "a1c3", `invalid move: "a1c3": A6 and A1 are not neighbours`},
		{"aMalone cells not neighbours, standard table", "standard", "1A6-A1", `invalid move: "1a6-a1": A1 and C3 are not neighbours`},
		{"aMalone cells not neighbours, aMalone table", "amalone", "1A6-A1", `invalid move: "1a6-a1": A6 and A1 are not neighbours`},
		{"not the ends of a row, standard table", "standard", "move a1a4b1", `invalid move: "a1a4b1": A1 and A4 are not the ends of 2 or 3 cells in line`},
		{"not the ends of a row, aMalone table", "amalone", "move a1a4b1", `invalid move: "a1a4b1": A6 and A9 are not the ends of 2 or 3 cells in line`},
		{"not a neighbour of the end, standard table", "standard", "move a1a3c3", `invalid move: "a1a3c3": C3 is not a neighbour of A1`},
		{"not a neighbour of the end, aMalone table", "amalone", "move a1a3c3", `invalid move: "a1a3c3": A1 is not a neighbour of A6`},
		{"a broadside along its line, standard table", "standard", "move a1a3a2", `invalid move: "a1a3a2": a broadside goes off its line; write an in-line move as a1a2`},
		{"a broadside along its line, aMalone table", "amalone", "move a1a3a2", `invalid move: "a1a3a2": a broadside goes off its line; write an in-line move as 3A8-A9`},
		{"no marble in an aMalone row, aMalone table", "amalone", "3C0-C1", `illegal move: "3c0-c1": no black marble on F0`}, // the trailing marble's cell, E4
		{"no marble in an aMalone row, standard table", "standard", "3C0-C1", `illegal move: "3c0-c1": no black marble on E4`},
		{"a reason without cells, aMalone table", "amalone", "1A6-A7", `illegal move: "1a6-a7": the row must take in every marble of yours ahead of it`},
		{"a shape without cells, aMalone table", "amalone", "2A6-A7", `invalid move: "2a6-a7": the row runs off the board`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, []step{
				{user: "alice", text: "!abalone start @bob", want: "challenges you"},
				{user: "bob", text: "!abalone join", want: "Game on"},
				{user: "alice", text: "!abalone notation " + tt.notation, want: "Notation: "},
			})
			rs := h.say("alice", "!"+tt.move)
			if got := joined(rs); got != tt.want || len(rs) != 1 || !rs[0].Error {
				t.Errorf("%s at a %s table: got %q; want the refusal %q", tt.move, tt.notation, got, tt.want)
			}
		})
	}
}
