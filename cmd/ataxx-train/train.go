package main

import (
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// trainUsage heads the usage of nnue -h.
const trainUsage = `Usage: ataxx-train nnue -data FILE[,FILE...] -out FILE [flags]

Trains the neural evaluation on the searched positions of games files
(from datagen) and of data files of the first format (from nnue-data),
and writes the network (the AI ships ai/ataxxai/nnue.bin for the open
board and ai/ataxxai/nnue-blocks.bin for layouts with blocks; a build
evaluates networks of its own width, ataxxai.NetHidden).

Each position is read once: a repeat (the same pieces, blocks and side to
move) is dropped and counted. A fixed share of the data is held out (the
games, or the positions of first-format files, whose hash falls in the
first -hold percent), and every epoch reports the loss on the positions
trained on and on those held out.

With -init, training starts from a network's weights instead of random
ones (its width, its output buckets unless -buckets is given, and its
scale unless -scale is given): so a network goes on learning from each
new round of self-play, though the data of earlier rounds is gone. A
lower -lr suits it. A network of one output that goes on with -buckets N
starts each of its N outputs as that one.

Flags:
`

// trainConfig is how nnue trains.
type trainConfig struct {
	epochs, batch, workers int
	hidden, hold, buckets  int
	games                  uint64 // read only games of lower index (0: all)
	layouts                string // the games read: all, open (no blocks) or blocks
	lambda, lr, scale      float64
	best                   bool // end with the epoch of least held-out loss
	seed                   uint64
}

// runTrain trains the network on data files and writes its weights.
func runTrain(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-train nnue", flag.ContinueOnError)
	var c trainConfig
	fs.IntVar(&c.epochs, "epochs", 20, "passes over the data")
	fs.IntVar(&c.batch, "batch", 16384, "positions of a gradient step")
	fs.IntVar(&c.workers, "workers", runtime.NumCPU(), "goroutines computing gradients (each takes a share of every minibatch)")
	fs.IntVar(&c.hidden, "hidden", ataxxai.NetHidden, "hidden units of a view (a multiple of 16, at most 1024)")
	fs.IntVar(&c.buckets, "buckets", 0, "outputs, each for a share of the game by the pieces on the board (1 to 8; 0: the -init network's, else 1)")
	fs.IntVar(&c.hold, "hold", 5, "percent of the data held out to measure the loss on positions not trained on")
	fs.Float64Var(&c.lambda, "lambda", 0.9, "weight of the search's score against the game's result in the target")
	fs.Float64Var(&c.lr, "lr", 0.002, "Adam's learning rate (halved at 70% and 90% of the epochs)")
	fs.Float64Var(&c.scale, "scale", 0, "hundredths of a piece per logit (0: fitted to the data)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the initial weights and the shuffles")
	fs.Uint64Var(&c.games, "games", 0, "read only the games of index below this from each games file (0: all), so that a file still growing gives the same data again")
	fs.BoolVar(&c.best, "best", true, "write the network as it was after the epoch of least held-out loss (false: after the last epoch)")
	data := fs.String("data", "", "comma-separated games files (from datagen) or data files (from nnue-data)")
	fs.StringVar(&c.layouts, "layouts", "all", "the games files' games to read: all, open (those without blocks) or blocks (those with)")
	initFile := fs.String("init", "", "start from this network file's weights (its width and scale) instead of random ones")
	compare := fs.String("compare", "", "comma-separated network files (of any width) whose held-out loss to report first, as the engine scores")
	dest := fs.String("out", "", "write the network here (ai/ataxxai/nnue.bin)")
	if help, err := parseFlags(fs, args, trainUsage, out); help || err != nil {
		return err
	}
	if *data == "" || *dest == "" || c.epochs < 1 || c.batch < 1 || c.workers < 1 || c.hold < 0 || c.hold >= 100 ||
		c.hidden < 16 || c.hidden > 1024 || c.hidden%16 != 0 || !slices.Contains([]string{"all", "open", "blocks"}, c.layouts) ||
		c.buckets < 0 || c.buckets > ataxxai.NetMaxBuckets {
		return fmt.Errorf("nnue needs -data and -out, positive -epochs, -batch and -workers, -hold a percent below 100, -hidden a multiple of 16 up to 1024, -buckets 0 to %d, and -layouts all, open or blocks", ataxxai.NetMaxBuckets)
	}
	var start *ataxxai.NetFile
	if *initFile != "" {
		b, err := os.ReadFile(*initFile)
		if err != nil {
			return err
		}
		if start, err = ataxxai.ParseNetFile(b); err != nil {
			return fmt.Errorf("%s: %w", *initFile, err)
		}
		c.hidden = start.Hidden
		if c.buckets == 0 {
			c.buckets = start.Buckets
		}
		if start.Buckets != 1 && start.Buckets != c.buckets {
			return fmt.Errorf("%s: a network of %d outputs goes on only with as many, not -buckets %d", *initFile, start.Buckets, c.buckets)
		}
		if c.scale == 0 {
			c.scale = float64(start.Scale)
		}
	}
	var set trainingSet
	seen := map[uint64]struct{}{}
	for _, name := range strings.Split(*data, ",") {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if err := set.load(b, c.hold, c.games, c.layouts, seen); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if len(set.train) == 0 {
		return fmt.Errorf("%s: %w: no positions to train on", *data, errData)
	}
	fmt.Fprintf(out, "%d games, %d positions: %d repeats dropped, %d to train on, %d held out\n",
		set.games, set.positions, set.repeats, len(set.train), len(set.held))
	if set.torn > 0 {
		fmt.Fprintf(out, "%d bytes at the end of games files were a game not yet written whole: left out\n", set.torn)
	}
	if c.scale == 0 {
		c.scale = fitScale(set.train)
	}
	if *compare != "" {
		for _, name := range strings.Split(*compare, ",") {
			b, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			f, err := ataxxai.ParseNetFile(b)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			fmt.Fprintf(out, "%s (%d hidden units): held out %.6f\n", name, f.Hidden, netLoss(f, set.held, &c))
		}
	}
	c.buckets = max(c.buckets, 1)
	outputs := "one output"
	if c.buckets > 1 {
		outputs = fmt.Sprintf("%d output buckets", c.buckets)
	}
	fmt.Fprintf(out, "%d hidden units, %s, %d workers; %.1f hundredths of a piece per logit\n", c.hidden, outputs, c.workers, c.scale)
	n := newFloatNet(c.hidden, c.buckets, c.seed)
	if start != nil {
		n = dequantize(start).withBuckets(c.buckets)
		fmt.Fprintf(out, "from %s: held out %.6f\n", *initFile, n.loss(set.held, []*grads{newGrads(c.hidden, c.buckets)}, &c))
	}
	n.train(set.train, set.held, c, out)
	return os.WriteFile(*dest, n.quantize(c.scale).Marshal(), 0o644)
}

// trainingSet is the positions training reads, each once.
type trainingSet struct {
	train, held []record
	// games read, positions read (searched ones, of games files), and
	// the repeats among them dropped.
	games, positions, repeats int
	torn                      int // bytes of unfinished frames left out
}

// mix is SplitMix64's finaliser: a bijection of 64 bits that spreads
// every input bit over the output.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// positionKey tells positions apart: the pieces, the blocks and the side
// to move.
func positionKey(red, blue, blocks ataxx.Bitboard, blue2move bool) uint64 {
	k := uint64(blocks) << 1
	if blue2move {
		k |= 1
	}
	return mix(uint64(red) ^ mix(uint64(blue)^mix(k)))
}

// load adds a file's positions to t: a games file's searched positions
// (of the games of index below games, unless 0, and of the layouts asked
// for: all, open or blocks), in the order of the games' indexes, or a data
// file's records, less those seen before; hold percent of them are held
// out.
func (t *trainingSet) load(b []byte, hold int, games uint64, layouts string, seen map[uint64]struct{}) error {
	add := func(r record, key uint64, held bool) {
		t.positions++
		if _, ok := seen[key]; ok {
			t.repeats++
			return
		}
		seen[key] = struct{}{}
		if held {
			t.held = append(t.held, r)
		} else {
			t.train = append(t.train, r)
		}
	}
	if len(b) < len(gamesMagic) || string(b[:len(gamesMagic)]) != gamesMagic {
		// The first format: whole records. A record starts with Red's
		// bitboard, whose high bits (beyond the 49 squares) are zero, so
		// it cannot be the magic.
		if len(b)%recordSize != 0 {
			return errData
		}
		for i := 0; i < len(b); i += recordSize {
			r := parseRecord(b[i:])
			key := positionKey(r.red, r.blue, 0, r.blue2move)
			add(r, key, mix(key)%100 < uint64(hold))
		}
		return nil
	}
	gf, err := readGames(b)
	if err != nil {
		return err
	}
	t.torn += len(b) - gf.whole
	rules := ataxx.Rules(gf.config.Rules)
	slices.SortFunc(gf.games, func(a, b gameRecord) int { return cmp.Compare(a.index, b.index) })
	for i := range gf.games {
		g := &gf.games[i]
		if games != 0 && g.index >= games {
			break
		}
		if layouts == "open" && g.blocks != 0 || layouts == "blocks" && g.blocks == 0 {
			continue
		}
		t.games++
		held := mix(gf.config.Seed^mix(g.index))%100 < uint64(hold)
		winner, won := g.outcome.Winner()
		err := g.replay(rules, func(pos *ataxx.Position, p ply) {
			if p.random {
				return
			}
			r := record{red: pos.Pieces(ataxx.Red), blue: pos.Pieces(ataxx.Blue), blue2move: pos.Turn() == ataxx.Blue, result: 1}
			switch s := int(p.score); {
			case s > provenScore:
				r.score = mateLabel
			case s < -provenScore:
				r.score = -mateLabel
			default:
				r.score = int16(max(-mateLabel, min(mateLabel, s)))
			}
			if won {
				r.result = 0
				if winner == pos.Turn() {
					r.result = 2
				}
			}
			add(r, positionKey(r.red, r.blue, pos.Blocks(), r.blue2move), held)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// fitScale finds the K for which sigmoid(score/K) best predicts the
// results (least cross-entropy), searching K from 50 to 2000.
func fitScale(recs []record) float64 {
	loss := func(k float64) float64 {
		var l float64
		for i := 0; i < len(recs); i += 7 {
			r := recs[i]
			p := sigmoid(float64(r.score) / k)
			t := float64(r.result) / 2
			l -= t*math.Log(p+1e-9) + (1-t)*math.Log(1-p+1e-9)
		}
		return l
	}
	lo, hi := 50.0, 2000.0
	for range 60 { // golden-section search
		a, b := lo+(hi-lo)*0.382, lo+(hi-lo)*0.618
		if loss(a) < loss(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// floatNet is the network being trained, in floats: input weights by
// feature (ataxxai.WindowFeature), a row of hidden units each, hidden
// biases, and for each output bucket (ataxxai.NetBucket) the output
// weights for the side to move's units and the other's and an output
// bias.
type floatNet struct {
	hidden, buckets int
	feat            []float32 // [NetFeatures][hidden]
	bias            []float32
	out             []float32 // [buckets][2][hidden]
	outBias         []float32 // [buckets]
}

func zeroNet(hidden, buckets int) *floatNet {
	return &floatNet{
		hidden: hidden, buckets: buckets, feat: make([]float32, ataxxai.NetFeatures*hidden), bias: make([]float32, hidden),
		out: make([]float32, buckets*2*hidden), outBias: make([]float32, buckets),
	}
}

// outs are bucket k's output weights of view v (0 the side to move's).
func (n *floatNet) outs(k, v int) []float32 {
	i := (2*k + v) * n.hidden
	return n.out[i : i+n.hidden]
}

// withBuckets returns n with buckets outputs: n itself if it has them,
// else (n of one output) a network whose every output is n's.
func (n *floatNet) withBuckets(buckets int) *floatNet {
	if n.buckets == buckets {
		return n
	}
	w := zeroNet(n.hidden, buckets)
	copy(w.feat, n.feat)
	copy(w.bias, n.bias)
	for k := range buckets {
		copy(w.out[2*k*n.hidden:], n.out[:2*n.hidden])
		w.outBias[k] = n.outBias[0]
	}
	return w
}

func newFloatNet(hidden, buckets int, seed uint64) *floatNet {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := zeroNet(hidden, buckets)
	for i := range n.feat {
		n.feat[i] = float32(rng.NormFloat64() * 0.05)
	}
	for j := range n.bias {
		n.bias[j] = 0.1
	}
	// The output's spread shrinks with the width, so that a wider
	// network starts as calm as a narrow one.
	spread := 0.1 * math.Sqrt(128/float64(hidden))
	for j := range n.out {
		n.out[j] = float32(rng.NormFloat64() * spread)
	}
	return n
}

// params lists the network's weights as slices, for Adam.
func (n *floatNet) params() [][]float32 {
	return [][]float32{n.feat, n.bias, n.out, n.outBias}
}

// row is feature f's input weights.
func (n *floatNet) row(f int) []float32 { return n.feat[f*n.hidden : (f+1)*n.hidden] }

// symmetries are the board's eight symmetries as square maps.
var symmetries = func() (t [8][ataxx.NumSquares]ataxx.Square) {
	for k := range t {
		for s := range ataxx.Square(ataxx.NumSquares) {
			f, r := s.File(), s.Rank()
			if k&1 != 0 {
				f = 6 - f
			}
			if k&2 != 0 {
				r = 6 - r
			}
			if k&4 != 0 {
				f, r = r, f
			}
			t[k][s] = ataxx.NewSquare(f, r)
		}
	}
	return t
}()

// features lists a record's inputs seen by the side to move (into us) and
// by the other side (into them), under symmetry sym.
func features(r record, sym int, us, them []int) ([]int, []int) {
	mine, theirs := r.red, r.blue
	if r.blue2move {
		mine, theirs = theirs, mine
	}
	if sym != 0 {
		mine, theirs = transform(mine, sym), transform(theirs, sym)
	}
	for w := range ataxxai.NetWindows {
		us = append(us, ataxxai.WindowFeature(w, mine, theirs))
		them = append(them, ataxxai.WindowFeature(w, theirs, mine))
	}
	return us, them
}

// transform maps the squares of b by symmetry sym.
func transform(b ataxx.Bitboard, sym int) ataxx.Bitboard {
	var t ataxx.Bitboard
	for ; b != 0; b &= b - 1 {
		t |= symmetries[sym][b.First()].Bit()
	}
	return t
}

// grads accumulates one worker's gradient, with its scratch space.
type grads struct {
	*floatNet
	loss     float64
	us, them []int
	h, a     [2][]float32 // hidden sums and activations by view
	dh       []float32
	k        int // the output bucket of the record forward saw
}

func newGrads(hidden, buckets int) *grads {
	return &grads{
		floatNet: zeroNet(hidden, buckets),
		h:        [2][]float32{make([]float32, hidden), make([]float32, hidden)},
		a:        [2][]float32{make([]float32, hidden), make([]float32, hidden)},
		dh:       make([]float32, hidden),
	}
}

// reset zeroes the gradient and the loss.
func (g *grads) reset() {
	for _, p := range g.params() {
		clear(p)
	}
	g.loss = 0
}

// forward computes the output (in logits) of r under symmetry sym, leaving
// the hidden sums and activations in g.
func (n *floatNet) forward(g *grads, r record, sym int) float32 {
	g.us, g.them = features(r, sym, g.us[:0], g.them[:0])
	g.k = ataxxai.NetBucket((r.red | r.blue).Count(), n.buckets)
	y := n.outBias[g.k]
	for v, fs := range [2][]int{g.us, g.them} {
		h := g.h[v]
		copy(h, n.bias)
		for _, f := range fs {
			addRow(h, n.row(f))
		}
		a, o := g.a[v][:len(h)], n.outs(g.k, v)
		for i, x := range h {
			x = min(max(x, 0), 1)
			a[i] = x * x
			y += o[i] * a[i]
		}
	}
	return y
}

// target is what the network learns for r: a blend of the score's and
// the result's win probability.
func target(r record, c *trainConfig) float32 {
	return float32(c.lambda*sigmoid(float64(r.score)/c.scale) + (1-c.lambda)*float64(r.result)/2)
}

// sample adds the gradient of one record's squared error to g.
func (n *floatNet) sample(g *grads, r record, sym int, c *trainConfig) {
	p := float32(sigmoid(float64(n.forward(g, r, sym))))
	t := target(r, c)
	g.loss += float64((p - t) * (p - t))
	dy := 2 * (p - t) * p * (1 - p)
	g.outBias[g.k] += dy
	for v, fs := range [2][]int{g.us, g.them} {
		h := g.h[v]
		a, o, gout, gb, dh := g.a[v][:len(h)], n.outs(g.k, v), g.outs(g.k, v), g.bias[:len(h)], g.dh[:len(h)]
		for i, x := range h {
			gout[i] += dy * a[i]
			if x > 0 && x < 1 {
				dh[i] = dy * o[i] * 2 * x
			} else {
				dh[i] = 0
			}
			gb[i] += dh[i]
		}
		for _, f := range fs {
			addRow(g.row(f), dh)
		}
	}
}

// train runs Adam over shuffled minibatches, each position under a random
// symmetry of the board, each minibatch shared among the workers, and
// reports each epoch's loss on recs and on held. With c.best and held
// positions, it leaves n as it was after the epoch of least held-out
// loss.
func (n *floatNet) train(recs, held []record, c trainConfig, out io.Writer) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	rng := rand.New(rand.NewPCG(c.seed, 11))
	params := n.params()
	m, v := make([][]float32, len(params)), make([][]float32, len(params))
	for i, p := range params {
		m[i], v[i] = make([]float32, len(p)), make([]float32, len(p))
	}
	gs := make([]*grads, c.workers)
	for i := range gs {
		gs[i] = newGrads(n.hidden, n.buckets)
	}
	step := 0
	var best *floatNet
	bestEpoch, bestLoss := 0, math.Inf(1)
	for epoch := 1; epoch <= c.epochs; epoch++ {
		lr := c.lr
		if epoch > c.epochs*7/10 {
			lr /= 2
		}
		if epoch > c.epochs*9/10 {
			lr /= 2
		}
		start := time.Now()
		rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
		var loss float64
		for lo := 0; lo < len(recs); lo += c.batch {
			batch := recs[lo:min(lo+c.batch, len(recs))]
			seed := rng.Uint64()
			var wg sync.WaitGroup
			for w, g := range gs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g.reset()
					r := rand.New(rand.NewPCG(seed, uint64(w)))
					for i := w; i < len(batch); i += len(gs) {
						n.sample(g, batch[i], r.IntN(8), &c)
					}
				}()
			}
			wg.Wait()
			sumGrads(gs)
			loss += gs[0].loss
			step++
			scale := 1 / float32(len(batch))
			gp := gs[0].params()
			c1 := float32(1 - math.Pow(beta1, float64(step)))
			c2 := float32(1 - math.Pow(beta2, float64(step)))
			// Each worker steps a share of every weight array.
			for w := range gs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i, p := range params {
						lo, hi := len(p)*w/len(gs), len(p)*(w+1)/len(gs)
						pi, mi, vi, gi := p[lo:hi], m[i][lo:hi], v[i][lo:hi], gp[i][lo:hi]
						for j := range pi {
							gr := gi[j] * scale
							mi[j] = beta1*mi[j] + (1-beta1)*gr
							vi[j] = beta2*vi[j] + (1-beta2)*gr*gr
							pi[j] -= float32(lr) * (mi[j] / c1) / (float32(math.Sqrt(float64(vi[j]/c2))) + eps)
						}
					}
				}()
			}
			wg.Wait()
			n.clip()
		}
		el := time.Since(start)
		heldLoss := "none"
		if len(held) > 0 {
			l := n.loss(held, gs, &c)
			heldLoss = fmt.Sprintf("%.6f", l)
			if c.best && l < bestLoss {
				bestEpoch, bestLoss = epoch, l
				if best == nil {
					best = zeroNet(n.hidden, n.buckets)
				}
				for i, p := range best.params() {
					copy(p, n.params()[i])
				}
			}
		}
		fmt.Fprintf(out, "epoch %d: loss %.6f, held out %s (%s, %.0f positions/s)\n",
			epoch, loss/float64(len(recs)), heldLoss, el.Round(time.Second), float64(len(recs))/el.Seconds())
	}
	if best != nil && bestEpoch != c.epochs {
		fmt.Fprintf(out, "the network after epoch %d, of least held-out loss\n", bestEpoch)
		for i, p := range n.params() {
			copy(p, best.params()[i])
		}
	}
}

// sumGrads adds every worker's gradient and loss into the first's, the
// workers summing a share of the weights each.
func sumGrads(gs []*grads) {
	if len(gs) == 1 {
		return
	}
	var wg sync.WaitGroup
	for w := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, p := range gs[0].params() {
				lo, hi := len(p)*w/len(gs), len(p)*(w+1)/len(gs)
				dst := p[lo:hi]
				for _, g := range gs[1:] {
					addRow(dst, g.params()[i][lo:hi])
				}
			}
		}()
	}
	wg.Wait()
	for _, g := range gs[1:] {
		gs[0].loss += g.loss
	}
}

// clip keeps the weights where their integers fit: an accumulator of 36
// windows and the bias scaled by NetQA stays within int16, and an output
// weight scaled by NetQB within the ±128 the network allows.
func (n *floatNet) clip() {
	const limit = 1.98
	for _, p := range n.params()[:3] {
		for j, x := range p {
			p[j] = min(max(x, -limit), limit)
		}
	}
}

// loss is the mean squared error over recs, without symmetry, computed by
// the workers gs.
func (n *floatNet) loss(recs []record, gs []*grads, c *trainConfig) float64 {
	sums := make([]float64, len(gs))
	var wg sync.WaitGroup
	for w, g := range gs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(recs); i += len(gs) {
				p := float32(sigmoid(float64(n.forward(g, recs[i], 0))))
				t := target(recs[i], c)
				sums[w] += float64((p - t) * (p - t))
			}
		}()
	}
	wg.Wait()
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(max(len(recs), 1))
}

