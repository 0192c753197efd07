package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
)

// TestTrainingSetDropsRepeats: a file read twice adds nothing the second
// time; the held-out share is about what was asked, and the same
// positions whatever else is read.
func TestTrainingSetDropsRepeats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g")
	if err := testRun(20, 2).run(t.Context(), path, new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var once, twice trainingSet
	if err := once.load(b, 30, 0, "all", map[uint64]struct{}{}); err != nil {
		t.Fatal(err)
	}
	seen := map[uint64]struct{}{}
	for range 2 {
		if err := twice.load(b, 30, 0, "all", seen); err != nil {
			t.Fatal(err)
		}
	}
	if once.games != 20 || once.positions == 0 {
		t.Fatalf("read %d games, %d positions; want 20 games", once.games, once.positions)
	}
	if twice.repeats != once.repeats+once.positions || len(twice.train) != len(once.train) || len(twice.held) != len(once.held) {
		t.Errorf("read twice: %d repeats, %d and %d positions; want %d repeats, %d and %d positions",
			twice.repeats, len(twice.train), len(twice.held), once.repeats+once.positions, len(once.train), len(once.held))
	}
	var first trainingSet
	if err := first.load(b, 30, 10, "all", map[uint64]struct{}{}); err != nil {
		t.Fatal(err)
	}
	if first.games != 10 {
		t.Errorf("-games 10: read %d games; want 10", first.games)
	}
	if len(once.held) == 0 || len(once.held) > len(once.train) {
		t.Errorf("held out %d of %d positions; want about 30%%", len(once.held), len(once.held)+len(once.train))
	}
	// -layouts splits the games between those without blocks and those
	// with: each is read by one of the two, and neither is empty.
	var open, blocked trainingSet
	if err := open.load(b, 30, 0, "open", map[uint64]struct{}{}); err != nil {
		t.Fatal(err)
	}
	if err := blocked.load(b, 30, 0, "blocks", map[uint64]struct{}{}); err != nil {
		t.Fatal(err)
	}
	if open.games == 0 || blocked.games == 0 || open.games+blocked.games != once.games || open.positions+blocked.positions != once.positions {
		t.Errorf("-layouts open and blocks: %d and %d games, %d and %d positions; want %d games and %d positions between them, some each",
			open.games, blocked.games, open.positions, blocked.positions, once.games, once.positions)
	}
}

