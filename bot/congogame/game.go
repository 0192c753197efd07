package congogame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/congoai"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// Engine chooses moves for the AI seats at the host's levels. A
// *congoai.Pool is one.
type Engine interface {
	ChooseMove(ctx context.Context, pos congo.Position, level int, seed int64) (congo.Move, error)
}

// BudgetEngine is an Engine that can think less than its usual time on a
// move, when the game's clock asks (bot.AIPlayer.Budget); *congoai.Pool
// is one.
type BudgetEngine interface {
	ChooseMoveWithin(ctx context.Context, pos congo.Position, level int, budget time.Duration, seed int64) (congo.Move, error)
}

// Options configure the kind.
type Options struct {
	// AdviseDepth is the depth, in turns, of the guide's negamax adviser
	// behind advise and the "negamax" AI program; 0: 3. The adviser
	// answers on the message path, so it is kept shallow.
	AdviseDepth int
	// Guide speaks as the guide's program (cmd/congo): a move is
	// announced as " transition (a2,a3)" alone, boards and lists come
	// with the blank lines the guide prints around them, and chatter
	// about seats is not said.
	Guide bool
	// Engines are the UGI programs players may name besides the
	// advisers (start ai:NAME), by name; one named like an adviser
	// takes its place.
	Engines map[string]ugi.Player
}

// The AI programs players may name, "start ai:negamax": the guide's
// advisers.
const (
	EngineRandom  = "random"
	EngineNegamax = "negamax"
)

// Game is Congo as a bot.Kind.
type Game struct {
	engine   Engine
	opts     Options
	programs map[string]ugi.Player // Options.Engines by lower-case name
	names    []string              // the advisers' and the programs' names, sorted
	pictures picture.Lazy[*kit]    // made for the first picture
}

var (
	_ bot.Kind  = (*Game)(nil)
	_ bot.Voice = (*Game)(nil)
)

// New returns the kind, with engine playing the AI seats at the host's
// levels (nil: one shared congoai.Pool searcher of 16 MB thinking at most
// two seconds a move).
func New(engine Engine, opts Options) *Game {
	if engine == nil {
		engine = congoai.NewPool(1, 16, defaultBudget)
	}
	if opts.AdviseDepth <= 0 {
		opts.AdviseDepth = 3
	}
	g := &Game{engine: engine, opts: opts, programs: map[string]ugi.Player{}}
	g.names = []string{EngineRandom, EngineNegamax}
	for name, pl := range opts.Engines {
		g.programs[strings.ToLower(name)] = pl
		if !slices.Contains(g.names, strings.ToLower(name)) {
			g.names = append(g.names, name)
		}
	}
	slices.Sort(g.names)
	return g
}

// Spec declares Congo to the host.
func (g *Game) Spec() bot.Spec {
	return bot.Spec{
		Name: "congo", Title: "Congo", Seats: seats(),
		Commands:  commands(),
		BareMove:  BareMove,
		Undo:      true,
		Rules:     []string{"guide"},
		Notations: []string{"path", "guide"},
		Engines:   g.names,
	}
}

// New returns the standard position in setup.
func (g *Game) New(rules string) (bot.State, error) {
	if rules != "" && rules != "guide" {
		return nil, fmt.Errorf("%w: Congo has one rule set, the guide's", bot.ErrBadCommand)
	}
	s := &state{Start: congo.StartFEN, game: g}
	return s, s.replay()
}

// Decode reads a state that Encode wrote.
func (g *Game) Decode(data []byte) (bot.State, error) {
	s := &state{game: g}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("congo state: %w", err)
	}
	return s, s.replay()
}

// state is a Congo game: the position it started from and the actions
// since, each a whole turn ("a2-a3", "b1-d3-f5") or one jump of a
// monkey's turn taken a jump at a time after which the turn stayed with
// the monkey, written with a trailing '+' ("b1-d3+"); the stop of such a
// turn is the monkey's square twice ("d3-d3"). The current position is
// derived by replaying them.
type state struct {
	Start string `json:"start"`
	Moves string `json:"moves,omitempty"`
	Began int    `json:"began,omitempty"` // actions made in setup, before play

	pos     congo.Position
	acts    []act
	game    *Game
	history []congo.Position // the position before each act
	// ended is how the host ended the game (a resignation, an agreed
	// draw, the flag), nil while the rules decide. It is not in the
	// record: the host's record keeps the ending and tells a decoded
	// state again (bot.Ender).
	ended *bot.Result
}

// seats are Congo's seats, in turn order.
func seats() []string { return []string{"white", "black"} }

var _ bot.Ender = (*state)(nil)

