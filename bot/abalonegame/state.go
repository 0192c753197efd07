package abalonegame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// record is a state as stored: the start position (a layout name, or the
// position text of one set up by hand), the moves since in standard
// notation, how many of them were made before play began, and the
// table's notation.
type record struct {
	Start    string `json:"start"`
	Moves    string `json:"moves,omitempty"`
	Began    int    `json:"began,omitempty"`
	Notation string `json:"notation,omitempty"`
}

// state is one table's game: the record, and the position it leads to.
type state struct {
	start    abalone.Position
	moves    []abalone.Move
	began    int
	notation abalone.Notation
	pos      abalone.Position
	game     *Game
	// playing says play is known to have begun: Begin was called, or a
	// decoded record had moves before play. A record whose play began
	// with no move before it reads the same as a setup, so a decoded
	// state may not know (see Surface).
	playing bool
	// ended is how the host ended the game (a resignation, an agreed
	// draw, the flag), nil while the rules decide. It is not in the
	// record: the host's record keeps the ending and tells a decoded
	// state again (bot.Ender).
	ended *bot.Result
}

var _ bot.State = (*state)(nil)

// seats are Abalone's seats, in turn order.
func seats() []string { return []string{"black", "white"} }

var _ bot.Ender = (*state)(nil)

// End is the host ending the game: from then on it is over, and the
// board says how instead of whose move it is.
func (s *state) End(res bot.Result) {
	if s.pos.IsOver() || s.ended != nil {
		return
	}
	res.Over, res.Score = true, ""
	s.ended = &res
}

// over reports whether the game has ended, by the rules or the host.
func (s *state) over() bool { return s.pos.IsOver() || s.ended != nil }

// load sets s from r, replaying and checking every move.
func (s *state) load(r record) error {
	start, err := abalone.ParsePosition(r.Start)
	if err != nil {
		return err
	}
	n := abalone.Standard
	if r.Notation != "" {
		if n, err = abalone.ParseNotation(r.Notation); err != nil {
			return err
		}
	}
	p := start
	var moves []abalone.Move
	for _, tok := range strings.Fields(r.Moves) {
		m, err := p.ParseMoveIn(tok, abalone.Standard)
		if err != nil {
			return fmt.Errorf("ply %d: %w", len(moves)+1, err)
		}
		p.MakeMove(m)
		moves = append(moves, m)
	}
	if r.Began < 0 || r.Began > len(moves) {
		return fmt.Errorf("%w: began %d outside 0..%d", abalone.ErrInvalidGame, r.Began, len(moves))
	}
	s.start, s.moves, s.began, s.notation, s.pos = start, moves, r.Began, n, p
	s.playing = r.Began > 0
	return nil
}

// startText names the start position: its layout when it is one, else
// its position text.
func startText(p abalone.Position) string {
	for _, l := range abalone.AllLayouts() {
		if abalone.NewPosition(l) == p {
			return l.String()
		}
	}
	return p.Text()
}

func (s *state) Encode() ([]byte, error) {
	r := record{Start: startText(s.start), Began: s.began}
	if s.notation != abalone.Standard {
		r.Notation = s.notation.String()
	}
	parts := make([]string, len(s.moves))
	for i, m := range s.moves {
		parts[i] = m.String()
	}
	r.Moves = strings.Join(parts, " ")
	return json.Marshal(r)
}

func (s *state) Pending() []int {
	if s.over() {
		return nil
	}
	return []int{int(s.pos.Turn())}
}

// Act plays a move (by move MOVE or typed alone, in either notation) or
// changes the table's notation.
func (s *state) Act(seat int, c bot.Command) (bot.Played, error) {
	if s.over() {
		return bot.Played{}, fmt.Errorf("%w: the game is over (%v)", abalone.ErrGameOver, s.pos.Outcome())
	}
	if seat != int(s.pos.Turn()) {
		return bot.Played{}, fmt.Errorf("%w: %v is to move", bot.ErrNotYourTurn, s.pos.Turn())
	}
	switch c.Verb {
	case "notation":
		if len(c.Args) != 1 {
			return bot.Played{}, fmt.Errorf("%w: say notation standard or notation amalone", bot.ErrBadCommand)
		}
		n, err := abalone.ParseNotation(c.Args[0])
		if err != nil {
			return bot.Played{}, err
		}
		s.notation = n
		return bot.Played{Public: notationNote(n)}, nil
	case "move", "mv":
		if len(c.Args) != 1 {
			return bot.Played{}, fmt.Errorf("%w: say move MOVE, like move a1b2 or move 1B0-GG", abalone.ErrInvalidMove)
		}
		return s.play(c.Args[0])
	}
	if len(c.Args) != 0 {
		return bot.Played{}, fmt.Errorf("%w: one move at a time: say %s alone", abalone.ErrInvalidMove, c.Verb)
	}
	return s.play(c.Verb)
}

