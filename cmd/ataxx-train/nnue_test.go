package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// logit is the float network's output for the side to move, in logits,
// computed unit by unit with the output of the record's bucket.
func (n *floatNet) logit(r record) float64 {
	us, them := features(r, 0, nil, nil)
	k := ataxxai.NetBucket((r.red | r.blue).Count(), n.buckets)
	var y float64 = float64(n.outBias[k])
	for v, fs := range [2][]int{us, them} {
		for i := range n.hidden {
			h := n.bias[i]
			for _, f := range fs {
				h += n.row(f)[i]
			}
			c := float64(min(max(h, 0), 1))
			y += c * c * float64(n.outs(k, v)[i])
		}
	}
	return y
}

// position returns the record's position.
func (r record) position() (ataxx.Position, error) {
	fen := "7/7/7/7/7/7/7 x 0 1"
	if r.blue2move {
		fen = "7/7/7/7/7/7/7 o 0 1"
	}
	p, err := ataxx.ParseFEN(fen)
	if err != nil {
		return p, err
	}
	for s := range ataxx.Square(ataxx.NumSquares) {
		switch {
		case r.red.Has(s):
			p.Put(s, ataxx.RedPiece)
		case r.blue.Has(s):
			p.Put(s, ataxx.BluePiece)
		}
	}
	return p, nil
}

// randomRecords plays random games and records their positions.
func randomRecords(n int, seed uint64) []record {
	rng := rand.New(rand.NewPCG(seed, 1))
	var recs []record
	for len(recs) < n {
		p := ataxx.NewPosition()
		for !p.IsOver() && len(recs) < n {
			moves := p.LegalMoves()
			p.MakeMove(moves[rng.IntN(len(moves))])
			recs = append(recs, record{red: p.Pieces(ataxx.Red), blue: p.Pieces(ataxx.Blue), blue2move: p.Turn() == ataxx.Blue,
				score: int16(100 * (p.Count(p.Turn()) - p.Count(p.Turn().Other()))), result: uint8(rng.IntN(3))})
		}
	}
	return recs
}

// TestQuantizedNetMatchesFloat: the integer network ataxxai loads from
// what training writes scores positions as the float network does, to
// within the rounding of its weights, with one output or with buckets.
func TestQuantizedNetMatchesFloat(t *testing.T) {
	for _, buckets := range []int{1, ataxxai.NetMaxBuckets} {
		t.Run(fmt.Sprintf("%d outputs", buckets), func(t *testing.T) { testQuantizedNetMatchesFloat(t, buckets) })
	}
}

func testQuantizedNetMatchesFloat(t *testing.T, buckets int) {
	fn := newFloatNet(ataxxai.NetHidden, buckets, 3)
	for k := range fn.outBias {
		fn.outBias[k] = 0.3 - 0.1*float32(k)
	}
	const scale = 400.0
	net, err := ataxxai.LoadNet(fn.quantize(scale).Marshal())
	if err != nil {
		t.Fatal(err)
	}
	// Rounding the output weights to 1/NetQB moves a score by a few
	// hundredths of a piece, more now and then.
	var sum, worst float64
	recs := randomRecords(300, 4)
	for i, r := range recs {
		p, err := r.position()
		if err != nil {
			t.Fatal(err)
		}
		want := fn.logit(r) * scale
		got := float64(net.Evaluate(&p))
		d := math.Abs(got - want)
		sum += d
		worst = max(worst, d)
		if d > 40 {
			t.Fatalf("position %d %s: got %.0f; want %.1f", i, p.FEN(), got, want)
		}
	}
	if mean := sum / float64(len(recs)); mean > 8 {
		t.Errorf("mean difference: got %.1f; want at most 8 (worst %.1f)", mean, worst)
	}
}

// TestTrainingLearnsMaterial: trained briefly on positions whose target
// is the material, the network scores more material higher, with one
// output or with buckets.
func TestTrainingLearnsMaterial(t *testing.T) {
	for _, buckets := range []int{1, 4} {
		t.Run(fmt.Sprintf("%d outputs", buckets), func(t *testing.T) { testTrainingLearnsMaterial(t, buckets) })
	}
}

func testTrainingLearnsMaterial(t *testing.T, buckets int) {
	recs := randomRecords(20000, 5)
	for i := range recs {
		recs[i].result = 1
		if recs[i].score < 0 {
			recs[i].result = 0
		}
	}
	fn := newFloatNet(ataxxai.NetHidden, buckets, 1)
	var log bytes.Buffer
	fn.train(recs, nil, trainConfig{epochs: 4, batch: 256, workers: 2, lambda: 1, lr: 0.01, scale: 300, seed: 1}, &log)
	agree, total := 0, 0
	for _, r := range randomRecords(2000, 6) {
		if r.score == 0 {
			continue
		}
		total++
		if (fn.logit(r) > 0) == (r.score > 0) {
			agree++
		}
	}
	if agree < total*85/100 {
		t.Errorf("the sign of the output agrees with the material in %d of %d positions; want 85%%\n%s", agree, total, log.String())
	}
}

// TestDataAndTrainCommands: nnue-data writes whole records of legal,
// labelled positions, and nnue trains a network ataxxai loads from them.
func TestDataAndTrainCommands(t *testing.T) {
	dir := t.TempDir()
	data, net := filepath.Join(dir, "d.bin"), filepath.Join(dir, "n.bin")
	var out bytes.Buffer
	if err := run([]string{"nnue-data", "-games", "6", "-nodes", "300", "-out", data}, &out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(data)
	if err != nil || len(b) == 0 || len(b)%recordSize != 0 {
		t.Fatalf("data file: %d bytes, %v; want whole records of %d bytes", len(b), err, recordSize)
	}
	for i := 0; i < len(b); i += recordSize {
		r := parseRecord(b[i:])
		if r.red&r.blue != 0 || r.result > 2 || r.score < -mateLabel || r.score > mateLabel {
			t.Fatalf("record %d: %+v", i/recordSize, r)
		}
	}
	if err := run([]string{"nnue", "-data", data, "-epochs", "2", "-batch", "64", "-out", net}, &out); err != nil {
		t.Fatal(err)
	}
	nb, err := os.ReadFile(net)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ataxxai.LoadNet(nb); err != nil {
		t.Fatalf("LoadNet(trained): %v", err)
	}
	if !strings.Contains(out.String(), "epoch 2: loss") {
		t.Errorf("output: got %q; want each epoch's loss", out.String())
	}
	for _, args := range [][]string{
		{"nnue-data", "-games", "1"},
		{"nnue", "-data", filepath.Join(dir, "none.bin"), "-out", net},
		{"nnue", "-data", net, "-out", filepath.Join(dir, "x.bin")},
	} {
		if err := run(args, &out); err == nil {
			t.Errorf("%v: got no error; want one", args)
		}
	}
}