// End is the host ending the game: from then on it is over, and the
// board and summary say how instead of whose turn it is.
func (s *state) End(res bot.Result) {
	if s.pos.Outcome() != congo.Ongoing || s.ended != nil {
		return
	}
	res.Over, res.Score = true, ""
	s.ended = &res
}

// act is one action: the move and the side that made it.
type act struct {
	move congo.Move
	by   congo.Color
}

// text writes an act for the record.
func (a act) text() string {
	if a.move.IsOpen() {
		return a.move.String() + "+"
	}
	return a.move.String()
}

var _ bot.State = (*state)(nil)

// replay rebuilds the position from Start and Moves.
func (s *state) replay() error {
	pos, err := congo.ParseFEN(s.Start)
	if err != nil {
		return fmt.Errorf("congo state: %w", err)
	}
	if pos.Pieces(congo.White, congo.Lion) == 0 && pos.Pieces(congo.Black, congo.Lion) == 0 {
		return fmt.Errorf("congo state: %w: no lion on the board", congo.ErrInvalidFEN)
	}
	s.acts, s.history = s.acts[:0], s.history[:0]
	for _, text := range strings.Fields(s.Moves) {
		open := strings.HasSuffix(text, "+")
		m, err := pos.ParseMove(strings.TrimSuffix(text, "+"))
		if err != nil {
			return fmt.Errorf("congo state: action %d %s: %w", len(s.acts)+1, text, err)
		}
		if open {
			if m.Jumps() == 0 {
				return fmt.Errorf("congo state: action %d %s: %w: only a monkey's jump goes on", len(s.acts)+1, text, congo.ErrInvalidMove)
			}
			m = m.Open()
		}
		s.history = append(s.history, pos)
		s.acts = append(s.acts, act{move: m, by: pos.Turn()})
		pos.MakeMove(m)
	}
	if s.Began < 0 || s.Began > len(s.acts) {
		return fmt.Errorf("congo state: began %d outside 0..%d", s.Began, len(s.acts))
	}
	s.pos = pos
	return nil
}

func (s *state) Encode() ([]byte, error) {
	parts := make([]string, len(s.acts))
	for i, a := range s.acts {
		parts[i] = a.text()
	}
	s.Moves = strings.Join(parts, " ")
	return json.Marshal(s)
}

// play makes m, which the position has checked, and records it.
func (s *state) play(m congo.Move) {
	s.history = append(s.history, s.pos)
	s.acts = append(s.acts, act{move: m, by: s.pos.Turn()})
	s.pos.MakeMove(m)
	if !s.pos.Jumping() {
		// A jump that could not go on ended the turn: the record says so.
		s.acts[len(s.acts)-1].move = m.Closed()
	}
}

func (s *state) Pending() []int {
	if s.pos.Outcome() != congo.Ongoing || s.ended != nil {
		return nil
	}
	return []int{int(s.pos.Turn())}
}

func (s *state) Act(seat int, c bot.Command) (bot.Played, error) {
	if s.pos.Outcome() != congo.Ongoing || s.ended != nil {
		return bot.Played{}, fmt.Errorf("%w: the game is over", congo.ErrGameOver)
	}
	if seat != int(s.pos.Turn()) {
		return bot.Played{}, fmt.Errorf("%w: %v is to move", bot.ErrNotYourTurn, s.pos.Turn())
	}
	m, err := parseAct(&s.pos, c)
	if err != nil {
		return bot.Played{}, err
	}
	jumper := s.pos.Jumper()
	s.play(m)
	p := bot.Played{Notation: m.String()}
	switch {
	case m.Jumps() == 0 && m.From() == m.To():
		p.Public = fmt.Sprintf("The monkey stops on %v.", jumper)
	case s.pos.Jumping():
		p.Public = fmt.Sprintf("The monkey on %v may jump on, or stop (say stop).", s.pos.Jumper())
	}
	return p, nil
}

// errWrongMove answers a move the rules refuse in the guide's words.
type errWrongMove struct{ err error }

func (e errWrongMove) Error() string   { return strings.TrimSpace(congo.WrongMoveText) }
func (e errWrongMove) Unwrap() []error { return []error{bot.ErrIllegal, e.err} }

// ErrWrongMove is what every refused move wraps, besides bot.ErrIllegal
// and the engine's reason: its text is the guide's answer, "Entered move
// is wrong. Consult "show moves".".
var ErrWrongMove = errors.New(strings.TrimSpace(congo.WrongMoveText))

func (e errWrongMove) Is(target error) bool { return target == ErrWrongMove }

