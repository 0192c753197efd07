package strategogame_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

type exporter interface {
	Export(strategogame.ExportMeta) (string, []byte, error)
}

var exportMeta = strategogame.ExportMeta{Players: [2]string{"alice smith", "bob"}, Date: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)}

// buildStratego builds the real cmd/stratego into dir.
func buildStratego(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "stratego")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/ataxxbot/ataxxbot/cmd/stratego").CombinedOutput()
	if err != nil {
		t.Fatalf("go build cmd/stratego: %v\n%s", err, out)
	}
	return bin
}

// replay runs stratego -f on data and returns its result line.
func replay(t *testing.T, bin string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.log")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, "-f", path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("stratego -f: %v\n%s\nlog:\n%s", err, stderr.String(), data)
	}
	return strings.TrimSpace(stdout.String())
}

// lastLine is a log's result line.
func lastLine(data []byte) string {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return lines[len(lines)-1]
}

// checkResult holds a result line to the game's own result: who won,
// or a draw.
func checkResult(t *testing.T, line string, res bot.Result) {
	t.Helper()
	r, err := agent.ParseResult(line)
	if err != nil {
		t.Fatalf("result line %q: %v", line, err)
	}
	winner := -1
	switch r.Outcome {
	case agent.Victory:
		winner = colourSeat(r.Colour)
	case agent.Illegal, agent.Surrender, agent.BadSetup:
		winner = 1 - colourSeat(r.Colour)
	}
	if !res.Over || winner != res.Winner {
		t.Errorf("result line %q: winner seat %d; want the game's %d (%+v)", line, winner, res.Winner, res)
	}
	if want := [2]string{"alice_smith", "bob"}[colourSeat(r.Colour)&1]; r.Name != want && r.Name != "neither" {
		t.Errorf("result line %q names %q; want %q", line, r.Name, want)
	}
}

// end ends st as the host does (a resignation).
func end(st bot.State, r bot.Result) { st.(interface{ End(bot.Result) }).End(r) }

func colourSeat(c string) int {
	if c == "BLUE" {
		return 1
	}
	return 0
}

// randomGame is a state in play with random armies, and a mirror of it
// to draw legal moves from.
type randomGame struct {
	st     bot.State
	mirror *stratego.Game
	rng    *rand.Rand
}