// TestGenAndTrainCommands: datagen writes a games file, and nnue trains a
// network of the width asked for on it, reporting the repeats and each
// epoch's loss on the positions trained on and held out.
func TestGenAndTrainCommands(t *testing.T) {
	dir := t.TempDir()
	games, net := filepath.Join(dir, "g"), filepath.Join(dir, "n.bin")
	var out bytes.Buffer
	gen := []string{"datagen", "-games", "4", "-nodes", "200", "-workers", "2", "-out", games}
	for range 2 { // the second run finds every game there
		if err := run(gen, &out); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out.String(), "4 of 4 games there, 0 to play") {
		t.Errorf("output: got %q; want the second run to find the games there", out.String())
	}
	out.Reset()
	if err := run([]string{"nnue", "-data", games + "," + games, "-compare", filepath.Join("..", "..", "ai", "ataxxai", "nnue.bin"), "-hidden", "32", "-epochs", "2", "-batch", "64", "-hold", "25", "-out", net}, &out); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`8 games, (\d+) positions: \d+ repeats dropped`).MatchString(out.String()) ||
		!regexp.MustCompile(`nnue.bin \(\d+ hidden units\): held out 0\.\d+`).MatchString(out.String()) ||
		!regexp.MustCompile(`epoch 2: loss 0\.\d+, held out 0\.\d+`).MatchString(out.String()) {
		t.Errorf("output: got %q; want the repeats and each epoch's losses", out.String())
	}
	b, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	f, err := ataxxai.ParseNetFile(b)
	if err != nil || f.Hidden != 32 {
		t.Fatalf("ParseNetFile(trained): got %v; want a network of 32 units", err)
	}
	// Going on from it: its width and scale, whatever -hidden says.
	out.Reset()
	again := filepath.Join(dir, "again.bin")
	if err := run([]string{"nnue", "-data", games, "-init", net, "-hidden", "64", "-epochs", "1", "-batch", "64", "-hold", "25", "-lr", "0.0005", "-out", again}, &out); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`from .*n\.bin: held out 0\.\d+`).MatchString(out.String()) {
		t.Errorf("output: got %q; want the starting network's held-out loss", out.String())
	}
	if b, err = os.ReadFile(again); err != nil {
		t.Fatal(err)
	}
	if g, err := ataxxai.ParseNetFile(b); err != nil || g.Hidden != 32 || g.Scale != f.Scale || g.Buckets != 1 {
		t.Fatalf("ParseNetFile(went on): got %v; want a network of 32 units, one output and scale %d", err, f.Scale)
	}
	// Going on with buckets, then from the network of buckets: its buckets.
	buckets := filepath.Join(dir, "buckets.bin")
	for _, args := range [][]string{
		{"nnue", "-data", games, "-init", net, "-buckets", "4", "-epochs", "1", "-batch", "64", "-out", buckets},
		{"nnue", "-data", games, "-init", buckets, "-epochs", "1", "-batch", "64", "-out", buckets},
	} {
		if err := run(args, &out); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if b, err = os.ReadFile(buckets); err != nil {
			t.Fatal(err)
		}
		if g, err := ataxxai.ParseNetFile(b); err != nil || g.Hidden != 32 || g.Buckets != 4 {
			t.Fatalf("%v: ParseNetFile: got %v; want a network of 32 units and 4 outputs", args, err)
		}
	}
	for _, args := range [][]string{
		{"nnue", "-data", games, "-buckets", "9", "-out", net},
		{"nnue", "-data", games, "-init", buckets, "-buckets", "2", "-out", net},
		{"nnue", "-data", games, "-hidden", "100", "-out", net},
		{"nnue", "-data", games, "-hold", "100", "-out", net},
		{"nnue", "-data", games, "-layouts", "some", "-out", net},
		{"datagen", "-out", games, "-nodes", "201", "-games", "4"},
	} {
		if err := run(args, &out); err == nil {
			t.Errorf("%v: got no error; want one", args)
		}
	}
}

// TestNetScoreIsTheEngines: netScore gives what the engine's network
// gives, for the shipped network and for a quantized random one.
func TestNetScoreIsTheEngines(t *testing.T) {
	random := newFloatNet(ataxxai.NetHidden, 1, 9)
	random.outBias[0] = -0.2
	buckets := newFloatNet(ataxxai.NetHidden, ataxxai.NetMaxBuckets, 10)
	for k := range buckets.outBias {
		buckets.outBias[k] = 0.05 * float32(k-3)
	}
	for _, b := range [][]byte{ataxxai.MarshalNet(&ataxxai.DefaultNet().NetWeights), random.quantize(300).Marshal(), buckets.quantize(300).Marshal()} {
		f, err := ataxxai.ParseNetFile(b)
		if err != nil {
			t.Fatal(err)
		}
		net, err := ataxxai.LoadNet(b)
		if err != nil {
			t.Fatal(err)
		}
		var s netScratch
		for i, r := range randomRecords(500, 7) {
			p, err := r.position()
			if err != nil {
				t.Fatal(err)
			}
			if got, want := s.score(f, r), net.Evaluate(&p); got != want {
				t.Fatalf("position %d %s: got %d; want %d", i, p.FEN(), got, want)
			}
		}
	}
}

// TestDequantizeRoundTrip: the float network training goes on from is the
// one that quantizes back to the file it came from, for the shipped
// network and for one of buckets.
func TestDequantizeRoundTrip(t *testing.T) {
	for name, b := range map[string][]byte{
		"shipped": ataxxai.MarshalNet(&ataxxai.DefaultNet().NetWeights),
		"buckets": newFloatNet(64, 5, 4).quantize(250).Marshal(),
	} {
		t.Run(name, func(t *testing.T) {
			f, err := ataxxai.ParseNetFile(b)
			if err != nil {
				t.Fatal(err)
			}
			if got := dequantize(f).quantize(float64(f.Scale)).Marshal(); !bytes.Equal(got, b) {
				t.Errorf("quantize(dequantize(%s)): got %d bytes differing from the %d of the file; want the same file", name, len(got), len(b))
			}
		})
	}
}

