// Command ugi is an engine for every game of the project that speaks UGI,
// the game-neutral form of UCI used by kz04px/cutegames, on standard input
// and output:
//
//	ugi -game ataxx|congo|abalone
//
// Commands: ugi (answered by id name, id author, the hash option and
// ugiok), isready, uginewgame, setoption name hash value MB,
// position startpos|fen FEN [moves M...], go with p1time/p2time/p1inc/
// p2inc, movetime, depth, nodes or infinite (answered by info lines and
// bestmove M), stop, query gameover|p1turn|result (answered by
// response ...), perft D (an info line for each depth 1..D), d (the
// board), quit. The search runs beside the input: isready, d and query
// are answered while it thinks; stop, quit, position, uginewgame, go,
// setoption and perft end it first. A bad command or an illegal move is
// reported on an "info string" line and the engine carries on.
//
// Each game is one file beside the protocol (ataxx.go, congo.go) that
// implements the small game interface of game.go.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

const (
	engineAuthor  = "the ataxxbot developers"
	defaultHashMB = 16
	maxHashMB     = 4096
	maxPerft      = 10
)

// usageHead heads what -h prints, before the flags.
const usageHead = `Usage: ugi [-game ataxx|congo|abalone]
       ugi -game GAME -openings N [-plies N] [-seed N]

An engine for every game of the project that speaks UGI (the game-neutral
form of UCI of kz04px/cutegames) on standard input and output. Commands,
one a line: ugi, isready, uginewgame, setoption name hash value MB,
position startpos|fen FEN [moves M...], go (p1time/p2time/p1inc/p2inc,
movetime, depth, nodes or infinite), stop, query gameover|p1turn|result,
perft D, d, quit.

Flags:
`

func main() {
	fs := flag.NewFlagSet("ugi", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("game", "ataxx", "the game to play: "+strings.Join(gameNames(), ", "))
	openings := fs.Int("openings", 0, "print this many random openings (moves from the start, a line each, for ataxx-match -openings FILE) and quit")
	plies := fs.Int("plies", 4, "-openings: plies in each opening")
	seed := fs.Uint64("seed", 1, "-openings: the seed of the random moves")
	switch err := fs.Parse(os.Args[1:]); {
	case errors.Is(err, flag.ErrHelp):
		fmt.Print(usageHead)
		fs.SetOutput(os.Stdout)
		fs.PrintDefaults()
		return
	case err != nil:
		fmt.Fprintf(os.Stderr, "ugi: %v (ugi -h lists the flags)\n", err)
		os.Exit(2)
	case fs.NArg() > 0:
		fmt.Fprintf(os.Stderr, "ugi: unexpected argument %q (ugi -h lists the flags)\n", fs.Arg(0))
		os.Exit(2)
	}
	newGame, ok := games[*name]
	if !ok {
		fmt.Fprintf(os.Stderr, "ugi: unknown game %q; want one of %s\n", *name, strings.Join(gameNames(), ", "))
		os.Exit(2)
	}
	if *openings > 0 {
		w := bufio.NewWriter(os.Stdout)
		for _, line := range randomOpenings(newGame(), *openings, *plies, *seed) {
			fmt.Fprintln(w, line)
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(os.Stderr, "ugi:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Stdin, os.Stdout, *name, newGame()); err != nil {
		fmt.Fprintln(os.Stderr, "ugi:", err)
		os.Exit(1)
	}
}

// randomOpenings returns n openings of g: plies random legal moves from
// the start each, space-separated, none ending the game, none twice (as
// far as the game's variety allows: a few draws more are tried).
func randomOpenings(g game, n, plies int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 0))
	seen := make(map[string]bool)
	var out []string
	for try := 0; len(out) < n && try < 100*n; try++ {
		g.reset()
		g.setStart()
		var line []string
		for len(line) < plies && !g.gameOver() {
			moves := g.legalMoves()
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			if g.play(m) != nil {
				break
			}
			line = append(line, m)
		}
		text := strings.Join(line, " ")
		if len(line) < plies || g.gameOver() || seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, text)
	}
	return out
}

func gameNames() []string {
	var names []string
	for n := range games {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// session is one UGI conversation: the game, the running search (if any)
// and the output, which the search writes too.
type session struct {
	name   string
	g      game
	mu     sync.Mutex
	out    *bufio.Writer
	cancel context.CancelFunc // stops the running search
	done   chan struct{}      // closed when it has said bestmove
}

// run reads commands from in until quit or the end of input.
func run(in io.Reader, out io.Writer, name string, g game) error {
	s := &session{name: name, g: g, out: bufio.NewWriter(out)}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	defer s.stop()
	for sc.Scan() {
		if !s.command(strings.Fields(sc.Text())) {
			return nil
		}
	}
	return sc.Err()
}

// say writes one line, whole, whoever calls.
func (s *session) say(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format+"\n", args...)
	s.out.Flush()
}

// command runs one command; it returns false on quit.
func (s *session) command(f []string) bool {
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "ugi":
		s.say("id name ataxxbot %s", s.name)
		s.say("id author %s", engineAuthor)
		s.say("option name hash type spin default %d min 1 max %d", defaultHashMB, maxHashMB)
		s.say("ugiok")
	case "isready":
		s.say("readyok")
	case "uginewgame", "uainewgame", "ucinewgame": // the dialects' names too
		s.stop()
		s.g.reset()
	case "setoption":
		s.stop()
		s.setOption(f[1:])
	case "position":
		s.stop()
		s.position(f[1:])
	case "go":
		s.stop()
		s.goSearch(f[1:])
	case "stop":
		s.stop()
	case "query":
		s.query(f[1:])
	case "perft":
		s.stop()
		s.perft(f[1:])
	case "d":
		s.say("%s", strings.TrimRight(s.g.display(), "\n"))
	case "quit":
		return false
	default:
		s.say("info string unknown command %q", f[0])
	}
	return true
}

