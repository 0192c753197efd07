package strategogame

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Errors of the kind.
var (
	// ErrRecord: a record that is not a game this kind wrote.
	ErrRecord = errors.New("bad stratego record")
	// ErrNoProgram: an AI program that is not configured or cannot run.
	ErrNoProgram = errors.New("AI program unavailable")
)

// ProgramConfig is an AI program the operator names in the configuration:
// an agent speaking the 2012 manager's line protocol.
type ProgramConfig struct {
	// Path of the executable, started with no arguments as the manager
	// starts agents.
	Path string
	// Args must be empty: the protocol's agents take none, and
	// ai/strategoai/agent starts programs without them (wrap a program
	// that needs some in a script).
	Args []string
	// Timeout for every line the program writes; 0 is the manager's 2 s.
	Timeout time.Duration
}

// Options configure the kind.
type Options struct {
	// Programs are the AI programs players may name: start ai:NAME. Names
	// are matched without regard to case.
	Programs map[string]ProgramConfig
}

// Kind is Stratego as a bot.Kind.
type Kind struct {
	programs map[string]ProgramConfig
	names    []string
	pictures picture.Lazy[*kit] // made for the first picture
}

var _ bot.Kind = (*Kind)(nil)

// New returns the kind. It refuses a program without a path or with
// arguments.
func New(opts Options) (*Kind, error) {
	k := &Kind{programs: map[string]ProgramConfig{}}
	for name, p := range opts.Programs {
		l := strings.ToLower(name)
		switch {
		case l == "" || strings.ContainsAny(l, " \t:"):
			return nil, fmt.Errorf("%w: program name %q", ErrNoProgram, name)
		case p.Path == "":
			return nil, fmt.Errorf("%w: program %q has no path", ErrNoProgram, name)
		case len(p.Args) > 0:
			return nil, fmt.Errorf("%w: program %q: agents are started with no arguments; use a wrapper script", ErrNoProgram, name)
		}
		if p.Timeout <= 0 {
			p.Timeout = 2 * time.Second
		}
		k.programs[l] = p
		k.names = append(k.names, l)
	}
	slices.Sort(k.names)
	return k, nil
}

// Spec declares Stratego.
func (k *Kind) Spec() bot.Spec {
	rest := func(name, desc string) []bot.Arg {
		return []bot.Arg{{Name: name, Desc: desc, Type: bot.ArgRest, Required: true}}
	}
	return bot.Spec{
		Name:  "stratego",
		Title: "Stratego",
		Seats: []string{"red", "blue"},
		Commands: []bot.CommandSpec{
			{Name: "setup", Use: bot.Act, Args: rest("army", "4 rows of 10 letters, a formation name, or random"),
				Usage:   "setup ROW ROW ROW ROW | setup NAME | setup random",
				Summary: "privately, before play: your army (letters 1-9 s B F, rows in board order: Red back row first, Blue front row first)",
				Private: true},
			{Name: "swap", Use: bot.Act, Args: []bot.Arg{
				{Name: "a", Desc: "a square of your rows", Type: bot.ArgWord, Required: true},
				{Name: "b", Desc: "another square of your rows", Type: bot.ArgWord, Required: true}},
				Usage:   "swap A B",
				Summary: "privately, before ready: exchange the pieces of your army on two squares of your rows (b1 c2)",
				Private: true},
			{Name: "ready", Use: bot.Act, Summary: "your army is final; play starts when both are ready"},
			{Name: "move", Aliases: []string{"m"}, Use: bot.Act, Args: rest("move", "b4-b6, or X Y DIR [N]"),
				Usage:   "move b4-b6 | move X Y DIR [N] | b4-b6",
				Summary: "move a piece: columns a-j, rows 1-10 from Red's side; or the protocol's X Y DIR [N]"},
			{Name: "rules", Use: bot.Configure, Args: []bot.Arg{{Name: "rules", Type: bot.ArgChoice, Required: true,
				Choices: []string{"progcomp", "manual"}}},
				Summary: "before start: progcomp (a bomb survives an attack; default) or manual (both die)"},
			{Name: "turns", Use: bot.Configure, Args: []bot.Arg{{Name: "n", Desc: "turn limit", Type: bot.ArgNumber,
				Required: true, Min: 2, Max: 100000}},
				Summary: "before start: the turn limit, a draw when reached (default 5000)"},
			{Name: "pieces", Aliases: []string{"army"}, Use: bot.Look, Summary: "the 40 pieces, their letters, and the named formations"},
			{Name: "moves", Aliases: []string{"history"}, Use: bot.Look, Summary: "the moves so far with every combat"},
		},
		BareMove: func(w string) bool {
			if len(w) < 4 || len(w) > 7 {
				return false
			}
			_, err := stratego.ParseChatMove(w)
			return err == nil
		},
		Hidden:    true,
		Undo:      false,
		Rules:     []string{"progcomp", "manual"},
		Notations: []string{"chat", "protocol"},
		Engines:   slices.Clone(k.names),
	}
}

// New returns a game in setup under rules ("" for progcomp).
func (k *Kind) New(rules string) (bot.State, error) {
	r, err := stratego.ParseRules(rules)
	if err != nil {
		return nil, fmt.Errorf("%w: %w; Stratego has progcomp and manual", bot.ErrBadCommand, err)
	}
	s := &state{kind: k, rec: record{Rules: r.String(), Turns: stratego.DefaultTurnLimit, Moves: []string{}}}
	if err := s.rebuild(); err != nil {
		return nil, err
	}
	return s, nil
}

// Decode reads a state that Encode wrote, replaying its moves.
func (k *Kind) Decode(data []byte) (bot.State, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	s := &state{kind: k, rec: rec}
	if err := s.rebuild(); err != nil {
		return nil, err
	}
	return s, nil
}