// quantize rounds the network to integers (see ataxxai.Net).
func (n *floatNet) quantize(scale float64) *ataxxai.NetFile {
	round := func(src []float32, q float64) []int16 {
		dst := make([]int16, len(src))
		for i, x := range src {
			dst[i] = int16(max(-32767, min(32767, math.Round(float64(x)*q))))
		}
		return dst
	}
	f := &ataxxai.NetFile{
		Hidden: n.hidden, Buckets: n.buckets, Scale: int32(math.Round(scale)),
		Feat: round(n.feat, ataxxai.NetQA), Bias: round(n.bias, ataxxai.NetQA),
	}
	for k := range n.buckets {
		f.Out = append(f.Out, [2][]int16{round(n.outs(k, 0), ataxxai.NetQB), round(n.outs(k, 1), ataxxai.NetQB)})
		f.OutBias = append(f.OutBias, int32(math.Round(float64(n.outBias[k])*ataxxai.NetQA*ataxxai.NetQB)))
	}
	return f
}

// dequantize is the float network whose quantize is f: training goes on
// from where f's ended.
func dequantize(f *ataxxai.NetFile) *floatNet {
	n := zeroNet(f.Hidden, f.Buckets)
	widen := func(dst []float32, src []int16, q float64) {
		for i, x := range src {
			dst[i] = float32(float64(x) / q)
		}
	}
	widen(n.feat, f.Feat, ataxxai.NetQA)
	widen(n.bias, f.Bias, ataxxai.NetQA)
	for k := range f.Buckets {
		widen(n.outs(k, 0), f.Out[k][0], ataxxai.NetQB)
		widen(n.outs(k, 1), f.Out[k][1], ataxxai.NetQB)
		n.outBias[k] = float32(float64(f.OutBias[k]) / (ataxxai.NetQA * ataxxai.NetQB))
	}
	return n
}

