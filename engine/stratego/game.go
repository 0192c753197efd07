package stratego

import (
	"fmt"
	"strings"
)

// Game is a game from its setups: the start, the moves with what each did,
// the current position, and a resignation if any. Hosts keep a Game; it
// is written and read as text (MarshalText) to survive restarts.
type Game struct {
	start    Position
	pos      Position
	history  []Result
	resigned bool
	loser    Colour
}

// NewGame starts a game from two valid setups.
func NewGame(red, blue Setup, o Options) (*Game, error) {
	p, err := NewPosition(red, blue, o)
	if err != nil {
		return nil, err
	}
	return GameFrom(p), nil
}

// GameFrom starts a game at any position (tests, puzzles, replays).
func GameFrom(p Position) *Game { return &Game{start: p, pos: p} }

// Position returns a copy of the current position.
func (g *Game) Position() Position { return g.pos }

// Start returns a copy of the start position.
func (g *Game) Start() Position { return g.start }

// History returns what each move did, in order.
func (g *Game) History() []Result { return append([]Result(nil), g.history...) }

// View returns what seat s sees now. After the game, pass Everyone.
func (g *Game) View(s Seat) View { return g.pos.View(s) }

// Status returns whether the game is over and how.
func (g *Game) Status() Status {
	if g.resigned {
		return Status{Reason: Resigned, Winner: g.loser.Other()}
	}
	return g.pos.Status()
}

// Play plays m for the side to move if it is legal and reports what it
// did; every combat reveals both pieces.
func (g *Game) Play(m Move) (Result, error) {
	if st := g.Status(); st.Over() {
		return Result{}, fmt.Errorf("move %v: %v: %w", m, st, ErrGameOver)
	}
	u, err := g.pos.Play(m)
	if err != nil {
		return Result{}, err
	}
	g.history = append(g.history, u.Result())
	return u.Result(), nil
}

// Resign ends the game with c the loser.
func (g *Game) Resign(c Colour) error {
	if st := g.Status(); st.Over() {
		return fmt.Errorf("resign: %v: %w", st, ErrGameOver)
	}
	g.resigned, g.loser = true, c
	return nil
}

// MarshalText writes the start position, then a line "moves" followed by
// the moves in chat notation, then "resign RED|BLUE" if a side resigned.
func (g *Game) MarshalText() ([]byte, error) {
	var b strings.Builder
	b.WriteString(g.start.String())
	b.WriteString("moves")
	for _, r := range g.history {
		b.WriteByte(' ')
		b.WriteString(r.Move.String())
	}
	b.WriteByte('\n')
	if g.resigned {
		fmt.Fprintf(&b, "resign %v\n", g.loser)
	}
	return []byte(b.String()), nil
}

// ParseGame reads what MarshalText writes, replaying and checking every
// move.
func ParseGame(text string) (*Game, error) {
	head, tail, ok := strings.Cut(text, "\nmoves")
	if !ok {
		return nil, fmt.Errorf("game: no \"moves\" line: %w", ErrInvalidPosition)
	}
	p, err := ParsePosition(head)
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	g := GameFrom(p)
	moves, rest, _ := strings.Cut(tail, "\n")
	if moves != "" && moves[0] != ' ' {
		return nil, fmt.Errorf("game: bad moves line: %w", ErrInvalidPosition)
	}
	for _, f := range strings.Fields(moves) {
		m, err := ParseChatMove(f)
		if err != nil {
			return nil, fmt.Errorf("game: %w", err)
		}
		if _, err := g.Play(m); err != nil {
			return nil, fmt.Errorf("game: %w", err)
		}
	}
	rest = strings.TrimSpace(rest)
	if rest != "" {
		c, ok := strings.CutPrefix(rest, "resign ")
		if !ok {
			return nil, fmt.Errorf("game: trailing %q: %w", clip(rest), ErrInvalidPosition)
		}
		col, err := ParseColour(c)
		if err != nil {
			return nil, fmt.Errorf("game: %w", err)
		}
		if err := g.Resign(col); err != nil {
			return nil, fmt.Errorf("game: %w", err)
		}
	}
	return g, nil
}

// UnmarshalText reads what MarshalText writes.
func (g *Game) UnmarshalText(b []byte) error {
	h, err := ParseGame(string(b))
	if err != nil {
		return err
	}
	*g = *h
	return nil
}
