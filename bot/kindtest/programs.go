package kindtest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/pipe/pipetest"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/ai/ugi/ugitest"
	"github.com/ataxxbot/ataxxbot/bot"
)

// UGIFailures checks how a kind's AIAct meets the UGI programs that fail:
// one that answers nonsense, a move the rules refuse (illegal, at the
// start), exits, or never answers loses the game, its ending saying which
// (bot.ProgramError); one that cannot be started, one asked when the host
// has given up, and a name not configured are errors but no loss; and no
// process is left behind. newState makes the kind with engines and a
// fresh game of it, the first seat to act.
func UGIFailures(t *testing.T, illegal string, newState func(t *testing.T, engines map[string]ugi.Player) bot.State) {
	t.Helper()
	programs := map[string]string{"garbler": "echo 'bestmove nonsense'", "cheater": "echo 'bestmove " + illegal + "'",
		"quitter": "exit 4", "sleeper": ""}
	engines := map[string]ugi.Player{"missing": {Path: filepath.Join(t.TempDir(), "missing")}}
	for name, goCase := range programs {
		path, _ := ugitest.StandIn(t, name, goCase)
		engines[name] = ugi.Player{Path: path, MoveTime: 20 * time.Millisecond}
	}
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		engine string
		ctx    context.Context
		want   bot.Ending // "": not the program's loss
	}{
		{"nonsense", "garbler", context.Background(), "bad response"},
		{"an illegal move", "cheater", context.Background(), "illegal move"},
		{"exits", "quitter", context.Background(), "program exited"},
		{"never answers", "sleeper", context.Background(), "timed out"},
		{"cannot be started", "missing", context.Background(), ""},
		{"the host gave up", "garbler", canceled, ""},
		{"not configured", "no-such-program", context.Background(), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := newState(t, engines).AIAct(tt.ctx, 0, bot.AIPlayer{Engine: tt.engine}, 1)
			if err == nil {
				t.Fatal("AIAct: got no error; want one")
			}
			pe, isPE := errors.AsType[*bot.ProgramError](err)
			switch {
			case tt.want == "" && isPE:
				t.Errorf("AIAct: got %v, a loss; want the game to wait", err)
			case tt.want != "" && !isPE:
				t.Errorf("AIAct: got %v; want a loss by %q", err, tt.want)
			case isPE && pe.Reason != tt.want:
				t.Errorf("AIAct: got the ending %q (%v); want %q", pe.Reason, err, tt.want)
			}
		})
	}
	if kids := pipetest.Children(t, os.Getpid()); len(kids) > 0 {
		t.Errorf("programs left running: %v", kids)
	}
}