func (s *session) setOption(f []string) {
	// setoption name NAME value VALUE
	if len(f) != 4 || f[0] != "name" || f[2] != "value" {
		s.say("info string setoption: want setoption name hash value MB")
		return
	}
	if !strings.EqualFold(f[1], "hash") {
		s.say("info string setoption: unknown option %q", f[1])
		return
	}
	mb, err := strconv.Atoi(f[3])
	if err != nil || mb < 1 || mb > maxHashMB {
		s.say("info string setoption: hash must be 1..%d", maxHashMB)
		return
	}
	s.g.setHash(mb)
}

// position sets the position; a bad FEN leaves it as it was, a bad move
// leaves it after the last good one.
func (s *session) position(f []string) {
	if len(f) == 0 {
		s.say("info string position: want startpos or fen FEN, then moves")
		return
	}
	var rest []string
	switch f[0] {
	case "startpos":
		s.g.setStart()
		rest = f[1:]
	case "fen":
		i := slices.Index(f, "moves")
		if i < 0 {
			i = len(f)
		}
		if err := s.g.setFEN(strings.Join(f[1:i], " ")); err != nil {
			s.say("info string position: %v", err)
			return
		}
		rest = f[i:]
	default:
		s.say("info string position: want startpos or fen, got %q", f[0])
		return
	}
	if len(rest) == 0 {
		return
	}
	if rest[0] != "moves" {
		s.say("info string position: want moves, got %q", rest[0])
		return
	}
	for _, m := range rest[1:] {
		if err := s.g.play(m); err != nil {
			s.say("info string position: move %s: %v", m, err)
			return
		}
	}
}

func (s *session) query(f []string) {
	if len(f) != 1 {
		s.say("info string query: want gameover, p1turn or result")
		return
	}
	switch f[0] {
	case "gameover":
		s.say("response %t", s.g.gameOver())
	case "p1turn":
		s.say("response %t", s.g.p1Turn())
	case "result":
		s.say("response %s", s.g.result())
	default:
		s.say("info string query: unknown question %q", f[0])
	}
}

func (s *session) perft(f []string) {
	depth := 0
	if len(f) == 1 {
		depth, _ = strconv.Atoi(f[0])
	}
	if depth < 1 || depth > maxPerft {
		s.say("info string perft: want a depth 1..%d", maxPerft)
		return
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n := s.g.perft(d)
		el := time.Since(start)
		nps := uint64(float64(n) / max(el.Seconds(), 1e-9))
		s.say("info depth %d nodes %d time %d nps %d", d, n, el.Milliseconds(), nps)
	}
}

// goSearch parses the limits and starts the search on its own goroutine.
func (s *session) goSearch(f []string) {
	var lim limits
	var p1time, p2time, p1inc, p2inc time.Duration
	for i := 0; i < len(f); i++ {
		key := f[i]
		if key == "infinite" {
			lim.infinite = true
			continue
		}
		if i+1 >= len(f) {
			s.say("info string go: %s wants a value", key)
			return
		}
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || v < 0 {
			s.say("info string go: %s %q is not a count", key, f[i+1])
			return
		}
		i++
		ms := time.Duration(v) * time.Millisecond
		switch key {
		case "p1time":
			p1time, lim.hasAnyTime = ms, true
		case "p2time":
			p2time, lim.hasAnyTime = ms, true
		case "p1inc":
			p1inc = ms
		case "p2inc":
			p2inc = ms
		case "movetime":
			lim.moveTime = ms
		case "depth":
			lim.depth = int(min(v, 1000))
		case "nodes":
			lim.nodes = uint64(v)
		default:
			s.say("info string go: unknown limit %q", key)
			return
		}
	}
	if s.g.p1Turn() {
		lim.time, lim.inc = p1time, p1inc
	} else {
		lim.time, lim.inc = p2time, p2inc
	}
	if lim.hasAnyTime && lim.time == 0 {
		lim.time = time.Millisecond // our clock is out: answer at once
	}
	search := s.g.search(lim)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	go func() {
		defer close(done)
		best := search(ctx, func(i searchInfo) {
			score := fmt.Sprintf("cp %d", i.score)
			if i.mate != 0 {
				score = fmt.Sprintf("mate %d", i.mate)
			}
			nps := uint64(float64(i.nodes) / max(i.time.Seconds(), 1e-9))
			s.say("info depth %d score %s nodes %d time %d nps %d pv %s",
				i.depth, score, i.nodes, i.time.Milliseconds(), nps, strings.Join(i.pv, " "))
		})
		if lim.infinite {
			<-ctx.Done() // an infinite search answers only when stopped
		}
		if best == "" {
			s.say("info string no move: the game is over")
			best = "0000"
		}
		s.say("bestmove %s", best)
	}()
}

// stop ends the running search, if any, and waits for its bestmove.
func (s *session) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	<-s.done
	s.cancel, s.done = nil, nil
}
