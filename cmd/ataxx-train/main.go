// Command ataxx-train trains the AI's evaluations from self-play.
//
// The neural evaluation (ai/ataxxai's Net, shipped as two networks:
// ai/ataxxai/nnue.bin for the open board, ai/ataxxai/nnue-blocks.bin for
// layouts with blocks) is trained in two steps: self-play games, each
// move searched to a number of nodes, then training on their positions
// (Adam on minibatches shared among all cores, every position under a
// random one of the board's eight symmetries, the target a blend of the
// search score's and the game result's win probability).
//
// datagen plays the games on every core into a games file (see gamesMagic
// for the format: a move and a score, three or four bytes, a position).
// Game g depends only on the flags and g, so another machine remakes the
// same file from the same flags (at the same commit), whatever -workers;
// a stopped or crashed run goes on where it was when run again, and a
// larger -games adds games to the file. Games start from the standard
// start or a block layout like the bot's, after a few random plies, with
// a random ply or two later on. nnue trains a network of -hidden units on
// games files, each position once, and reports the loss on the positions
// it trains on and on a held-out share.
//
// The shipped networks were made in twelve rounds, each network playing the
// next round's games (the games of a file depend on its flags, the
// network's bytes and the search of the commit that played them, so each
// file is made again by its command with -games set to the count shown).
// The first three made g3, 128 units:
//
//	ataxx-train datagen -nodes 5000 -seed 3 -games 1172 -out s3.atxg              (the network before; 0.09 M positions)
//	ataxx-train datagen -nodes 5000 -seed 4 -open-min 4 -open-max 16 -balance 400 -games 3822 -out s4.atxg   (0.33 M)
//	ataxx-train nnue -data s3.atxg,s4.atxg -games 3600 -epochs 10 -batch 4096 -out g1.bin
//	ataxx-train datagen -nodes 5000 -seed 5 -open-min 4 -open-max 16 -balance 400 -net g1.bin -games 5937 -out s5.atxg   (0.49 M)
//	ataxx-train nnue -data s3.atxg,s4.atxg,s5.atxg -epochs 10 -batch 4096 -out g2.bin
//	ataxx-train datagen -nodes 5000 -seed 6 -open-min 4 -open-max 16 -balance 400 -net g2.bin -games 2920 -out s6.atxg   (0.23 M)
//	ataxx-train datagen -nodes 1000 -seed 7 -open-min 4 -open-max 16 -balance 400 -net g2.bin -games 16483 -out s7.atxg  (1.21 M)
//	ataxx-train datagen -nodes 1000 -seed 8 -open-min 2 -open-max 16 -balance 400 -net g2.bin -games 26000 -out s8.atxg  (1.93 M)
//	ataxx-train nnue -data s3.atxg,s4.atxg,s5.atxg,s6.atxg,s7.atxg,s8.atxg -games 26000 -epochs 12 -batch 4096 -hidden 128 -out g3.bin
//
// (4.28 M positions, 3.90 M trained on after repeats and the 5 % held
// out; held-out loss 0.00885.) The fourth, the shipped network of 256
// units, learnt from g3's games alone, played by the search whose
// endgame is pruned like the rest of the game (EndEmpty 0):
//
//	ataxx-train datagen -seed 10 -open-max 16 -balance 400 -net g3.bin -games 175000 -out s10.atxg   (13.56 M)
//	ataxx-train nnue -data s10.atxg -games 175000 -epochs 14 -batch 4096 -hidden 256 -out ai/ataxxai/nnue.bin
//
// (12.12 M trained on after 0.81 M repeats and the 5 % held out;
// held-out loss 0.008746, g3's on the same positions 0.009480.) It is
// shipped as nnue-blocks.bin. The fifth went on from it (-init) on the
// open board alone, from its own games, to make nnue.bin:
//
//	ataxx-train datagen -net ai/ataxxai/nnue-blocks.bin -seed 12 -open-max 16 -balance 300 -games 4336 -out s12.atxg                       (0.34 M, half with blocks)
//	ataxx-train datagen -net ai/ataxxai/nnue-blocks.bin -seed 13 -blocks 20 -open-min 4 -open-max 16 -balance 300 -games 4744 -out s13.atxg   (0.38 M)
//	ataxx-train datagen -net ai/ataxxai/nnue-blocks.bin -seed 14 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 71003 -out s14.atxg   (5.93 M)
//	ataxx-train nnue -data s14.atxg,s13.atxg,s12.atxg -layouts open -init ai/ataxxai/nnue-blocks.bin -epochs 6 -lr 0.001 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (5.90 M trained on; held-out loss 0.008309, the fourth's on the same
// positions 0.008663.) The sixth went on from the
// fifth (g5.bin: git show 58e5edb:ai/ataxxai/nnue.bin) on the open-board
// games of 58e5edb's build, whose embedded networks the datagen used
// (24.19 M positions in 1 h 10 min on 2 cores):
//
//	ataxx-train datagen -seed 15 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 283300 -out s15.atxg   (24.19 M)
//	ataxx-train nnue -data s15.atxg -layouts open -init g5.bin -epochs 10 -lr 0.001 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (21.88 M trained on after 1.16 M repeats and the 5 % held out; held-out
// loss 0.008164, the fifth's on the same positions 0.008649; it was still
// falling at the tenth epoch.) The seventh went on
// from the sixth (g6.bin: git show e6147c5:ai/ataxxai/nnue.bin) on the
// open-board games of e6147c5's build (8.70 M positions in 1 h 22 min on
// 2 slower cores):
//
//	ataxx-train datagen -seed 16 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 100875 -out s16.atxg   (8.70 M)
//	ataxx-train nnue -data s16.atxg -layouts open -init g6.bin -epochs 12 -lr 0.001 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (7.98 M trained on after 0.29 M repeats and the 5 % held out; held-out
// loss 0.008265 at the eleventh epoch, the sixth's on the same positions
// 0.008205: on this little data the training loss falls while the
// held-out loss stays above the start's, yet the network plays better
// than the sixth. Four epochs at -lr 0.0002 reach 0.008144 and play no
// better than the sixth.) The eighth went on from
// the seventh (g7.bin: git show 6a8a0d1:ai/ataxxai/nnue.bin) on the games
// of 6a8a0d1's build (17.15 M positions in 1 h 11 min, and again in
// 1 h 16 min on another machine, the same positions), at half the
// seventh's rate:
//
//	ataxx-train datagen -seed 17 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 199241 -out s17.atxg   (17.15 M)
//	ataxx-train nnue -data s17.atxg -layouts open -init g7.bin -epochs 10 -lr 0.0005 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (15.61 M trained on after 0.71 M repeats and the 5 % held out; held-out
// loss 0.008134 at the tenth epoch, the seventh's 0.008263; it plays
// +20.0 ± 34.0 against the seventh in 400 games. At -lr 0.001 the same
// data reached 0.008208 and played the seventh even, +4.3 ± 33.7 in 400
// games; at -lr 0.002 the held-out loss was 0.0088 after
// five epochs.) The ninth went on from the eighth
// (g8.bin: git show 4cfc24e:ai/ataxxai/nnue.bin) on the games of 4cfc24e's
// build (17.3 M positions in 1 h 19 min on 2 cores):
//
//	ataxx-train datagen -nodes 1000 -seed 20 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 200000 -out s20.atxg   (17.3 M)
//	ataxx-train nnue -data s20.atxg -layouts open -init g8.bin -epochs 10 -lr 0.0005 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (held-out loss 0.008779 at the tenth epoch, the eighth's 0.008869; it
// plays +21.7 ± 33.6 against the eighth in 400 games.) The tenth went
// on from the ninth (g9.bin: git show
// 04b6760:ai/ataxxai/nnue.bin) with eight output buckets, each starting as
// the ninth's one output, on the games of 04b6760's build (14.9 M positions
// in 1 h 0 min on 2 cores):
//
//	ataxx-train datagen -nodes 1000 -seed 24 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 173659 -out s24.atxg   (14.9 M)
//	ataxx-train nnue -data s24.atxg -layouts open -init g9.bin -buckets 8 -epochs 10 -lr 0.0005 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (13.71 M trained on after 0.48 M repeats and the 5 % held out; held-out
// loss 0.008788, the ninth's 0.008843, and 0.008842 for one output trained
// the same way; it plays +32.2 ± 33.6 against the ninth in 400 games, and
// +15.6 ± 33.8 against that one of one output.) The eleventh went on
// from the tenth (g10.bin: git show
// edd61c5:ai/ataxxai/nnue.bin) on the games of edd61c5's build, half from
// openings of 14 to 17 random plies, as Zataxx's datagen plays them
// (14.6 M positions in 1 h 1 min on 2 cores), at a lower rate:
//
//	ataxx-train datagen -nodes 1000 -seed 26 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 86417 -out s26.atxg   (7.44 M)
//	ataxx-train datagen -nodes 1000 -seed 27 -blocks 0 -open-min 14 -open-max 17 -balance 300 -games 83623 -out s27.atxg  (7.15 M)
//	ataxx-train nnue -data s26.atxg,s27.atxg -layouts open -init g10.bin -epochs 6 -lr 0.0002 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (13.51 M trained on after 0.38 M repeats and the 5 % held out; held-out
// loss 0.008969 at the sixth epoch, the tenth's 0.009023; it plays +20.0 ±
// 19.4 against the tenth in 1,200 games. Ten epochs at -lr 0.0005 on the
// same data ended at 0.009023, after rising to 0.009130, and played +10.0
// ± 23.8 in 800.) The twelfth, the shipped nnue.bin, went on from the
// eleventh (g11.bin: git show 880faf7:ai/ataxxai/nnue.bin) the same way
// on the games of 880faf7's build (14.6 M positions in 1 h 3 min on 2
// cores):
//
//	ataxx-train datagen -nodes 1000 -seed 28 -blocks 0 -open-min 4 -open-max 16 -balance 300 -games 86000 -out s28.atxg   (7.40 M)
//	ataxx-train datagen -nodes 1000 -seed 29 -blocks 0 -open-min 14 -open-max 17 -balance 300 -games 84000 -out s29.atxg  (7.21 M)
//	ataxx-train nnue -data s28.atxg,s29.atxg -layouts open -init g11.bin -epochs 6 -lr 0.0002 -batch 4096 -out ai/ataxxai/nnue.bin
//
// (13.51 M trained on after 0.38 M repeats and the 5 % held out; held-out
// loss 0.009003 at the sixth epoch, the eleventh's 0.009028; it plays
// +23.9 ± 23.9 against the eleventh in 800 games.)
// A stopped run can leave a game or two missing
// just below its count, so a remade file may differ by those.
// -net embedded, the default of datagen and nnue-data, plays with the
// networks the AI ships, each on its boards. nnue also reads the first
// data format, nnue-data's (a fixed-size record a position, no moves,
// not resumable).
//
// Without a subcommand it fits the older linear evaluation
// (ataxxai.Features): it plays games with the searcher at a fixed depth
// from the standard start and the block layouts, a few random plies in,
// labels every position with the game's result for the side to move,
// fits a logistic model of the result to the features, and writes the
// weights as Go source (ai/ataxxai/weights.go is its output).
//
//	ataxx-train -games 3000 -depth 3 -out ai/ataxxai/weights.go
//
// Given the flags, datagen's games are the same whatever -workers, and
// the networks nnue trains and the linear fit are the same for the same
// -workers (the linear fit: with one).
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
	"strings"
	"sync"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "ataxx-train:", err)
		os.Exit(1)
	}
}

