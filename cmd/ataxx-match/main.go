// Command ataxx-match plays UAI engines against each other: pairs of games
// from the same opening with colours swapped, openings drawn from block
// layouts and random two-ply starts, a time control, adjudication by the
// rules (the UAI rule set). It prints wins, losses, draws, the score and
// the Elo difference with a 95% interval, and can log every game.
//
//	ataxx-match -e1 "./new-uai" -e2 "./old-uai" -games 200 -tc movetime=50
//	ataxx-match -e1 ./ataxx-uai -e2 ./ataxx-uai -o2 Level=2 -tc 10+0.1
//	ataxx-match -e1 ./ataxx-uai -e2 ./other -openings startpos -tc 2+0.02
//
// With -openings startpos, game pair i starts from position (stride × i)
// mod 256 of the 256 positions two plies from the standard start, in
// move-list order (cuteataxx's order with -stride 1). The default stride,
// 97, is odd: 256 pairs play every opening once, and a shorter match
// spreads over all 16 first moves instead of the first few. A move that
// answers after the mover's clock ran out loses on time; such losses are
// counted apart. When one engine wins every game, the Elo difference is
// infinite and the 95% Wilson bound of the score says how far it is at
// least.
//
// With -concurrency N, N games are played at once (as cutechess-cli's
// -concurrency does), each by its own pair of engine processes (and, for
// UGI, its own referee): a 2-core machine plays a match in about half the
// time. Game g gets the same opening and colours whatever N is; each
// game's line is printed when it ends, so in the order games end, and
// the log keeps every game whole. The summary is the same as with one
// game at a time. Give each game a core: engines that search on several
// threads, or more games than cores, play on clocks they cannot keep.
//
//	ataxx-match -e1 ./new-uai -e2 ./old-uai -games 400 -tc nodes=40000 -concurrency 2
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/uai"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/engine/ataxx/pgn"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ataxx-match:", err)
		os.Exit(1)
	}
}

// layouts are the block layouts openings start from (no blocks, and the
// layouts of the libataxx benchmark).
var layouts = []string{
	"x5o/7/7/7/7/7/o5x x 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
	"x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
	"x2-2o/3-3/2---2/7/2---2/3-3/o2-2x x 0 1",
	"x5o/2-1-2/1-3-1/7/1-3-1/2-1-2/o5x x 0 1",
	"x5o/1-3-1/2-1-2/7/2-1-2/1-3-1/o5x x 0 1",
	"x2-2o/3-3/3-3/-------/3-3/3-3/o2-2x x 0 1",
}

// timeControl is a fixed time per move, a clock, or a fixed depth or
// number of nodes per move (which the machine's load does not change:
// for comparing evaluations).
type timeControl struct {
	moveTime     time.Duration
	base, inc    time.Duration
	depth, nodes int
}

func parseTC(s string) (timeControl, error) {
	for _, kind := range []string{"depth=", "nodes="} {
		if v, ok := strings.CutPrefix(s, kind); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 {
				return timeControl{}, fmt.Errorf("tc %q: %sN with N > 0", s, kind)
			}
			if kind == "depth=" {
				return timeControl{depth: n}, nil
			}
			return timeControl{nodes: n}, nil
		}
	}
	if ms, ok := strings.CutPrefix(s, "movetime="); ok {
		n, err := strconv.Atoi(ms)
		if err != nil || n <= 0 {
			return timeControl{}, fmt.Errorf("tc %q: movetime=MILLISECONDS", s)
		}
		return timeControl{moveTime: time.Duration(n) * time.Millisecond}, nil
	}
	base, inc, _ := strings.Cut(s, "+")
	b, err1 := strconv.ParseFloat(base, 64)
	i := 0.0
	var err2 error
	if inc != "" {
		i, err2 = strconv.ParseFloat(inc, 64)
	}
	if err1 != nil || err2 != nil || b <= 0 || i < 0 {
		return timeControl{}, fmt.Errorf("tc %q: want movetime=MS or SECONDS+INCREMENT like 10+0.1", s)
	}
	return timeControl{base: time.Duration(b * float64(time.Second)), inc: time.Duration(i * float64(time.Second))}, nil
}

// parseOptions reads "Name=value,Name=value".
func parseOptions(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok {
			out[k] = v
		}
	}
	return out
}

