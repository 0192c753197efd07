package abalonegame

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/abaloneai"
	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// Engine chooses moves for the AI seats; *abaloneai.Pool is one.
type Engine interface {
	ChooseMove(ctx context.Context, pos abalone.Position, level int, seed int64) (abalone.Move, error)
}

// BudgetEngine is an Engine that can think less than its usual time on a
// move, when the game's clock asks (bot.AIPlayer.Budget);
// *abaloneai.Pool is one.
type BudgetEngine interface {
	ChooseMoveWithin(ctx context.Context, pos abalone.Position, level int, budget time.Duration, seed int64) (abalone.Move, error)
}

// Options configure the kind. The zero value is ready to use.
type Options struct {
	// Engine plays the AI seats; nil: an abaloneai.Pool built from the
	// fields below.
	Engine Engine
	// Budget is the longest the AI thinks over one move at level 10
	// (lower levels think less); default DefaultBudget.
	Budget time.Duration
	// Searchers is how many AI searches may run at once, each with its
	// own hash table; default the number of CPUs, as the host's
	// Config.Searchers.
	Searchers int
	// HashMB is each searcher's transposition table; default 16.
	HashMB int
	// Engines are the UGI programs players may name (start ai:NAME), by
	// name.
	Engines map[string]ugi.Player
}

// DefaultBudget is the AI's time for one move at the top level, short
// enough that a chat does not wait on it.
const DefaultBudget = 2 * time.Second

// Game is Abalone as a bot.Kind.
type Game struct {
	engine   Engine
	programs map[string]ugi.Player // Options.Engines by lower-case name
	names    []string              // their names, sorted
	pictures picture.Lazy[*kit]    // made for the first picture
}

var _ bot.Kind = (*Game)(nil)

// New returns the kind.
func New(opts Options) *Game {
	if opts.Engine == nil {
		if opts.Budget <= 0 {
			opts.Budget = DefaultBudget
		}
		if opts.Searchers <= 0 {
			opts.Searchers = runtime.NumCPU()
		}
		if opts.HashMB <= 0 {
			opts.HashMB = 16
		}
		opts.Engine = abaloneai.NewPool(opts.Searchers, opts.HashMB, opts.Budget)
	}
	g := &Game{engine: opts.Engine, programs: map[string]ugi.Player{}}
	for name, pl := range opts.Engines {
		g.programs[strings.ToLower(name)] = pl
		g.names = append(g.names, name)
	}
	slices.Sort(g.names)
	return g
}

// The seats, in turn order: Black moves first.
const (
	seatBlack = int(abalone.Black)
	seatWhite = int(abalone.White)
)

// Spec declares Abalone to the host.
func (g *Game) Spec() bot.Spec {
	return bot.Spec{
		Name: "abalone", Title: "Abalone", Seats: seats(),
		Commands:  commands(),
		BareMove:  bareMove,
		Undo:      true,
		Rules:     layoutNames(),
		Notations: []string{abalone.Standard.String(), abalone.AMalone.String()},
		Engines:   g.names,
	}
}

func layoutNames() []string {
	var names []string
	for _, l := range abalone.AllLayouts() {
		names = append(names, l.String())
	}
	return names
}

// New returns a game in setup from the named layout ("" for standard).
func (g *Game) New(rules string) (bot.State, error) {
	l := abalone.StandardLayout
	if rules != "" {
		var err error
		if l, err = abalone.ParseLayout(rules); err != nil {
			return nil, err
		}
	}
	s := &state{game: g, start: abalone.NewPosition(l)}
	s.pos = s.start
	return s, nil
}

// Decode reads a state written by Encode.
func (g *Game) Decode(data []byte) (bot.State, error) {
	var r record
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("abalone state: %w", err)
	}
	s := &state{game: g}
	if err := s.load(r); err != nil {
		return nil, fmt.Errorf("abalone state: %w", err)
	}
	return s, nil
}