// starts are where self-play games begin: mostly the standard start.
var starts = []string{
	ataxx.StartFEN, ataxx.StartFEN, ataxx.StartFEN, ataxx.StartFEN,
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
}

// sample is one position: its features, how many squares were empty,
// and the result for its side to move (1 win, 0.5 draw, 0 loss).
type sample struct {
	f      [ataxxai.NumFeatures]int32
	empty  int
	result float64
}

type config struct {
	games, depth, workers, epochs int
	randomPlies                   int
	seed                          uint64
	trained                       bool // play the games with the current trained weights
}

// usageHead heads the usage -h prints: the subcommands, then the flags of
// the linear fit.
const usageHead = `Usage:
  ataxx-train [flags]              fit the linear evaluation; writes Go source
  ataxx-train datagen [flags]      play self-play games on every core, resumably, into a games file
  ataxx-train nnue-data [flags]    play self-play games, append their positions to a data file (the first format)
  ataxx-train nnue [flags]         train the neural evaluation on data files
  ataxx-train SUBCOMMAND -h        the flags of a subcommand

Trains the AI's evaluations from self-play (see the package documentation
for the commands that trained the shipped network).

Flags of the linear fit:
`

// parseFlags parses args into fs. On -h (or -help) it prints head and the
// flags on out and reports help; a bad flag or a stray argument is an
// error naming where the flags are listed.
func parseFlags(fs *flag.FlagSet, args []string, head string, out io.Writer) (help bool, err error) {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(out, head)
			fs.SetOutput(out)
			fs.PrintDefaults()
			return true, nil
		}
		return false, fmt.Errorf("%w (%s -h lists the flags)", err, fs.Name())
	}
	if fs.NArg() > 0 {
		if fs.Name() == "ataxx-train" {
			return false, fmt.Errorf("no subcommand %q: the subcommands are datagen, nnue-data and nnue (ataxx-train -h)", fs.Arg(0))
		}
		return false, fmt.Errorf("unexpected argument %q (%s -h lists the flags)", fs.Arg(0), fs.Name())
	}
	return false, nil
}

