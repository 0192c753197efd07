package strategogame_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// agentModeEnv makes the test binary an agent program (see TestMain).
const agentModeEnv = "STRATEGOGAME_TEST_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(agentModeEnv); mode != "" {
		os.Exit(serveTestAgent(mode))
	}
	os.Exit(m.Run())
}

// testBrain is a tiny agent: it sets up the progcomp formation and moves
// at random, or misbehaves as its mode says on its first move.
type testBrain struct {
	mode   string
	colour stratego.Colour
	rng    *rand.Rand
}

func (b *testBrain) Setup(c stratego.Colour, _ string) stratego.Setup {
	b.colour = c
	if b.mode == "badsetup" {
		return stratego.Setup{} // 40 unknown pieces: "??????????"
	}
	s, _ := stratego.Formation("progcomp")
	return s
}

func (b *testBrain) Observe(agent.Confirmation) {}

func (b *testBrain) Move(board [stratego.Height]string) stratego.Move {
	switch b.mode {
	case "crash":
		os.Exit(3)
	case "hang":
		time.Sleep(time.Minute)
	case "garbage":
		fmt.Println("good morning, manager")
		time.Sleep(time.Minute)
	case "surrender":
		return stratego.NoMove
	case "illegal":
		return stratego.NewMove(stratego.SquareAt(0, 4), stratego.SquareAt(0, 5)) // an empty square
	}
	v, err := agent.ParseBoard(b.colour, board)
	if err != nil {
		os.Exit(4)
	}
	moves := v.LegalMoves()
	if len(moves) == 0 {
		return stratego.NoMove
	}
	return moves[b.rng.IntN(len(moves))]
}

func serveTestAgent(mode string) int {
	b := &testBrain{mode: mode, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))}
	if err := agent.Serve(os.Stdin, os.Stdout, b); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// agentScript writes a script that runs the test binary as an agent in
// mode (agents are started with no arguments, so the mode rides in the
// environment).
func agentScript(t testing.TB, mode string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("agent scripts need a POSIX shell")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "agent-"+mode)
	script := fmt.Sprintf("#!/bin/sh\n%s=%s exec '%s'\n", agentModeEnv, mode, exe)
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func noChildrenLeft(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		return
	}
	if c := pipetest.Children(t, os.Getpid()); len(c) > 0 {
		t.Errorf("agent processes left running: %v", c)
	}
}

// playRed plays n moves for alice (Red) at random, each answered by the
// AI program, and returns the replies.
func playRed(t *testing.T, h *harness, rng *rand.Rand, n int) {
	t.Helper()
	for range n {
		g, _ := h.game()
		if g.Status().Over() {
			return
		}
		m := pick(rng, g)
		before := len(g.History())
		rs := h.in("alice", "!move "+m.Protocol())
		want(t, rs, "#g", "Red (alice) plays "+m.String())
		if g2, _ := h.game(); !g2.Status().Over() && len(g2.History()) != before+2 {
			t.Fatalf("after %v: %d moves; want %d (the program's answer):\n%s", m, len(g2.History()), before+2, dump(rs))
		}
	}
}

// TestGameAgainstAProgram plays a person against an AI program through
// the host, then restarts the bot over the same store and plays on: the
// program is started afresh for each action and brought to the position
// by replay, so nothing is lost.
func TestGameAgainstAProgram(t *testing.T) {
	k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
		"Rando": {Path: agentScript(t, "random"), Timeout: 5 * time.Second},
	}})
	h := newHarness(t, k)
	rs := h.in("alice", "!stratego start ai:rando")
	want(t, rs, "#g", "Blue is ready.")
	_, st := h.game()
	if want := strings.Join(func() []string { s, _ := stratego.Formation("progcomp"); l := s.Lines(stratego.Blue); return l[:] }(), "/"); st.Setups[1] != want {
		t.Fatalf("the program's army: got %q; want %q", st.Setups[1], want)
	}
	h.dm("alice", "setup random")
	want(t, h.dm("alice", "ready"), "#g", "Both armies are on the board")
	rng := rand.New(rand.NewPCG(3, 4))
	playRed(t, h, rng, 4)
	noChildrenLeft(t)
	// A restart: a new bot over the same store, the same configuration.
	h2 := newHarnessOn(t, k, h.store)
	playRed(t, h2, rng, 4)
	g, _ := h2.game()
	if n := len(g.History()); n < 16 && !g.Status().Over() {
		t.Fatalf("%d moves after 8 of Red's; want 16", n)
	}
	noChildrenLeft(t)
}

// TestProgramFailures: a program that crashes, hangs, writes garbage,
// surrenders, moves illegally or sets up badly loses by the manual's
// rules, announced; the bot goes on and no process is left.
func TestProgramFailures(t *testing.T) {
	cases := []struct {
		mode   string
		ending string
	}{
		{"crash", "agent exited"},
		{"hang", "timed out"},
		{"garbage", "bad response"},
		{"surrender", "surrendered"},
		{"illegal", "illegal move"},
		{"badsetup", "bad setup"},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
				c.mode: {Path: agentScript(t, c.mode), Timeout: 500 * time.Millisecond},
			}})
			h := newHarness(t, k)
			rs := h.in("alice", "!stratego start ai:"+c.mode)
			if c.mode != "badsetup" {
				want(t, rs, "#g", "Blue is ready.")
				h.dm("alice", "setup corner")
				h.dm("alice", "ready")
				g, _ := h.game()
				rs = h.in("alice", "!"+pick(rand.New(rand.NewPCG(1, 1)), g).String())
			}
			want(t, rs, "#g", "Blue's AI program loses: "+c.ending+".")
			want(t, rs, "#g", "Red wins. ("+c.ending+")")
			_, st := h.game()
			if st.Forfeit == nil || st.Forfeit.Seat != 1 || st.Forfeit.Ending != c.ending {
				t.Fatalf("forfeit %+v; want Blue's, %q", st.Forfeit, c.ending)
			}
			want(t, h.in("carol", "!status"), "#g", "game over")
			noChildrenLeft(t)
		})
	}
}

