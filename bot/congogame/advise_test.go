package congogame_test

import (
	"strings"
	"testing"
)

// TestAdviseOnlyForThePlayerOnMove: in a game between two people only the
// seat on move may ask for advice: the opponent and a spectator are refused
// with one plain line, which changes nothing. The player on move gets the
// advice; against the AI the human seat gets it as before.
func TestAdviseOnlyForThePlayerOnMove(t *testing.T) {
	const (
		notYours  = "bad command: only the player on move may ask for advice (White to move)"
		notYoursB = "bad command: only the player on move may ask for advice (Black to move)"
		spectator = "bad command: only the player on move may ask for advice (you are not playing)"
	)
	tests := []struct {
		name  string
		steps []step
	}{
		{name: "between two people", steps: append(open[:2:2],
			step{user: "carol", text: "!advise", want: spectator, wantErr: true},
			step{user: "carol", text: "!advise random", want: spectator, wantErr: true},
			step{user: "bob", text: "!advise", want: notYours, wantErr: true},
			step{user: "bob", text: "!congo advise negamax", want: notYours, wantErr: true},
			step{user: "alice", text: "!advise", want: "Advised move is (a2,a3)."},
			step{user: "alice", text: "!a2-a3", want: "White (alice): transition (a2,a3). Black (bob) to move."},
			step{user: "alice", text: "!advise", want: notYoursB, wantErr: true},
			step{user: "carol", text: "!advise", want: spectator, wantErr: true},
			step{user: "bob", text: "!advise random", want: "Advised move is (", contains: true},
		)},
		{name: "against the AI", steps: []step{
			{user: "alice", text: "!congo start ai:1", want: "Game on: White (alice) vs Black (AI level 1). White (alice) to move."},
			{user: "alice", text: "!advise", want: "Advised move is (a2,a3)."},
			{user: "alice", text: "!a2-a3", want: "Black (AI level 1): transition (", contains: true},
			{user: "alice", text: "!advise random", want: "Advised move is (", contains: true},
			{user: "carol", text: "!advise", want: spectator, wantErr: true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			run(t, h, tt.steps)
			for _, s := range tt.steps {
				if s.wantErr && strings.Contains(s.want, "\n") {
					t.Errorf("refusal %q is not one line", s.want)
				}
			}
		})
	}
}
