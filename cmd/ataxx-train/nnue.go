package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// A position of the network's training data, as written by nnue-data:
// Red's and Blue's pieces, the search's score for the side to move (in
// hundredths of a piece, a won or lost game at ±mateLabel), and one byte:
// bit 0 Blue to move, bits 1-2 the game's result for the side to move
// (0 lost, 1 drawn, 2 won).
const recordSize = 8 + 8 + 2 + 1

// mateLabel is the score a record gives a position the search found won.
const mateLabel = 3000

type record struct {
	red, blue ataxx.Bitboard
	score     int16
	blue2move bool
	result    uint8 // 0 lost, 1 drawn, 2 won, for the side to move
}

func (r record) append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(r.red))
	b = binary.LittleEndian.AppendUint64(b, uint64(r.blue))
	b = binary.LittleEndian.AppendUint16(b, uint16(r.score))
	flags := r.result << 1
	if r.blue2move {
		flags |= 1
	}
	return append(b, flags)
}

func parseRecord(b []byte) record {
	return record{
		red: ataxx.Bitboard(binary.LittleEndian.Uint64(b)), blue: ataxx.Bitboard(binary.LittleEndian.Uint64(b[8:])),
		score: int16(binary.LittleEndian.Uint16(b[16:])), blue2move: b[18]&1 != 0, result: b[18] >> 1 & 3,
	}
}

// errData reports a data file that is not whole records.
var errData = errors.New("not a file of training records")

// dataConfig is what nnue-data plays.
type dataConfig struct {
	games, nodes, workers int
	minRandom, maxRandom  int
	seed                  uint64
	net                   *ataxxai.Net // evaluate with this network
	linear                bool         // evaluate with the linear evaluation instead
}

// dataUsage heads the usage of nnue-data -h.
const dataUsage = `Usage: ataxx-train nnue-data -out FILE [flags]

Plays self-play games, each from a few random plies, searching every move
to -nodes nodes, and appends each position with the search's score and the
game's result to FILE.

Flags:
`

// trainUsage heads the usage of nnue -h.
const trainUsage = `Usage: ataxx-train nnue -data FILE[,FILE...] -out FILE [flags]

Trains the neural evaluation on positions from nnue-data and writes the
network (the AI ships ai/ataxxai/nnue.bin).

Flags:
`

// runData plays self-play games and appends their positions to a file.
func runData(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-train nnue-data", flag.ContinueOnError)
	var c dataConfig
	fs.IntVar(&c.games, "games", 1000, "self-play games")
	fs.IntVar(&c.nodes, "nodes", 3000, "nodes searched for each move")
	fs.IntVar(&c.workers, "workers", 2, "games played at once")
	fs.IntVar(&c.minRandom, "random-min", 2, "fewest random plies at the start of a game")
	fs.IntVar(&c.maxRandom, "random-max", 8, "most random plies at the start of a game")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the openings")
	dest := fs.String("out", "", "append the positions to this file")
	netFile := fs.String("net", "embedded", "play with this network file's evaluation; embedded: the network the AI ships; linear: the linear evaluation")
	if help, err := parseFlags(fs, args, dataUsage, out); help || err != nil {
		return err
	}
	switch *netFile {
	case "linear":
		c.linear = true
	case "embedded":
		c.net = ataxxai.DefaultNet()
	default:
		b, err := os.ReadFile(*netFile)
		if err != nil {
			return err
		}
		if c.net, err = ataxxai.LoadNet(b); err != nil {
			return fmt.Errorf("%s: %w", *netFile, err)
		}
	}
	if *dest == "" || c.games < 1 || c.nodes < 1 || c.workers < 1 || c.minRandom < 0 || c.maxRandom < c.minRandom {
		return fmt.Errorf("nnue-data needs -out, and positive -games, -nodes, -workers and 0 <= -random-min <= -random-max")
	}
	f, err := os.OpenFile(*dest, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	games := make(chan []record)
	next := make(chan int)
	var wg sync.WaitGroup
	for range c.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := ataxxai.NewSearcher(16)
			s.Tuning.NNUE, s.Tuning.Net = !c.linear, c.net
			for g := range next {
				games <- dataGame(s, c, g)
			}
		}()
	}
	go func() {
		for g := range c.games {
			next <- g
		}
		close(next)
		wg.Wait()
		close(games)
	}()
	start, positions, done := time.Now(), 0, 0
	var buf []byte
	for recs := range games {
		buf = buf[:0]
		for _, r := range recs {
			buf = r.append(buf)
		}
		if _, err := w.Write(buf); err != nil {
			return err
		}
		positions += len(recs)
		if done++; done%500 == 0 {
			fmt.Fprintf(out, "%d games, %d positions, %s\n", done, positions, time.Since(start).Round(time.Second))
		}
	}
	fmt.Fprintf(out, "%d games, %d positions, %s\n", done, positions, time.Since(start).Round(time.Second))
	return w.Flush()
}

