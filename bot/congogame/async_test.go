package congogame_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/congogame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/engine/congo"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// gateEngine thinks until the test opens its gate or the search is
// canceled, then plays the first legal move.
type gateEngine struct {
	gate     chan struct{}
	started  chan struct{}
	canceled chan struct{}
}

func newGate() *gateEngine {
	return &gateEngine{gate: make(chan struct{}), started: make(chan struct{}, 4), canceled: make(chan struct{}, 4)}
}

func (g *gateEngine) ChooseMove(ctx context.Context, pos congo.Position, _ int, _ int64) (congo.Move, error) {
	g.started <- struct{}{}
	select {
	case <-g.gate:
		return pos.LegalMoves()[0], nil
	case <-ctx.Done():
		g.canceled <- struct{}{}
		return congo.NoMove, ctx.Err()
	}
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

func (in *inbox) text() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return strings.Join(in.got, "\n")
}

// TestAIOffTheMessagePath: with the host's asynchronous AI, a move is
// answered at once while the AI thinks; the AI's move is sent when made,
// and a resign cancels its search.
func TestAIOffTheMessagePath(t *testing.T) {
	g := newGate()
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{congogame.New(g, congogame.Options{})}, nil))
	defer b.Close()
	in := &inbox{}
	b.Async(in)
	say := func(text string) string {
		return joined(b.Handle(context.Background(), bot.Message{Network: "test", Channel: "#c", UserID: "id-alice", Name: "alice", Text: text}))
	}
	say("!congo start ai:5")
	if got := say("!a2-a3"); got != "White (alice): transition (a2,a3). Black (AI level 5) to move." {
		t.Fatalf("move while the AI thinks: got %q", got)
	}
	close(g.gate)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := in.text(), "Black (AI level 5): transition (a7,a5). White (alice) to move."; got != want {
		t.Errorf("sent: got %q; want %q", got, want)
	}

	g2 := newGate()
	b2 := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{congogame.New(g2, congogame.Options{})}, nil))
	defer b2.Close()
	b2.Async(&inbox{})
	say2 := func(text string) string {
		return joined(b2.Handle(context.Background(), bot.Message{Network: "test", Channel: "#c", UserID: "id-alice", Name: "alice", Text: text}))
	}
	say2("!congo start ai:5")
	say2("!a2-a3")
	select {
	case <-g2.started:
	case <-time.After(5 * time.Second):
		t.Fatal("the AI did not start thinking")
	}
	if got := say2("!resign"); got != "White resigns. Black wins." {
		t.Fatalf("resign: got %q", got)
	}
	select {
	case <-g2.canceled:
	case <-time.After(5 * time.Second):
		t.Fatal("the AI's search went on after the resign")
	}
}

// TestBesideAtaxx: Congo and Ataxx hosted together, each table its own
// kind, bare moves read by the table's kind.
func TestBesideAtaxx(t *testing.T) {
	b := hosttest.Must(hosttest.New(bot.Config{}, memory.New(), nil, []bot.Kind{ataxxgame.New(nil, ataxxgame.Options{}), congogame.New(nil, congogame.Options{})}, nil))
	say := func(channel, user, text string) string {
		return joined(b.Handle(context.Background(), bot.Message{Network: "test", Channel: channel, UserID: "id-" + user, Name: user, Text: text}))
	}
	steps := []struct{ channel, user, text, want string }{
		{"#congo", "alice", "!congo start @bob", "bob, alice challenges you to Congo as Black: say !congo join within 5m0s."},
		{"#congo", "bob", "!join", gameOn},
		{"#ataxx", "carol", "!start @dave", "dave, carol challenges you to Ataxx as Blue: say !ataxx join within 5m0s."},
		{"#ataxx", "dave", "!join", "Blue is taken by dave.\nGame on: Red (carol) vs Blue (dave). Red (carol) to move."},
		{"#congo", "alice", "!a2-a3", "White (alice): transition (a2,a3). Black (bob) to move."},
		{"#ataxx", "carol", "!a7-b6", "Red (carol) plays a7-b6. Blue (dave) to move."},
		{"#congo", "bob", "!a6 a5", "Black (bob): transition (a6,a5). White (alice) to move."},
		{"#ataxx", "dave", "!show moves", `bad command: say show`},
		{"#congo", "bob", "!show players", " * white 2E 1Z 1G 1C 7P 0S 1L 1M\n   black 2e 1z 1g 1c 7p 0s 1l 1m"},
	}
	for i, s := range steps {
		if got := say(s.channel, s.user, s.text); !strings.HasPrefix(got, s.want) {
			t.Fatalf("step %d %s %s %q: got %q; want %q", i, s.channel, s.user, s.text, got, s.want)
		}
	}
}
