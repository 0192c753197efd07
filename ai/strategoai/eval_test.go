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