func notationNote(n abalone.Notation) string {
	if n == abalone.AMalone {
		return "Notation: aMalone (moves like 1B0-GG, 3A0-F0l; cells A0..F9 and GG). Both notations are still read."
	}
	return "Notation: standard (moves like a1b2, c6c7d6; rows A..I, diagonals 1..9). Both notations are still read."
}

// play makes the move text says for the side to move.
func (s *state) play(text string) (bot.Played, error) {
	m, err := s.pos.ParseMove(text)
	if err != nil {
		return bot.Played{}, refusal(&s.pos, text, s.notation, err)
	}
	before := s.pos
	desc := before.Describe(m, s.notation)
	eff, _, err := s.pos.Play(m)
	if err != nil {
		return bot.Played{}, err
	}
	s.moves = append(s.moves, m)
	_, what, _ := strings.Cut(desc, ": ")
	public := what + "."
	if eff.Ejected {
		public += " " + lostText(&s.pos)
	}
	return bot.Played{Notation: before.FormatMove(m, s.notation), Public: public}, nil
}

// lostText is the marbles each side has lost: "Lost: black 0, white 1."
func lostText(p *abalone.Position) string {
	return fmt.Sprintf("Lost: black %d, white %d.", p.Lost(abalone.Black), p.Lost(abalone.White))
}

// Configure applies the setup commands: the notation written, a layout,
// marbles put or taken away, who begins, marbles already lost, a saved
// game.
func (s *state) Configure(c bot.Command) (string, error) {
	switch c.Verb {
	case "write":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say write standard or write amalone", bot.ErrBadCommand)
		}
		n, err := abalone.ParseNotation(c.Args[0])
		if err != nil {
			return "", err
		}
		s.notation = n
		return notationNote(n), nil
	case "layout":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say layout standard, belgian or german", bot.ErrBadCommand)
		}
		l, err := abalone.ParseLayout(c.Args[0])
		if err != nil {
			return "", err
		}
		s.reset(abalone.NewPosition(l), nil)
		return fmt.Sprintf("Layout: %v, Black to move.", l), nil
	case "put", "set":
		if len(c.Args) < 2 {
			return "", fmt.Errorf("%w: say put black|white CELL..., like put white e5", bot.ErrBadCommand)
		}
		color, err := parseColor(c.Args[0])
		if err != nil {
			return "", err
		}
		return s.edit(c.Args[1:], func(p *abalone.Position, cl abalone.Cell) error { return p.Put(cl, color) },
			fmt.Sprintf("Put %v on", color))
	case "remove", "take":
		if len(c.Args) == 0 {
			return "", fmt.Errorf("%w: say remove CELL..., like remove e5", bot.ErrBadCommand)
		}
		return s.edit(c.Args, func(p *abalone.Position, cl abalone.Cell) error { p.Remove(cl); return nil }, "Took away")
	case "empty":
		if len(c.Args) != 0 {
			return "", fmt.Errorf("%w: empty takes no arguments", bot.ErrBadCommand)
		}
		var p abalone.Position
		p.SetTurn(s.pos.Turn())
		s.reset(p, nil)
		return "The board is empty; put marbles with put black|white CELL...", nil
	case "turn", "first":
		if len(c.Args) != 1 {
			return "", fmt.Errorf("%w: say turn black or turn white", bot.ErrBadCommand)
		}
		color, err := parseColor(c.Args[0])
		if err != nil {
			return "", err
		}
		p := s.pos
		p.SetTurn(color)
		s.reset(p, nil)
		return fmt.Sprintf("%s begins.", capital(color.String())), nil
	case "lost":
		if len(c.Args) != 2 {
			return "", fmt.Errorf("%w: say lost black|white N", bot.ErrBadCommand)
		}
		color, err := parseColor(c.Args[0])
		if err != nil {
			return "", err
		}
		n, err := strconv.Atoi(c.Args[1])
		if err != nil || n < 0 || n >= abalone.WinningLosses {
			return "", fmt.Errorf("%w: lost takes a number from 0 to %d", bot.ErrBadCommand, abalone.WinningLosses-1)
		}
		p := s.pos
		if err := p.SetLost(color, n); err != nil {
			return "", err
		}
		s.reset(p, nil)
		return lostText(&s.pos), nil
	case "load":
		text := strings.Join(c.Args, " ") // the engine reads a pasted "abalone load ..." as well
		start, moves, err := abalone.ParseGame(text)
		if err != nil {
			return "", err
		}
		p, err := abalone.Replay(start, moves)
		if err != nil {
			return "", fmt.Errorf("%w: %w", abalone.ErrInvalidGame, err)
		}
		if p.IsOver() {
			return "", fmt.Errorf("%w: that game is over (%v); nothing is left to play", abalone.ErrGameOver, p.Outcome())
		}
		s.reset(start, moves)
		return fmt.Sprintf("Loaded: %s start, %d moves; %v to move. %s", startName(start), len(moves), s.pos.Turn(), lostText(&s.pos)), nil
	}
	return "", fmt.Errorf("%w: %s is not a setup command", bot.ErrBadCommand, c.Verb)
}

