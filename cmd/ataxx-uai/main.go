// Command ataxx-uai is an Ataxx engine that speaks UAI, the Ataxx dialect
// of the UCI protocol, on standard input and output, for GUIs and
// tournament managers.
//
// Commands: uai, isready, uainewgame, setoption name Hash value MB,
// setoption name MoveOverhead value MS, position startpos|fen FEN
// [moves ...], go [depth N] [nodes N] [movetime MS] [btime MS wtime MS
// binc MS winc MS movestogo N] [infinite], stop, d (show the board),
// eval (the static evaluation, for the side to move), perft DEPTH,
// bench [DEPTH], quit. As in every UAI engine, btime and binc are the
// clock of x (Red, who moves first), wtime and winc that of o.
//
// The search runs beside the input: a command that arrives while it
// thinks is answered at once (isready, d, uai, perft) or, for setoption,
// kept until the search ends; only stop, quit, position, uainewgame and
// go end the search. On a clock the engine keeps back the MoveOverhead
// (default 10 ms) or, if larger, one and a half times what the clocks show
// was spent outside it on earlier moves (pipe, manager, a loaded machine).
// An unknown command or an illegal move is reported on
// an "info string" line and the engine carries on. Positions use the UAI
// rule set (100 plies without a clone is a draw).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

const (
	engineName    = "ataxxbot"
	engineAuthor  = "the ataxxbot developers"
	maxPerft      = 12
	defaultHashMB = 64
	maxHashMB     = 4096
	maxOverheadMS = 5000
)

// usageText is what -h prints: the program takes no flags; it speaks UAI.
const usageText = `Usage: ataxx-uai

An Ataxx engine that speaks UAI (the Ataxx dialect of UCI) on standard
input and output, for GUIs and tournament managers such as ataxx-match. It
takes no flags; a manager sends it commands, one a line:

  uai                           the engine's name, author and options, then uaiok
  isready                       readyok
  uainewgame                    forget the game
  setoption name Hash value MB  the transposition table's size
  setoption name MoveOverhead value MS
                                time kept back on every move for the pipe
  position startpos|fen FEN [moves M...]
  go [depth N] [nodes N] [movetime MS] [btime MS wtime MS binc MS winc MS
     movestogo N] [infinite]    search; answers bestmove M
  stop                          end the search and answer
  d                             show the board
  eval                          the evaluation of the position, without a
                                search: info string eval N (hundredths of
                                a piece, for the side to move)
  perft DEPTH                   count the positions DEPTH plies ahead
  bench [DEPTH]                 search the bench positions to DEPTH (16):
                                bench depth D nodes N nps P time MS
  quit                          leave
`

// benchDepth is the depth bench searches to when none is given: the
// anchors' own, so that the node rates compare.
const benchDepth = 16

// bench searches ataxxai's bench positions to a depth, each alone (a
// cleared table, killers and history), and prints the nodes, the node
// rate and the time, as the anchors' bench command does, so that their
// rates compare on the same positions.
func (s *session) bench(args []string) {
	depth := benchDepth
	if len(args) == 1 {
		depth, _ = strconv.Atoi(args[0])
	}
	if depth < 1 || depth > ataxxai.MaxPly-1 || len(args) > 1 {
		s.info("bench needs a depth from 1 to %d", ataxxai.MaxPly-1)
		return
	}
	nodes, elapsed, _, err := ataxxai.Bench(depth)
	if err != nil {
		s.info("bench: %v", err)
		return
	}
	ms := max(elapsed.Milliseconds(), 1)
	s.printf("bench depth %d nodes %d nps %d time %d\n", depth, nodes, nodes*1000/uint64(ms), ms)
}

// parseArgs reads the command line, which has nothing but -h: it prints
// the usage on out for -h (or -help) and an error with a hint on errOut
// for anything else, and reports whether to exit and with what code.
func parseArgs(args []string, out, errOut io.Writer) (exit bool, code int) {
	fs := flag.NewFlagSet("ataxx-uai", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(out, usageText)
		return true, 0
	case err != nil:
		fmt.Fprintf(errOut, "ataxx-uai: %v (ataxx-uai -h tells how to use it)\n", err)
		return true, 2
	case fs.NArg() > 0:
		fmt.Fprintf(errOut, "ataxx-uai: unexpected argument %q: the engine takes commands on standard input (ataxx-uai -h)\n", fs.Arg(0))
		return true, 2
	}
	return false, 0
}

