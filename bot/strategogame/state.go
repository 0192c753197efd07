package strategogame

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Forfeit endings: how an AI program loses by the manual's rules (the
// manager's reasons, in chat's words).
const (
	EndBadSetup  bot.Ending = "bad setup"
	EndIllegal   bot.Ending = "illegal move"
	EndBadAnswer bot.Ending = "bad response"
	EndTimeout   bot.Ending = "timed out"
	EndExited    bot.Ending = "agent exited"
	EndSurrender bot.Ending = "surrendered"
)

var forfeitEndings = []bot.Ending{EndBadSetup, EndIllegal, EndBadAnswer, EndTimeout, EndExited, EndSurrender, bot.EndResigned}

// forfeitVerb is the action an AIAct returns when an AI program lost the
// game by failing; it is not declared in the Spec, so people cannot type
// it (the host refuses undeclared words).
const forfeitVerb = "forfeit"

// record is the game as the host stores it: everything else is derived
// by replaying it.
type record struct {
	Rules string `json:"rules"`
	// Turns is the turn limit (the manager's -m), 0 for none.
	Turns int `json:"turn_limit"`
	// Setups are the armies as the protocol's 4 rows in board order,
	// joined by "/"; "" until given.
	Setups [2]string `json:"setups"`
	Ready  [2]bool   `json:"ready"`
	Began  bool      `json:"began"`
	// Moves in chat notation ("b4-b6"), Red's first.
	Moves []string `json:"moves"`
	// Forfeit is set when an AI program lost by failing.
	Forfeit *forfeit `json:"forfeit,omitempty"`
	// Host is set when the host ended the game: a resignation, an agreed
	// draw, an abort, a flag, an abandoned table. From then on the game is
	// over and everyone sees both armies.
	Host *hostEnd `json:"host,omitempty"`
}

// hostEnd is how the host ended a game: the winning seat (-1: none) and
// the host's ending.
type hostEnd struct {
	Winner int        `json:"winner"`
	Ending bot.Ending `json:"ending"`
}

// maxEnding is the longest host ending a record may hold.
const maxEnding = 40

type forfeit struct {
	Seat   int        `json:"seat"`
	Ending bot.Ending `json:"ending"`
}

// state is one table's game: the record and what it derives.
type state struct {
	kind   *Kind
	rec    record
	opts   stratego.Options
	setups [2]stratego.Setup // valid where rec.Setups is not ""
	game   *stratego.Game    // nil until both armies are ready
}

func colourName(i int) string { return [2]string{"Red", "Blue"}[i&1] }

// rebuild derives everything from rec, checking it.
func (s *state) rebuild() error {
	r, err := stratego.ParseRules(s.rec.Rules)
	if err != nil || s.rec.Rules == "" {
		return fmt.Errorf("%w: rules %q", ErrRecord, s.rec.Rules)
	}
	if s.rec.Turns != 0 && (s.rec.Turns < 2 || s.rec.Turns > 100000) {
		return fmt.Errorf("%w: turn limit %d", ErrRecord, s.rec.Turns)
	}
	s.opts = stratego.Options{Rules: r, TurnLimit: s.rec.Turns}
	if s.rec.Moves == nil {
		s.rec.Moves = []string{}
	}
	s.game = nil
	for i, rows := range s.rec.Setups {
		if rows == "" {
			if s.rec.Ready[i] {
				return fmt.Errorf("%w: %s ready without an army", ErrRecord, colourName(i))
			}
			continue
		}
		if s.setups[i], err = stratego.ParseSetupLines(stratego.Colour(i), strings.Split(rows, "/")); err != nil {
			return fmt.Errorf("%w: %s's army: %w", ErrRecord, colourName(i), err)
		}
	}
	if !s.rec.Began && (s.rec.Ready[0] || s.rec.Ready[1] || s.rec.Setups != [2]string{}) {
		return fmt.Errorf("%w: armies before the game began", ErrRecord)
	}
	if s.rec.Ready[0] && s.rec.Ready[1] {
		if s.game, err = stratego.NewGame(s.setups[0], s.setups[1], s.opts); err != nil {
			return fmt.Errorf("%w: %w", ErrRecord, err)
		}
	} else if len(s.rec.Moves) > 0 {
		return fmt.Errorf("%w: moves before both armies were ready", ErrRecord)
	}
	for i, text := range s.rec.Moves {
		m, err := stratego.ParseChatMove(text)
		if err == nil {
			_, err = s.game.Play(m)
		}
		if err != nil {
			return fmt.Errorf("%w: move %d %q: %w", ErrRecord, i+1, text, err)
		}
		if m.String() != text {
			return fmt.Errorf("%w: move %d %q is not written as %q", ErrRecord, i+1, text, m.String())
		}
	}
	if f := s.rec.Forfeit; f != nil {
		switch {
		case f.Seat != 0 && f.Seat != 1, !slices.Contains(forfeitEndings, f.Ending):
			return fmt.Errorf("%w: forfeit %+v", ErrRecord, *f)
		case !s.rec.Began, s.game != nil && s.game.Status().Over():
			return fmt.Errorf("%w: forfeit outside play", ErrRecord)
		}
	}
	if h := s.rec.Host; h != nil {
		switch {
		case h.Winner < -1 || h.Winner > 1, h.Ending == "", len(h.Ending) > maxEnding, !utf8.ValidString(string(h.Ending)):
			return fmt.Errorf("%w: host ending %+v", ErrRecord, *h)
		case s.rec.Forfeit != nil, s.game != nil && s.game.Status().Over():
			return fmt.Errorf("%w: host ending of a game already over", ErrRecord)
		}
	}
	return nil
}