// startName is how a start position is named in replies.
func startName(p abalone.Position) string {
	if t := startText(p); !strings.Contains(t, "/") {
		return t
	}
	return "a set-up"
}

// reset makes start (and moves from it) the game before play.
func (s *state) reset(start abalone.Position, moves []abalone.Move) {
	s.start, s.moves, s.began = start, moves, 0
	s.pos, _ = abalone.Replay(start, moves) // checked by the callers
}

// edit applies f to each cell of words in the current position, which
// becomes the start (setup moves made before are kept in it, as a board
// edited by hand keeps what was played). Nothing changes if any fails.
func (s *state) edit(words []string, f func(*abalone.Position, abalone.Cell) error, done string) (string, error) {
	p := s.pos
	var names []string
	for _, w := range words {
		cl, err := abalone.ParseCellIn(w, s.notation)
		if err != nil {
			return "", fmt.Errorf("%w (cells are in %v notation here)", err, s.notation)
		}
		if err := f(&p, cl); err != nil {
			return "", fmt.Errorf("%s: %w", cl.Name(s.notation), err)
		}
		names = append(names, cl.Name(s.notation))
	}
	s.reset(p, nil)
	return fmt.Sprintf("%s %s. Black %d, white %d on the board; %v to move.", done, strings.Join(names, ", "),
		p.Count(abalone.Black), p.Count(abalone.White), p.Turn()), nil
}

func parseColor(w string) (abalone.Color, error) {
	switch strings.ToLower(w) {
	case "black", "b":
		return abalone.Black, nil
	case "white", "w":
		return abalone.White, nil
	}
	return abalone.Black, fmt.Errorf("%w: %q is no colour: say black or white", bot.ErrBadCommand, cutWord(w))
}

func cutWord(w string) string {
	if len(w) > 20 {
		return w[:20] + "..."
	}
	return w
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *state) Begin() error {
	s.began, s.playing = len(s.moves), true
	return nil
}

// View answers the Look commands: save, show and position.
func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	n := s.notation
	if len(c.Args) > 1 || len(c.Args) == 1 && c.Verb == "position" {
		return bot.Reply{}, fmt.Errorf("%s takes at most a notation", c.Verb)
	}
	if len(c.Args) == 1 {
		var err error
		if n, err = abalone.ParseNotation(c.Args[0]); err != nil {
			return bot.Reply{}, err
		}
	}
	switch c.Verb {
	case "save":
		text, err := abalone.FormatGame(s.start, s.moves, n)
		if err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: loadCommand(text), Mono: true}, nil
	case "position", "pos":
		return bot.Reply{Text: s.pos.Text() + "\n" + s.pos.MarbleList(), Mono: true}, nil
	}
	return s.board(n), nil
}

// Board is the hexagon in the table's notation, the marbles lost, whose
// turn, and the last move.
func (s *state) Board(viewer int) bot.Reply { return s.board(s.notation) }

// board draws the position in notation n. The last move goes on the
// render's last line (whose turn, or the result), so the block is no
// taller than the engine's: a chat shows a board of about a dozen lines
// in a channel.
func (s *state) board(n abalone.Notation) bot.Reply {
	text := strings.TrimSuffix(s.pos.Render(n), "\n")
	if s.ended != nil {
		// The render's last line says whose move it is: the host ended
		// the game, so it says how instead.
		text = text[:strings.LastIndex(text, "\n")+1] + bot.OverText(seats(), *s.ended)
	}
	if k := len(s.moves); k > 0 {
		prev, err := abalone.Replay(s.start, s.moves[:k-1])
		if err == nil {
			text += fmt.Sprintf("; last %v %s, ply %d", prev.Turn(), prev.FormatMove(s.moves[k-1], n), k)
		}
	}
	return bot.Reply{Text: text, Mono: true}
}