func main() {
	if exit, code := parseArgs(os.Args[1:], os.Stdout, os.Stderr); exit {
		os.Exit(code)
	}
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ataxx-uai:", err)
		os.Exit(1)
	}
}

// session is one UAI conversation: the current position, the searcher,
// the search running (if any) and where to write answers.
type session struct {
	mu       sync.Mutex // guards out: the search writes too
	out      *bufio.Writer
	pos      ataxx.Position
	searcher *ataxxai.Searcher  // its table is allocated by the first go: perft needs none
	level    int                // search.MaxLevel: full strength
	overhead time.Duration      // kept back on every move for the pipe
	clocks   clockWatch         // what the manager charges beyond the search
	cancel   context.CancelFunc // stops the running search
	done     chan struct{}      // closed when it has answered
	pending  [][]string         // setoption arguments that arrived during a search
}

// run reads commands from in until quit or end of input, answering on out.
func run(in io.Reader, out io.Writer) error {
	s := &session{out: bufio.NewWriter(out), searcher: ataxxai.NewSearcher(defaultHashMB), level: search.MaxLevel, overhead: search.DefaultOverhead}
	s.newGame()
	defer s.stop()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		// The clock of a go starts when its line arrives, not when it is
		// parsed.
		quit := s.handle(sc.Text(), time.Now())
		s.mu.Lock()
		err := s.out.Flush()
		s.mu.Unlock()
		if err != nil {
			return err
		}
		if quit {
			return nil
		}
	}
	return sc.Err()
}

func (s *session) newGame() {
	s.pos = ataxx.NewPosition()
	s.pos.SetRules(ataxx.RulesUAI)
}

func (s *session) println(a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintln(s.out, a...)
}

func (s *session) printf(format string, a ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, format, a...)
}

func (s *session) info(format string, a ...any) { s.printf("info string "+format+"\n", a...) }

// stop ends the running search, if any, waits for its bestmove, and
// applies the options that arrived meanwhile.
func (s *session) stop() {
	if s.cancel != nil {
		s.cancel()
		<-s.done
		s.cancel, s.done = nil, nil
	}
	for _, args := range s.pending {
		s.setoption(args)
	}
	s.pending = nil
}

// searching reports whether a search is running.
func (s *session) searching() bool {
	if s.done == nil {
		return false
	}
	select {
	case <-s.done:
		s.stop() // it ended on its own: apply what waited for it
		return false
	default:
		return true
	}
}