// TestUnknownProgram: a program name that is not configured, or one
// that cannot start, is the host's error to report; the game waits.
func TestProgramThatCannotStart(t *testing.T) {
	k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
		"gone": {Path: filepath.Join(t.TempDir(), "no-such-agent")},
	}})
	h := newHarness(t, k)
	rs := h.in("alice", "!stratego start ai:gone")
	want(t, rs, "#g", "The AI could not move")
	_, st := h.game()
	if st.Forfeit != nil || st.Setups[1] != "" {
		t.Fatalf("a program that never ran: forfeit %+v, army %q", st.Forfeit, st.Setups[1])
	}
}

// TestOptionsRefuseArgs: agents take no arguments.
func TestOptionsRefuseArgs(t *testing.T) {
	for name, p := range map[string]strategogame.ProgramConfig{
		"args":   {Path: "/bin/true", Args: []string{"-x"}},
		"nopath": {},
		"a b":    {Path: "/bin/true"},
	} {
		if _, err := strategogame.New(strategogame.Options{Programs: map[string]strategogame.ProgramConfig{name: p}}); err == nil {
			t.Errorf("program %q %+v: got no error", name, p)
		}
	}
}

// TestOurAgentProgram builds cmd/stratego-agent and plays it for a few
// moves through the host.
func TestOurAgentProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	if runtime.GOOS == "windows" {
		t.Skip("agent scripts need a POSIX shell")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "stratego-agent")
	var out bytes.Buffer
	cmd := exec.Command("go", "build", "-o", bin, "github.com/ataxxbot/ataxxbot/cmd/stratego-agent")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out.String())
	}
	script := filepath.Join(dir, "ours")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nSTRATEGO_AGENT_LEVEL=1 STRATEGO_AGENT_SEED=5 exec '"+bin+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{"ours": {Path: script, Timeout: 5 * time.Second}}})
	h := newHarness(t, k)
	want(t, h.in("alice", "!stratego start ai:ours"), "#g", "Blue is ready.")
	h.dm("alice", "setup lakeside")
	want(t, h.dm("alice", "ready"), "#g", "Both armies are on the board")
	playRed(t, h, rand.New(rand.NewPCG(9, 9)), 5)
	noChildrenLeft(t)
}

// TestProgramsOnBothSeats: a program plays Red (told START first) and
// Blue at the state level, every action a fresh process brought to the
// position by replay.
func TestProgramsOnBothSeats(t *testing.T) {
	k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
		"rando": {Path: agentScript(t, "random"), Timeout: 5 * time.Second},
	}})
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for n := 0; n < 4+12 && !st.Result().Over; n++ {
		seat := st.Pending()[0]
		c, err := st.AIAct(ctx, seat, bot.AIPlayer{Engine: "rando"}, int64(n))
		if err != nil {
			t.Fatalf("action %d: %v", n, err)
		}
		if c.Verb == "forfeit" {
			t.Fatalf("action %d: the program forfeited: %v", n, c.Args)
		}
		if _, err := st.Act(seat, c); err != nil {
			t.Fatalf("action %d: %v: %v", n, c, err)
		}
	}
	data, _ := st.Encode()
	if !strings.Contains(string(data), `"moves":["`) {
		t.Fatalf("no moves recorded: %s", data)
	}
	noChildrenLeft(t)
}

// TestProgramCanceled: when the host cancels (the game changed, the bot
// stops) the program is killed and AIAct returns the context's error,
// not a forfeit: the program did nothing wrong.
func TestProgramCanceled(t *testing.T) {
	k := newKind(t, strategogame.Options{Programs: map[string]strategogame.ProgramConfig{
		"hang": {Path: agentScript(t, "hang"), Timeout: time.Minute},
	}})
	st, err := k.New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	bg := context.Background()
	for _, c := range []bot.Command{{Verb: "setup", Args: []string{"random"}}, {Verb: "ready"}} {
		if _, err := st.Act(0, c); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 { // the army, then ready
		c, err := st.AIAct(bg, 1, bot.AIPlayer{Engine: "hang"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Act(1, c); err != nil {
			t.Fatal(err)
		}
	}
	red, err := st.AIAct(bg, 0, bot.AIPlayer{Level: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Act(0, red); err != nil {
		t.Fatal(err)
	}
	before, _ := st.Encode()
	ctx, cancel := context.WithTimeout(bg, 300*time.Millisecond)
	defer cancel()
	c, err := st.AIAct(ctx, 1, bot.AIPlayer{Engine: "hang"}, 2)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v, %v; want the context's error", c, err)
	}
	if after, _ := st.Encode(); string(after) != string(before) {
		t.Fatalf("a canceled AIAct changed the state:\n%s\n%s", before, after)
	}
	noChildrenLeft(t)
}
