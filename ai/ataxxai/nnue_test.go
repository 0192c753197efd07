package ataxxai

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/ataxxbot/ataxxbot/ai/search"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// randomNet returns a network of random weights of the sizes training
// gives, with buckets outputs, so that every unit and every square counts.
func randomNet(t testing.TB, seed uint64, buckets int) *Net {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	w := &NetWeights{Scale: 150, Buckets: buckets}
	for f := range w.Feat {
		for i := range w.Feat[f] {
			w.Feat[f][i] = int16(rng.IntN(201) - 100)
		}
	}
	for i := range NetHidden {
		w.Bias[i] = int16(rng.IntN(201) - 50)
	}
	for k := range buckets {
		w.OutBias[k] = int32(rng.IntN(2000) - 1000)
		for i := range NetHidden {
			w.Out[k][0][i] = int16(rng.IntN(129) - 64)
			w.Out[k][1][i] = int16(rng.IntN(129) - 64)
		}
	}
	n, err := LoadNet(MarshalNet(w))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestEmbeddedNetLoads: both shipped networks load and see a board far
// ahead in pieces as good for the side ahead, whoever moves.
func TestEmbeddedNetLoads(t *testing.T) {
	for name, b := range map[string][]byte{"nnue.bin": embeddedNet, "nnue-blocks.bin": embeddedBlocksNet} {
		t.Run(name, func(t *testing.T) { testNetSeesMaterial(t, b) })
	}
}

func testNetSeesMaterial(t *testing.T, b []byte) {
	n, err := LoadNet(b)
	if err != nil {
		t.Fatalf("LoadNet(embedded): %v", err)
	}
	if n.Scale <= 0 {
		t.Errorf("embedded network's scale: got %d; want > 0", n.Scale)
	}
	// Far ahead in pieces is good for the side ahead, whoever moves.
	for _, c := range []struct {
		fen      string
		positive bool
	}{
		{"xxxxxxx/xxxxxxx/xxx4/7/7/7/o5o x 0 1", true},
		{"xxxxxxx/xxxxxxx/xxx4/7/7/7/o5o o 0 1", false},
		{"ooooooo/ooooooo/ooo4/7/7/7/x5x x 0 1", false},
		{"ooooooo/ooooooo/ooo4/7/7/7/x5x o 0 1", true},
	} {
		p, err := ataxx.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if e := n.Evaluate(&p); (e > pieceValue) != c.positive || (e < -pieceValue) == c.positive {
			t.Errorf("%s: got %d; want beyond a piece, positive %v", c.fen, e, c.positive)
		}
	}
}

// TestEachBoardItsNetwork: without a network of its own the search
// evaluates the open board with nnue.bin and a layout of blocks with
// nnue-blocks.bin, at the root and down the tree.
func TestEachBoardItsNetwork(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		want      *Net
	}{
		{"open board", "x5o/7/7/7/7/7/o5x x 0 1", DefaultNet()},
		{"blocks", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", BlocksNet()},
		{"blocks, later", "xx3oo/x6/2-1-2/3o3/2-1-2/7/o5x o 0 4", BlocksNet()},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := ataxx.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			tuning := DefaultTuning
			if got := tuning.network(&p); got != c.want {
				t.Errorf("network: got the %s; want the %s", netName(got), netName(c.want))
			}
			if got, want := tuning.Evaluate(&p), c.want.Evaluate(&p); got != want {
				t.Errorf("Evaluate: got %d; want %d", got, want)
			}
			s := NewSearcher(1)
			s.Search(context.Background(), p, search.Limits{Depth: 2}, search.Options{}, nil)
			if s.net != c.want {
				t.Errorf("search: evaluated with the %s; want the %s", netName(s.net), netName(c.want))
			}
		})
	}
}

func netName(n *Net) string {
	switch n {
	case DefaultNet():
		return "open board's network"
	case BlocksNet():
		return "blocks' network"
	}
	return "another network"
}

// TestNetFileRoundTrip: a network of one output and one of buckets write
// files of their sizes (the first of the magic ATAXXNN2, the second
// ATAXXNN3) that load as the same network.
func TestNetFileRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name    string
		buckets int
		magic   string
	}{
		{"one output", 1, netMagic},
		{"two buckets", 2, bucketsMagic},
		{"eight buckets", NetMaxBuckets, bucketsMagic},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := randomNet(t, 1, c.buckets)
			b := MarshalNet(&n.NetWeights)
			if want := NetFileSizeOf(NetHidden, c.buckets); len(b) != want {
				t.Fatalf("MarshalNet: got %d bytes; want %d", len(b), want)
			}
			if got := string(b[:len(c.magic)]); got != c.magic {
				t.Errorf("magic: got %q; want %q", got, c.magic)
			}
			again, err := LoadNet(b)
			if err != nil {
				t.Fatal(err)
			}
			if again.NetWeights != n.NetWeights {
				t.Errorf("LoadNet(MarshalNet(w)): got other weights than w")
			}
			if !bytes.Equal(MarshalNet(&again.NetWeights), b) {
				t.Errorf("loading what MarshalNet wrote and writing it again changed it")
			}
		})
	}
}