// run runs the subcommand args name, or the linear fit.
func run(args []string, out io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "datagen":
			return runGen(args[1:], out)
		case "nnue-data":
			return runData(args[1:], out)
		case "nnue":
			return runTrain(args[1:], out)
		}
	}
	fs := flag.NewFlagSet("ataxx-train", flag.ContinueOnError)
	var c config
	fs.IntVar(&c.games, "games", 2000, "self-play games")
	fs.IntVar(&c.depth, "depth", 3, "search depth of each move")
	fs.IntVar(&c.workers, "workers", 1, "games played at once")
	fs.IntVar(&c.epochs, "epochs", 3000, "passes of gradient descent")
	fs.IntVar(&c.randomPlies, "random", 4, "random plies at the start of each game")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	fs.BoolVar(&c.trained, "trained", false, "play with the current trained evaluation")
	dest := fs.String("out", "", "write the weights as Go source here (default: standard output)")
	if help, err := parseFlags(fs, args, usageHead, out); help || err != nil {
		return err
	}
	if c.games < 1 || c.depth < 1 || c.workers < 1 || c.epochs < 1 || c.randomPlies < 0 {
		return fmt.Errorf("games, depth, workers and epochs must be positive")
	}
	samples := selfPlay(c)
	fmt.Fprintf(out, "%d positions from %d games\n", len(samples), c.games)
	w, loss := fit(samples, c.epochs)
	fmt.Fprintf(out, "loss %.5f\n", loss)
	src := source(w, c, len(samples), loss)
	if *dest == "" {
		_, err := io.WriteString(out, src)
		return err
	}
	return os.WriteFile(*dest, []byte(src), 0o644)
}

