// Command stratego manages a game of Stratego between agent programs
// and/or people, as the UCC Programming Competition 2012 manager does:
//
//	stratego [-gpirb] [-o output_file] [-t stall_time] [-m max_turns] [-T timeout]
//	         {red_player blue_player | -f input_file} | -h
//
// Each player is the path of an agent program (started with no
// arguments, speaking the line protocol on stdin/stdout) or "human"
// (moves typed on stdin; prompts and the board as that player sees it go
// to stderr, so that stdout keeps only what the switches ask for). It
// prints the result line NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE
// and exits 0; its own errors go to stderr with exit 1.
//
// -g draws the game as it is played: on a terminal it redraws one frame
// in place (ANSI), to a file or pipe it appends plain frames, one per
// move, each under a header line; -r and -b disguise Red's or Blue's
// unrevealed pieces there. -p prints the whole board after each move
// (coloured on a terminal). -o writes the manager's log ("stdout" for
// standard output), which -f replays (a game the turn limit ended to the
// same result without -m: the log's reason names the limit); -t stalls between moves (seconds,
// or a Go duration such as 250ms); -m sets the turn limit (N or inf);
// -T the time an agent has for each line (default 2 s). -h prints the
// manual's page (help.go) as the program really speaks.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

func main() {
	var k killer
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sigs
		k.killAll()
		fmt.Fprintln(os.Stderr, "stratego: interrupted")
		os.Exit(1)
	}()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, &k))
}

// killer remembers the agent programs started so that an interrupt can
// kill them; they run in their own process groups and would not see the
// terminal's ^C.
type killer struct {
	mu    sync.Mutex
	procs []*agent.Program
}

func (k *killer) add(p *agent.Program) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.procs = append(k.procs, p)
}

func (k *killer) killAll() {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, p := range k.procs {
		p.Close()
	}
}

var errUsage = errors.New("usage")

// syncWriter serializes writes from several goroutines.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

type options struct {
	graphics, print, ignore, hideRed, hideBlue bool
	output, input                              string
	stall, timeout                             time.Duration
	maxTurns                                   int
	maxTurnsGiven                              bool // -m was given (a replay takes it over the log's)
	help                                       bool
	players                                    []string
}

const usage = "usage: stratego [-gpirb] [-o output_file] [-t stall_time] [-m max_turns] [-T timeout] {red_player blue_player | -f input_file} | -h"

// parseArgs reads the switches getopt-style: flags may be grouped
// ("-gpi"), and a value follows its letter or comes as the next word.
func parseArgs(args []string) (options, error) {
	o := options{maxTurns: stratego.DefaultTurnLimit, timeout: agent.DefaultTimeout}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--help" {
			o.help = true
			continue
		}
		if a == "--" {
			o.players = append(o.players, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			o.players = append(o.players, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			switch c := a[j]; c {
			case 'g':
				o.graphics = true
			case 'p':
				o.print = true
			case 'i':
				o.ignore = true
			case 'r':
				o.hideRed = true
			case 'b':
				o.hideBlue = true
			case 'h':
				o.help = true
			case 'o', 't', 'm', 'T', 'f':
				v := a[j+1:]
				if v == "" {
					if i+1 >= len(args) {
						return o, fmt.Errorf("-%c needs a value: %w", c, errUsage)
					}
					i++
					v = args[i]
				}
				if err := o.set(c, v); err != nil {
					return o, err
				}
				j = len(a)
			default:
				return o, fmt.Errorf("unknown switch -%c: %w", c, errUsage)
			}
		}
	}
	if o.help {
		return o, nil
	}
	switch {
	case o.input != "" && len(o.players) != 0:
		return o, fmt.Errorf("players and -f together: %w", errUsage)
	case o.input == "" && len(o.players) != 2:
		return o, fmt.Errorf("want red_player and blue_player: %w", errUsage)
	}
	return o, nil
}

func (o *options) set(c byte, v string) error {
	var err error
	switch c {
	case 'o':
		o.output = v
	case 'f':
		o.input = v
	case 't':
		o.stall, err = parseSeconds(v)
	case 'T':
		o.timeout, err = parseSeconds(v)
		if err == nil && o.timeout <= 0 {
			err = errUsage
		}
	case 'm':
		o.maxTurnsGiven = true
		if v == "inf" {
			o.maxTurns = 0
			return nil
		}
		o.maxTurns, err = strconv.Atoi(v)
		if err == nil && o.maxTurns < 1 {
			err = errUsage
		}
	}
	if err != nil {
		return fmt.Errorf("-%c %q: %w", c, v, errUsage)
	}
	return nil
}