// TestBucketsWeighByPieces: a network of buckets scores a board with the
// output of its bucket by the pieces on it (NetBucket), and nothing of the
// other buckets.
func TestBucketsWeighByPieces(t *testing.T) {
	n := randomNet(t, 7, NetMaxBuckets)
	seen := map[int]bool{}
	for i, p := range randomPositions(400, 13) {
		pieces := (p.Pieces(ataxx.Red) | p.Pieces(ataxx.Blue)).Count()
		k := NetBucket(pieces, n.Buckets)
		seen[k] = true
		one := &Net{NetWeights: n.NetWeights, vec: n.vec}
		one.Buckets, one.Out[0], one.OutBias[0] = 1, n.Out[k], n.OutBias[k]
		if got, want := n.Evaluate(&p), one.Evaluate(&p); got != want {
			t.Fatalf("position %d %s (%d pieces, bucket %d): got %d; want %d, its bucket's output", i, p.FEN(), pieces, k, got, want)
		}
	}
	if len(seen) < 4 {
		t.Errorf("the positions fell in %d buckets; want at least 4, so that the test tells buckets apart", len(seen))
	}
	for _, c := range []struct{ pieces, buckets, want int }{
		{0, 8, 0}, {6, 8, 0}, {7, 8, 1}, {25, 8, 4}, {49, 8, 7}, {49, 1, 0}, {24, 2, 0}, {25, 2, 1},
	} {
		if got := NetBucket(c.pieces, c.buckets); got != c.want {
			t.Errorf("NetBucket(%d, %d): got %d; want %d", c.pieces, c.buckets, got, c.want)
		}
	}
}

func TestLoadNetRefuses(t *testing.T) {
	good := MarshalNet(&NetWeights{Scale: 100})
	wrongHidden := bytes.Clone(good)
	wrongHidden[len(netMagic)]++
	other := NetHidden + 2*netWidthStep
	otherWidth := (&NetFile{Hidden: other, Feat: make([]int16, NetFeatures*other), Bias: make([]int16, other),
		Out: [][2][]int16{{make([]int16, other), make([]int16, other)}}, OutBias: []int32{0}}).Marshal()
	if f, err := ParseNetFile(otherWidth); err != nil || f.Hidden != other {
		t.Fatalf("ParseNetFile(a network of %d units): got %v; want it read", other, err)
	}
	cases := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"short", good[:len(good)-1]},
		{"long", append(bytes.Clone(good), 0)},
		{"bad magic", append([]byte("XTAXXNN1"), good[len(netMagic):]...)},
		{"other hidden size", wrongHidden},
		{"another width", otherWidth},
		{"one bucket under the buckets' magic", withBuckets(good, 1)},
		{"too many buckets", withBuckets(good, NetMaxBuckets+1)},
		{"buckets short", withBuckets(good, 2)},
		{"the buckets' magic without a count", []byte(bucketsMagic + "\x00\x01\x00\x00\x64\x00\x00\x00")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := LoadNet(c.b); !errors.Is(err, ErrNetFile) {
				t.Errorf("LoadNet: got %v; want ErrNetFile", err)
			}
		})
	}
}

// withBuckets is a one-output network file b under the buckets' magic
// with a bucket count of k (and no more outputs).
func withBuckets(b []byte, k uint32) []byte {
	out := append([]byte(bucketsMagic), b[len(netMagic):len(netMagic)+8]...)
	out = binary.LittleEndian.AppendUint32(out, k)
	return append(out, b[len(netMagic)+8:]...)
}

// TestAccumulatorFollowsTheLine: the accumulators the search updates
// along a line give, at every node, what summing from nothing gives,
// including after a pass (a null move) and when a line is left for
// another at the same depth.
func TestAccumulatorFollowsTheLine(t *testing.T) {
	n := randomNet(t, 2, NetMaxBuckets)
	rng := rand.New(rand.NewPCG(5, 5))
	var st netStack
	for game := range 30 {
		p := randomPositions(1, uint64(game))[0]
		st.enter(n, &p, 0)
		type step struct {
			m ataxx.Move
			u ataxx.Undo
		}
		var line []step
		for ply := 1; ply <= MaxPly && !p.IsOver(); ply++ {
			moves := p.LegalMoves()
			m := moves[rng.IntN(len(moves))]
			if rng.IntN(10) == 0 {
				m = ataxx.Pass // the search's null move
			}
			line = append(line, step{m, p.MakeMove(m)})
			st.enter(n, &p, ply)
			// Evaluate only some nodes, as the search does.
			if rng.IntN(3) == 0 {
				if got, want := st.evaluate(n, ply, p.Turn()), n.Evaluate(&p); got != want {
					t.Fatalf("game %d ply %d %s: got %d; want %d", game, ply, p.FEN(), got, want)
				}
			}
			// Now and then go back up a few plies and down another way.
			if len(line) > 3 && rng.IntN(8) == 0 {
				for range 2 {
					last := line[len(line)-1]
					p.UnmakeMove(last.m, last.u)
					line = line[:len(line)-1]
					ply--
				}
			}
		}
	}
}

