package abalonegame_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/ai/ugi/ugitest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/abalonegame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// TestProgramHearsTheGame: a UGI program is told the start (startpos for
// the standard layout, else its position text) and the moves since in
// standard notation, and its answer becomes the move command.
func TestProgramHearsTheGame(t *testing.T) {
	path, log := ugitest.StandIn(t, "logger", `echo "bestmove $ANSWER"`)
	daisy := abalone.NewPosition(abalone.GermanDaisy)
	german := daisy.Text()
	tests := []struct {
		name, record string
		answer       string
		wantLine     string
	}{
		{name: "from the start", record: `{"start":"standard","moves":"a1b2 i5h5"}`, answer: "a2b3",
			wantLine: "position startpos moves a1b2 i5h5"},
		{name: "from another layout", record: `{"start":"german"}`, answer: "b1c2",
			wantLine: "position fen " + german},
	}
	kind := abalonegame.New(abalonegame.Options{Engines: map[string]ugi.Player{"Logger": {Path: path, MoveTime: 20 * time.Millisecond}}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(log)
			t.Setenv("ANSWER", tt.answer)
			st, err := kind.Decode([]byte(tt.record))
			if err != nil {
				t.Fatal(err)
			}
			c, err := st.AIAct(context.Background(), st.Pending()[0], bot.AIPlayer{Engine: "logger"}, 1)
			if err != nil {
				t.Fatalf("AIAct: %v", err)
			}
			if got, want := strings.Join(append([]string{c.Verb}, c.Args...), " "), "move "+tt.answer; got != want {
				t.Errorf("command: got %q; want %q", got, want)
			}
			if _, err := st.Act(st.Pending()[0], c); err != nil {
				t.Errorf("the program's move %v refused: %v", c, err)
			}
			data, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimSpace(string(data)); got != tt.wantLine {
				t.Errorf("position line: got %q; want %q", got, tt.wantLine)
			}
		})
	}
	if got := kind.Spec().Engines; strings.Join(got, " ") != "Logger" {
		t.Errorf("Spec().Engines: got %v; want [Logger]", got)
	}
}

// TestProgramFailures: the UGI programs that fail lose as kindtest's
// UGIFailures says (each ending says how; one that cannot start, or that
// the host gave up on, does not), and none is left running.
func TestProgramFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs that time out")
	}
	kindtest.UGIFailures(t, "a1a2", func(t *testing.T, engines map[string]ugi.Player) bot.State {
		st, err := abalonegame.New(abalonegame.Options{Engines: engines}).New("")
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}

// inbox collects what the bot sends on its own.
type inbox struct {
	mu  sync.Mutex
	got []string
}

func (in *inbox) Send(_ context.Context, rs []bot.Reply) error {
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, r := range rs {
		in.got = append(in.got, r.Text)
	}
	return nil
}

// waitFor waits until the bot has said want (or the time is up) and
// returns all it said.
func (in *inbox) waitFor(t *testing.T, want string, limit time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		in.mu.Lock()
		text := strings.Join(in.got, "\n")
		in.mu.Unlock()
		if strings.Contains(text, want) {
			return text
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not say %q within %v; it said:\n%s", want, limit, text)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tourResult is a tournament's result line: the players, the score, the
// ending.
var tourResult = regexp.MustCompile(`round 1: (ai:\w+) (1-0|0-1|½-½) (ai:\w+) \(([a-z ]+); game \w+\)`)

// TestUGIProgramPlaysAGame: cmd/ugi, named in the options, plays a game
// against the built-in level 1 in a tournament, to a result on the board
// (every move of it legal: the host referees, and a program's illegal move
// would end the game "illegal move"); and the misbehaving programs lose
// their games, each ending saying how, with no process left behind.
func TestUGIProgramPlaysAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	engines := map[string]ugi.Player{"ugi": {Path: pipetest.Build(t, "ugi"), Args: []string{"-game", "abalone"}, Options: map[string]string{"hash": "4"}, MoveTime: 20 * time.Millisecond}}
	for name, goCase := range map[string]string{"garbler": "echo 'bestmove nonsense'", "cheater": "echo 'bestmove a1a2'", "quitter": "exit 4"} {
		path, _ := ugitest.StandIn(t, name, goCase)
		engines[name] = ugi.Player{Path: path, MoveTime: 20 * time.Millisecond}
	}
	kind := abalonegame.New(abalonegame.Options{Engines: engines, Budget: 200 * time.Millisecond, Searchers: 1, HashMB: 4})
	tournament := func(command string) string {
		b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{kind}, nil))
		defer b.Close()
		in := &inbox{}
		b.Async(in)
		b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#c", UserID: "id-alice", Name: "alice", Text: command})
		return in.waitFor(t, "is over.", 60*time.Second)
	}

	said := tournament("!tournament abalone gauntlet ai:ugi ai:1 rounds 1")
	results := tourResult.FindAllStringSubmatch(said, -1)
	if len(results) != 1 {
		t.Fatalf("results: got %d; want 1\n%s", len(results), said)
	}
	if ending := results[0][4]; ending != "six marbles off" && ending != "no moves left" {
		t.Errorf("ending: got %q; want one on the board\n%s", ending, said)
	}

	said = tournament("!tournament abalone gauntlet ai:1 ai:garbler ai:cheater ai:quitter rounds 1")
	endings := map[string]string{}
	for _, r := range tourResult.FindAllStringSubmatch(said, -1) {
		loser := r[3]
		if r[2] == "0-1" {
			loser = r[1]
		}
		endings[loser] = r[4]
	}
	for program, want := range map[string]string{"ai:garbler": "bad response", "ai:cheater": "illegal move", "ai:quitter": "program exited"} {
		if endings[program] != want {
			t.Errorf("%s lost by %q; want %q\n%s", program, endings[program], want, said)
		}
	}
	if kids := pipetest.Children(t, os.Getpid()); len(kids) > 0 {
		t.Errorf("programs left running: %v", kids)
	}
}
