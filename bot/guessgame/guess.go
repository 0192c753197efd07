// Package guessgame is Guess, the host's toy kind: each player hides a
// number privately and both do it at once; then in turns they guess the
// other's number and are told "higher" or "lower"; the first to guess right
// wins, and after ten guesses each it is a draw. It is small, but it has
// what the hard kinds have: hidden information, a simultaneous private
// setup, turns, undo, an AI that sees only its own seat's view, and a bare
// move ("!5"). The host's tests play it, so they prove the host generic.
package guessgame

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
)

// Errors of the game.
var (
	ErrBadNumber = errors.New("bad number")
	ErrTooEarly  = errors.New("not yet")
)

const (
	defaultTop = 9
	maxGuesses = 10 // each
)

// Options configure the kind.
type Options struct {
	Name string // the kind's name; default "guess" (tests host two)
}

// Kind is Guess as a bot.Kind.
type Kind struct {
	name     string
	pictures picture.Lazy[*picture.Toolkit] // made for the first picture
}

var _ bot.Kind = (*Kind)(nil)

// New returns the kind.
func New(opts Options) *Kind {
	if opts.Name == "" {
		opts.Name = "guess"
	}
	return &Kind{name: opts.Name}
}

// Spec declares Guess.
func (k *Kind) Spec() bot.Spec {
	num := bot.Arg{Name: "n", Desc: "a whole number", Type: bot.ArgNumber, Required: true, Min: 1, Max: 99}
	return bot.Spec{
		Name: k.name, Title: strings.ToUpper(k.name[:1]) + k.name[1:], Seats: []string{"east", "west"},
		Commands: []bot.CommandSpec{
			{Name: "hide", Use: bot.Act, Args: []bot.Arg{num}, Summary: "setup, privately: the number the other player must guess", Private: true},
			{Name: "ready", Use: bot.Act, Summary: "setup: your number is final"},
			{Name: "guess", Use: bot.Act, Args: []bot.Arg{num}, Usage: "guess N | N", Summary: "guess the other player's number"},
			{Name: "top", Use: bot.Configure, Args: []bot.Arg{num}, Summary: "before start: numbers go from 1 to N (default 9)"},
			{Name: "guesses", Use: bot.Look, Summary: "the guesses so far"},
		},
		BareMove: func(w string) bool {
			n, err := strconv.Atoi(w)
			return err == nil && n >= 0 && n < 100 && len(w) <= 2
		},
		Hidden: true,
		Undo:   true,
		Rules:  []string{"standard"},
	}
}

// New returns a game in setup.
func (k *Kind) New(rules string) (bot.State, error) {
	if rules != "" && rules != "standard" {
		return nil, fmt.Errorf("%w: no rules %q; Guess has standard only", bot.ErrBadCommand, rules)
	}
	return &state{Top: defaultTop, kind: k}, nil
}

// Decode reads a state that Encode wrote.
func (k *Kind) Decode(data []byte) (bot.State, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("guess state: %w", err)
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	s.kind = k
	return &s, nil
}

// state is one game: the range, each seat's hidden number and readiness,
// and the guesses in order (east guesses first).
type state struct {
	Top     int     `json:"top"`
	Hidden  [2]int  `json:"hidden"` // 0: not chosen
	Ready   [2]bool `json:"ready"`
	Guesses []int   `json:"guesses,omitempty"`
	Began   bool    `json:"began,omitempty"`

	kind *Kind
}

func (s *state) check() error {
	if s.Top < 2 || s.Top > 99 || len(s.Guesses) > 2*maxGuesses {
		return fmt.Errorf("guess state: top %d, %d guesses", s.Top, len(s.Guesses))
	}
	for i, h := range s.Hidden {
		if h < 0 || h > s.Top || s.Ready[i] && h == 0 {
			return fmt.Errorf("guess state: seat %d hides %d", i, h)
		}
	}
	for _, g := range s.Guesses {
		if g < 1 || g > s.Top {
			return fmt.Errorf("guess state: guess %d", g)
		}
	}
	return nil
}

func (s *state) Encode() ([]byte, error) { return json.Marshal(s) }

// setup reports whether the seats are still hiding their numbers.
func (s *state) setup() bool { return !s.Ready[0] || !s.Ready[1] }

// InSetup says the numbers are still being hidden: no clock runs yet
// (bot.SetupPhaser).
func (s *state) InSetup() bool { return s.setup() }

// winner is the seat that guessed right, or -1.
func (s *state) winner() int {
	if n := len(s.Guesses); n > 0 && s.Guesses[n-1] == s.Hidden[1-(n-1)%2] {
		return (n - 1) % 2
	}
	return -1
}