// commands declares the Abalone commands. The layout and the notation
// written are the settings with a choice argument, so that start takes
// them as words ("start ai german amalone"; "standard" is the layout's,
// being listed first); the colour of turn is a plain word so that "start
// ai white" is not misread as who begins.
//
// The notation is two commands because the host lets only Acts change a
// game in play, and only Configure commands be words of start: notation
// (an Act) changes it on one's turn, write (a Configure) before play.
func commands() []bot.CommandSpec {
	notation := bot.Arg{Name: "notation", Type: bot.ArgChoice, Choices: []string{"standard", "amalone"}}
	color := bot.Arg{Name: "colour", Desc: "black or white", Required: true}
	return []bot.CommandSpec{
		{Name: "move", Aliases: []string{"mv"}, Use: bot.Act, Usage: "move MOVE | MOVE",
			Args:    []bot.Arg{{Name: "move", Desc: "a1b2, c6c7d6 or aMalone's 1B0-GG", Required: true}},
			Summary: "move 1-3 marbles: standard a1b2 (in line) or c6c7d6 (broadside), or aMalone's 1B0-GG, 3A0-F0l"},
		{Name: "notation", Use: bot.Act, Args: []bot.Arg{withRequired(notation)},
			Summary: "on your turn: write moves and label the board in standard or aMalone notation at this table (before play: write)"},
		{Name: "layout", Use: bot.Configure,
			Args:    []bot.Arg{{Name: "layout", Type: bot.ArgChoice, Choices: layoutNames(), Required: true}},
			Summary: "setup: start from the standard layout, the Belgian or the German daisy (also a word of start)"},
		{Name: "write", Use: bot.Configure, Args: []bot.Arg{withRequired(notation)},
			Summary: "setup: the notation the bot writes at this table (also a word of start: start ai amalone)"},
		{Name: "put", Aliases: []string{"set"}, Use: bot.Configure, Usage: "put black|white CELL...",
			Args:    []bot.Arg{color, {Name: "cells", Type: bot.ArgRest, Required: true}},
			Summary: "setup: put a marble of that colour on each cell, in the table's notation (put white e5 e6)"},
		{Name: "remove", Aliases: []string{"take"}, Use: bot.Configure, Usage: "remove CELL...",
			Args:    []bot.Arg{{Name: "cells", Type: bot.ArgRest, Required: true}},
			Summary: "setup: take away the marble on each cell"},
		{Name: "empty", Use: bot.Configure, Summary: "setup: take every marble off the board"},
		{Name: "turn", Aliases: []string{"first"}, Use: bot.Configure, Usage: "turn black|white", Args: []bot.Arg{color},
			Summary: "setup: choose who begins"},
		{Name: "lost", Use: bot.Configure, Usage: "lost black|white N",
			Args:    []bot.Arg{color, {Name: "n", Type: bot.ArgNumber, Min: 0, Max: abalone.WinningLosses - 1, Required: true}},
			Summary: "setup: how many marbles that colour has lost already"},
		{Name: "load", Use: bot.Configure, Usage: "load TEXT",
			Args:    []bot.Arg{{Name: "text", Type: bot.ArgRest, Required: true}},
			Summary: "setup: replay a game that save printed (a layout, position text or marble list, then moves)"},
		{Name: "save", Use: bot.Look, Args: []bot.Arg{notation},
			Summary: "print the game as text that load replays"},
		{Name: "show", Use: bot.Look, Args: []bot.Arg{notation},
			Summary: "the board, in this table's notation or the one named"},
		{Name: "position", Aliases: []string{"pos"}, Use: bot.Look,
			Summary: "the position as text and as a marble list"},
	}
}

func withRequired(a bot.Arg) bot.Arg {
	a.Required = true
	return a
}

// bareMove recognises a move typed alone by its shape, in either
// notation, so that a wrong one is answered rather than ignored:
// "a1b2", "c6c7d6", "1b0-gg", "3a0-f0l", "3e2-e4+".
func bareMove(w string) bool {
	w = strings.ToLower(w)
	if len(w) == 4 || len(w) == 6 {
		ok := true
		for i := 0; i < len(w); i += 2 {
			ok = ok && w[i] >= 'a' && w[i] <= 'i' && w[i+1] >= '1' && w[i+1] <= '9'
		}
		if ok {
			return true
		}
	}
	if len(w) < 6 || len(w) > 7 || w[0] < '1' || w[0] > '3' || w[3] != '-' {
		return false
	}
	if len(w) == 7 && !strings.ContainsRune("lr+", rune(w[6])) {
		return false
	}
	return isAMaloneName(w[1:3]) && isAMaloneName(w[4:6])
}

func isAMaloneName(s string) bool {
	return s == "gg" || s[0] >= 'a' && s[0] <= 'f' && s[1] >= '0' && s[1] <= '9'
}