// Encode writes the record as JSON.
func (s *state) Encode() ([]byte, error) { return json.Marshal(s.rec) }

// over reports whether the game has ended.
// End is the host ending the game (a resignation, an agreed draw, an
// abort, a flag): from then on it is over and everyone sees both armies.
func (s *state) End(res bot.Result) {
	if s.over() {
		return
	}
	w := res.Winner
	if w < -1 || w > 1 {
		w = -1
	}
	e := res.Ending
	if e == "" || len(e) > maxEnding || !utf8.ValidString(string(e)) {
		e = "ended"
	}
	s.rec.Host = &hostEnd{Winner: w, Ending: e}
}

func (s *state) over() bool {
	return s.rec.Forfeit != nil || s.rec.Host != nil || s.game != nil && s.game.Status().Over()
}

// InSetup says the armies are still being set up: no clock runs until
// play begins (bot.SetupPhaser).
func (s *state) InSetup() bool { return s.game == nil }

// Pending is both seats not yet ready during the setup, the side to move
// during play, none before the game begins or after it ends.
func (s *state) Pending() []int {
	switch {
	case !s.rec.Began || s.over():
		return nil
	case s.game == nil:
		var out []int
		for i, r := range s.rec.Ready {
			if !r {
				out = append(out, i)
			}
		}
		return out
	}
	p := s.game.Position()
	return []int{int(p.Side())}
}

// Act plays a command of seat: setup, swap, ready, move, a bare move, or an AI
// program's forfeit.
func (s *state) Act(seat int, c bot.Command) (bot.Played, error) {
	switch {
	case seat < 0 || seat > 1:
		return bot.Played{}, fmt.Errorf("%w: no seat %d", bot.ErrNotSeated, seat)
	case s.over():
		return bot.Played{}, fmt.Errorf("%w: the game is over", bot.ErrIllegal)
	case !slices.Contains(s.Pending(), seat):
		return bot.Played{}, fmt.Errorf("%w: it is not %s's turn", bot.ErrNotYourTurn, colourName(seat))
	}
	arg := strings.Join(c.Args, " ")
	switch c.Verb {
	case "setup":
		return s.setup(seat, arg)
	case "ready":
		return s.ready(seat, c)
	case "swap":
		return s.swap(seat, c.Args)
	case "move", "m":
		return s.move(arg)
	case forfeitVerb:
		return s.forfeit(seat, bot.Ending(arg))
	}
	if len(c.Args) == 0 {
		if _, err := stratego.ParseChatMove(c.Verb); err == nil {
			return s.move(c.Verb)
		}
	}
	return bot.Played{}, fmt.Errorf("%w: %s is not a command of Stratego", bot.ErrBadCommand, c.Verb)
}

func (s *state) setup(seat int, text string) (bot.Played, error) {
	if s.game != nil {
		return bot.Played{}, fmt.Errorf("%w: the armies are on the board", bot.ErrIllegal)
	}
	c := stratego.Colour(seat)
	army, err := stratego.ParseSetup(c, strings.TrimSpace(text), nil)
	if f := strings.Fields(text); err != nil && len(f) == 1 {
		err = fmt.Errorf("no formation %q", f[0])
	}
	if err != nil {
		return bot.Played{}, fmt.Errorf("%w: %w; say setup ROW ROW ROW ROW (10 letters each of 1-9 s B F, %s), setup NAME (%s) or setup random",
			bot.ErrIllegal, err, rowOrder(c), strings.Join(stratego.Formations(), ", "))
	}
	s.setups[seat] = army
	lines := army.Lines(c)
	s.rec.Setups[seat] = strings.Join(lines[:], "/")
	return bot.Played{Private: fmt.Sprintf("Your army (%s): %s. Say ready when it is final.",
		rowOrder(c), strings.Join(lines[:], " "))}, nil
}

// rowOrder says in which order a colour's rows are written.
func rowOrder(c stratego.Colour) string {
	if c == stratego.Blue {
		return "rows 7 to 10: your front row first"
	}
	return "rows 1 to 4: your back row first"
}

