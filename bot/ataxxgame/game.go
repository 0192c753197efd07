// Package ataxxgame is Ataxx for the bot: its commands (moves, blocks,
// rules, FEN), its notation and its boards, behind bot.Game. The AI seats
// are played by an Engine.
package ataxxgame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/program"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Engine chooses moves for the AI seats.
type Engine interface {
	ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error)
}

// BudgetEngine is an Engine that can think less than its usual time on a
// move, when the game's clock asks (bot.AIPlayer.Budget); *ataxxai.Pool is one.
type BudgetEngine interface {
	ChooseMoveWithin(ctx context.Context, pos ataxx.Position, level int, budget time.Duration, seed int64) (ataxx.Move, error)
}

// Options configure the kind.
type Options struct {
	// Rules is the rule set of new games ("" for the manual's).
	Rules string
	// Engines are the AI programs players may name (start ai:NAME).
	Engines map[string]Engine
	// CS61B selects the CS61B dialect: a game is live from the first
	// command (no start), the speaker plays Red and the AI Blue, blocks
	// are allowed until the first move, AI moves are announced as
	// "* Blue moves a1-b2." and results as "* Red wins.", errors start
	// with "error: ", and nothing else is said.
	CS61B bool
}

// Game is Ataxx as a bot.Kind.
type Game struct {
	engine    Engine
	externals map[string]Engine
	names     []string
	opts      Options
	pictures  picture.Lazy[*kit] // made for the first picture
}

var _ bot.Kind = (*Game)(nil)

// New returns the kind, with engine playing the AI seats (nil: Greedy).
func New(engine Engine, opts Options) *Game {
	if engine == nil {
		engine = Greedy{}
	}
	g := &Game{engine: engine, externals: map[string]Engine{}, opts: opts}
	for name, e := range opts.Engines {
		g.externals[strings.ToLower(name)] = e
		g.names = append(g.names, name)
	}
	slices.Sort(g.names)
	if opts.CS61B && opts.Rules == "" {
		g.opts.Rules = "cs61b"
	}
	return g
}

// Spec declares Ataxx to the host.
func (g *Game) Spec() bot.Spec {
	return bot.Spec{
		Name: "ataxx", Title: "Ataxx", Seats: seats(),
		Commands:  commands(),
		BareMove:  bareMove,
		Undo:      true,
		Rules:     []string{"manual", "cs61b", "uai"},
		Notations: []string{"manual", "uai"},
		Engines:   g.names,
		Live:      g.opts.CS61B,
	}
}

// New returns the starting position in setup under the named rules.
func (g *Game) New(rules string) (bot.State, error) {
	if rules == "" {
		rules = g.opts.Rules
	}
	r := ataxx.DefaultRules
	if rules != "" {
		var err error
		if r, err = ataxx.ParseRules(rules); err != nil {
			return nil, err
		}
	}
	s := &state{Rules: r.String(), Start: ataxx.StartFEN, game: g}
	return s, s.replay()
}

// Decode reads a state written by Encode. Records as Encode writes them
// are read by hand (decodeFast, replayText); anything else by
// json.Unmarshal, so that every record reads as it always has.
func (g *Game) Decode(data []byte) (bot.State, error) {
	s := &state{game: g}
	if moves, ok := s.decodeFast(data); ok {
		return s, replayText(s, moves)
	}
	*s = state{game: g}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("ataxx state: %w", err)
	}
	return s, s.replay()
}

// bareMove recognises a move typed alone: anything ParseMove reads, or
// the shape of one ("h1-h2"), so that a wrong one is answered.
func bareMove(w string) bool {
	if w == "-" {
		return true
	}
	_, err := ataxx.ParseMove(w)
	return err == nil || looksLikeMove(w)
}