func newRandomGame(t *testing.T, seed uint64, turns int) *randomGame {
	t.Helper()
	st, err := newKind(t, strategogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if turns > 0 {
		if _, err := st.Configure(bot.Command{Verb: "turns", Args: []string{strconv.Itoa(turns)}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 21))
	var armies [2]stratego.Setup
	for seat := range 2 {
		armies[seat] = stratego.RandomSetup(rng)
		lines := armies[seat].Lines(stratego.Colour(seat))
		for _, c := range []bot.Command{{Verb: "setup", Args: lines[:]}, {Verb: "ready"}} {
			if _, err := st.Act(seat, c); err != nil {
				t.Fatalf("seat %d %v: %v", seat, c, err)
			}
		}
	}
	opts := stratego.DefaultOptions()
	if turns > 0 {
		opts.TurnLimit = turns
	}
	g, err := stratego.NewGame(armies[0], armies[1], opts)
	if err != nil {
		t.Fatal(err)
	}
	return &randomGame{st: st, mirror: g, rng: rng}
}

// play makes up to n random legal moves through the state, stopping
// when the game ends.
func (g *randomGame) play(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < n && !g.st.Result().Over; i++ {
		p := g.mirror.Position()
		moves := p.LegalMoves()
		if len(moves) == 0 {
			t.Fatalf("no legal move in a game that is not over")
		}
		m := moves[g.rng.IntN(len(moves))]
		if _, err := g.st.Act(int(p.Side()), bot.Command{Verb: "move", Args: []string{m.String()}}); err != nil {
			t.Fatalf("move %v: %v", m, err)
		}
		if _, err := g.mirror.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

func (g *randomGame) side() int { p := g.mirror.Position(); return int(p.Side()) }

// An export of a game that a move ended reports the turn that move was
// made in, as the 2012 manager does: its counter starts at 1, each turn
// opens with Red's move, and it goes up after Blue's move only when the
// game goes on. So the result line's TURN is the number of Red's moves in
// the log, whichever side ended the game; cmd/stratego -f replays to it.
func TestExportResultTurnOfAGameAMoveEnds(t *testing.T) {
	bin := buildStratego(t, t.TempDir())
	redMove := regexp.MustCompile(`(?m)^\d+ RED: `)
	seen := map[string]bool{}
	for seed := uint64(1); seed < 200 && len(seen) < 2; seed++ {
		g := newRandomGame(t, seed, 0)
		g.play(t, 20000)
		_, data, err := g.st.(exporter).Export(exportMeta)
		if err != nil {
			t.Fatal(err)
		}
		r, err := agent.ParseResult(lastLine(data))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if r.Outcome != agent.Victory || seen[r.Colour] {
			continue
		}
		seen[r.Colour] = true
		t.Run(r.Colour+" ends the game", func(t *testing.T) {
			if want := len(redMove.FindAllIndex(data, -1)); r.Turn != want {
				t.Errorf("seed %d: result %q: turn %d; want %d (Red moved %d times)", seed, lastLine(data), r.Turn, want, want)
			}
			if got := replay(t, bin, data); got != lastLine(data) {
				t.Errorf("seed %d: stratego -f: got %q; want the log's %q", seed, got, lastLine(data))
			}
		})
	}
	for _, c := range []string{"RED", "BLUE"} {
		if !seen[c] {
			t.Errorf("no random game ended with a %s victory", c)
		}
	}
}

// TestExportReplays: games played through the kind (random legal moves)
// and through the host, exported, replayed by the real cmd/stratego -f to
// the exported result line, which says who won as the game does.
func TestExportReplays(t *testing.T) {
	bin := buildStratego(t, t.TempDir())

	export := func(t *testing.T, st bot.State) []byte {
		t.Helper()
		name, data, err := st.(exporter).Export(exportMeta)
		if err != nil {
			t.Fatal(err)
		}
		if want := "stratego-20261123-alice_smith-bob.log"; name != want {
			t.Errorf("file name %q; want %q", name, want)
		}
		return data
	}
	check := func(t *testing.T, st bot.State, wantOutcome agent.Outcome) {
		t.Helper()
		data := export(t, st)
		got, want := replay(t, bin, data), lastLine(data)
		if got != want {
			t.Fatalf("stratego -f: got %q; want the log's %q\nlog:\n%s", got, want, data)
		}
		if r, _ := agent.ParseResult(got); r.Outcome != wantOutcome {
			t.Fatalf("outcome %q; want %q (%s)", r.Outcome, wantOutcome, got)
		}
		checkResult(t, got, st.Result())
	}

	t.Run("flag captured", func(t *testing.T) {
		t.Parallel()
		for seed := uint64(1); seed < 200; seed++ {
			g := newRandomGame(t, seed, 0)
			g.play(t, 20000)
			if g.st.Result().Ending == bot.Ending(stratego.FlagCaptured.String()) {
				check(t, g.st, agent.Victory)
				if !bytes.Contains(export(t, g.st), []byte(" VICTORY_FLAG\n")) {
					t.Error("the winning move is not logged VICTORY_FLAG")
				}
				return
			}
		}
		t.Fatal("no random game ended with the flag captured")
	})
	t.Run("no movable pieces", func(t *testing.T) {
		t.Parallel()
		for seed := uint64(1); seed < 200; seed++ {
			g := newRandomGame(t, seed, 0)
			g.play(t, 20000)
			if g.st.Result().Ending == "no movable pieces" {
				check(t, g.st, agent.Victory)
				return
			}
		}
		t.Skip("no random game ended by attrition in 200 seeds")
	})
	t.Run("boxed in", func(t *testing.T) {
		t.Parallel()
		for seed := uint64(1); seed < 200; seed++ {
			g := newRandomGame(t, seed, 0)
			g.play(t, 20000)
			if g.st.Result().Ending == bot.Ending(stratego.NoMoves.String()) {
				check(t, g.st, agent.Illegal)
				return
			}
		}
		t.Skip("no random game ended boxed in in 200 seeds")
	})
	t.Run("turn limit draw", func(t *testing.T) {
		t.Parallel()
		g := newRandomGame(t, 7, 12)
		g.play(t, 1000)
		if r := g.st.Result(); !r.Over || r.Winner != -1 {
			t.Fatalf("after the turn limit: %+v", r)
		}
		check(t, g.st, agent.DrawDefault)
	})
	for _, c := range []struct {
		name    string
		ending  bot.Ending
		outcome agent.Outcome
	}{
		{"resigned on its turn", bot.EndResigned, agent.Surrender},
		{"abandoned", bot.EndAbandoned, agent.Surrender},
		{"AI surrendered", strategogame.EndSurrender, agent.Surrender},
		{"AI timed out", strategogame.EndTimeout, agent.Illegal},
		{"AI exited", strategogame.EndExited, agent.Illegal},
		{"AI illegal move", strategogame.EndIllegal, agent.Illegal},
		{"AI bad answer", strategogame.EndBadAnswer, agent.Illegal},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			for moves := range 2 { // Red, then Blue on move
				g := newRandomGame(t, 3, 0)
				g.play(t, 9+moves)
				loser := g.side()
				end(g.st, bot.Result{Over: true, Winner: 1 - loser, Ending: c.ending})
				check(t, g.st, c.outcome)
			}
		})
	}
	t.Run("the host's win", func(t *testing.T) {
		t.Parallel()
		// The host's result, the game not told (a flag fallen).
		g := newRandomGame(t, 8, 0)
		g.play(t, 15)
		res := bot.Result{Over: true, Winner: 1 - g.side(), Ending: "time"}
		m := exportMeta
		m.Result = res
		_, data, err := g.st.(exporter).Export(m)
		if err != nil {
			t.Fatal(err)
		}
		got := replay(t, bin, data)
		if want := lastLine(data); got != want {
			t.Fatalf("stratego -f: got %q; want the log's %q\nlog:\n%s", got, want, data)
		}
		checkResult(t, got, res)
	})
	t.Run("resigned in setup", func(t *testing.T) {
		t.Parallel()
		for seat := range 2 {
			st, err := newKind(t, strategogame.Options{}).New("")
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Begin(); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Act(seat, bot.Command{Verb: "setup", Args: []string{"random"}}); err != nil {
				t.Fatal(err)
			}
			end(st, bot.Result{Over: true, Winner: 1 - seat, Ending: bot.EndResigned})
			check(t, st, agent.BadSetup)
		}
	})
	t.Run("through the host, resigned", func(t *testing.T) {
		t.Parallel()
		hostGame(t, bin, false)
	})
	t.Run("through the host, to the end", func(t *testing.T) {
		t.Parallel()
		hostGame(t, bin, true)
	})
}

// hostGame plays a game through the host between alice (Red) and bob
// (Blue), random legal moves: 30 of them, then alice resigns on her
// turn; or, toEnd, until the game ends (a Flag taken as soon as a piece
// can take it after the 20th move). The stored game is exported and
// replayed by stratego -f to the same result line, which says who won as
// the host does.
func hostGame(t *testing.T, bin string, toEnd bool) {
	k := newKind(t, strategogame.Options{})
	h := newHarness(t, k)
	h.in("alice", "!stratego start @bob")
	h.in("bob", "!join")
	// Blue's Flag in its front row (a7), open to a Scout from a4.
	armies := [2]string{"progcomp", "F67B669999 6724898974 BB31555583 9B8sB479B8"}
	if !toEnd {
		armies[1] = "fortress"
	}
	for i, u := range []string{"alice", "bob"} {
		h.dm(u, "setup "+armies[i])
		h.dm(u, "ready")
	}
	rng := rand.New(rand.NewPCG(5, 5))
	g, _ := h.game()
	if g == nil {
		t.Fatal("the armies are not on the board")
	}
	for n := 0; toEnd || n < 30; n++ {
		if g.Status().Over() {
			break
		}
		if n == 20000 {
			t.Fatal("the game did not end in 20000 moves")
		}
		p := g.Position()
		moves := p.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		for _, c := range moves {
			if toEnd && n >= 20 && p.At(c.To()).Rank() == stratego.Flag {
				m = c // take the Flag when a piece can
			}
		}
		user := [2]string{"alice", "bob"}[p.Side()]
		h.in(user, "!move "+m.String())
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	stored, _ := h.game()
	a, _ := stored.MarshalText()
	b, _ := g.MarshalText()
	if !bytes.Equal(a, b) {
		t.Fatalf("the host's game is not the one played:\n%s\nwant\n%s", a, b)
	}
	if !toEnd {
		g, rec := h.game()
		if len(rec.Moves) != 30 {
			t.Fatalf("%d moves stored; want 30", len(rec.Moves))
		}
		if p := g.Position(); p.Side() != stratego.Red {
			t.Fatal("not Red's turn")
		}
		if got := dump(h.in("alice", "!resign")); !strings.Contains(got, "Red resigns") {
			t.Fatalf("resign: %s", got)
		}
	}
	data, _, err := h.store.Load(context.Background(), "test:#g")
	if err != nil {
		t.Fatal(err)
	}
	r, err := bot.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	st, err := k.Decode(r.State)
	if err != nil {
		t.Fatal(err)
	}
	_, log, err := st.(exporter).Export(strategogame.ExportMeta{Players: [2]string{"alice smith", "bob"}})
	if err != nil {
		t.Fatal(err)
	}
	got := replay(t, bin, log)
	if want := lastLine(log); got != want {
		t.Fatalf("stratego -f: got %q; want %q\n%s", got, want, log)
	}
	res := st.Result()
	if !toEnd {
		// The host's resignation is the host's result, not the state's.
		res = bot.Result{Over: true, Winner: 1, Ending: bot.EndResigned}
		if !strings.HasPrefix(got, "alice_smith RED SURRENDER ") {
			t.Errorf("result %q; want alice_smith RED SURRENDER ...", got)
		}
	}
	checkResult(t, got, res)
	if toEnd && res.Ending != bot.Ending(stratego.FlagCaptured.String()) {
		t.Errorf("the game ended %q; want the flag captured", res.Ending)
	}
	t.Logf("%s after %d moves: %s", res.Ending, strings.Count(string(log), ": "), got)
}

// TestExportOffTurnResignation: a resignation while the opponent is to
// move is written as the resigner's SURRENDER, the file's result line
// the game's result (the manager takes SURRENDER only on one's turn, so
// -f cannot replay it; see Export).
func TestExportOffTurnResignation(t *testing.T) {
	g := newRandomGame(t, 4, 0)
	g.play(t, 10)
	resigner := 1 - g.side()
	end(g.st, bot.Result{Over: true, Winner: g.side(), Ending: bot.EndResigned})
	_, data, err := g.st.(exporter).Export(exportMeta)
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, lastLine(data), g.st.Result())
	if r, _ := agent.ParseResult(lastLine(data)); r.Outcome != agent.Surrender || colourSeat(r.Colour) != resigner {
		t.Errorf("result %q; want the resigner's SURRENDER", lastLine(data))
	}
}

// TestExportHostDraw: a draw the host ends the game with is the
// manager's DRAW in the file's result line, during play and in setup.
func TestExportHostDraw(t *testing.T) {
	draw := bot.Result{Over: true, Winner: -1, Ending: "draw agreed"}
	m := exportMeta
	m.Result = draw
	g := newRandomGame(t, 9, 0)
	g.play(t, 6)
	st, err := newKind(t, strategogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Begin(); err != nil {
		t.Fatal(err)
	}
	for name, st := range map[string]bot.State{"in play": g.st, "in setup": st} {
		_, data, err := st.(exporter).Export(m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		line := lastLine(data)
		if r, err := agent.ParseResult(line); err != nil || r.Outcome != agent.Draw {
			t.Errorf("%s: result line %q (%v); want a DRAW", name, line, err)
		}
		if !bytes.Contains(data, []byte("REASON: Draw agreed\n")) {
			t.Errorf("%s: no reason Draw agreed:\n%s", name, data)
		}
	}
}

// TestExportHidden: a running game is exported only to its players, the
// opponent's army written as #.
func TestExportHidden(t *testing.T) {
	g := newRandomGame(t, 6, 0)
	g.play(t, 4)
	ex := g.st.(exporter)
	if _, _, err := ex.Export(exportMeta); !errors.Is(err, strategogame.ErrExport) {
		t.Fatalf("public export of a running game: got %v; want ErrExport", err)
	}
	for seat := range 2 {
		m := exportMeta
		m.AsPlayer, m.Seat = true, seat
		_, data, err := ex.Export(m)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		own, other := lines[1+5*seat:5+5*seat], lines[1+5*(1-seat):5+5*(1-seat)]
		for i := range 4 {
			if other[i] != "##########" {
				t.Errorf("seat %d sees the opponent's row %q; want ##########", seat, other[i])
			}
			if strings.Contains(own[i], "#") || len(own[i]) != 10 {
				t.Errorf("seat %d's own row %q", seat, own[i])
			}
		}
		if bytes.Contains(data, []byte("Game ends")) {
			t.Errorf("a running game's log has an end:\n%s", data)
		}
	}
	st, err := newKind(t, strategogame.Options{}).New("")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.(exporter).Export(exportMeta); !errors.Is(err, strategogame.ErrExport) {
		t.Errorf("export of a game not begun: got %v; want ErrExport", err)
	}
}