// dataGame plays game g from a few random plies and labels its positions
// with the search's score and the result.
func dataGame(s *ataxxai.Searcher, c dataConfig, g int) []record {
	rng := rand.New(rand.NewPCG(c.seed, uint64(g)))
	pos, _ := ataxx.ParseFEN(starts[rng.IntN(len(starts))])
	pos.SetRules(ataxx.RulesUAI)
	s.Clear()
	random := c.minRandom + rng.IntN(c.maxRandom-c.minRandom+1)
	var recs []record
	for ply := 0; ply < 600 && pos.Outcome() == ataxx.Ongoing; ply++ {
		if ply < random {
			moves := pos.LegalMoves()
			pos.MakeMove(moves[rng.IntN(len(moves))])
			continue
		}
		r := s.Search(context.Background(), pos, search.Limits{Nodes: uint64(c.nodes)}, search.Options{}, nil)
		score := r.Info.Score
		switch {
		case r.Info.Mate > 0:
			score = mateLabel
		case r.Info.Mate < 0:
			score = -mateLabel
		}
		score = max(-mateLabel, min(mateLabel, score))
		recs = append(recs, record{red: pos.Pieces(ataxx.Red), blue: pos.Pieces(ataxx.Blue), score: int16(score), blue2move: pos.Turn() == ataxx.Blue})
		pos.MakeMove(r.Move)
	}
	w, won := pos.Outcome().Winner()
	for i := range recs {
		side := ataxx.Red
		if recs[i].blue2move {
			side = ataxx.Blue
		}
		switch {
		case !won:
			recs[i].result = 1
		case side == w:
			recs[i].result = 2
		}
	}
	return recs
}

// trainConfig is how nnue trains.
type trainConfig struct {
	epochs, batch, workers int
	lambda, lr, scale      float64
	seed                   uint64
}