// looksLikeMove reports whether s has the shape of a from-to move, like
// "a7-d4" or "h1-h2", so that a wrong one is answered rather than ignored.
func looksLikeMove(s string) bool {
	s = strings.Replace(s, "-", "", 1)
	return len(s) == 4 && isLetter(s[0]) && isDigit(s[1]) && isLetter(s[2]) && isDigit(s[3])
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// commands declares the Ataxx commands.
func commands() []bot.CommandSpec {
	return []bot.CommandSpec{
		{Name: "move", Aliases: []string{"mv"}, Use: bot.Act, Usage: "move FROM-TO | FROM-TO",
			Args:    []bot.Arg{{Name: "move", Desc: "like a7-b6 (clone) or a7-c5 (jump), or b6", Required: true}},
			Summary: "clone (1 square) or jump (2 squares), like a7-b6 or a7-c5; move b6 clones to b6"},
		{Name: "pass", Use: bot.Act, Usage: "pass | -", Summary: "pass, allowed only when you have no move"},
		{Name: "blocks", Use: bot.Configure, Args: []bot.Arg{{Name: "pattern", Desc: "like 3gh", Required: true}},
			Summary: "setup: block squares by the manual's pattern symbols 1-6, a-h (blocks 3gh)"},
		{Name: "block", Use: bot.Configure, Args: []bot.Arg{{Name: "square", Desc: "like c3", Required: true}},
			Summary: "setup: block a square and its reflections (block c3)"},
		{Name: "rules", Use: bot.Configure, Args: []bot.Arg{{Name: "rules", Type: bot.ArgChoice, Choices: []string{"manual", "cs61b", "uai"}, Required: true}},
			Summary: "setup: jump limit 45, 25 (by count) or 100 plies (a draw)"},
		{Name: "setfen", Use: bot.Configure, Usage: "setfen FEN", Args: []bot.Arg{{Name: "fen", Type: bot.ArgRest, Required: true}},
			Summary: "setup: start from a position in FEN"},
		{Name: "fen", Use: bot.Look, Summary: "show the position as FEN"},
		{Name: "dump", Use: bot.Look, Summary: "the board in the manual's dump format"},
		{Name: "show", Use: bot.Look, Summary: "the board with coordinates, score and whose turn"},
	}
}

// Phrase speaks the CS61B dialect when it is on: AI moves and results in
// the staff's format, errors prefixed, nothing else.
func (g *Game) Phrase(a bot.Announcement) string {
	if !g.opts.CS61B {
		return a.Text
	}
	seat := func(i int) string {
		if i < 0 || i >= len(a.Seats) {
			return "?"
		}
		return strings.ToUpper(a.Seats[i][:1]) + a.Seats[i][1:]
	}
	switch a.Topic {
	case bot.TopicPlayed:
		if a.AI {
			return fmt.Sprintf("* %s moves %s.", seat(a.Seat), a.Notation)
		}
	case bot.TopicOver:
		if a.Winner < 0 {
			return "* Draw."
		}
		return fmt.Sprintf("* %s wins.", seat(a.Winner))
	case bot.TopicRefused:
		return "error: " + a.Text
	}
	return ""
}

// state is an Ataxx game: the rules, the position it started from (with
// its blocks), and the moves since, in UAI notation. The current position
// is derived by replaying them.
type state struct {
	Rules string `json:"rules"`
	Start string `json:"start"`
	// Moves is the moves' text in the record: replay reads it, so whoever
	// calls replay sets it first. Between calls it may be stale; the
	// moves are in moves.
	Moves string `json:"moves,omitempty"`
	Began int    `json:"began,omitempty"` // setup moves before play began

	pos   ataxx.Position
	prev  ataxx.Position // before the last move, to write it as players do
	moves []ataxx.Move
	game  *Game
	// ended is how the host ended the game (a resignation, an agreed
	// draw, the flag), nil while the rules decide. It is not in the
	// record: the host's record keeps the ending and tells a decoded
	// state again (bot.Ender).
	ended *bot.Result
}

// seats are Ataxx's seats, in turn order.
func seats() []string { return []string{"red", "blue"} }

var _ bot.Ender = (*state)(nil)

// End is the host ending the game: from then on it is over, and the
// board says how instead of whose move it is.
func (s *state) End(res bot.Result) {
	if s.pos.Outcome() != ataxx.Ongoing || s.ended != nil {
		return
	}
	res.Over, res.Score = true, ""
	s.ended = &res
}

// turnLine is the board's line under the squares: the score and whose
// move it is, or how the game ended.
func (s *state) turnLine() string {
	red, blue := s.pos.Count(ataxx.Red), s.pos.Count(ataxx.Blue)
	if s.ended != nil {
		return fmt.Sprintf("Red (r) %d, Blue (b) %d. %s", red, blue, bot.OverText(seats(), *s.ended))
	}
	if o := s.pos.Outcome(); o != ataxx.Ongoing {
		return fmt.Sprintf("Red (r) %d, Blue (b) %d. Game over: %v", red, blue, o)
	}
	return fmt.Sprintf("Red (r) %d, Blue (b) %d. %v to move.", red, blue, s.pos.Turn())
}

var _ bot.State = (*state)(nil)

// replay rebuilds the position from Start and Moves. It is the reference
// for replayText, which does the same faster and hands non-ASCII text
// back to it.
func (s *state) replay() error {
	rules, err := ataxx.ParseRules(s.Rules)
	if err != nil {
		return err
	}
	pos, err := ataxx.ParseFEN(s.Start)
	if err != nil {
		return err
	}
	pos.SetRules(rules)
	s.moves = s.moves[:0]
	for _, text := range strings.Fields(s.Moves) {
		m, err := ataxx.ParseMove(text)
		prev := pos
		if err == nil {
			m, _, err = pos.Play(m)
		}
		if err != nil {
			return fmt.Errorf("ataxx state: move %d %s: %w", len(s.moves)+1, text, err)
		}
		s.prev = prev
		s.moves = append(s.moves, m)
	}
	if s.Began < 0 || s.Began > len(s.moves) {
		return fmt.Errorf("ataxx state: began %d outside 0..%d", s.Began, len(s.moves))
	}
	s.pos = pos
	return nil
}

// Encode writes the record json.Marshal would write for s, by hand and
// in one allocation (appendState).
func (s *state) Encode() ([]byte, error) {
	return s.appendState(make([]byte, 0, s.stateSize()))
}

func (s *state) Act(seat int, c bot.Command) (bot.Played, error) {
	text := c.Verb
	switch c.Verb {
	case "move":
		if len(c.Args) != 1 {
			return bot.Played{}, fmt.Errorf("%w: say move FROM-TO, like move a7-b6", ataxx.ErrInvalidMove)
		}
		text = c.Args[0]
	case "pass":
		if len(c.Args) != 0 {
			return bot.Played{}, fmt.Errorf("%w: pass takes no square", ataxx.ErrInvalidMove)
		}
		text = "-"
	default:
		switch {
		case len(c.Args) == 1 && len(c.Verb) == 2 && len(c.Args[0]) == 2:
			text = c.Verb + "-" + c.Args[0] // "a7 b6": from and to, as two words
		case len(c.Args) != 0:
			return bot.Played{}, fmt.Errorf("%w: one move at a time: say %s alone", ataxx.ErrInvalidMove, c.Verb)
		}
	}
	if seat != int(s.pos.Turn()) {
		return bot.Played{}, fmt.Errorf("%w: %v is to move", bot.ErrNotYourTurn, s.pos.Turn())
	}
	m, err := ataxx.ParseMove(text)
	if err != nil {
		return bot.Played{}, err
	}
	if !m.IsPass() {
		if from := m.From(); (!m.IsClone() || from != m.To()) && !s.pos.Pieces(s.pos.Turn()).Has(from) {
			return bot.Played{}, fmt.Errorf("%w: %v holds no %v piece", ataxx.ErrInvalidMove, from, s.pos.Turn())
		}
	}
	before := s.pos
	played, _, err := s.pos.Play(m)
	if err != nil {
		return bot.Played{}, err
	}
	s.prev = before
	s.moves = append(s.moves, played)
	if m.IsClone() && m.From() != m.To() {
		played = m // keep the origin the player named
	}
	return bot.Played{Notation: before.ManualNotation(played), Pass: played.IsPass()}, nil
}

func (s *state) Configure(c bot.Command) (string, error) {
	switch c.Verb {
	case "blocks", "block":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say blocks PATTERN (like blocks 3gh) or block CR (like block c3)", ataxx.ErrInvalidPattern)
		}
		parse := ataxx.ParseBlockPattern
		if c.Verb == "block" {
			parse = ataxx.ParseBlock
		}
		b, err := parse(c.Args[0])
		if err != nil {
			return "", err
		}
		if err := s.addBlocks(b); err != nil {
			return "", fmt.Errorf("cannot block %s: %w", c.Args[0], err)
		}
		return "Blocks placed; say dump to see the board.", nil
	case "rules":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say rules manual, cs61b or uai", ataxx.ErrInvalidRules)
		}
		r, err := ataxx.ParseRules(c.Args[0])
		if err != nil {
			return "", err
		}
		old := s.Rules
		s.Rules, s.Moves = r.String(), joinMoves(s.moves)
		if err := s.replay(); err != nil {
			s.Rules = old
			if err := s.replay(); err != nil {
				return "", err
			}
			return "", fmt.Errorf("%w: the setup moves already end the game under %s", ataxx.ErrInvalidRules, r)
		}
		return fmt.Sprintf("Rules: %s (%d non-extending moves in a row end the game).", r, r.JumpLimit()), nil
	case "setfen":
		fen := strings.Join(c.Args, " ")
		if _, err := ataxx.ParseFEN(fen); err != nil {
			return "", err
		}
		old, oldMoves := s.Start, s.moves
		s.Start, s.moves, s.Moves = fen, nil, ""
		if err := s.replay(); err != nil {
			s.Start, s.moves = old, oldMoves
			return "", err
		}
		return "Position set: " + s.pos.FEN(), nil
	}
	return "", fmt.Errorf("%w: %s is not a setup command", bot.ErrBadCommand, c.Verb)
}