// parseAct reads an Act command: move SQUARES [stop], stop, or a bare
// move ("a2-a3", "a2 a3", "b1-d3-f5", "b1-d3 stop").
func parseAct(pos *congo.Position, c bot.Command) (congo.Move, error) {
	var words []string
	switch c.Verb {
	case "move":
		words = c.Args
	case "stop":
		if len(c.Args) > 0 {
			return congo.NoMove, fmt.Errorf("%w: stop takes no square", bot.ErrBadCommand)
		}
		if !pos.Jumping() {
			return congo.NoMove, fmt.Errorf("%w: no monkey is jumping (stop ends a monkey's jumps taken one at a time)", bot.ErrIllegal)
		}
		return congo.NewMove(pos.Jumper(), pos.Jumper()), nil
	default:
		words = append([]string{c.Verb}, c.Args...)
	}
	stop := len(words) > 1 && strings.EqualFold(words[len(words)-1], "stop")
	if stop {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return congo.NoMove, errWrongMove{fmt.Errorf("%w: no squares", congo.ErrInvalidMove)}
	}
	text := strings.ToLower(strings.Join(words, " "))
	var m congo.Move
	var err error
	if stop {
		m, err = pos.ParseMove(text)
	} else {
		m, err = pos.ParseStep(text)
	}
	if err != nil {
		return congo.NoMove, errWrongMove{err}
	}
	return m, nil
}

// BareMove reports whether word has the shape of a move typed alone:
// squares a1..g7, joined by '-' or not ("a2-a3", "a2a3", "b1-d3-f5"), or
// one square, its destination following as the next word ("a2 a3").
// Shapes, not legality: a wrong one is answered in the guide's words.
func BareMove(word string) bool {
	w := strings.ToLower(word)
	n := 0
	for i := 0; i < len(w); {
		if w[i] == '-' && i > 0 && i+1 < len(w) && w[i-1] != '-' {
			i++
			continue
		}
		if i+2 > len(w) || w[i] < 'a' || w[i] > 'g' || w[i+1] < '1' || w[i+1] > '7' {
			return false
		}
		n++
		i += 2
	}
	return n >= 1 && n <= congo.MaxJumps+1
}

func (s *state) Configure(c bot.Command) (string, error) {
	if c.Verb != "position" {
		return "", fmt.Errorf("%w: %s is not a setup command", bot.ErrBadCommand, c.Verb)
	}
	if len(c.Args) != 1 {
		return "", fmt.Errorf("%w: say position standard or position FEN", bot.ErrBadCommand)
	}
	fen := c.Args[0]
	if strings.EqualFold(fen, "standard") {
		fen = congo.StartFEN
	}
	pos, err := congo.ParseFEN(fen)
	if err != nil {
		return "", err
	}
	if pos.Pieces(congo.White, congo.Lion) == 0 && pos.Pieces(congo.Black, congo.Lion) == 0 {
		return "", fmt.Errorf("%w: no lion on the board: nothing to play for", congo.ErrInvalidFEN)
	}
	s.Start, s.Moves, s.Began = pos.FEN(), "", 0
	if err := s.replay(); err != nil {
		return "", err
	}
	return "Position set: " + s.pos.FEN(), nil
}

func (s *state) Begin() error {
	s.Began = len(s.acts)
	return nil
}

func (s *state) Result() bot.Result {
	if s.ended != nil {
		return *s.ended
	}
	o := s.pos.Outcome()
	r := bot.Result{Over: o != congo.Ongoing, Winner: -1}
	if !r.Over {
		return r
	}
	if c, ok := o.Winner(); ok {
		r.Winner = int(c)
	}
	switch {
	case o == congo.NoLions:
		r.Ending = "no lions"
	case s.pos.Pieces(congo.White, congo.Lion) == 0 || s.pos.Pieces(congo.Black, congo.Lion) == 0:
		r.Ending = "lion taken"
	default:
		r.Ending = "no moves left"
	}
	return r
}

// Undo takes back the last action (seat -1), or the actions since seat's
// last turn began, every jump of that turn included.
func (s *state) Undo(seat int) (int, error) {
	n := len(s.acts)
	if seat >= 0 {
		for n > s.Began && int(s.acts[n-1].by) != seat {
			n--
		}
		if n == s.Began {
			return 0, fmt.Errorf("%w: no move of yours to take back", bot.ErrNoUndo)
		}
		for n > s.Began && int(s.acts[n-1].by) == seat {
			n--
		}
	} else {
		if n == s.Began {
			return 0, fmt.Errorf("%w: no move to take back", bot.ErrNoUndo)
		}
		n--
	}
	took := len(s.acts) - n
	s.pos = s.history[n]
	s.acts, s.history = s.acts[:n], s.history[:n]
	return took, nil
}