// handle answers one command line, read at arrival, and reports whether
// it was quit.
func (s *session) handle(line string, arrival time.Time) (quit bool) {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "stop", "position", "uainewgame", "go":
		s.stop()
	case "quit":
		s.stop()
		return true
	case "setoption":
		if s.searching() {
			// The searcher is in use: the option waits for the search.
			s.pending = append(s.pending, args)
			return false
		}
	}
	switch cmd {
	case "isready":
		s.println("readyok")
	case "stop":
	case "uai":
		s.println("id name", engineName)
		s.println("id author", engineAuthor)
		s.printf("option name Hash type spin default %d min 1 max %d\n", defaultHashMB, maxHashMB)
		s.printf("option name Level type spin default %d min 1 max %d\n", search.MaxLevel, search.MaxLevel)
		// Tuning options, for self-play matches.
		s.printf("option name EvalStable type spin default %d min -500 max 500\n", ataxxai.DefaultTuning.Stable)
		s.printf("option name EvalExposed type spin default %d min -500 max 500\n", ataxxai.DefaultTuning.Exposed)
		s.printf("option name NullMove type check default %v\n", ataxxai.DefaultTuning.NullMove)
		s.printf("option name Aspiration type check default %v\n", ataxxai.DefaultTuning.Aspiration)
		s.printf("option name TrainedEval type check default %v\n", ataxxai.DefaultTuning.Trained)
		s.printf("option name Futility type check default %v\n", ataxxai.DefaultTuning.Futility)
		s.printf("option name NNUE type check default %v\n", ataxxai.DefaultTuning.NNUE)
		s.println("option name EvalFile type string default <embedded>")
		s.printf("option name MoveOverhead type spin default %d min 0 max %d\n", search.DefaultOverhead.Milliseconds(), maxOverheadMS)
		for _, p := range ataxxai.ParamList {
			s.printf("option name %s type spin default %d min %d max %d\n", p.Name, *p.Of(&ataxxai.DefaultParams), p.Min, p.Max)
		}
		s.println("uaiok")
	case "uainewgame":
		s.newGame()
		s.searcher.Clear()
	case "setoption":
		s.setoption(args)
	case "position":
		s.position(args)
	case "go":
		s.goSearch(args, arrival)
	case "d":
		s.printf("%sFen: %s\nKey: %016x\n", s.pos.Pretty(), s.pos.FEN(), s.pos.Hash())
	case "eval":
		pos := s.pos
		s.info("eval %d", s.searcher.Tuning.Evaluate(&pos))
	case "perft":
		s.perft(args)
	case "bench":
		s.bench(args)
	default:
		s.info("unknown command %q", cmd)
	}
	return false
}

// setoption handles "setoption name Hash value MB" and "... Level value N"
// (the bot's levels: 1 random, 2-8 fixed depths, 9-10 full search).
func (s *session) setoption(args []string) {
	line := strings.Join(args, " ")
	name, value, ok := strings.Cut(strings.TrimPrefix(line, "name "), " value ")
	name = strings.TrimSpace(name)
	n, err := strconv.Atoi(strings.TrimSpace(value))
	switch {
	case ok && strings.EqualFold(name, "Hash"):
		if err != nil || n < 1 || n > maxHashMB {
			s.info("Hash must be a number from 1 to %d", maxHashMB)
			return
		}
		s.searcher.SetHash(n)
	case ok && strings.EqualFold(name, "Level"):
		if err != nil || n < 1 || n > search.MaxLevel {
			s.info("Level must be a number from 1 to %d", search.MaxLevel)
			return
		}
		s.level = n
	case ok && (strings.EqualFold(name, "EvalStable") || strings.EqualFold(name, "EvalExposed")):
		if err != nil || n < -500 || n > 500 {
			s.info("%s must be a number from -500 to 500", name)
			return
		}
		if strings.EqualFold(name, "EvalStable") {
			s.searcher.Tuning.Stable = n
		} else {
			s.searcher.Tuning.Exposed = n
		}
	case ok && strings.EqualFold(name, "MoveOverhead"):
		if err != nil || n < 0 || n > maxOverheadMS {
			s.info("MoveOverhead must be a number from 0 to %d", maxOverheadMS)
			return
		}
		// Zero would mean the default to the search: keep a microsecond.
		s.overhead = max(time.Duration(n)*time.Millisecond, time.Microsecond)
	case ok && strings.EqualFold(name, "NullMove"):
		s.searcher.Tuning.NullMove = strings.EqualFold(strings.TrimSpace(value), "true")
	case ok && strings.EqualFold(name, "Futility"):
		s.searcher.Tuning.Futility = strings.EqualFold(strings.TrimSpace(value), "true")
	case ok && strings.EqualFold(name, "TrainedEval"):
		s.searcher.Tuning.Trained = strings.EqualFold(strings.TrimSpace(value), "true")
	case ok && strings.EqualFold(name, "NNUE"):
		s.searcher.Tuning.NNUE = strings.EqualFold(strings.TrimSpace(value), "true")
	case ok && strings.EqualFold(name, "EvalFile"):
		s.evalFile(strings.TrimSpace(value))
	case ok && strings.EqualFold(name, "Aspiration"):
		s.searcher.Tuning.Aspiration = strings.EqualFold(strings.TrimSpace(value), "true")
	default:
		for _, p := range ataxxai.ParamList {
			if ok && strings.EqualFold(name, p.Name) {
				if err != nil || n < p.Min || n > p.Max {
					s.info("%s must be a number from %d to %d", p.Name, p.Min, p.Max)
					return
				}
				*p.Of(&s.searcher.Params) = n
				return
			}
		}
		s.info("unknown option %q", line)
	}
}

