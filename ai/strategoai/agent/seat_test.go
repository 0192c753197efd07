package agent

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// memPlayer is an in-memory Player: it answers from a script and keeps
// every line it is told, as an agent would read them.
type memPlayer struct {
	name    string
	setup   []string
	answers []string
	got     []string
	quit    bool
}

func (m *memPlayer) Name() string { return m.name }
func (m *memPlayer) Setup(c stratego.Colour, opp string) ([]string, error) {
	m.got = append(m.got, SetupQuery(c, opp))
	return m.setup, nil
}
func (m *memPlayer) Move(news []string, v *stratego.View) (string, error) {
	b := v.ProtocolLines()
	m.got = append(append(m.got, news...), b[:]...)
	if len(m.answers) == 0 {
		return "0 0 UP", nil // ignored by Replay
	}
	a := m.answers[0]
	m.answers = m.answers[1:]
	return a, nil
}
func (m *memPlayer) Quit(news []string, result string) {
	m.got = append(append(m.got, news...), "QUIT "+result)
	m.quit = true
}
func (m *memPlayer) Close() {}

// transcript returns the lines an agent read (">>") and wrote ("<<").
func transcript(t *testing.T, name string) (read, wrote []string) {
	t.Helper()
	b, err := os.ReadFile("../../../cmd/stratego/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		if s, ok := strings.CutPrefix(l, ">> "); ok {
			read = append(read, s)
		} else if s, ok := strings.CutPrefix(l, "<< "); ok {
			wrote = append(wrote, s)
		}
	}
	return read, wrote
}

// Run in process, with players that answer as the tapped agents did,
// tells each exactly the tapped lines; and Replay brings a fresh player
// to any point of the game with exactly the lines it would have read.
func TestRunAndReplayTellTheTappedLines(t *testing.T) {
	redRead, redWrote := transcript(t, "stratego_transcript_red_basic_cpp.txt")
	blueRead, blueWrote := transcript(t, "stratego_transcript_blue_asmodeus.txt")
	red := &memPlayer{name: "agents/basic_cpp", setup: redWrote[:4], answers: redWrote[4:]}
	blue := &memPlayer{name: "agents/asmodeus", setup: blueWrote[:4], answers: blueWrote[4:]}
	var history []stratego.Result
	var start stratego.Position
	r := Run(red, blue, Config{Options: stratego.Options{TurnLimit: 40}})
	if r.String() != "agents/asmodeus BLUE DRAW_DEFAULT 40 120 117" {
		t.Fatalf("result %v", r)
	}
	if !slices.Equal(red.got, redRead) {
		t.Errorf("red read %d lines, tapped %d; first difference at %d", len(red.got), len(redRead), firstDiff(red.got, redRead))
	}
	if !slices.Equal(blue.got, blueRead) || !blue.quit || red.quit {
		t.Errorf("blue read %d lines, tapped %d; first difference at %d", len(blue.got), len(blueRead), firstDiff(blue.got, blueRead))
	}

	// The record: replay the tapped answers through the engine.
	rs, _ := stratego.ParseSetupLines(stratego.Red, redWrote[:4])
	bs, _ := stratego.ParseSetupLines(stratego.Blue, blueWrote[:4])
	start, _ = stratego.NewPosition(rs, bs, stratego.Options{TurnLimit: 40})
	pos := start
	for i := 4; i < len(blueWrote); i++ {
		for _, a := range []string{redWrote[i], blueWrote[i]} {
			m, err := stratego.ParseProtocolMove(a)
			if err != nil {
				t.Fatal(err)
			}
			u, err := pos.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			history = append(history, u.Result())
		}
	}
	// Restart after 25 moves (Blue to move) and after 30 (Red to move):
	// a fresh player is told what the original had read by its next move.
	for _, n := range []int{25, 30} {
		fresh := &memPlayer{name: "x"}
		seat := NewSeat(fresh, stratego.Blue)
		if err := seat.Replay("agents/basic_cpp", start, history[:n]); err != nil {
			t.Fatal(err)
		}
		p := start
		for _, r := range history[:n] {
			p.MakeMove(r.Move)
		}
		if p.Side() == stratego.Blue {
			v := p.View(stratego.BlueSeat)
			seat.Ask(&v)
		}
		if want := blueRead[:len(fresh.got)]; !slices.Equal(fresh.got, want) {
			t.Errorf("after %d moves: replayed lines differ from the tapped ones at %d", n, firstDiff(fresh.got, want))
		}
		if len(fresh.got) < 12*n/2 {
			t.Errorf("after %d moves: only %d lines", n, len(fresh.got))
		}
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