func (s *state) ready(seat int, c bot.Command) (bot.Played, error) {
	switch {
	case len(c.Args) > 0:
		return bot.Played{}, fmt.Errorf("%w: ready takes nothing; say setup ... to change your army", bot.ErrBadCommand)
	case s.game != nil:
		return bot.Played{}, fmt.Errorf("%w: the armies are on the board", bot.ErrIllegal)
	case s.rec.Setups[seat] == "":
		return bot.Played{}, fmt.Errorf("%w: set up your army first, privately: setup random, setup NAME or setup ROW ROW ROW ROW", bot.ErrIllegal)
	}
	s.rec.Ready[seat] = true
	text := colourName(seat) + " is ready."
	if s.rec.Ready[0] && s.rec.Ready[1] {
		g, err := stratego.NewGame(s.setups[0], s.setups[1], s.opts)
		if err != nil {
			s.rec.Ready[seat] = false
			return bot.Played{}, fmt.Errorf("%w: %w", bot.ErrIllegal, err)
		}
		s.game = g
		text += " Both armies are on the board; Red moves first."
	}
	return bot.Played{Public: text}, nil
}

func (s *state) move(text string) (bot.Played, error) {
	if s.game == nil {
		return bot.Played{}, fmt.Errorf("%w: both armies must be ready first", bot.ErrIllegal)
	}
	m, err := stratego.ParseMove(strings.TrimSpace(text))
	if err != nil {
		return bot.Played{}, fmt.Errorf("%w: %w; say move b4-b6 (columns a-j, rows 1-10 from Red's side) or move X Y DIR [N]", bot.ErrBadCommand, err)
	}
	p := s.game.Position()
	mover := p.Side()
	r, err := s.game.Play(m)
	if err != nil {
		return bot.Played{}, fmt.Errorf("%w: %w", bot.ErrIllegal, err)
	}
	s.rec.Moves = append(s.rec.Moves, m.String())
	return bot.Played{Notation: m.String(), Public: combatText(r, mover)}, nil
}

func (s *state) forfeit(seat int, e bot.Ending) (bot.Played, error) {
	if !slices.Contains(forfeitEndings, e) {
		return bot.Played{}, fmt.Errorf("%w: no forfeit %q", bot.ErrBadCommand, e)
	}
	s.rec.Forfeit = &forfeit{Seat: seat, Ending: e}
	return bot.Played{Public: fmt.Sprintf("%s's AI program loses: %s.", colourName(seat), e)}, nil
}

// combatText announces what a move by mover did when it attacked: both
// ranks are public from then on. A quiet move says nothing more than its
// notation.
func combatText(r stratego.Result, mover stratego.Colour) string {
	if !r.Combat() {
		return ""
	}
	a := fmt.Sprintf("%s's %v", colourName(int(mover)), r.Attacker)
	d := fmt.Sprintf("%s's %v", colourName(int(mover.Other())), r.Defender)
	switch r.Outcome {
	case stratego.Kills:
		return fmt.Sprintf("%s attacks %s: %s dies.", a, d, d)
	case stratego.Dies:
		return fmt.Sprintf("%s attacks %s: %s dies.", a, d, a)
	case stratego.BothDie:
		return fmt.Sprintf("%s attacks %s: both die.", a, d)
	}
	return fmt.Sprintf("%s captures %s!", a, d)
}

// seatOf is the colour whose army viewer commands, if any (Red for a
// spectator, whose board is drawn from Red's side).
func seatOf(viewer int) (stratego.Colour, bool) {
	if viewer == 0 || viewer == 1 {
		return stratego.Colour(viewer), true
	}
	return stratego.Red, false
}

// Configure sets the rules or the turn limit before play.
func (s *state) Configure(c bot.Command) (string, error) {
	if s.rec.Began {
		return "", fmt.Errorf("%w: the game has begun", bot.ErrBadCommand)
	}
	if len(c.Args) != 1 {
		return "", fmt.Errorf("%w: say rules progcomp|manual or turns N", bot.ErrBadCommand)
	}
	switch c.Verb {
	case "rules":
		r, err := stratego.ParseRules(strings.ToLower(c.Args[0]))
		if err != nil || c.Args[0] == "" {
			return "", fmt.Errorf("%w: rules are progcomp or manual", bot.ErrBadCommand)
		}
		s.rec.Rules, s.opts.Rules = r.String(), r
		if r == stratego.Manual {
			return "Manual rules: a piece other than a Miner that attacks a Bomb dies with it.", nil
		}
		return "Progcomp rules: a Bomb survives any attacker but a Miner.", nil
	case "turns":
		n, err := strconv.Atoi(c.Args[0])
		if err != nil || n < 2 || n > 100000 {
			return "", fmt.Errorf("%w: turns is a whole number from 2 to 100000", bot.ErrBadCommand)
		}
		s.rec.Turns, s.opts.TurnLimit = n, n
		return fmt.Sprintf("The game is a draw at turn %d.", n), nil
	}
	return "", fmt.Errorf("%w: %s is not a setting of Stratego", bot.ErrBadCommand, c.Verb)
}

// Begin starts the setup phase.
func (s *state) Begin() error {
	s.rec.Began = true
	return nil
}

var _ bot.Rematcher = (*state)(nil)

// Rematch is the game again in setup: the same rules and turn limit; both
// armies are set up again, privately.
func (s *state) Rematch() (bot.State, error) {
	r := &state{kind: s.kind, rec: record{Rules: s.rec.Rules, Turns: s.rec.Turns, Moves: []string{}}}
	return r, r.rebuild()
}