// selfPlay plays the games, workers at a time, and returns their positions.
func selfPlay(c config) []sample {
	games := make([][]sample, c.games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := ataxxai.NewSearcher(8)
			s.Tuning.NNUE, s.Tuning.Trained = false, c.trained
			for g := range next {
				games[g] = playGame(s, c, g)
			}
		}()
	}
	for g := range c.games {
		next <- g
	}
	close(next)
	wg.Wait()
	var all []sample
	for _, g := range games {
		all = append(all, g...)
	}
	return all
}

// playGame plays game g and labels its positions.
func playGame(s *ataxxai.Searcher, c config, g int) []sample {
	rng := rand.New(rand.NewPCG(c.seed, uint64(g)))
	pos, _ := ataxx.ParseFEN(starts[rng.IntN(len(starts))])
	pos.SetRules(ataxx.RulesUAI)
	s.Clear()
	var seen []sample
	for ply := 0; ply < 600 && pos.Outcome() == ataxx.Ongoing; ply++ {
		var m ataxx.Move
		if ply < c.randomPlies {
			moves := pos.LegalMoves()
			m = moves[rng.IntN(len(moves))]
		} else {
			seen = append(seen, sample{f: ataxxai.Features(&pos), empty: pos.Empty().Count(), result: float64(pos.Turn())})
			m = s.Search(context.Background(), pos, search.Limits{Depth: c.depth}, search.Options{}, nil).Move
		}
		pos.MakeMove(m)
	}
	// result held the side to move (Red 0, Blue 1) until the end is known.
	w, won := pos.Outcome().Winner()
	for i := range seen {
		side := ataxx.Color(seen[i].result)
		switch {
		case !won:
			seen[i].result = 0.5
		case side == w:
			seen[i].result = 1
		default:
			seen[i].result = 0
		}
	}
	return seen
}