type config struct {
	cmds     [2][]string
	opts     [2]map[string]string
	games    int
	tc       timeControl
	seed     uint64
	startpos bool // openings: the 256 two-ply starts from the standard position
	// lines are UGI openings, moves from the start: pair i plays line
	// i mod len(lines) (from -openings FILE).
	lines    [][]string
	stride   int // startpos: pair i plays opening stride*i mod 256
	log      io.Writer
	maxPlies int
	ugi      bool   // the engines speak UGI (any game); the first referees
	start    string // UGI: the start position, "startpos" or a position text
	// concurrency is how many games are played at once, each by its own
	// engine processes.
	concurrency int
	// sprt is the match's sequential test, nil for none.
	sprt *sprt
}

// usageHead heads the usage that -h prints, before the flags.
const usageHead = `Usage: ataxx-match -e1 COMMAND -e2 COMMAND [flags]

Plays two UAI engines (or, with -protocol ugi, UGI engines of any game)
against each other: pairs of games from the same opening with colours
swapped. Prints each game's result, then wins, losses, draws, the score and
the Elo difference with a 95% interval.

  ataxx-match -e1 ./new-uai -e2 ./old-uai -games 200 -tc movetime=50
  ataxx-match -e1 ./ataxx-uai -e2 ./ataxx-uai -o2 Level=2 -tc 10+0.1

Flags:
`

// run plays the match args ask for; -h (or -help) prints the usage on out
// and returns nil.
func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-match", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // a bad flag is returned, -h is handled below
	e1 := fs.String("e1", "", "first engine: command and arguments")
	e2 := fs.String("e2", "", "second engine: command and arguments")
	o1 := fs.String("o1", "", "first engine's UAI options, Name=value,...")
	o2 := fs.String("o2", "", "second engine's UAI options")
	games := fs.Int("games", 20, "games to play (rounded up to pairs)")
	tc := fs.String("tc", "movetime=100", "time control: movetime=MS, SECONDS+INCREMENT, depth=N or nodes=N")
	seed := fs.Uint64("seed", 1, "seed of the openings")
	pgn := fs.String("pgn", "", "write every game to this file")
	openings := fs.String("openings", "layouts", "openings: layouts (random two plies from block layouts) or startpos (the 256 two-ply starts)")
	protocol := fs.String("protocol", "uai", "uai (Ataxx engines) or ugi (engines of any game, such as ugi -game congo)")
	start := fs.String("start", "startpos", "ugi: the start position of every game (startpos or the game's position text)")
	maxPlies := fs.Int("maxplies", 2000, "a game this long is a draw")
	stride := fs.Int("stride", 97, "startpos: game pair i plays opening stride*i mod 256 (odd: all 256 in 256 pairs; 1: move-list order)")
	concurrency := fs.Int("concurrency", 1, "games played at once, each by its own engine processes (and, for ugi, referee)")
	sprtFlag := fs.String("sprt", "", "ELO0,ELO1: stop once a sequential test on game pairs accepts H0 (Elo ELO0) or H1 (ELO1); -games is the most")
	sprtAlpha := fs.Float64("alpha", 0.05, "sprt: the chance of accepting H1 when H0 holds")
	sprtBeta := fs.Float64("beta", 0.05, "sprt: the chance of accepting H0 when H1 holds")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(out, usageHead)
			fs.SetOutput(out)
			fs.PrintDefaults()
			return nil
		}
		return fmt.Errorf("%w (ataxx-match -h lists the flags)", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (ataxx-match -h lists the flags)", fs.Arg(0))
	}
	if *concurrency < 1 {
		return fmt.Errorf("concurrency %d: want 1 or more", *concurrency)
	}
	if *e1 == "" || *e2 == "" {
		return errors.New("need -e1 and -e2")
	}
	c := config{games: (*games + 1) / 2 * 2, seed: *seed, maxPlies: *maxPlies, start: *start, stride: *stride, concurrency: *concurrency}
	if *sprtFlag != "" {
		t, err := parseSPRT(*sprtFlag, *sprtAlpha, *sprtBeta)
		if err != nil {
			return err
		}
		c.sprt = t
	}
	switch *protocol {
	case "uai":
	case "ugi":
		c.ugi = true
	default:
		return fmt.Errorf("protocol %q: want uai or ugi", *protocol)
	}
	var err error
	switch *openings {
	case "layouts":
	case "startpos":
		c.startpos = true
	default:
		if !c.ugi {
			return fmt.Errorf("openings %q: want layouts or startpos", *openings)
		}
		if c.lines, err = readOpenings(*openings); err != nil {
			return err
		}
	}
	c.cmds = [2][]string{strings.Fields(*e1), strings.Fields(*e2)}
	c.opts = [2]map[string]string{parseOptions(*o1), parseOptions(*o2)}
	if c.tc, err = parseTC(*tc); err != nil {
		return err
	}
	if *pgn != "" {
		f, err := os.Create(*pgn)
		if err != nil {
			return err
		}
		defer f.Close()
		c.log = f
	}
	play := match
	if c.ugi {
		play = matchUGI
	}
	res, err := play(ctx, c, out)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, res.summary())
	return nil
}