func (s *state) over() bool {
	return s.Began && !s.setup() && (s.winner() >= 0 || len(s.Guesses) >= 2*maxGuesses)
}

func (s *state) Pending() []int {
	switch {
	case !s.Began || s.over():
		return nil
	case s.setup():
		var out []int
		for i, r := range s.Ready {
			if !r {
				out = append(out, i)
			}
		}
		return out
	}
	return []int{len(s.Guesses) % 2}
}

func (s *state) number(c bot.Command) (int, error) {
	if len(c.Args) != 1 {
		return 0, fmt.Errorf("%w: say %s N", ErrBadNumber, c.Verb)
	}
	n, err := strconv.Atoi(c.Args[0])
	if err != nil || n < 1 || n > s.Top {
		return 0, fmt.Errorf("%w: pick a whole number from 1 to %d", ErrBadNumber, s.Top)
	}
	return n, nil
}

func (s *state) Act(seat int, c bot.Command) (bot.Played, error) {
	if seat < 0 || seat > 1 {
		return bot.Played{}, fmt.Errorf("%w: no seat %d", bot.ErrNotSeated, seat)
	}
	if p := s.Pending(); len(p) == 0 || !contains(p, seat) {
		return bot.Played{}, fmt.Errorf("%w: it is not %s's turn", bot.ErrNotYourTurn, seatName(seat))
	}
	if _, err := strconv.Atoi(c.Verb); err == nil {
		c = bot.Command{Verb: "guess", Args: []string{c.Verb}}
	}
	switch c.Verb {
	case "hide":
		if !s.setup() {
			return bot.Played{}, fmt.Errorf("%w: numbers are hidden before the guessing", ErrTooEarly)
		}
		n, err := s.number(c)
		if err != nil {
			return bot.Played{}, err
		}
		s.Hidden[seat] = n
		return bot.Played{Private: fmt.Sprintf("Your number is %d. Say ready when it is final.", n)}, nil
	case "ready":
		if len(c.Args) > 0 {
			return bot.Played{}, fmt.Errorf("%w: ready takes no number", ErrBadNumber)
		}
		if s.Hidden[seat] == 0 {
			return bot.Played{}, fmt.Errorf("%w: hide a number first (hide N, privately)", ErrTooEarly)
		}
		s.Ready[seat] = true
		return bot.Played{Public: seatName(seat) + " is ready."}, nil
	case "guess":
		if s.setup() {
			return bot.Played{}, fmt.Errorf("%w: both players hide a number first", ErrTooEarly)
		}
		n, err := s.number(c)
		if err != nil {
			return bot.Played{}, err
		}
		s.Guesses = append(s.Guesses, n)
		target := s.Hidden[1-seat]
		hint := "Right!"
		switch {
		case target > n:
			hint = "Higher."
		case target < n:
			hint = "Lower."
		}
		return bot.Played{Notation: strconv.Itoa(n), Public: hint}, nil
	}
	return bot.Played{}, fmt.Errorf("%w: %s is not a move of Guess", bot.ErrBadCommand, c.Verb)
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func seatName(i int) string { return [2]string{"East", "West"}[i&1] }

func (s *state) Configure(c bot.Command) (string, error) {
	if c.Verb != "top" {
		return "", fmt.Errorf("%w: %s is not a setting of Guess", bot.ErrBadCommand, c.Verb)
	}
	if len(c.Args) != 1 {
		return "", fmt.Errorf("%w: say top N", ErrBadNumber)
	}
	n, err := strconv.Atoi(c.Args[0])
	if err != nil || n < 2 || n > 99 {
		return "", fmt.Errorf("%w: top is a whole number from 2 to 99", ErrBadNumber)
	}
	s.Top = n
	return fmt.Sprintf("Numbers go from 1 to %d.", n), nil
}

func (s *state) Begin() error {
	s.Began = true
	return nil
}

func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	if len(c.Args) > 0 {
		return bot.Reply{}, fmt.Errorf("%s takes no arguments", c.Verb)
	}
	return bot.Reply{Text: s.history()}, nil
}

// history lists the guesses: "East 5 (higher), West 3 (lower)".
func (s *state) history() string {
	if len(s.Guesses) == 0 {
		return "No guesses yet."
	}
	var parts []string
	for i, g := range s.Guesses {
		hint := "right"
		switch t := s.Hidden[1-i%2]; {
		case t > g:
			hint = "higher"
		case t < g:
			hint = "lower"
		}
		parts = append(parts, fmt.Sprintf("%s %d (%s)", seatName(i), g, hint))
	}
	return "Guesses: " + strings.Join(parts, ", ") + "."
}