// fit finds weights (in logits per unit of feature, blended by empty
// squares as ataxxai.Weights are) that minimise the cross-entropy between
// sigmoid(score) and the results, by full-batch Adam, and returns them
// with the final loss.
func fit(samples []sample, epochs int) (w [2][ataxxai.NumFeatures]float64, loss float64) {
	const lr, beta1, beta2, l2 = 0.01, 0.9, 0.999, 1e-5
	var m, v [2][ataxxai.NumFeatures]float64
	n := float64(len(samples))
	for epoch := 1; epoch <= epochs; epoch++ {
		var grad [2][ataxxai.NumFeatures]float64
		loss = 0
		for _, s := range samples {
			open := float64(s.empty) / ataxx.NumSquares
			score := 0.0
			for i, x := range s.f {
				score += float64(x) * (w[0][i]*open + w[1][i]*(1-open))
			}
			p := 1 / (1 + math.Exp(-score))
			loss -= s.result*math.Log(p+1e-12) + (1-s.result)*math.Log(1-p+1e-12)
			d := p - s.result
			for i, x := range s.f {
				grad[0][i] += d * float64(x) * open
				grad[1][i] += d * float64(x) * (1 - open)
			}
		}
		loss /= n
		for k := range w {
			for i := range w[k] {
				g := grad[k][i]/n + l2*w[k][i]
				m[k][i] = beta1*m[k][i] + (1-beta1)*g
				v[k][i] = beta2*v[k][i] + (1-beta2)*g*g
				mh := m[k][i] / (1 - math.Pow(beta1, float64(epoch)))
				vh := v[k][i] / (1 - math.Pow(beta2, float64(epoch)))
				w[k][i] -= lr * mh / (math.Sqrt(vh) + 1e-8)
			}
		}
	}
	return w, loss
}

// source renders the weights as the Go file ai/ataxxai/weights.go, scaled so that
// a piece is worth 100 on average over the two phases.
func source(w [2][ataxxai.NumFeatures]float64, c config, positions int, loss float64) string {
	scale := 200 / (w[0][ataxxai.FeatMaterial] + w[1][ataxxai.FeatMaterial])
	if math.IsNaN(scale) || math.IsInf(scale, 0) || scale <= 0 {
		scale = 100
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by ataxx-train -games %d -depth %d -random %d -seed %d -epochs %d -trained=%v; DO NOT EDIT.\n\n",
		c.games, c.depth, c.randomPlies, c.seed, c.epochs, c.trained)
	b.WriteString("package ataxxai\n\n")
	fmt.Fprintf(&b, "// trainedWeights were fitted to %d self-play positions (cross-entropy %.5f).\n", positions, loss)
	b.WriteString("var trainedWeights = Weights{\n")
	for k := range w {
		b.WriteString("\t{")
		for i, x := range w[k] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%d", int32(math.Round(x*scale)))
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return b.String()
}