// addBlocks puts blocks on the starting position and replays the setup
// moves over them; if a piece stands or went there, nothing changes.
func (s *state) addBlocks(b ataxx.Bitboard) error {
	start, err := ataxx.ParseFEN(s.Start)
	if err != nil {
		return err
	}
	if taken := b & (s.pos.Pieces(ataxx.Red) | s.pos.Pieces(ataxx.Blue) | start.Pieces(ataxx.Red) | start.Pieces(ataxx.Blue)); taken != 0 {
		var where []string
		for _, sq := range taken.Squares() {
			where = append(where, sq.String())
		}
		return fmt.Errorf("%w: a piece stands on %s", ataxx.ErrOccupied, strings.Join(where, ", "))
	}
	if err := start.AddBlocks(b); err != nil {
		return err
	}
	old := s.Start
	s.Start = start.FEN()
	s.Moves = joinMoves(s.moves)
	if err := s.replay(); err != nil {
		s.Start = old
		_ = s.replay()
		return fmt.Errorf("%w: a setup move went through a square the blocks would cover", ataxx.ErrOccupied)
	}
	return nil
}

func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	if len(c.Args) > 0 {
		return bot.Reply{}, fmt.Errorf("%s takes no arguments (setfen FEN sets up a position)", c.Verb)
	}
	switch c.Verb {
	case "dump":
		return bot.Reply{Text: strings.TrimSuffix(s.pos.Dump(), "\n"), Mono: true}, nil
	case "fen":
		return bot.Reply{Text: s.pos.FEN()}, nil
	}
	return s.Board(viewer), nil
}

