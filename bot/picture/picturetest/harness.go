package picturetest

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
)

// Case is a position a kind's golden tests and benchmark draw: setup
// commands before play begins, then moves from the start of play, and
// the host's caption under the board.
type Case struct {
	Name    string
	Setup   []bot.Command
	Moves   []string
	Caption string
}

// Played is a fresh state of kind k (default rules) in c's position, as
// Play makes it.
func Played(t testing.TB, k bot.Kind, c Case, pick func(bot.State) string) bot.Picturer {
	t.Helper()
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	Play(t, st, c, pick)
	p, ok := st.(bot.Picturer)
	if !ok {
		t.Fatalf("%T draws no picture", st)
	}
	return p
}

// Play makes st, a fresh state, into c's position: it applies c.Setup,
// begins play, and plays c.Moves, each for the seat that owes the next
// action. A move "" is pick's choice for the state as it is then (pick
// may be nil when no move is "").
func Play(t testing.TB, st bot.State, c Case, pick func(bot.State) string) {
	t.Helper()
	for _, cmd := range c.Setup {
		if _, err := st.Configure(cmd); err != nil {
			t.Fatalf("%s: %v", cmd.Verb, err)
		}
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	for _, mv := range c.Moves {
		if mv == "" {
			mv = pick(st)
		}
		seats := st.Pending()
		if len(seats) != 1 {
			t.Fatalf("move %s: got %d seats to move; want 1", mv, len(seats))
		}
		if _, err := st.Act(seats[0], bot.Command{Verb: "move", Args: []string{mv}}); err != nil {
			t.Fatalf("move %s: %v", mv, err)
		}
	}
}

// Shot is one golden picture: the state to draw (made afresh for the
// test), for which viewer, with which caption.
type Shot struct {
	Name    string
	State   func(testing.TB) bot.Picturer
	Viewer  int
	Caption string
}

// Spectators are the shots of cases as a spectator sees them, each state
// made by state.
func Spectators(cases []Case, state func(testing.TB, Case) bot.Picturer) []Shot {
	shots := make([]Shot, 0, len(cases))
	for _, c := range cases {
		shots = append(shots, Shot{
			Name:    c.Name,
			State:   func(t testing.TB) bot.Picturer { return state(t, c) },
			Viewer:  bot.Spectator,
			Caption: c.Caption,
		})
	}
	return shots
}

// Encode draws p's picture for viewer with caption and writes it as a
// PNG, as the host does.
func Encode(t testing.TB, p bot.Picturer, viewer int, caption string) []byte {
	t.Helper()
	img, err := p.Picture(viewer, caption)
	if err != nil {
		t.Fatal(err)
	}
	var enc picture.Encoder
	data, err := enc.Encode(img)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Decode reads back a PNG that Encode wrote.
func Decode(t testing.TB, data []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode the picture: %v", err)
	}
	return img
}

// GoldenShots runs a subtest a shot: it draws the shot and compares it
// with testdata/golden/PREFIX-NAME.png within the Default tolerance (or
// writes the file with update).
func GoldenShots(t *testing.T, prefix string, shots []Shot, update bool) {
	for _, s := range shots {
		t.Run(s.Name, func(t *testing.T) {
			data := Encode(t, s.State(t), s.Viewer, s.Caption)
			t.Log(Describe(data))
			Golden(t, prefix+"-"+s.Name, data, Default(), update)
		})
	}
}

// SameForEveryViewer checks that p, a kind that hides nothing, draws the
// same picture for each seat and for a spectator.
func SameForEveryViewer(t *testing.T, p bot.Picturer, seats int) {
	t.Helper()
	first, err := p.Picture(bot.Spectator, "caption")
	if err != nil {
		t.Fatal(err)
	}
	for v := range seats {
		img, err := p.Picture(v, "caption")
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := Diff(first, img, 0); n != 0 {
			t.Errorf("viewer %d: got %d pixels unlike the spectator's picture; want 0", v, n)
		}
	}
}

// Benchmark draws and encodes p's picture for viewer with caption,
// giving its pixels back after as the host does, and reports the PNG's
// size.
func Benchmark(b *testing.B, p bot.Picturer, viewer int, caption string) {
	var enc picture.Encoder
	warm, err := p.Picture(viewer, caption) // the kind's kit, made once
	if err != nil {
		b.Fatal(err)
	}
	release(warm)
	b.ReportAllocs()
	size := 0
	for b.Loop() {
		img, err := p.Picture(viewer, caption)
		if err != nil {
			b.Fatal(err)
		}
		data, err := enc.Encode(img)
		if err != nil {
			b.Fatal(err)
		}
		size = len(data)
		release(img) // as the host does
	}
	b.ReportMetric(float64(size), "png-bytes")
}

// release gives img's pixels back for the next picture when it can.
func release(img image.Image) {
	if r, ok := img.(interface{ Release() }); ok {
		r.Release()
	}
}
