package congogame_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/ai/ugi/ugitest"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/kindtest"
	"github.com/ataxxbot/ataxxbot/engine/congo"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// decode makes a state from its record.
func decode(t *testing.T, kind *congogame.Game, record string) bot.State {
	t.Helper()
	st, err := kind.Decode([]byte(record))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestProgramHearsTheGame: a UGI program is told the start and the whole
// turns since, a monkey's jumps taken one at a time joined into one path,
// and its answer becomes the kind's move command.
func TestProgramHearsTheGame(t *testing.T) {
	path, log := ugitest.StandIn(t, "logger", `echo "bestmove $ANSWER"`)
	afterJump := mustFEN(t, monkeyWins)
	m, err := afterJump.ParseStep("b1-d3")
	if err != nil {
		t.Fatal(err)
	}
	afterJump.MakeMove(m)
	tests := []struct {
		name, record string
		answer       string
		wantLine     string
		want         string // the command
	}{
		{name: "from the start", record: `{"start":"` + congo.StartFEN + `","moves":"a2-a3 a6-a5"}`, answer: "b2-b3",
			wantLine: "position startpos moves a2-a3 a6-a5", want: "move b2-b3"},
		{name: "a jump at a time, joined", record: `{"start":"` + monkeyWins + `","moves":"b1-d3+ d3-f5+ f5-f5"}`, answer: "e6-e5",
			wantLine: "position fen " + monkeyWins + " moves b1-d3-f5", want: "move e6-e5"},
		{name: "mid-jump: the position", record: `{"start":"` + monkeyWins + `","moves":"b1-d3+"}`, answer: "d3-f5-d7",
			wantLine: "position fen " + afterJump.FEN(), want: "move d3-f5-d7"},
		{name: "one jump, ending the turn", record: `{"start":"` + monkeyWins + `"}`, answer: "b1-d3",
			wantLine: "position fen " + monkeyWins, want: "move b1-d3 stop"},
	}
	kind := congogame.New(nil, congogame.Options{Engines: map[string]ugi.Player{"Logger": {Path: path, MoveTime: 20 * time.Millisecond}}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(log)
			t.Setenv("ANSWER", tt.answer)
			st := decode(t, kind, tt.record)
			c, err := st.AIAct(context.Background(), st.Pending()[0], bot.AIPlayer{Engine: "logger"}, 1)
			if err != nil {
				t.Fatalf("AIAct: %v", err)
			}
			if got := strings.Join(append([]string{c.Verb}, c.Args...), " "); got != tt.want {
				t.Errorf("command: got %q; want %q", got, tt.want)
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
	if got, want := kind.Spec().Engines, []string{"Logger", "negamax", "random"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Spec().Engines: got %v; want %v", got, want)
	}
}

func mustFEN(t *testing.T, fen string) congo.Position {
	t.Helper()
	p, err := congo.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestProgramFailures: the UGI programs that fail lose as kindtest's
// UGIFailures says (each ending says how; one that cannot start, or that
// the host gave up on, does not), and none is left running.
func TestProgramFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs that time out")
	}
	kindtest.UGIFailures(t, "a2-a5", func(t *testing.T, engines map[string]ugi.Player) bot.State {
		return decode(t, congogame.New(nil, congogame.Options{Engines: engines}), `{"start":"`+congo.StartFEN+`"}`)
	})
}

// waitFor waits until the bot has said want (or the time is up) and
// returns all it said.
func waitFor(t *testing.T, in *inbox, want string, limit time.Duration) string {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !strings.Contains(in.text(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("the bot did not say %q within %v; it said:\n%s", want, limit, in.text())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return in.text()
}

// TestUGIProgramPlaysAGame: cmd/ugi, named in the options, plays a game
// against the built-in level 1 in a tournament, to a result on the board
// (every move of it legal: the host referees, and a program's illegal move
// would end the game "illegal move"); and the misbehaving programs lose
// their games, each ending saying how, with no process left behind.
func TestUGIProgramPlaysAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs")
	}
	engines := map[string]ugi.Player{"ugi": {Path: pipetest.Build(t, "ugi"), Args: []string{"-game", "congo"}, Options: map[string]string{"hash": "4"}, MoveTime: 20 * time.Millisecond}}
	for name, goCase := range map[string]string{"garbler": "echo 'bestmove nonsense'", "cheater": "echo 'bestmove a2-a5'", "quitter": "exit 4"} {
		path, _ := ugitest.StandIn(t, name, goCase)
		engines[name] = ugi.Player{Path: path, MoveTime: 20 * time.Millisecond}
	}
	kind := congogame.New(nil, congogame.Options{Engines: engines})
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{kind}, nil))
	defer b.Close()
	in := &inbox{}
	b.Async(in)
	say := func(text string) string {
		return joined(b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#c", UserID: "id-alice", Name: "alice", Text: text}))
	}
	if got := say("!tournament congo gauntlet ai:ugi ai:1 rounds 1"); !strings.Contains(got, "Congo gauntlet, 2 players (ai:ugi, ai:1)") {
		t.Fatalf("tournament: got %q", got)
	}
	said := waitFor(t, in, "is over.", 60*time.Second)
	results := regexp.MustCompile(`round 1: (ai:\w+) (1-0|0-1|½-½) (ai:\w+) \(([a-z ]+); game \w+\)`).FindAllStringSubmatch(said, -1)
	if len(results) != 1 {
		t.Fatalf("results: got %d; want 1\n%s", len(results), said)
	}
	if ending := results[0][4]; ending != "lion taken" && ending != "no moves left" && ending != "no lions" {
		t.Errorf("ending: got %q; want one on the board\n%s", ending, said)
	}

	in2 := &inbox{}
	b2 := hosttest.Must(hosttest.New(bot.Config{Archive: true}, memory.New(), nil, []bot.Kind{kind}, nil))
	defer b2.Close()
	b2.Async(in2)
	b2.Handle(context.Background(), bot.Message{Network: "test", Channel: "#c", UserID: "id-alice", Name: "alice",
		Text: "!tournament congo gauntlet ai:1 ai:garbler ai:cheater ai:quitter rounds 1"})
	said = waitFor(t, in2, "is over.", 60*time.Second)
	endings := map[string]string{}
	for _, r := range regexp.MustCompile(`round 1: (ai:\w+) (1-0|0-1|½-½) (ai:\w+) \(([a-z ]+); game \w+\)`).FindAllStringSubmatch(said, -1) {
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