// result counts games from the first engine's side.
type result struct {
	names        [2]string
	wins, losses int
	draws        int
	scores       []float64
	timeLosses   [2]int // games each engine lost on time
	// sprt, when not nil, is the sequential test that may end the match
	// early; decided says it has.
	sprt    *sprt
	decided bool
}

func (r *result) add(score float64) {
	r.scores = append(r.scores, score)
	switch score {
	case 1:
		r.wins++
	case 0:
		r.losses++
	default:
		r.draws++
	}
}

// eloOf is the Elo difference that expects score p.
func eloOf(p float64) float64 { return -400 * math.Log10(1/p-1) }

// wilsonLow is the lower end of the 95% Wilson interval of a score of n
// out of n games: the least true score that such a run does not rule out.
func wilsonLow(n int) float64 {
	const z = 1.96
	f := float64(n)
	return f / (f + z*z)
}

func (r *result) summary() string {
	n := len(r.scores)
	score := float64(r.wins) + float64(r.draws)/2
	line := fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", r.names[0], r.names[1], r.wins, r.losses, r.draws, score/float64(max(n, 1)), n)
	line += fmt.Sprintf("Lost on time: %d (1), %d (2)\n", r.timeLosses[0], r.timeLosses[1])
	switch {
	case n > 0 && r.wins == n:
		return line + fmt.Sprintf("Elo difference: +inf (every game won; 95%% bound: at least %+.0f)", eloOf(wilsonLow(n)))
	case n > 0 && r.losses == n:
		return line + fmt.Sprintf("Elo difference: -inf (every game lost; 95%% bound: at most %+.0f)", -eloOf(wilsonLow(n)))
	}
	d, m := tourney.Elo(r.scores)
	line += fmt.Sprintf("Elo difference: %.1f +/- %.1f (95%%)", d, m)
	if r.sprt != nil {
		line += "\n" + r.sprt.String()
	}
	return line
}

// startOpening returns the i-th (mod 256) position two plies from the
// standard start.
func startOpening(i int) ataxx.Position {
	pos := ataxx.NewPosition()
	pos.SetRules(ataxx.RulesUAI)
	first := pos.LegalMoves()
	pos.MakeMove(first[i/16%len(first)])
	second := pos.LegalMoves()
	pos.MakeMove(second[i%len(second)])
	return pos
}

// opening returns the start of game pair i: a layout and two random plies.
func opening(seed uint64, i int) ataxx.Position {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	pos, _ := ataxx.ParseFEN(layouts[rng.IntN(len(layouts))])
	pos.SetRules(ataxx.RulesUAI)
	for range 2 {
		moves := pos.LegalMoves()
		pos.MakeMove(moves[rng.IntN(len(moves))])
	}
	return pos
}

func match(ctx context.Context, c config, out io.Writer) (*result, error) {
	// Every table has its own pair of engine processes; all are closed
	// (and so reaped) when the match ends, however it ends.
	tables := make([][2]*uai.Engine, c.tables())
	for t := range tables {
		for i := range tables[t] {
			e, err := uai.Start(ctx, c.cmds[i][0], c.cmds[i][1:], c.opts[i])
			if err != nil {
				return nil, err
			}
			defer e.Close()
			tables[t][i] = e
		}
	}
	r := &result{names: [2]string{tables[0][0].Name + " (1)", tables[0][1].Name + " (2)"}, sprt: c.sprt}
	err := playAll(ctx, c, r, out, len(tables), func(ctx context.Context, t, g int) finished {
		engines := tables[t]
		start := opening(c.seed, g/2)
		if c.startpos {
			start = startOpening(c.stride * (g / 2))
		}
		first := g % 2 // which engine plays Red
		red, blue := engines[first], engines[1-first]
		outcome, why, late, moves := play(ctx, c, start, [2]*uai.Engine{red, blue})
		score := 0.5
		if w, ok := outcome.Winner(); ok {
			score = 0
			if (w == ataxx.Red) == (first == 0) {
				score = 1
			}
		}
		return finished{
			score: score,
			late:  late,
			line:  fmt.Sprintf("Game %d/%d: %s (Red) vs %s (Blue): %v %s", g+1, c.games, r.names[first], r.names[1-first], outcome, why),
			log: func(w io.Writer) error {
				info := pgn.Info{Event: "ataxx-match", Site: "ataxx-match", Date: time.Now(), Round: strconv.Itoa(g + 1),
					Black: r.names[first], White: r.names[1-first], Adjudicated: adjudication(why, late)}
				return writeGame(w, info, start, moves, outcome)
			},
		}
	})
	return r, err
}

