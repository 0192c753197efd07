// Command stratego-agent is our Stratego AI as an agent program of the
// UCC Programming Competition 2012 manager: it speaks the protocol on
// stdin/stdout, so any manager (ours, cmd/stratego, or the original) can
// run it.
//
// Managers start agents with no arguments, so the level also comes from
// the environment: STRATEGO_AGENT_LEVEL (0 random mover … 5, default 5)
// and STRATEGO_AGENT_SEED (default: from the clock). Flags -level and
// -seed override them for wrapper scripts. STRATEGO_AGENT_TIMES names a
// file to which the agent appends how long it thought over each move, in
// milliseconds, one line a move: the manager kills a slow agent, so a
// match script watches these.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/strategoai"
	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// usageHead heads what -h prints, before the flags.
const usageHead = `Usage: stratego-agent [-level N] [-seed N]

Our Stratego AI as an agent program of the UCC Programming Competition 2012
manager: it speaks the manager's protocol on standard input and output,
for cmd/stratego, the 2012 manager itself, or an ai program of ataxxbot.
Managers start agents with no arguments, so the level and the seed also
come from the environment: STRATEGO_AGENT_LEVEL and STRATEGO_AGENT_SEED.
STRATEGO_AGENT_TIMES names a file to which each move's thinking time is
appended, in milliseconds, one line a move.

Flags:
`

func main() {
	level := int(strategoai.DefaultLevel)
	if v, err := strconv.Atoi(os.Getenv("STRATEGO_AGENT_LEVEL")); err == nil {
		level = v
	}
	seed := uint64(time.Now().UnixNano())
	if v, err := strconv.ParseUint(os.Getenv("STRATEGO_AGENT_SEED"), 10, 64); err == nil {
		seed = v
	}
	fs := flag.NewFlagSet("stratego-agent", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.IntVar(&level, "level", level, "strength: 0 (random mover) to 5; STRATEGO_AGENT_LEVEL sets the default")
	seedFlag := fs.Uint64("seed", 0, "random seed (default: STRATEGO_AGENT_SEED, else from the clock)")
	switch err := fs.Parse(os.Args[1:]); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Print(usageHead)
		fs.SetOutput(os.Stdout)
		fs.PrintDefaults()
		return
	case err != nil:
		fmt.Fprintf(os.Stderr, "stratego-agent: %v (stratego-agent -h lists the flags)\n", err)
		os.Exit(2)
	case fs.NArg() > 0:
		fmt.Fprintf(os.Stderr, "stratego-agent: unexpected argument %q (stratego-agent -h lists the flags)\n", fs.Arg(0))
		os.Exit(2)
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "seed" {
			seed = *seedFlag
		}
	})
	if level < 0 || level >= strategoai.Levels {
		fmt.Fprintf(os.Stderr, "stratego-agent: level %d: want 0 to %d\n", level, strategoai.Levels-1)
		os.Exit(1)
	}
	// One goroutine thinks; on a loaded machine a second thread (for the
	// collector) only competes with it for the manager's 2 s.
	runtime.GOMAXPROCS(1)
	b := &brain{level: strategoai.Level(level), seed: seed}
	if path := os.Getenv("STRATEGO_AGENT_TIMES"); path != "" {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			fmt.Fprintf(os.Stderr, "stratego-agent: %v\n", err)
			os.Exit(1)
		}
		defer f.Close()
		b.times = f
	}
	if err := agent.Serve(os.Stdin, os.Stdout, b); err != nil {
		fmt.Fprintf(os.Stderr, "stratego-agent: %v\n", err)
		os.Exit(1)
	}
}

// brain adapts strategoai.Player to the protocol.
type brain struct {
	level  strategoai.Level
	seed   uint64
	colour stratego.Colour
	p      *strategoai.Player
	times  io.Writer // each move's thinking time, if asked for
}

func (b *brain) Setup(c stratego.Colour, _ string) stratego.Setup {
	b.colour = c
	b.p = strategoai.New(c, b.level, stratego.Progcomp, b.seed)
	return b.p.Setup()
}

func (b *brain) Observe(c agent.Confirmation) {
	if c.Illegal || b.p == nil {
		return
	}
	b.p.Observe(c.Result)
}

func (b *brain) Move(board [stratego.Height]string) stratego.Move {
	v, err := agent.ParseBoard(b.colour, board)
	if err != nil {
		return stratego.NoMove
	}
	start := time.Now()
	// The board is the truth: if a confirmation was missed, repair.
	b.p.Sync(&v)
	m := b.p.Move()
	if b.times != nil {
		fmt.Fprintf(b.times, "%d\n", time.Since(start).Milliseconds())
	}
	return m
}