// Board shows what viewer may see: every seat's readiness, the guesses,
// the viewer's own number, and both numbers once the game is over.
func (s *state) Board(viewer int) bot.Reply {
	var b strings.Builder
	fmt.Fprintf(&b, "Guess, 1 to %d\n", s.Top)
	for i := range 2 {
		show := "hidden"
		switch {
		case s.over() || i == viewer:
			if s.Hidden[i] != 0 {
				show = strconv.Itoa(s.Hidden[i])
			} else {
				show = "not chosen"
			}
		case s.Hidden[i] == 0 && !s.Ready[i]:
			show = "hidden" // never tell whether a number is chosen
		}
		ready := ""
		if s.Ready[i] {
			ready = " (ready)"
		}
		fmt.Fprintf(&b, "%-5s %s%s\n", seatName(i), show, ready)
	}
	b.WriteString(s.history())
	return bot.Reply{Text: b.String(), Mono: true}
}

func (s *state) Summary(viewer int) string {
	if viewer == 0 || viewer == 1 {
		if s.Hidden[viewer] != 0 && !s.over() {
			return fmt.Sprintf("Numbers 1 to %d, %d guesses. Your number: %d.", s.Top, len(s.Guesses), s.Hidden[viewer])
		}
	}
	return fmt.Sprintf("Numbers 1 to %d, %d guesses.", s.Top, len(s.Guesses))
}

func (s *state) Actions(seat int) []bot.Action {
	if s.Began && s.setup() && seat >= 0 && seat < 2 && !s.Ready[seat] && s.Hidden[seat] != 0 {
		return []bot.Action{{Label: "Ready", Command: "ready"}}
	}
	return nil
}

func (s *state) Result() bot.Result {
	if !s.over() {
		return bot.Result{Winner: -1}
	}
	score := fmt.Sprintf("East hid %d, West hid %d.", s.Hidden[0], s.Hidden[1])
	if w := s.winner(); w >= 0 {
		return bot.Result{Over: true, Winner: w, Ending: "guessed right", Score: score}
	}
	return bot.Result{Over: true, Winner: -1, Ending: "out of guesses", Score: score}
}

// Undo takes back guesses until seat is to guess again before its last
// guess (seat -1: the last guess); the setup cannot be taken back.
func (s *state) Undo(seat int) (int, error) {
	n := 1
	if seat >= 0 && len(s.Guesses)%2 == seat {
		n = 2
	}
	if s.setup() || len(s.Guesses) < n {
		return 0, fmt.Errorf("%w: no guess of yours to take back", bot.ErrNoUndo)
	}
	s.Guesses = s.Guesses[:len(s.Guesses)-n]
	return n, nil
}

// AIAct plays seat from what seat may see: it hides a number at random,
// then guesses by halving the range the public hints leave (below level
// 3 it guesses at random within them).
func (s *state) AIAct(ctx context.Context, seat int, p bot.AIPlayer, seed int64) (bot.Command, error) {
	if err := ctx.Err(); err != nil {
		return bot.Command{}, err
	}
	view := s.seen(seat)
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(seat)))
	switch {
	case view.setup() && view.Hidden[seat] == 0:
		return bot.Command{Verb: "hide", Args: []string{strconv.Itoa(1 + rng.IntN(view.Top))}}, nil
	case view.setup():
		return bot.Command{Verb: "ready"}, nil
	}
	lo, hi := 1, view.Top
	for i, g := range view.Guesses { // every hint is public
		if i%2 != seat {
			continue
		}
		switch view.hints[i] {
		case "higher":
			lo = max(lo, g+1)
		case "lower":
			hi = min(hi, g-1)
		}
	}
	if lo > hi {
		lo, hi = 1, view.Top
	}
	guess := (lo + hi) / 2
	if p.Level < 3 {
		guess = lo + rng.IntN(hi-lo+1)
	}
	return bot.Command{Verb: "guess", Args: []string{strconv.Itoa(guess)}}, nil
}

// seenState is what one seat knows: its own number and the public hints.
type seenState struct {
	state
	hints []string
}

// seen is the game as seat sees it: the other seat's number is gone.
func (s *state) seen(seat int) seenState {
	v := seenState{state: *s}
	v.Guesses = append([]int(nil), s.Guesses...)
	for i, g := range s.Guesses {
		t := s.Hidden[1-i%2]
		switch {
		case t > g:
			v.hints = append(v.hints, "higher")
		case t < g:
			v.hints = append(v.hints, "lower")
		default:
			v.hints = append(v.hints, "right")
		}
	}
	v.Hidden[1-seat] = 0
	return v
}

var _ bot.Rematcher = (*state)(nil)

// Rematch is the game again in setup: the same top; both numbers are
// hidden again.
func (s *state) Rematch() (bot.State, error) { return &state{Top: s.Top, kind: s.kind}, nil }
