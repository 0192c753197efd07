// Package ataxxgame is Ataxx for the bot: its commands (moves, blocks,
// rules, FEN), its notation and its boards, behind bot.Game. The AI seats
// are played by an Engine.
package ataxxgame

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Engine chooses moves for the AI seats.
type Engine interface {
	ChooseMove(ctx context.Context, pos ataxx.Position, level int, seed int64) (ataxx.Move, error)
}

// Game is Ataxx as a bot.Game.
type Game struct {
	engine    Engine
	externals map[string]Engine
}

var _ bot.Game = (*Game)(nil)

// New returns the game, with engine playing the AI seats (nil: Greedy) and
// externals the engines players may name (start ai:NAME).
func New(engine Engine, externals ...map[string]Engine) *Game {
	if engine == nil {
		engine = Greedy{}
	}
	g := &Game{engine: engine, externals: map[string]Engine{}}
	for _, m := range externals {
		for name, e := range m {
			g.externals[strings.ToLower(name)] = e
		}
	}
	return g
}

// Name returns "ataxx".
func (g *Game) Name() string { return "ataxx" }

// Seats returns red and blue: Red moves first.
func (g *Game) Seats() []string { return []string{"red", "blue"} }

// New returns the starting position in setup under the named rules.
func (g *Game) New(rules string) (bot.State, error) {
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

// Decode reads a state written by Encode.
func (g *Game) Decode(data []byte) (bot.State, error) {
	s := &state{game: g}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("ataxx state: %w", err)
	}
	return s, s.replay()
}

// Classify sorts the Ataxx commands; anything ParseMove reads is a move.
func (g *Game) Classify(c bot.Command) bot.Kind {
	switch c.Verb {
	case "move", "pass", "-", "mv":
		return bot.Move
	case "blocks", "block", "rules":
		return bot.Setup
	case "fen":
		if len(c.Args) > 0 {
			return bot.Setup
		}
		return bot.View
	case "dump", "board", "show":
		return bot.View
	}
	if _, err := ataxx.ParseMove(c.Verb); err == nil || looksLikeMove(c.Verb) {
		return bot.Move
	}
	return bot.NotGame
}

