package congogame_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

type exporter interface {
	Export(congogame.ExportMeta) (string, []byte, error)
}

// posOf is the state's position.
func posOf(t *testing.T, st bot.State) congo.Position {
	t.Helper()
	p, err := congo.ParseFEN(fenOf(t, st))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// playRandom plays up to n random legal turns through the state, a
// monkey's jumps now as one path, now a jump at a time (with stop when
// the monkey could go on); it reports whether a turn was taken a jump at
// a time.
func playRandom(t *testing.T, st bot.State, rng *rand.Rand, n int, jumpy bool) (stepped bool) {
	t.Helper()
	act := func(seat int, c bot.Command) {
		t.Helper()
		if _, err := st.Act(seat, c); err != nil {
			t.Fatalf("%v: %v", c, err)
		}
	}
	for range n {
		if st.Result().Over {
			return stepped
		}
		p := posOf(t, st)
		seat := int(p.Turn())
		moves := p.LegalMoves()
		m := moves[rng.IntN(len(moves))]
		if jumpy {
			// Monkeys' jumps first, the longest first.
			for _, j := range moves {
				if j.Jumps() > m.Jumps() {
					m = j
				}
			}
		}
		if m.Jumps() < 2 || !jumpy && rng.IntN(2) == 0 {
			act(seat, congogame.MoveCommand(m))
			continue
		}
		stepped = true
		// Some of the path, a jump at a time, then stop if the monkey
		// could go on.
		path := m.Path()[:2+rng.IntN(m.Jumps())]
		for i := 0; i+1 < len(path); i++ {
			act(seat, bot.Command{Verb: "move", Args: []string{path[i].String(), path[i+1].String()}})
		}
		if len(st.Pending()) > 0 && st.Pending()[0] == seat {
			if q := posOf(t, st); q.Turn() == p.Turn() {
				act(seat, bot.Command{Verb: "stop"})
			}
		}
	}
	return stepped
}

// TestExportReplays: games played with random legal moves, from the
// standard board and from FENs, exported and loaded into the real
// cmd/congo started with the file's --board: the board and the players
// it shows at the end are the game's.
func TestExportReplays(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "congo")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ataxxbot/ataxxbot/cmd/congo").CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/congo: %v\n%s", err, out)
	}
	cases := []struct {
		name, fen string
		seed      uint64
		turns     int
		jumpy     bool
	}{
		{"standard, running", "standard", 1, 40, false},
		{"standard, to the end", "standard", 2, 2000, false},
		{"plenty of moves", "1melec1/ppppp1p/2g2zp/5C1/2G2ZP/PPPPP1P/1MELE2/b/-1", 3, 2000, false},
		{"monkeys", "m2l2m/7/1p1p1p1/7/1P1P1P1/7/M2L2M/w/-1", 4, 2000, false},
		{"monkey wins", "7/4l2/7/4c2/7/2p4/1M1L3/w/-1", 5, 2000, false},
		{"monkeys a jump at a time", "m2l2m/7/1p1p1p1/7/1P1P1P1/7/M2L2M/w/-1", 6, 2000, true},
		{"long jump a jump at a time", "7/4l2/7/4c2/7/2p4/1M1L3/w/-1", 7, 2000, true},
	}
	stepped := false
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := newState(t, c.fen)
			stepped = playRandom(t, st, rand.New(rand.NewPCG(c.seed, 21)), c.turns, c.jumpy) || stepped
			final := posOf(t, st)
			name, data, err := st.(exporter).Export(congogame.ExportMeta{
				Players: [2]string{"alice\nexit", "bob"}, Date: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)})
			if err != nil {
				t.Fatal(err)
			}
			if want := "congo-20261123-alice_exit-bob.txt"; name != want {
				t.Errorf("file name %q; want %q", name, want)
			}
			if c.turns == 2000 && !st.Result().Over {
				t.Fatalf("the game did not end: %s", final.FEN())
			}
			board := boardOf(t, data)
			if c.fen == "standard" && board != "standard" || c.fen != "standard" && board != normalFEN(t, c.fen) {
				t.Fatalf("--board %q; want the start %q", board, c.fen)
			}
			path := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, "--place=local", "--board="+board, "--white=hi/random", "--black=hi/random")
			cmd.Stdin = strings.NewReader("load " + path + "\nshow board\nshow players\nexit\n")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("cmd/congo: %v\n%s", err, out.String())
			}
			text := out.String()
			if strings.Contains(text, "wrong") || strings.Contains(text, "not supported") || strings.Contains(text, "load:") {
				t.Fatalf("cmd/congo refused a line of the file:\n%s\nfile:\n%s", text, data)
			}
			i := strings.LastIndex(text, "> show board")
			if i < 0 {
				t.Fatalf("no show board in:\n%s", text)
			}
			shown := text[i:]
			for _, want := range []string{congo.BoardText(&final), congo.PlayersText(&final)} {
				if !strings.Contains(shown, want) {
					t.Fatalf("cmd/congo ends on\n%s\nwant\n%s\nfile:\n%s", shown, want, data)
				}
			}
			if o := final.Outcome(); (o != congo.Ongoing) != st.Result().Over {
				t.Errorf("final position's outcome %v; the game's result %+v", o, st.Result())
			}
			if !bytes.Contains(data, []byte("# Final: "+final.FEN()+"\n")) {
				t.Errorf("the file does not give the final FEN %s:\n%s", final.FEN(), data)
			}
		})
	}
	if !stepped {
		t.Error("no monkey's turn was taken a jump at a time")
	}
}