// parseSeconds reads "2", "0.5" (seconds) or a Go duration ("250ms").
func parseSeconds(v string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(v, 64); err == nil && f >= 0 && f < 1e6 {
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, errUsage
	}
	return d, nil
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer, k *killer) int {
	o, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "stratego: %v\n%s\n", err, usage)
		return 1
	}
	if o.help {
		fmt.Fprint(stdout, helpText)
		return 0
	}
	// Agents' stderr is copied by goroutines (unless it is a file) while
	// humans are prompted on it: one lock for all writers. A file is
	// handed to the agents as it is.
	agentErr := stderr
	stderr = &syncWriter{w: stderr}
	if _, ok := agentErr.(*os.File); !ok {
		agentErr = stderr
	}
	cfg := agent.Config{
		Options:       stratego.Options{Rules: stratego.Progcomp, TurnLimit: o.maxTurns},
		IgnoreIllegal: o.ignore,
		Stall:         o.stall,
	}
	var red, blue agent.Player
	if o.input != "" {
		rec, err := readLogFile(o.input)
		if err != nil {
			fmt.Fprintf(stderr, "stratego: %v\n", err)
			return 1
		}
		red, blue = rec.players()
		if rec.turnLimit > 0 && !o.maxTurnsGiven {
			cfg.Options.TurnLimit = rec.turnLimit
		}
	} else {
		in := bufio.NewReader(stdin)
		var ps [2]agent.Player
		for c, path := range o.players {
			if path == "human" {
				ps[c] = &human{name: "human", in: in, out: stderr}
				continue
			}
			p, err := agent.StartProgram(path, o.timeout, agentErr)
			if err != nil {
				if c == 1 {
					ps[0].Close()
				}
				fmt.Fprintf(stderr, "stratego: %v\n", err)
				return 1
			}
			k.add(p)
			ps[c] = p
		}
		red, blue = ps[0], ps[1]
	}

	var logw io.Writer
	var logFile *os.File
	switch o.output {
	case "":
	case "stdout":
		logw = stdout
	default:
		f, err := os.Create(o.output)
		if err != nil {
			red.Close()
			blue.Close()
			fmt.Fprintf(stderr, "stratego: %v\n", err)
			return 1
		}
		logFile, logw = f, f
	}
	d := newDisplay(stdout, o)
	cfg.Hooks = agent.Hooks{
		Setup: func(c stratego.Colour, name string, lines []string) {
			if logw != nil {
				fmt.Fprintf(logw, "%s %v SETUP\n", name, c)
				for _, l := range lines {
					fmt.Fprintln(logw, l)
				}
			}
		},
		Move: func(c stratego.Colour, turn int, text string, pos *stratego.Position) {
			if logw != nil {
				fmt.Fprintf(logw, "%d %s: %s\n", turn, short(c), text)
			}
			d.move(c, turn, text, pos)
		},
		End: func(r agent.Result, pos *stratego.Position) {
			if logw != nil {
				if r.Outcome == agent.BadSetup {
					fmt.Fprintf(logw, "Game ends during setup - REASON: %s\n", r.Reason)
				} else {
					fmt.Fprintf(logw, "Game ends on %s's turn - REASON: %s\n", r.Colour, logReason(r))
				}
				fmt.Fprintln(logw, r)
			}
		},
	}
	r := agent.Run(red, blue, cfg)
	fmt.Fprintln(stdout, r)
	if logFile != nil {
		if err := logFile.Close(); err != nil {
			fmt.Fprintf(stderr, "stratego: %v\n", err)
			return 1
		}
	}
	return 0
}

// short is the log's colour word: "RED" or "BLU".
func short(c stratego.Colour) string {
	if c == stratego.Blue {
		return "BLU"
	}
	return "RED"
}

// outcomeSuffixes are what the log appends to an answer; stripOutcome
// takes one off for the replay.
var outcomeSuffixes = []string{" OK", " ILLEGAL", " VICTORY_FLAG", " VICTORY_ATTRITION"}

func stripOutcome(text string) string {
	for _, s := range outcomeSuffixes {
		if a, ok := strings.CutSuffix(text, s); ok {
			return a
		}
	}
	f := strings.Fields(text)
	if n := len(f); n >= 3 {
		switch f[n-3] {
		case "KILLS", "DIES", "BOTHDIE":
			if i := strings.LastIndex(text, " "+f[n-3]+" "); i >= 0 {
				return text[:i]
			}
		}
	}
	return text
}