// looksLikeMove reports whether s has the shape of a from-to move, like
// "a7-d4" or "h1-h2", so that a wrong one is answered rather than ignored.
func looksLikeMove(s string) bool {
	s = strings.Replace(s, "-", "", 1)
	return len(s) == 4 && isLetter(s[0]) && isDigit(s[1]) && isLetter(s[2]) && isDigit(s[3])
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// Help lists the Ataxx commands.
func (g *Game) Help() []bot.HelpLine {
	return []bot.HelpLine{
		{Name: "move", Usage: "move FROM-TO | FROM-TO", Summary: "clone (1 square) or jump (2 squares), like a7-b6 or a7-c5; move b6 clones to b6"},
		{Name: "pass", Usage: "pass | -", Summary: "pass, allowed only when you have no move"},
		{Name: "blocks", Usage: "blocks PATTERN", Summary: "setup: block squares by the manual's pattern symbols 1-6, a-h (blocks 3gh)"},
		{Name: "block", Usage: "block CR", Summary: "setup: block a square and its reflections (block c3)"},
		{Name: "rules", Usage: "rules manual|cs61b|uai", Summary: "setup: jump limit 45, 25 (by count) or 100 plies (a draw)"},
		{Name: "fen", Usage: "fen [FEN]", Summary: "show the position as FEN; in setup, start from FEN"},
		{Name: "dump", Usage: "dump", Summary: "the board in the manual's dump format"},
		{Name: "board", Usage: "board", Summary: "the board with coordinates, score and whose turn"},
	}
}

// state is an Ataxx game: the rules, the position it started from (with
// its blocks), and the moves since, in UAI notation. The current position
// is derived by replaying them.
type state struct {
	Rules string `json:"rules"`
	Start string `json:"start"`
	Moves string `json:"moves,omitempty"`
	Began int    `json:"began,omitempty"` // setup moves before play began

	pos   ataxx.Position
	prev  ataxx.Position // before the last move, to write it as players do
	moves []ataxx.Move
	game  *Game
}

var _ bot.State = (*state)(nil)

// replay rebuilds the position from Start and Moves.
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

func (s *state) Encode() ([]byte, error) {
	var b strings.Builder
	for i, m := range s.moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	s.Moves = b.String()
	return json.Marshal(s)
}

func (s *state) Move(c bot.Command) (bot.Played, error) {
	text := c.Verb
	switch c.Verb {
	case "move", "mv":
		if len(c.Args) != 1 {
			return bot.Played{}, fmt.Errorf("%w: say move FROM-TO, like move a7-b6", ataxx.ErrInvalidMove)
		}
		text = c.Args[0]
	case "pass":
		text = "-"
	}
	m, err := ataxx.ParseMove(text)
	if err != nil {
		return bot.Played{}, err
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
	return bot.Played{Seat: int(before.Turn()), Notation: before.ManualNotation(played)}, nil
}

func (s *state) Setup(c bot.Command) (string, error) {
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
		return "Blocks placed; say dump to see the board.", s.addBlocks(b)
	case "rules":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say rules manual, cs61b or uai", ataxx.ErrInvalidRules)
		}
		r, err := ataxx.ParseRules(c.Args[0])
		if err != nil {
			return "", err
		}
		old := s.Rules
		s.Rules = r.String()
		if err := s.replay(); err != nil {
			s.Rules = old
			if err := s.replay(); err != nil {
				return "", err
			}
			return "", fmt.Errorf("%w: the setup moves already end the game under %s", ataxx.ErrInvalidRules, r)
		}
		return fmt.Sprintf("Rules: %s (%d non-extending moves in a row end the game).", r, r.JumpLimit()), nil
	case "fen":
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
	if err := start.AddBlocks(b); err != nil {
		return err
	}
	if taken := b & (s.pos.Pieces(ataxx.Red) | s.pos.Pieces(ataxx.Blue)); taken != 0 {
		return fmt.Errorf("%w: cannot put a block on %v, it holds a piece", ataxx.ErrOccupied, taken.First())
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

func joinMoves(ms []ataxx.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	switch c.Verb {
	case "dump":
		return bot.Reply{Text: strings.TrimSuffix(s.pos.Dump(), "\n"), Mono: true}, nil
	case "fen":
		return bot.Reply{Text: s.pos.FEN()}, nil
	}
	text := s.pos.Pretty()
	if n := len(s.moves); n > 0 {
		text += fmt.Sprintf("Move %d, last %s. Rules %s.\n", s.pos.Fullmove(), s.prev.ManualNotation(s.moves[n-1]), s.Rules)
	}
	return bot.Reply{Text: strings.TrimSuffix(text, "\n"), Mono: true}, nil
}

func (s *state) Begin() { s.Began = len(s.moves) }

func (s *state) ToMove() int { return int(s.pos.Turn()) }

func (s *state) Result() bot.Result {
	o := s.pos.Outcome()
	r := bot.Result{Over: o != ataxx.Ongoing, Winner: -1, Score: s.score()}
	if c, ok := o.Winner(); ok {
		r.Winner = int(c)
	}
	return r
}

func (s *state) score() string {
	return fmt.Sprintf("Red %d, Blue %d.", s.pos.Count(ataxx.Red), s.pos.Count(ataxx.Blue))
}

func (s *state) Undo(plies int) error {
	if plies < 1 || len(s.moves)-plies < s.Began {
		return fmt.Errorf("%w: cannot take back %d moves, %d made since the start", bot.ErrBadCommand, plies, len(s.moves)-s.Began)
	}
	s.moves = s.moves[:len(s.moves)-plies]
	s.Moves = joinMoves(s.moves)
	return s.replay()
}

func (s *state) Plies() int { return len(s.moves) - s.Began }

func (s *state) AIMove(ctx context.Context, p bot.AIPlayer, seed int64) (bot.Command, error) {
	engine := s.game.engine
	if p.Engine != "" {
		var ok bool
		if engine, ok = s.game.externals[strings.ToLower(p.Engine)]; !ok {
			return bot.Command{}, fmt.Errorf("%w: no engine %q is configured", bot.ErrBadCommand, p.Engine)
		}
	}
	m, err := engine.ChooseMove(ctx, s.pos, p.Level, seed+int64(len(s.moves)))
	if err != nil {
		return bot.Command{}, err
	}
	return bot.Command{Verb: "move", Args: []string{m.String()}}, nil
}

func (s *state) Summary() string {
	return fmt.Sprintf("Rules %s. %s %v to move.", s.Rules, s.score(), s.pos.Turn())
}

func (s *state) MustPass() bool {
	return !s.pos.HasMoves(s.pos.Turn()) && s.pos.Outcome() == ataxx.Ongoing
}