// evalFile loads the network the neural evaluation uses for every board
// from a file (from ataxx-train nnue), or goes back to the embedded pair
// (one for the open board, one for layouts with blocks) for "<embedded>"
// or nothing.
func (s *session) evalFile(name string) {
	if name == "" || name == "<embedded>" {
		s.searcher.Tuning.Net = nil
		return
	}
	b, err := os.ReadFile(name)
	if err != nil {
		s.info("EvalFile: %v", err)
		return
	}
	n, err := ataxxai.LoadNet(b)
	if err != nil {
		s.info("EvalFile %s: %v", name, err)
		return
	}
	s.searcher.Tuning.Net = n
}

// goSearch starts a search with the limits of "go ..." and answers
// "bestmove" when it ends.
func (s *session) goSearch(args []string, arrival time.Time) {
	lim := search.Limits{Start: arrival, Overhead: s.overhead}
	infinite := false
	var xtime, otime, xinc, oinc time.Duration
	for i := 0; i < len(args); i++ {
		if args[i] == "infinite" {
			infinite = true
			continue
		}
		if i+1 >= len(args) {
			s.info("go %s needs a value", args[i])
			return
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			s.info("go %s: %q is not a number", args[i], args[i+1])
			return
		}
		ms := time.Duration(n) * time.Millisecond
		switch args[i] {
		case "depth":
			lim.Depth = int(n)
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.MoveTime = ms
		case "btime", "xtime":
			xtime = ms
		case "wtime", "otime":
			otime = ms
		case "binc", "xinc":
			xinc = ms
		case "winc", "oinc":
			oinc = ms
		case "movestogo":
			lim.MovesToGo = int(n)
		default:
			s.info("unknown go parameter %q", args[i])
		}
		i++
	}
	// UAI names the clocks as in chess: black (btime) is x, Red, who
	// moves first; white (wtime) is o.
	if s.pos.Turn() == ataxx.Red {
		lim.Time, lim.Inc = xtime, xinc
	} else {
		lim.Time, lim.Inc = otime, oinc
	}
	if infinite {
		lim.MoveTime, lim.Time, lim.Inc = 0, 0, 0
	}
	side := s.pos.Turn()
	if lim.Time > 0 {
		lim.Overhead = max(s.overhead, s.clocks.observe(side, lim.Time, lim.Inc))
	}
	var opts search.Options
	random := false
	if s.level < search.MaxLevel {
		var levelLim search.Limits
		levelLim, opts, random = ataxxai.Level(s.level, 0)
		if levelLim.Depth > 0 && (lim.Depth == 0 || levelLim.Depth < lim.Depth) {
			lim.Depth = levelLim.Depth
		}
		opts.Seed = s.pos.Hash()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.cancel, s.done = cancel, done
	pos := s.pos
	go func() {
		defer close(done)
		var res search.Result[ataxx.Move]
		if random {
			res.Move, _ = ataxxai.RandomMove(pos, int64(pos.Hash()))
		} else {
			res = s.searcher.Search(ctx, pos, lim, opts, s.printInfo)
		}
		if infinite {
			<-ctx.Done() // UAI: an infinite search answers only after stop
		}
		move := "0000"
		if res.Move != ataxx.NoMove {
			move = res.Move.String()
		}
		if res.Ponder != ataxx.NoMove {
			s.printf("bestmove %s ponder %s\n", move, res.Ponder)
		} else {
			s.printf("bestmove %s\n", move)
		}
		s.mu.Lock()
		s.out.Flush()
		s.mu.Unlock()
		if lim.Time > 0 {
			s.clocks.answered(side, time.Since(arrival))
		}
	}()
}

// clockWatch learns the overhead from the clocks themselves: what the
// manager took off a side's clock for a move, less what the engine
// measured from reading go to writing bestmove, is spent outside the
// engine (the pipe, the manager, a loaded machine's scheduler). The
// search then keeps that much back. The answer of one move happens before
// the next go is read (the session waits for the search), so no lock is
// needed.
type clockWatch struct {
	clock, inc, spent [2]time.Duration // per side: the last go's clock and increment, and the engine's time
	seen              [2]bool
	outside           time.Duration // the overhead learnt: rises at once, decays slowly
}

// observe notes the clock a go gives side, and returns the overhead to
// keep back: one and a half times what was learnt.
func (w *clockWatch) observe(side ataxx.Color, clock, inc time.Duration) time.Duration {
	if w.seen[side] {
		charged := w.clock[side] + w.inc[side] - clock
		// A clock that grew more than the increment is a new game.
		if out := charged - w.spent[side]; charged >= 0 && out > 0 && out < w.clock[side] {
			w.outside = max(out, w.outside-w.outside/8)
		} else {
			w.outside -= w.outside / 8
		}
	}
	w.clock[side], w.inc[side], w.seen[side] = clock, inc, false
	return w.outside * 3 / 2
}

// answered notes how long the engine took, by its own watch, for side's
// move.
func (w *clockWatch) answered(side ataxx.Color, spent time.Duration) {
	w.spent[side], w.seen[side] = spent, true
}

// printInfo writes one finished iteration.
func (s *session) printInfo(in search.Info[ataxx.Move]) {
	score := fmt.Sprintf("cp %d", in.Score)
	if in.Mate != 0 {
		score = fmt.Sprintf("mate %d", in.Mate)
	}
	ms := in.Time.Milliseconds()
	nps := uint64(float64(in.Nodes) / max(in.Time.Seconds(), 1e-3))
	pv := make([]string, len(in.PV))
	for i, m := range in.PV {
		pv[i] = m.String()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.out, "info depth %d seldepth %d score %s nodes %d nps %d time %d pv %s\n",
		in.Depth, in.SelDepth, score, in.Nodes, nps, ms, strings.Join(pv, " "))
	s.out.Flush()
}

// position handles "position startpos|fen FEN [moves m1 m2 ...]". A bad
// FEN leaves the position unchanged; an illegal move stops the list there,
// keeping the moves before it.
func (s *session) position(args []string) {
	if len(args) == 0 {
		s.info("position needs startpos or fen")
		return
	}
	var fenFields, moves []string
	switch args[0] {
	case "startpos":
		fenFields = []string{"startpos"}
		args = args[1:]
	case "fen":
		args = args[1:]
		for len(args) > 0 && args[0] != "moves" {
			fenFields = append(fenFields, args[0])
			args = args[1:]
		}
	default:
		s.info("position needs startpos or fen, got %q", args[0])
		return
	}
	if len(args) > 0 {
		if args[0] != "moves" {
			s.info("expected moves, got %q", args[0])
			return
		}
		moves = args[1:]
	}
	pos, err := ataxx.ParseFEN(strings.Join(fenFields, " "))
	if err != nil {
		s.info("%v", err)
		return
	}
	pos.SetRules(ataxx.RulesUAI)
	for _, text := range moves {
		m, err := ataxx.ParseMove(text)
		if err == nil {
			_, _, err = pos.Play(m)
		}
		if err != nil {
			s.info("move %s: %v", text, err)
			break
		}
	}
	s.pos = pos
}

// perft prints one info line for each depth from 1 to the one asked.
func (s *session) perft(args []string) {
	depth := 0
	if len(args) == 1 {
		depth, _ = strconv.Atoi(args[0])
	}
	if depth < 1 || depth > maxPerft {
		s.info("perft needs a depth from 1 to %d", maxPerft)
		return
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		nodes := ataxx.Perft(&s.pos, d)
		elapsed := time.Since(start)
		nps := uint64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
		s.printf("info depth %d nodes %d time %d nps %d\n", d, nodes, elapsed.Milliseconds(), nps)
		s.mu.Lock()
		s.out.Flush()
		s.mu.Unlock()
	}
}