func (s *state) AIAct(ctx context.Context, seat int, p bot.AIPlayer, seed int64) (bot.Command, error) {
	if seat != int(s.pos.Turn()) || s.pos.Outcome() != congo.Ongoing {
		return bot.Command{}, fmt.Errorf("%w: %v owes no move", bot.ErrNotYourTurn, congo.Color(seat&1))
	}
	pos := s.pos // the AI sees the position, nothing else
	var m congo.Move
	var err error
	if pl, ok := s.game.programs[strings.ToLower(p.Engine)]; ok {
		return s.programAct(ctx, p.Engine, pl, p)
	}
	switch strings.ToLower(p.Engine) {
	case "":
		if be, ok := s.game.engine.(BudgetEngine); ok && p.Budget > 0 {
			m, err = be.ChooseMoveWithin(ctx, pos, p.Level, p.Budget, seed)
		} else {
			m, err = s.game.engine.ChooseMove(ctx, pos, p.Level, seed)
		}
	case EngineRandom:
		m, err = congoai.Random(pos, seed)
	case EngineNegamax:
		m, err = negamax(ctx, pos, s.game.opts.AdviseDepth)
	default:
		return bot.Command{}, fmt.Errorf("%w: no AI program %q; there are %s", bot.ErrBadCommand, p.Engine, strings.Join(s.game.names, ", "))
	}
	if err != nil {
		return bot.Command{}, err
	}
	return MoveCommand(m), nil
}

// MoveCommand is the command that plays m as a whole turn: "move a2-a3",
// and "move b1-d3 stop" for a monkey's single jump, which alone would
// leave the turn with the monkey.
func MoveCommand(m congo.Move) bot.Command {
	c := bot.Command{Verb: "move", Args: []string{m.Closed().String()}}
	if m.Jumps() == 1 && !m.IsOpen() {
		c.Args = append(c.Args, "stop")
	}
	return c
}

// negamax runs the guide's negamax adviser, giving up (and leaving it to
// finish alone) when ctx is done: the adviser does not watch a context.
func negamax(ctx context.Context, pos congo.Position, depth int) (congo.Move, error) {
	type answer struct {
		m   congo.Move
		err error
	}
	done := make(chan answer, 1)
	go func() {
		m, err := congoai.Negamax(pos, depth)
		done <- answer{m, err}
	}()
	select {
	case a := <-done:
		return a.m, a.err
	case <-ctx.Done():
		return congo.NoMove, ctx.Err()
	}
}

func (s *state) Summary(viewer int) string {
	text := fmt.Sprintf("Turn %d, %v to move.", s.turnNumber(), s.pos.Turn())
	if s.pos.Jumping() {
		text += fmt.Sprintf(" The monkey on %v is jumping.", s.pos.Jumper())
	}
	if o := s.pos.Outcome(); o != congo.Ongoing {
		text = "Game over: " + o.String() + "."
	}
	if s.ended != nil {
		text = bot.OverText(seats(), *s.ended)
	}
	// The guide's players lines, as one line: "white 2E ... 1M, black 2e ... 1m."
	var sides []string
	for _, line := range strings.Split(strings.TrimRight(congo.PlayersText(&s.pos), "\n"), "\n") {
		sides = append(sides, strings.TrimLeft(line, " *"))
	}
	return text + " " + strings.Join(sides, ", ") + "."
}

// turnNumber is the number of the turn being played: whole turns played
// since the start position, plus one. A monkey's jumps taken one at a
// time are one turn.
func (s *state) turnNumber() int {
	n := 1
	for i, a := range s.acts {
		next := s.pos.Turn()
		if i+1 < len(s.acts) {
			next = s.acts[i+1].by
		}
		if next != a.by {
			n++
		}
	}
	return n
}

// Actions offers Stop to the seat to move while its monkey's jumps are
// taken one at a time, and never once the game is over, by the rules or
// by the host.
func (s *state) Actions(seat int) []bot.Action {
	if seat == int(s.pos.Turn()) && s.pos.Jumping() && s.pos.Outcome() == congo.Ongoing && s.ended == nil {
		return []bot.Action{{Label: "Stop", Command: "stop"}}
	}
	return nil
}

var _ bot.Rematcher = (*state)(nil)

// Rematch is the game again in setup: the same start position and setup
// actions, none of the actions of play.
func (s *state) Rematch() (bot.State, error) {
	parts := make([]string, s.Began)
	for i, a := range s.acts[:s.Began] {
		parts[i] = a.text()
	}
	r := &state{Start: s.Start, Moves: strings.Join(parts, " "), game: s.game}
	return r, r.replay()
}