// runTrain trains the network on data files and writes its weights.
func runTrain(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ataxx-train nnue", flag.ContinueOnError)
	var c trainConfig
	fs.IntVar(&c.epochs, "epochs", 20, "passes over the data")
	fs.IntVar(&c.batch, "batch", 16384, "positions of a gradient step")
	fs.IntVar(&c.workers, "workers", 2, "goroutines computing gradients")
	fs.Float64Var(&c.lambda, "lambda", 0.5, "weight of the search's score against the game's result in the target")
	fs.Float64Var(&c.lr, "lr", 0.002, "Adam's learning rate (halved at 70% and 90% of the epochs)")
	fs.Float64Var(&c.scale, "scale", 0, "hundredths of a piece per logit (0: fitted to the data)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the initial weights and the shuffles")
	data := fs.String("data", "", "comma-separated files of positions (from nnue-data)")
	dest := fs.String("out", "", "write the network here (ai/ataxxai/nnue.bin)")
	if help, err := parseFlags(fs, args, trainUsage, out); help || err != nil {
		return err
	}
	if *data == "" || *dest == "" || c.epochs < 1 || c.batch < 1 || c.workers < 1 {
		return fmt.Errorf("nnue needs -data and -out, and positive -epochs, -batch and -workers")
	}
	var recs []record
	for _, name := range strings.Split(*data, ",") {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		if len(b)%recordSize != 0 {
			return fmt.Errorf("%s: %w", name, errData)
		}
		for i := 0; i < len(b); i += recordSize {
			recs = append(recs, parseRecord(b[i:]))
		}
	}
	if len(recs) == 0 {
		return fmt.Errorf("%s: %w: no positions", *data, errData)
	}
	if c.scale == 0 {
		c.scale = fitScale(recs)
	}
	fmt.Fprintf(out, "%d positions; %.1f hundredths of a piece per logit\n", len(recs), c.scale)
	n := newFloatNet(c.seed)
	n.train(recs, c, out)
	return os.WriteFile(*dest, ataxxai.MarshalNet(n.quantize(c.scale)), 0o644)
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
// feature (ataxxai.WindowFeature), hidden biases, output weights for the
// side to move's units and the other's, output bias.
type floatNet struct {
	feat    [ataxxai.NetFeatures][ataxxai.NetHidden]float32
	bias    [ataxxai.NetHidden]float32
	out     [2][ataxxai.NetHidden]float32
	outBias [1]float32 // an array, so that params can slice it
}

// params lists the network's weights as one slice each, for Adam.
func (n *floatNet) params() [][]float32 {
	ps := make([][]float32, 0, len(n.feat)+4)
	for i := range n.feat {
		ps = append(ps, n.feat[i][:])
	}
	ps = append(ps, n.bias[:], n.out[0][:], n.out[1][:], n.outBias[:])
	return ps
}

func newFloatNet(seed uint64) *floatNet {
	rng := rand.New(rand.NewPCG(seed, 7))
	n := &floatNet{}
	for i := range n.feat {
		for j := range n.feat[i] {
			n.feat[i][j] = float32(rng.NormFloat64() * 0.05)
		}
	}
	for j := range n.bias {
		n.bias[j] = 0.1
	}
	for k := range n.out {
		for j := range n.out[k] {
			n.out[k][j] = float32(rng.NormFloat64() * 0.1)
		}
	}
	return n
}

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

// grads accumulates one worker's gradient.
type grads struct {
	floatNet
	loss float64
	us   []int
	them []int
}

// sample adds the gradient of one record's squared error to g.
func (n *floatNet) sample(g *grads, r record, sym int, c trainConfig) {
	g.us, g.them = features(r, sym, g.us[:0], g.them[:0])
	var h [2][ataxxai.NetHidden]float32
	h[0], h[1] = n.bias, n.bias
	for v, fs := range [2][]int{g.us, g.them} {
		for _, f := range fs {
			w := &n.feat[f]
			for i := range h[v] {
				h[v][i] += w[i]
			}
		}
	}
	y := n.outBias[0]
	var a [2][ataxxai.NetHidden]float32
	for v := range h {
		for i, x := range h[v] {
			x = min(max(x, 0), 1)
			a[v][i] = x * x
			y += n.out[v][i] * a[v][i]
		}
	}
	p := float32(sigmoid(float64(y)))
	t := float32(c.lambda*sigmoid(float64(r.score)/c.scale) + (1-c.lambda)*float64(r.result)/2)
	g.loss += float64((p - t) * (p - t))
	dy := 2 * (p - t) * p * (1 - p)
	g.outBias[0] += dy
	var dh [ataxxai.NetHidden]float32
	for v, fs := range [2][]int{g.us, g.them} {
		for i, x := range h[v] {
			g.out[v][i] += dy * a[v][i]
			if x > 0 && x < 1 {
				dh[i] = dy * n.out[v][i] * 2 * x
			} else {
				dh[i] = 0
			}
			g.bias[i] += dh[i]
		}
		for _, f := range fs {
			gw := &g.feat[f]
			for i := range gw {
				gw[i] += dh[i]
			}
		}
	}
}

// train runs Adam over shuffled minibatches, each position under a random
// symmetry of the board, and reports each epoch's loss.
func (n *floatNet) train(recs []record, c trainConfig, out io.Writer) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	rng := rand.New(rand.NewPCG(c.seed, 11))
	params := n.params()
	m, v := make([][]float32, len(params)), make([][]float32, len(params))
	for i, p := range params {
		m[i], v[i] = make([]float32, len(p)), make([]float32, len(p))
	}
	// Hold back a tenth of the data to watch for overfitting.
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	held := recs[:len(recs)/10]
	recs = recs[len(recs)/10:]
	gs := make([]*grads, c.workers)
	for i := range gs {
		gs[i] = &grads{}
	}
	step := 0
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
				*g = grads{us: g.us, them: g.them}
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := rand.New(rand.NewPCG(seed, uint64(w)))
					for i := w; i < len(batch); i += len(gs) {
						n.sample(g, batch[i], r.IntN(8), c)
					}
				}()
			}
			wg.Wait()
			for _, g := range gs[1:] {
				gs[0].add(&g.floatNet)
				gs[0].loss += g.loss
			}
			loss += gs[0].loss
			step++
			scale := 1 / float32(len(batch))
			gp := gs[0].params()
			c1 := float32(1 - math.Pow(beta1, float64(step)))
			c2 := float32(1 - math.Pow(beta2, float64(step)))
			for i, p := range params {
				for j := range p {
					gr := gp[i][j] * scale
					m[i][j] = beta1*m[i][j] + (1-beta1)*gr
					v[i][j] = beta2*v[i][j] + (1-beta2)*gr*gr
					p[j] -= float32(lr) * (m[i][j] / c1) / (float32(math.Sqrt(float64(v[i][j]/c2))) + eps)
				}
			}
			n.clip()
		}
		fmt.Fprintf(out, "epoch %d: loss %.6f, held out %.6f (%s)\n", epoch, loss/float64(len(recs)), n.loss(held, c), time.Since(start).Round(time.Second))
	}
}

