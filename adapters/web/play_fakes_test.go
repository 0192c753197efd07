package web_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// Tokens the fake Play knows: good opens the page; expired did once.
const (
	goodToken    = "c2VhdDA.AAAA-bbbb_CCCC.sig"
	expiredToken = "c2VhdDA.old.sig"
)

// secret is what the hidden fake's game hides: a rank only its owner may
// see. No page, stream or answer may carry it while the game runs.
const secret = "b9marshal"

// said is one Say the fake Play was asked.
type said struct {
	token, line string
	private     bool
}

// fakePlay is a Play whose view the test sets; it records what is said.
type fakePlay struct {
	mu      sync.Mutex
	view    bot.PlayView
	gone    bool // the good token stops working (the seat was left)
	fail    error
	sayFail error // what Say alone answers
	says    []said
	replies []bot.Reply
	// hold, when set, keeps the next Say from answering until it is
	// closed (the line is recorded at once): a slow bot.
	hold chan struct{}
}

func (p *fakePlay) open(token string) error {
	switch {
	case p.fail != nil:
		return p.fail
	case token == expiredToken:
		return fmt.Errorf("%w: expired", bot.ErrLink)
	case token != goodToken || p.gone:
		return fmt.Errorf("%w: bad signature", bot.ErrLink)
	}
	return nil
}

func (p *fakePlay) PlayView(ctx context.Context, token string) (bot.PlayView, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.open(token); err != nil {
		return bot.PlayView{}, err
	}
	return p.view, nil
}

func (p *fakePlay) Say(ctx context.Context, token, line string, private bool) ([]bot.Reply, error) {
	p.mu.Lock()
	p.says = append(p.says, said{token, line, private})
	if hold := p.hold; hold != nil {
		p.hold = nil
		p.mu.Unlock()
		<-hold
		p.mu.Lock()
	}
	defer p.mu.Unlock()
	if err := p.open(token); err != nil {
		return nil, err
	}
	if p.sayFail != nil {
		return nil, p.sayFail
	}
	return p.replies, nil
}

// set changes the view the fake gives; the slices it may change are
// copied first, as a host gives each view its own.
func (p *fakePlay) set(f func(v *bot.PlayView)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.view.Clocks = slices.Clone(p.view.Clocks)
	p.view.Commands = slices.Clone(p.view.Commands)
	p.view.Surface.Cells = slices.Clone(p.view.Surface.Cells)
	p.view.Surface.Moves = slices.Clone(p.view.Surface.Moves)
	p.view.Surface.Tools = slices.Clone(p.view.Surface.Tools)
	f(&p.view)
}

func (p *fakePlay) said() []said {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]said(nil), p.says...)
}

// fakeGames is a Games of a few games the test sets: views by id, and
// the replays of the finished ones.
type fakeGames struct {
	mu      sync.Mutex
	kinds   []bot.Spec
	games   map[string]bot.GameView
	replays map[string]replay
	hides   [][]bool // what ReplayGame was asked to hide
}

type replay struct {
	surface bot.Surface
	frames  func(hide []bool) []bot.Frame
}