func (s *state) Summary(viewer int) string {
	return fmt.Sprintf("%s start, %v notation, %d moves. %s", capital(startName(s.start)), s.notation, len(s.moves), lostText(&s.pos))
}

// Actions: Abalone has no act besides a move, so nothing to offer.
func (s *state) Actions(seat int) []bot.Action { return nil }

// The ways a game of Abalone ends.
const (
	EndSixOff bot.Ending = "six marbles off"
	EndNoMove bot.Ending = "no legal move"
)

func (s *state) Result() bot.Result {
	if s.ended != nil {
		r := *s.ended
		r.Score = lostText(&s.pos)
		return r
	}
	r := bot.Result{Winner: -1, Score: lostText(&s.pos)}
	c, ok := s.pos.Outcome().Winner()
	if !ok {
		return r
	}
	r.Over, r.Winner, r.Ending = true, int(c), EndNoMove
	if s.pos.Lost(c.Other()) >= abalone.WinningLosses {
		r.Ending = EndSixOff
	}
	return r
}

// Undo takes back the moves since seat's last move, that move included,
// or the last move when seat is -1; never a move made before play began.
func (s *state) Undo(seat int) (int, error) {
	n := 0
	if seat < 0 {
		n = 1
	} else {
		first := s.start.Turn()
		for i := len(s.moves) - 1; i >= s.began; i-- {
			if (int(first)+i)%2 == seat {
				n = len(s.moves) - i
				break
			}
		}
	}
	if n == 0 || len(s.moves)-n < s.began {
		return 0, fmt.Errorf("%w: no move of yours to take back", bot.ErrNoUndo)
	}
	s.moves = s.moves[:len(s.moves)-n]
	p, err := abalone.Replay(s.start, s.moves)
	if err != nil {
		return 0, err
	}
	s.pos = p
	return n, nil
}

// errNoEngine: an AI program was named that the kind's options do not.
var errNoEngine = errors.New("no such AI program")

// AIAct asks the engine, or the UGI program named (p.Engine), for seat's
// move, within ctx.
func (s *state) AIAct(ctx context.Context, seat int, p bot.AIPlayer, seed int64) (bot.Command, error) {
	if s.pos.IsOver() {
		return bot.Command{}, fmt.Errorf("%w: %v", abalone.ErrGameOver, s.pos.Outcome())
	}
	if seat != int(s.pos.Turn()) {
		return bot.Command{}, fmt.Errorf("%w: %v is to move", bot.ErrNotYourTurn, s.pos.Turn())
	}
	if p.Engine != "" {
		pl, ok := s.game.programs[strings.ToLower(p.Engine)]
		if !ok {
			if len(s.game.names) == 0 {
				return bot.Command{}, fmt.Errorf("%w: %q; Abalone plays its own AI", errNoEngine, p.Engine)
			}
			return bot.Command{}, fmt.Errorf("%w: %q; there are %s", errNoEngine, p.Engine, strings.Join(s.game.names, ", "))
		}
		return s.programAct(ctx, p.Engine, pl, p)
	}
	level := min(max(p.Level, 1), 10)
	var m abalone.Move
	var err error
	if be, ok := s.game.engine.(BudgetEngine); ok && p.Budget > 0 {
		m, err = be.ChooseMoveWithin(ctx, s.pos, level, p.Budget, seed)
	} else {
		m, err = s.game.engine.ChooseMove(ctx, s.pos, level, seed)
	}
	if err != nil {
		return bot.Command{}, err
	}
	return bot.Command{Verb: "move", Args: []string{m.String()}}, nil
}

// loadCommand writes a saved game as the command that loads it: "abalone
// load START" and the moves on indented lines, which the console's load
// FILE reads as the same command (a line that starts with a space goes on
// the line before), and which pasted after the prefix loads it in chat.
func loadCommand(saved string) string {
	lines := strings.Split(strings.TrimSuffix(saved, "\n"), "\n")
	if head, ok := strings.CutPrefix(lines[0], "abalone "); ok {
		lines[0] = "abalone load " + head
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	return strings.Join(lines, "\n")
}

var _ bot.Rematcher = (*state)(nil)

// Rematch is the game again in setup: the position as it stood when play
// began (the start, set up by hand or loaded, and the moves before play:
// marbles, side to move and lost counts) and the table's notation; none
// of the moves of play.
func (s *state) Rematch() (bot.State, error) {
	moves := append([]abalone.Move(nil), s.moves[:s.began]...)
	pos, err := abalone.Replay(s.start, moves)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", abalone.ErrInvalidGame, err)
	}
	return &state{start: s.start, moves: moves, notation: s.notation, pos: pos, game: s.game}, nil
}