// add adds o's weights to n's.
func (n *floatNet) add(o *floatNet) {
	ps, os := n.params(), o.params()
	for i, p := range ps {
		for j := range p {
			p[j] += os[i][j]
		}
	}
}

// clip keeps the weights where their integers fit: an accumulator of 49
// inputs scaled by NetQA stays within int16, and an output weight scaled
// by NetQB within the ±128 the network allows.
func (n *floatNet) clip() {
	const limit = 1.98
	for i := range n.feat {
		for j, x := range n.feat[i] {
			n.feat[i][j] = min(max(x, -limit), limit)
		}
	}
	for j, x := range n.bias {
		n.bias[j] = min(max(x, -limit), limit)
	}
	for k := range n.out {
		for j, x := range n.out[k] {
			n.out[k][j] = min(max(x, -limit), limit)
		}
	}
}

// loss is the mean squared error over recs, without symmetry.
func (n *floatNet) loss(recs []record, c trainConfig) float64 {
	g := &grads{}
	for _, r := range recs {
		n.sample(g, r, 0, c)
	}
	return g.loss / float64(max(len(recs), 1))
}

// quantize rounds the network to integers (see ataxxai.Net).
func (n *floatNet) quantize(scale float64) *ataxxai.NetWeights {
	w := &ataxxai.NetWeights{}
	w.Scale = int32(math.Round(scale))
	round16 := func(x float32, q float64) int16 {
		return int16(max(-32767, min(32767, math.Round(float64(x)*q))))
	}
	for f := range w.Feat {
		for i := range ataxxai.NetHidden {
			w.Feat[f][i] = round16(n.feat[f][i], ataxxai.NetQA)
		}
	}
	for i := range ataxxai.NetHidden {
		w.Bias[i] = round16(n.bias[i], ataxxai.NetQA)
		w.Out[0][i] = round16(n.out[0][i], ataxxai.NetQB)
		w.Out[1][i] = round16(n.out[1][i], ataxxai.NetQB)
	}
	w.OutBias = int32(math.Round(float64(n.outBias[0]) * ataxxai.NetQA * ataxxai.NetQB))
	return w
}