// play plays one game; engines[0] is Red. A move that is illegal, late or
// missing loses the game; late reports a loss on time.
func play(ctx context.Context, c config, start ataxx.Position, engines [2]*uai.Engine) (o ataxx.Outcome, why string, late bool, moves []ataxx.Move) {
	for _, e := range engines {
		if err := e.NewGame(ctx); err != nil {
			return ataxx.Draw, "(engine failed: " + err.Error() + ")", false, nil
		}
	}
	pos := start
	startFEN := start.FEN()
	clocks := [2]time.Duration{c.tc.base, c.tc.base}
	for ply := 0; ply < c.maxPlies; ply++ {
		if o := pos.Outcome(); o != ataxx.Ongoing {
			r, b := pos.Count(ataxx.Red), pos.Count(ataxx.Blue)
			return o, fmt.Sprintf("(%d-%d)", r, b), false, moves
		}
		side := pos.Turn()
		e := engines[side]
		var goArgs string
		var limit time.Duration
		switch {
		case c.tc.depth > 0:
			goArgs, limit = fmt.Sprintf("depth %d", c.tc.depth), time.Minute
		case c.tc.nodes > 0:
			goArgs, limit = fmt.Sprintf("nodes %d", c.tc.nodes), time.Minute
		case c.tc.moveTime > 0:
			goArgs = fmt.Sprintf("movetime %d", c.tc.moveTime.Milliseconds())
			limit = c.tc.moveTime
		default:
			// UAI: btime is x's (Red) clock, wtime o's.
			goArgs = fmt.Sprintf("btime %d wtime %d binc %d winc %d", clocks[ataxx.Red].Milliseconds(), clocks[ataxx.Blue].Milliseconds(), c.tc.inc.Milliseconds(), c.tc.inc.Milliseconds())
			limit = clocks[side]
		}
		mctx, cancel := context.WithTimeout(ctx, limit+limit/10+50*time.Millisecond)
		t0 := time.Now()
		m, err := e.Go(mctx, startFEN, moves, goArgs)
		took := time.Since(t0)
		cancel()
		loss := ataxx.WinFor(side.Other())
		if err != nil {
			if ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
				return loss, fmt.Sprintf("(%v lost on time: no answer within %v)", side, took.Round(time.Millisecond)), true, moves
			}
			return loss, fmt.Sprintf("(%v forfeits: %v)", side, err), false, moves
		}
		if c.tc.base > 0 {
			if clocks[side] -= took; clocks[side] < 0 {
				return loss, fmt.Sprintf("(%v lost on time: took %v)", side, took.Round(time.Millisecond)), true, moves
			}
			clocks[side] += c.tc.inc
		}
		played, _, err := pos.Play(m)
		if err != nil {
			return loss, fmt.Sprintf("(%v played %v: %v)", side, m, err), false, moves
		}
		moves = append(moves, played)
	}
	return ataxx.Draw, "(move limit)", false, moves
}

// writeGame logs a game in PGN as cuteataxx writes it (package pgn):
// Black is the engine playing Red (x), White the one playing Blue (o).
func writeGame(w io.Writer, info pgn.Info, start ataxx.Position, moves []ataxx.Move, o ataxx.Outcome) error {
	g, err := pgn.NewGame(info, start, moves, pgn.ResultOf(o))
	if err != nil {
		return err
	}
	return pgn.Write(w, g)
}

// adjudication names, in cuteataxx's words (its Adjudicated tag), why a
// game ended other than by the rules; "" when the rules ended it.
func adjudication(why string, late bool) string {
	switch {
	case late:
		return "Out of time"
	case why == "(move limit)":
		return "Max game length reached"
	case strings.Contains(why, " played "):
		return "Illegal move"
	case strings.Contains(why, "forfeits") || strings.Contains(why, "engine failed"):
		return "Engine crash"
	}
	return ""
}