func normalFEN(t *testing.T, fen string) string {
	t.Helper()
	p, err := congo.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p.FEN()
}

// boardOf is the --board the file's Replay comment gives.
func boardOf(t *testing.T, data []byte) string {
	t.Helper()
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, "# Replay: congo --place=local --board="); ok {
			b, _, _ := strings.Cut(rest, " ")
			return b
		}
	}
	t.Fatalf("no Replay comment in:\n%s", data)
	return ""
}

// TestExportNames: a name cannot break out of its comment line.
func TestExportNames(t *testing.T) {
	st := newState(t, "standard")
	_, data, err := st.(exporter).Export(congogame.ExportMeta{Players: [2]string{"eve\nmove a2 a3", "\r\n"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "# ") {
			t.Errorf("line %q in the export of a game without moves; want only comments", l)
		}
	}
	if !bytes.Contains(data, []byte("# White: eve move a2 a3\n# Black: black\n")) {
		t.Errorf("names:\n%s", data)
	}
}

// TestExportHostResult: a game the host ended (a resignation) says so in
// its Result comment; a game the position ended keeps its own result.
func TestExportHostResult(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		moves     []string
		host      bot.Result
		want      string
	}{
		{"resigned", "standard", []string{"a2 a3"}, bot.Result{Over: true, Winner: 0, Ending: bot.EndResigned}, "# Result: White wins (resigned)\n"},
		{"draw agreed", "standard", []string{"a2 a3"}, bot.Result{Over: true, Winner: -1, Ending: "draw agreed"}, "# Result: draw (draw agreed)\n"},
		{"running", "standard", []string{"a2 a3"}, bot.Result{}, "# Result: running, black to move\n"},
		{"lion taken", monkeyWins, []string{"b1 d3 f5 d7"}, bot.Result{Over: true, Winner: 1, Ending: bot.EndResigned}, "# Result: White wins (lion taken)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := newState(t, c.fen)
			for _, m := range c.moves {
				if _, err := st.Act(0, bot.Command{Verb: "move", Args: strings.Fields(m)}); err != nil {
					t.Fatal(err)
				}
			}
			_, data, err := st.(exporter).Export(congogame.ExportMeta{Result: c.host})
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(data, []byte(c.want)) {
				t.Errorf("got\n%s\nwant a line %q", data, c.want)
			}
		})
	}
}