// Board is the board with coordinates, the score and the last move.
func (s *state) Board(viewer int) bot.Reply {
	text := s.pos.Pretty()
	if s.ended != nil {
		// The engine's last line says whose move it is: the host ended
		// the game, so it says how instead.
		text = text[:strings.LastIndex(strings.TrimSuffix(text, "\n"), "\n")+1] + s.turnLine() + "\n"
	}
	if n := len(s.moves); n > 0 {
		// Moves are counted as everywhere the host counts them: each
		// side's turn is one (a game of 12 moves ends on move 12).
		text += fmt.Sprintf("Move %d, last %s. Rules %s.\n", n, s.prev.ManualNotation(s.moves[n-1]), s.Rules)
	}
	return bot.Reply{Text: strings.TrimSuffix(text, "\n"), Mono: true}
}

func (s *state) Begin() error {
	s.Began = len(s.moves)
	return nil
}

func (s *state) Pending() []int {
	if s.pos.Outcome() != ataxx.Ongoing || s.ended != nil {
		return nil
	}
	return []int{int(s.pos.Turn())}
}

func (s *state) Result() bot.Result {
	if s.ended != nil {
		r := *s.ended
		r.Score = s.score()
		return r
	}
	o := s.pos.Outcome()
	r := bot.Result{Over: o != ataxx.Ongoing, Winner: -1, Score: s.score()}
	if c, ok := o.Winner(); ok {
		r.Winner = int(c)
	}
	if r.Over {
		red, blue := s.pos.Count(ataxx.Red), s.pos.Count(ataxx.Blue)
		switch {
		case red == 0 || blue == 0:
			r.Ending = "no pieces left"
		case s.pos.Halfmove() >= s.pos.Rules().JumpLimit():
			r.Ending = bot.Ending(fmt.Sprintf("jump limit: %d moves without a clone", s.pos.Rules().JumpLimit()))
		default:
			r.Ending = "no moves left"
		}
	}
	return r
}