// TestTrainingUsesTheRecordsBucket: the float network training runs scores
// a record with the output of its bucket by the pieces on the board
// (ataxxai.NetBucket), and a record's gradient reaches that output alone,
// as the derivative of its squared error says.
func TestTrainingUsesTheRecordsBucket(t *testing.T) {
	n := newFloatNet(32, ataxxai.NetMaxBuckets, 5)
	for k := range n.outBias {
		n.outBias[k] = 0.1 * float32(k-4)
	}
	c := trainConfig{lambda: 0.9, scale: 300}
	g := newGrads(n.hidden, n.buckets)
	seen := map[int]bool{}
	for i, r := range randomRecords(300, 14) {
		k := ataxxai.NetBucket((r.red | r.blue).Count(), n.buckets)
		seen[k] = true
		if got, want := float64(n.forward(g, r, 0)), n.logit(r); math.Abs(got-want) > 1e-4 {
			t.Fatalf("record %d (bucket %d): forward got %v; want %v", i, k, got, want)
		}
		g.reset()
		n.sample(g, r, 0, &c)
		for j := range n.buckets {
			if j == k {
				continue
			}
			if g.outBias[j] != 0 || slices.ContainsFunc(g.out[2*j*n.hidden:2*(j+1)*n.hidden], func(x float32) bool { return x != 0 }) {
				t.Fatalf("record %d (bucket %d): a gradient reached bucket %d; want none", i, k, j)
			}
		}
		// The derivative of (sigmoid(y) - target)² by the bucket's bias.
		sq := func(d float32) float64 {
			n.outBias[k] += d
			defer func() { n.outBias[k] -= d }()
			e := sigmoid(n.logit(r)) - float64(target(r, &c))
			return e * e
		}
		const eps = 1e-2
		if got, want := float64(g.outBias[k]), (sq(eps)-sq(-eps))/(2*eps); math.Abs(got-want) > 1e-3*max(1, math.Abs(want)) && math.Abs(got-want) > 1e-5 {
			t.Fatalf("record %d (bucket %d): bias gradient got %v; want %v", i, k, got, want)
		}
	}
	if len(seen) < 4 {
		t.Errorf("the records fell in %d buckets; want at least 4, so that the test tells buckets apart", len(seen))
	}
}

// TestWithBucketsStartsAsOne: a network of one output that goes on with
// buckets starts with each output its one, so it scores every position
// as before.
func TestWithBucketsStartsAsOne(t *testing.T) {
	one := newFloatNet(32, 1, 6)
	one.outBias[0] = 0.25
	many := one.withBuckets(ataxxai.NetMaxBuckets)
	if many.buckets != ataxxai.NetMaxBuckets {
		t.Fatalf("withBuckets: got %d outputs; want %d", many.buckets, ataxxai.NetMaxBuckets)
	}
	for i, r := range randomRecords(400, 8) {
		if got, want := many.logit(r), one.logit(r); got != want {
			t.Fatalf("record %d: got %v; want %v", i, got, want)
		}
	}
}

// TestTrainEndsWithTheBestEpoch: with best, the network trained is the
// one of the least held-out loss any epoch reported.
func TestTrainEndsWithTheBestEpoch(t *testing.T) {
	recs, held := randomRecords(3000, 11), randomRecords(300, 12)
	c := trainConfig{epochs: 6, batch: 64, workers: 2, hidden: 16, buckets: 3, lambda: 0.5, lr: 0.05, scale: 300, seed: 2, best: true}
	n := newFloatNet(c.hidden, c.buckets, 3)
	var out bytes.Buffer
	n.train(recs, held, c, &out)
	least := 1.0
	for _, m := range regexp.MustCompile(`held out (0\.\d+)`).FindAllStringSubmatch(out.String(), -1) {
		var l float64
		if _, err := fmt.Sscan(m[1], &l); err != nil {
			t.Fatal(err)
		}
		least = min(least, l)
	}
	gs := []*grads{newGrads(c.hidden, c.buckets)}
	if got := n.loss(held, gs, &c); math.Abs(got-least) > 1e-6 {
		t.Errorf("held-out loss of the network trained: got %.6f; want the least reported, %.6f\n%s", got, least, out.String())
	}
}