func (g *fakeGames) Kinds() []bot.Spec { return g.kinds }
func (g *fakeGames) RunningGames(context.Context, int) ([]bot.GameView, error) {
	return nil, nil
}
func (g *fakeGames) ViewGame(ctx context.Context, id string) (bot.GameView, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, ok := g.games[id]
	if !ok {
		return bot.GameView{}, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	return v, nil
}
func (g *fakeGames) RecentGames(context.Context, string, int) ([]bot.GameView, error) {
	return nil, nil
}
func (g *fakeGames) Leaderboard(context.Context, string, int) ([]bot.Ranking, error) {
	return nil, nil
}
func (g *fakeGames) ExportGame(context.Context, string) (string, []byte, error) {
	return "", nil, bot.ErrBadCommand
}
func (g *fakeGames) GamePicture(context.Context, string) ([]byte, error) {
	return nil, bot.ErrNoPicture
}
func (g *fakeGames) ViewTournament(ctx context.Context, id string) (tourney.View, error) {
	return tourney.View{}, bot.ErrNotFound
}
func (g *fakeGames) RunningTournaments(context.Context) ([]tourney.View, error) { return nil, nil }
func (g *fakeGames) FinishedTournaments(context.Context, int) ([]tourney.View, error) {
	return nil, nil
}

func (g *fakeGames) ReplayGame(ctx context.Context, id string, hide []bool) (bot.Surface, []bot.Frame, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	v, ok := g.games[id]
	if !ok {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	if v.Running {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s runs", bot.ErrNotSeated, id)
	}
	r, ok := g.replays[id]
	if !ok {
		return bot.Surface{}, nil, fmt.Errorf("%w: no replay of game %s", bot.ErrNotFound, id)
	}
	g.hides = append(g.hides, hide)
	return r.surface, r.frames(hide), nil
}

// looks are the fake kinds' pieces.
var looks = map[string]bot.PieceLook{
	"r": {Label: "red piece", Side: 0},
	"b": {Label: "blue piece", Side: 1},
	"#": {Label: "block", Side: -1},
}

// square3 is a 3×3 board of the fake kind: red at a1, blue at c3, a
// block at b2's right (c2); red to move with a clone, a jump and a
// chain of two landings.
func square3() bot.Surface {
	var cells []bot.Cell
	for y := range 3 {
		for x := range 3 {
			cells = append(cells, bot.Cell{Name: string(rune('a'+x)) + string(rune('3'-y)), X: float64(x) + 0.5, Y: float64(y) + 0.5})
		}
	}
	cells[6].Piece = "r"     // a1
	cells[2].Piece = "b"     // c3
	cells[5].Class = "block" // c2
	return bot.Surface{Shape: "square", Width: 3, Height: 3, Cells: cells, Pieces: looks, Last: []string{"c3"},
		Moves: []bot.ClickMove{
			{Select: []string{"a1"}, Path: []string{"a2"}, Text: "a1-a2", Mark: "clone"},
			{Select: []string{"a1"}, Path: []string{"a3"}, Text: "a1-a3", Mark: "jump"},
			{Select: []string{"a1"}, Path: []string{"b1"}, Text: "a1-b1"},
			{Select: []string{"a1"}, Path: []string{"b1", "b3"}, Text: "a1-b1-b3", Mark: "capture"},
		}, Turn: 0}
}

// fakeMenu is the fake table's commands: a private one among them.
var fakeMenu = []bot.CommandSpec{
	{Name: "pass", Use: bot.Act, Summary: "pass your turn"},
	{Name: "setup", Aliases: []string{"army"}, Use: bot.Act, Private: true, Summary: "your army",
		Args: []bot.Arg{{Name: "army", Type: bot.ArgRest, Required: true}}},
	{Name: "level", Use: bot.Configure, Args: []bot.Arg{{Name: "n", Type: bot.ArgNumber, Min: 1, Max: 9, Required: true}}},
	{Name: "colour", Use: bot.Configure, Args: []bot.Arg{{Name: "side", Type: bot.ArgChoice, Choices: []string{"red", "blue"}}}},
}

// playing is the fake's view for red, to move, at game 7.
func playing() bot.PlayView {
	return bot.PlayView{
		Game: bot.GameView{ID: "7", Kind: "fake", Title: "Fake", Running: true,
			Players: []bot.PlayerView{{Seat: "Red", Name: "alice"}, {Seat: "Blue", Name: "bob"}}, Moves: []string{"c3-c3"}},
		Seat: 0, Phase: "playing", Status: "Red (alice) to move", Board: "r . b\n. . #\nr . .",
		Surface: square3(), Menu: fakeMenu,
		Commands: []bot.Action{{Label: "Pass", Command: "pass"}, {Label: "Random army", Command: "setup random"}},
		Clocks:   []bot.ClockView{{Seat: 0, Left: 5*time.Minute + 3*time.Second, Running: true}, {Seat: 1, Left: 4 * time.Minute}},
		Version:  "v1",
	}
}

// spectated is game 7 as a spectator's page shows it.
func spectated() bot.GameView {
	v := playing().Game
	sf := square3()
	sf.Moves = nil
	v.Surface = &sf
	v.Status = "Red (alice) to move"
	v.Board = "r . b\n. . #\nr . ."
	return v
}
