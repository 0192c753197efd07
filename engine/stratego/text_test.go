package stratego

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestPositionTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p, _ := NewPosition(RandomSetup(rng), RandomSetup(rng), Options{Rules: Manual, TurnLimit: 0})
	for i := 0; i < 120 && !p.Status().Over(); i++ {
		moves := p.LegalMoves()
		p.MakeMove(moves[rng.IntN(len(moves))])
		text := p.String()
		q, err := ParsePosition(text)
		if err != nil {
			t.Fatalf("ply %d: %v\n%s", i, err, text)
		}
		if q != p {
			t.Fatalf("ply %d: round trip changed the position:\n%s\n%s", i, text, q)
		}
	}
}

func TestPositionTextStart(t *testing.T) {
	p := startPosition(t)
	want := `stratego rules=progcomp turn=1 move=RED limit=5000
rF  rB  r8  rs  rB  r4  r7  r9  rB  r8
rB  rB  r3  r1  r5  r5  r5  r5  r8  r3
r6  r7  r2  r4  r8  r9  r8  r9  r7  r4
r9  r6  r7  rB  r6  r6  r9  r9  r9  r9
.   .   +   +   .   .   +   +   .   .
.   .   +   +   .   .   +   +   .   .
b9  b6  b7  bB  b6  b6  b9  b9  b9  b9
b6  b7  b2  b4  b8  b9  b8  b9  b7  b4
bB  bB  b3  b1  b5  b5  b5  b5  b8  b3
bF  bB  b8  bs  bB  b4  b7  b9  bB  b8
`
	if got := p.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParsePositionErrors(t *testing.T) {
	good := startPosition(t).String()
	cases := []struct{ name, text string }{
		{"empty", ""},
		{"no header", strings.SplitN(good, "\n", 2)[1]},
		{"bad rules", strings.Replace(good, "progcomp", "chess", 1)},
		{"bad turn", strings.Replace(good, "turn=1", "turn=0", 1)},
		{"bad side", strings.Replace(good, "move=RED", "move=GREEN", 1)},
		{"unknown field", strings.Replace(good, "limit=5000", "clock=5", 1)},
		{"lake moved", strings.Replace(good, ".   .   +   +", "+   .   .   +", 1)},
		{"nine cells", strings.Replace(good, "rF  rB  r8", "rF  rB", 1)},
		{"bad owner", strings.Replace(good, "rF", "gF", 1)},
		{"moved bomb", strings.Replace(good, "rF  rB", "rF  rB'", 1)},
		{"bad mark", strings.Replace(good, "rF  rB", "rF  rB?", 1)},
		{"two marshals", strings.Replace(good, "r3  r1  r5", "r1  r1  r5", 1)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := ParsePosition(c.text); !errors.Is(err, ErrInvalidPosition) && !errors.Is(err, ErrInvalidRules) {
				t.Errorf("got %v; want ErrInvalidPosition", err)
			}
		})
	}
}

func TestGameTextRoundTrip(t *testing.T) {
	red, _ := Formation("progcomp")
	blue, _ := Formation("shield")
	g, err := NewGame(red, blue, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 60 && !g.Status().Over(); i++ {
		p := g.Position()
		moves := p.LegalMoves()
		if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Status().Over() {
		g.Resign(Blue)
	}
	text, _ := g.MarshalText()
	h, err := ParseGame(string(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if h.Position() != g.Position() || h.Status() != g.Status() || len(h.History()) != len(g.History()) {
		t.Errorf("round trip: got %v / %v; want %v / %v", h.Status(), h.Position(), g.Status(), g.Position())
	}
	if _, err := g.Play(NewMove(0, 1)); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the end: got %v; want ErrGameOver", err)
	}
}

func TestRender(t *testing.T) {
	p := build(t, Progcomp, "r3@c3", "b8@c4", "b2@h7")
	p.Play(mustMove(t, "c3-c4"))
	v := p.View(RedSeat)
	got := v.Render(Red)
	want := `    a  b  c  d  e  f  g  h  i  j
10  .. .. .. .. .. .. .. .. .. b#
 9  .. .. .. .. .. .. .. .. .. ..
 8  .. .. .. .. .. .. .. .. .. ..
 7  .. .. .. .. .. .. .. b# .. ..
 6  .. .. ~~ ~~ .. .. ~~ ~~ .. ..
 5  .. .. ~~ ~~ .. .. ~~ ~~ .. ..
 4  .. .. r3 .. .. .. .. .. .. ..
 3  .. .. .. .. .. .. .. .. .. ..
 2  .. .. .. .. .. .. .. .. .. ..
 1  rF .. .. .. .. .. .. .. .. ..
    a  b  c  d  e  f  g  h  i  j
`
	if got != want {
		t.Errorf("Render(Red):\n%s\nwant\n%s", got, want)
	}
	bv := p.View(BlueSeat)
	if got := bv.Render(Blue); !strings.HasPrefix(got, "    j  i  h") || !strings.Contains(got, " 1  r# ") && !strings.Contains(got, "r#") {
		t.Errorf("Render(Blue):\n%s", got)
	}
}
