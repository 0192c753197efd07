package strategoai

import (
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Once a side's pieces as strong as the enemy's strongest have all been
// seen, the enemy's strongest can take every unseen piece that moved
// without a probe: the evaluation charges for it.
func TestExposedWhenStrongestSeen(t *testing.T) {
	cases := []struct {
		name    string
		hidden  []string // Red Marshal unseen
		shown   []string // the same, Red Marshal seen
		exposed bool
	}{
		{"their Marshal lives: our seen Marshal leaves nothing to fear",
			[]string{"r1'@e4", "r2'@d3", "b1'@e7", "b2'@d8"},
			[]string{"r1'!@e4", "r2'@d3", "b1'@e7", "b2'@d8"}, true},
		{"their Marshal is gone: our unseen General still stands against theirs",
			[]string{"r1'@e4", "r2'@d3", "b2'@d8", "b3'@c8"},
			[]string{"r1'!@e4", "r2'@d3", "b2'@d8", "b3'@c8"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := append([]string{"rF@a1", "bF@a10"}, c.hidden...)
			seen := append([]string{"rF@a1", "bF@a10"}, c.shown...)
			h, s := world(t, base...), world(t, seen...)
			drop := evaluate(&h) - evaluate(&s)
			want := values[stratego.Marshal]*hiddenShare/16 + hiddenExtra[stratego.Marshal]
			if c.exposed {
				want += exposed
			}
			if drop != want {
				t.Errorf("showing the Marshal costs %d; want %d", drop, want)
			}
		})
	}
}

// The danger of an enemy piece near our Flag, each case told from the same
// board with the intruder far off on j8 (less the change in the enemy's
// pressure term, which counts its distance too).
func TestFlagDanger(t *testing.T) {
	cases := []struct {
		name     string
		intruder string // a known Blue Miner's square
		more     []string
		want     int // what the danger to Red's Flag on a1 costs Red
	}{
		{"no enemy piece within three steps", "e5", nil, 0},
		{"a Miner beside the Flag", "a2", nil, flagDanger[1]},
		{"a Miner two steps away", "b2", nil, flagDanger[2]},
		{"a Miner beside the Flag, our Colonel beside it", "a2", []string{"r3'@a3"},
			flagDanger[1] - flagDanger[1]*flagRelief[1]/100},
		{"a Miner beside the Flag, only a Scout beside it", "a2", []string{"r9'@a3"}, flagDanger[1]},
	}
	pressure := func(at string) int { return 4 * (20 - distance(sq(t, at), sq(t, "a1"))) }
	for _, c := range cases {
		board := append([]string{"rF@a1", "rB@b1", "r1'@j1", "bF@j10", "bB@i10"}, c.more...)
		near := world(t, append(board, "b8'!@"+c.intruder)...)
		far := world(t, append(board, "b8'!@j8")...)
		got := evaluate(&far) - evaluate(&near) - pressure(c.intruder) + pressure("j8")
		if got != c.want {
			t.Errorf("%s: danger costs %d; want %d", c.name, got, c.want)
		}
	}
}