func (s *state) score() string {
	return fmt.Sprintf("Red %d, Blue %d.", s.pos.Count(ataxx.Red), s.pos.Count(ataxx.Blue))
}

// Undo takes back moves until seat is to move again before its last
// move (seat -1: the last move).
func (s *state) Undo(seat int) (int, error) {
	made := len(s.moves) - s.Began
	plies := 1
	if seat >= 0 && int(s.pos.Turn()) == seat {
		plies = 2
	}
	if made < plies {
		return 0, fmt.Errorf("%w: no move of yours to take back", bot.ErrNoUndo)
	}
	s.moves = s.moves[:len(s.moves)-plies]
	s.Moves = joinMoves(s.moves)
	return plies, s.replay()
}

func (s *state) AIAct(ctx context.Context, seat int, p bot.AIPlayer, seed int64) (bot.Command, error) {
	engine := s.game.engine
	if p.Engine != "" {
		var ok bool
		if engine, ok = s.game.externals[strings.ToLower(p.Engine)]; !ok {
			return bot.Command{}, fmt.Errorf("%w: no engine %q is configured", bot.ErrBadCommand, p.Engine)
		}
	}
	var m ataxx.Move
	var err error
	if be, ok := engine.(BudgetEngine); ok && p.Budget > 0 {
		m, err = be.ChooseMoveWithin(ctx, s.pos, p.Level, p.Budget, seed)
	} else {
		m, err = engine.ChooseMove(ctx, s.pos, p.Level, seed)
	}
	if err == nil && p.Engine != "" {
		err = s.pos.Legal(m) // a program's move is checked here: an illegal one loses
	}
	if err != nil {
		if p.Engine != "" && ctx.Err() == nil && !program.CannotStart(err) {
			return bot.Command{}, &bot.ProgramError{Reason: programReason(err), Err: err}
		}
		return bot.Command{}, err
	}
	return bot.Command{Verb: "move", Args: []string{m.String()}}, nil
}

// programReason says how an engine failed, in the plain words of the
// game's ending: a move the rules refuse is an illegal move, the rest as
// every kind says it (program.Reason).
func programReason(err error) bot.Ending {
	if errors.Is(err, ataxx.ErrIllegalMove) || errors.Is(err, ataxx.ErrGameOver) {
		return program.Illegal
	}
	return program.Reason(err)
}

func (s *state) Summary(viewer int) string {
	return fmt.Sprintf("Rules %s. %s", s.Rules, s.score())
}

// Actions offers Pass when the side to move can only pass: it has no
// clone or jump, and the game goes on (the other side can move, and
// neither the rules nor the host have ended it).
func (s *state) Actions(seat int) []bot.Action {
	if seat == int(s.pos.Turn()) && !s.pos.HasMoves(s.pos.Turn()) && !s.over() {
		return []bot.Action{{Label: "Pass", Command: "pass"}}
	}
	return nil
}

var _ bot.Rematcher = (*state)(nil)

// Rematch is the game again in setup: the same rules, start position
// (blocks included) and setup moves, none of the moves of play.
func (s *state) Rematch() (bot.State, error) {
	r := &state{Rules: s.Rules, Start: s.Start, Moves: joinMoves(s.moves[:s.Began]), game: s.game}
	return r, r.replay()
}