// TestNNUESearchIsLegal: the search with the neural evaluation plays
// legal moves and, with a node limit, the same move twice.
func TestNNUESearchIsLegal(t *testing.T) {
	s := NewSearcher(4)
	s.Tuning.NNUE, s.Tuning.Net = true, randomNet(t, 3, NetMaxBuckets)
	for i, pos := range randomPositions(300, 9) {
		lim := search.Limits{Nodes: 2000}
		a := s.Search(context.Background(), pos, lim, search.Options{}, nil)
		if err := pos.Legal(a.Move); err != nil && !pos.IsOver() {
			t.Fatalf("position %d %s: chose %v: %v", i, pos.FEN(), a.Move, err)
		}
	}
}

func BenchmarkNetEvaluate(b *testing.B) {
	n := randomNet(b, 4, 1)
	positions := randomPositions(64, 4)
	var st netStack
	i := 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		st.red[0], st.blue[0] = p.Pieces(ataxx.Red), p.Pieces(ataxx.Blue)
		st.fresh[0] = true
		var l ataxx.MoveList
		p.GenerateMoves(&l)
		u := p.MakeMove(l.Moves[0])
		st.enter(n, p, 1)
		st.evaluate(n, 1, p.Turn())
		p.UnmakeMove(l.Moves[0], u)
		i++
	}
}

// BenchmarkSearchByEvaluation searches the bench positions to depth 6
// with the neural evaluation and with the linear one, to compare their
// node rates.
func BenchmarkSearchByEvaluation(b *testing.B) {
	for _, nnue := range []bool{true, false} {
		b.Run(map[bool]string{true: "nnue", false: "linear"}[nnue], func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				for _, fen := range benchPositions {
					pos, _ := ataxx.ParseFEN(fen)
					pos.SetRules(ataxx.RulesUAI)
					s := NewSearcher(16)
					s.Tuning.NNUE = nnue
					nodes += s.Search(context.Background(), pos, search.Limits{Depth: 6}, search.Options{}, nil).Info.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// TestVectorMatchesPortable: where the vector kernels run, they add and
// weigh the units exactly as the portable code does, on random
// accumulators whose units reach past both ends of the clip.
func TestVectorMatchesPortable(t *testing.T) {
	vec := haveSIMD()
	if !vec {
		t.Skip("no vector kernels on this machine")
	}
	n := randomNet(t, 6, 1)
	rng := rand.New(rand.NewPCG(6, 6))
	for i := range 1000 {
		var a, e [NetHidden]int16
		for j := range a {
			a[j] = int16(rng.IntN(1200) - 600)
			e[j] = int16(rng.IntN(1200) - 600)
		}
		want := a
		acc := accumulator{a, e}
		plus := []uint32{rowOf(i), rowOf(i + 2), rowOf(NetFeatures - 1 - i)}
		minus := []uint32{rowOf(i + 1), rowOf(i + 3)}
		var wantAcc, gotAcc accumulator
		addRows(&wantAcc[ataxx.Red], &acc[ataxx.Red], &n.Feat, plus, minus)
		addRows(&wantAcc[ataxx.Blue], &acc[ataxx.Blue], &n.Feat, plus[:i%4], nil)
		vec.rows(&gotAcc[ataxx.Red], &acc[ataxx.Red], &n.Feat, plus, minus)
		vec.rows(&gotAcc[ataxx.Blue], &acc[ataxx.Blue], &n.Feat, plus[:i%4], nil)
		if gotAcc != wantAcc {
			t.Fatalf("case %d: rows: got %v; want %v", i, gotAcc, wantAcc)
		}
		if g, w := vec.dot(&want, &n.Out[0][1]), dot(want[:], n.Out[0][1][:]); g != w {
			t.Fatalf("case %d: dot: got %d; want %d", i, g, w)
		}
	}
}

// FuzzLoadNet: whatever bytes an EvalFile holds, LoadNet refuses them
// with ErrNetFile or loads a network that writes back the same bytes.
func FuzzLoadNet(f *testing.F) {
	good := MarshalNet(&NetWeights{Scale: 616})
	f.Add(good)
	bad := bytes.Clone(good)
	binary.LittleEndian.PutUint16(bad[NetFileSizeOf(NetHidden, 1)-4-2:], uint16(maxOut+1)) // an output weight too large
	f.Add(bad)
	f.Add(MarshalNet(&NetWeights{Scale: 616, Buckets: 3}))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := LoadNet(b)
		if err != nil {
			if !errors.Is(err, ErrNetFile) {
				t.Fatalf("LoadNet: got %v; want ErrNetFile", err)
			}
			return
		}
		if again := MarshalNet(&n.NetWeights); !bytes.Equal(again, b) {
			t.Fatalf("a loaded network writes back other bytes")
		}
	})
}

// BenchmarkLoadNet reads the shipped network, as a program's start does.
func BenchmarkLoadNet(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := LoadNet(embeddedNet); err != nil {
			b.Fatal(err)
		}
	}
}