// netLoss is the mean squared error over recs of network file f's
// scores (see netScore), read as logits by c.scale, on c.workers
// goroutines.
func netLoss(f *ataxxai.NetFile, recs []record, c *trainConfig) float64 {
	sums := make([]float64, c.workers)
	var wg sync.WaitGroup
	for w := range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s netScratch
			for i := w; i < len(recs); i += c.workers {
				d := float32(sigmoid(float64(s.score(f, recs[i]))/c.scale)) - target(recs[i], c)
				sums[w] += float64(d * d)
			}
		}()
	}
	wg.Wait()
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(max(len(recs), 1))
}

// netScratch is netScore's working space.
type netScratch struct {
	us, them []int
	acc      []int32
}

// score is network file f's score of r for the side to move, in
// hundredths of a piece, computed in integers as the engine computes it
// (ataxxai.Net.Evaluate), at any width.
func (s *netScratch) score(f *ataxxai.NetFile, r record) int {
	s.us, s.them = features(r, 0, s.us[:0], s.them[:0])
	if len(s.acc) != f.Hidden {
		s.acc = make([]int32, f.Hidden)
	}
	k := ataxxai.NetBucket((r.red | r.blue).Count(), f.Buckets)
	sum := 0
	for v, fs := range [2][]int{s.us, s.them} {
		for j, b := range f.Bias {
			s.acc[j] = int32(b)
		}
		for _, ft := range fs {
			for j, x := range f.Feat[ft*f.Hidden : (ft+1)*f.Hidden] {
				s.acc[j] += int32(x)
			}
		}
		for j, x := range s.acc {
			u := int(int16(x)) // the engine's units are int16
			u = min(max(u, 0), ataxxai.NetQA)
			sum += u * u * int(f.Out[k][v][j])
		}
	}
	return (sum/ataxxai.NetQA + int(f.OutBias[k])) * int(f.Scale) / (ataxxai.NetQA * ataxxai.NetQB)
}
