package ataxxai

import (
	_ "embed"
	"fmt"
	"math/bits"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// The neural evaluation (NNUE: an efficiently updated neural network).
//
// Its inputs are the board's 36 windows of 2×2 squares, each in one of
// its 81 states (every square empty, mine or theirs; a block counts as
// empty), seen from each side: for the side whose view it is, "mine" are
// its pieces. A window holds the local shape Ataxx turns on (a hole next
// to a piece, a piece its opponent can reach and take), which inputs of
// single squares leave the network to find. One hidden layer of NetHidden
// units per view sums one row of weights per window; the two sums (the
// accumulator) change by the rows of the few windows a move touches, so
// the search keeps them up to date instead of summing again at every
// node. The output weighs the squared, clipped hidden units of the side
// to move and of its opponent. A network may have several outputs, each
// for a share of the game by the pieces on the board (NetBucket): the
// hidden units are shared and each bucket weighs them its own way.
//
// Weights are stored as integers: the hidden layer scaled by NetQA (a unit
// saturates at NetQA), the output by NetQB.
//
// A build evaluates networks of its NetHidden units, the width of the
// embedded nnue.bin and nnue-blocks.bin. The code and the vector kernels
// serve any multiple of 16 up to 1024 (the tests check 128, 176, 256 and
// 1024): a wider network ships by changing NetHidden and both files
// together (ataxx-train nnue -hidden writes networks of any width).
const (
	NetHidden = 256
	NetQA     = 255
	NetQB     = 64
	// NetWindows are the 2×2 windows; NetStates the states of one.
	NetWindows  = 36
	NetStates   = 81
	NetFeatures = NetWindows * NetStates
	// NetMaxBuckets is the most outputs a network has.
	NetMaxBuckets = 8
)

// maxOut bounds the output weights, so that a clipped unit times its
// weight fits 16 bits (as the vector code multiplies them).
const maxOut = 128

// NetWeights are a network's integer weights, as a trainer writes them.
type NetWeights struct {
	Scale int32 // hundredths of a piece per unit of output
	// Buckets are the outputs in use (0 counts as 1), by the pieces on
	// the board (NetBucket); Out and OutBias hold them first.
	Buckets int
	Feat    [NetFeatures][NetHidden]int16
	Bias    [NetHidden]int16
	Out     [NetMaxBuckets][2][NetHidden]int16
	OutBias [NetMaxBuckets]int32
}

// Net is a trained network, ready to evaluate (see LoadNet).
type Net struct {
	NetWeights
	// vec runs the accumulator's arithmetic on vector instructions
	// where the machine has them.
	vec simd
}

// The AI ships two networks: nnue.bin evaluates the open board and
// nnue-blocks.bin the layouts with blocks. A network that sees only one
// kind of board plays it much better at the same depth and the other much
// worse, and the inputs do not tell a block from an empty square.

//go:embed nnue.bin
var embeddedNet []byte

//go:embed nnue-blocks.bin
var embeddedBlocksNet []byte

// defaultNet and blocksNet are the networks shipped in the repository;
// they never change after loading.
var defaultNet, blocksNet = mustLoad(embeddedNet, "nnue.bin"), mustLoad(embeddedBlocksNet, "nnue-blocks.bin")

func mustLoad(b []byte, name string) *Net {
	n, err := LoadNet(b)
	if err != nil {
		panic(fmt.Sprintf("ataxxai: the embedded network %s: %v", name, err))
	}
	return n
}

// DefaultNet returns the network the AI evaluates the open board with.
func DefaultNet() *Net { return defaultNet }

// BlocksNet returns the network the AI evaluates layouts with blocks with.
func BlocksNet() *Net { return blocksNet }

// NetFor returns the shipped network for a board of these blocks.
func NetFor(blocks ataxx.Bitboard) *Net {
	if blocks != 0 {
		return blocksNet
	}
	return defaultNet
}

// LoadNet reads a network from its file (see NetFile): one of this
// build's width, NetHidden.
func LoadNet(b []byte) (*Net, error) {
	f, err := ParseNetFile(b)
	if err != nil {
		return nil, err
	}
	if f.Hidden != NetHidden {
		return nil, fmt.Errorf("%w: %d hidden units, want %d", ErrNetFile, f.Hidden, NetHidden)
	}
	n := &Net{vec: haveSIMD()}
	n.Scale, n.Buckets = f.Scale, f.Buckets
	for i := range n.Feat {
		copy(n.Feat[i][:], f.Feat[i*NetHidden:])
	}
	copy(n.Bias[:], f.Bias)
	for k := range f.Buckets {
		copy(n.Out[k][0][:], f.Out[k][0])
		copy(n.Out[k][1][:], f.Out[k][1])
		n.OutBias[k] = f.OutBias[k]
	}
	return n, nil
}

// MarshalNet writes w as a network file.
func MarshalNet(w *NetWeights) []byte {
	buckets := max(w.Buckets, 1)
	f := &NetFile{Hidden: NetHidden, Buckets: buckets, Scale: w.Scale, Feat: make([]int16, 0, NetFeatures*NetHidden),
		Bias: w.Bias[:], Out: make([][2][]int16, buckets), OutBias: w.OutBias[:buckets]}
	for i := range w.Feat {
		f.Feat = append(f.Feat, w.Feat[i][:]...)
	}
	for k := range buckets {
		f.Out[k] = [2][]int16{w.Out[k][0][:], w.Out[k][1][:]}
	}
	return f.Marshal()
}

// Window w covers squares corner, corner+1, corner+7 and corner+8, whose
// states are the base-3 digits of its state, in that order.
func windowCorner(w int) int { return w/6*7 + w%6 }

// windowsOf are, by square, the windows (a bit each) that hold it.
var windowsOf = func() (t [ataxx.NumSquares]uint64) {
	for w := range NetWindows {
		c := windowCorner(w)
		for _, s := range [4]int{c, c + 1, c + 7, c + 8} {
			t[s] |= 1 << w
		}
	}
	return t
}()

// ternary maps four bits (a window's squares, low bit first) to the base-3
// number with a 1 digit for each bit set.
var ternary = [16]int{0, 1, 3, 4, 9, 10, 12, 13, 27, 28, 30, 31, 36, 37, 39, 40}

// quad returns the four bits of b in window w's squares.
func quad(b ataxx.Bitboard, corner int) int {
	return int(b>>corner)&3 | int(b>>(corner+7))&3<<2
}

// WindowFeature returns the input of window w, seen by the side whose
// pieces are mine.
func WindowFeature(w int, mine, theirs ataxx.Bitboard) int {
	c := windowCorner(w)
	return w*NetStates + ternary[quad(mine, c)] + 2*ternary[quad(theirs, c)]
}

// accumulator is the hidden layer's sums before clipping: Red's view
// and Blue's.
type accumulator [2][NetHidden]int16

// rowBytes is the size of one row of Feat: the rows a view adds and
// takes are named by their byte offsets in Feat (as the vector kernel
// reads them).
const rowBytes = 2 * NetHidden

// rowOf is the byte offset of input f's row in Feat.
func rowOf(f int) uint32 { return uint32(f * rowBytes) }

// refresh sums the accumulator of a position from nothing.
func (n *Net) refresh(a *accumulator, red, blue ataxx.Bitboard) {
	var redRows, blueRows [NetWindows]uint32
	for w := range NetWindows {
		redRows[w], blueRows[w] = rowOf(WindowFeature(w, red, blue)), rowOf(WindowFeature(w, blue, red))
	}
	n.vec.rows(&a[ataxx.Red], &n.Bias, &n.Feat, redRows[:], nil)
	n.vec.rows(&a[ataxx.Blue], &n.Bias, &n.Feat, blueRows[:], nil)
}

// update sets dst to the accumulator of the pieces red1 and blue1 from
// src, that of red0 and blue0: the windows that hold a changed square
// trade their old rows for their new ones.
func (n *Net) update(dst, src *accumulator, red0, blue0, red1, blue1 ataxx.Bitboard) {
	var touched uint64
	for changed := (red0 ^ red1) | (blue0 ^ blue1); changed != 0; changed &= changed - 1 {
		touched |= windowsOf[changed.First()]
	}
	var redPlus, redMinus, bluePlus, blueMinus [NetWindows]uint32
	k := 0
	for ; touched != 0; touched &= touched - 1 {
		w := bits.TrailingZeros64(touched)
		c := windowCorner(w)
		r0, b0 := ternary[quad(red0, c)], ternary[quad(blue0, c)]
		r1, b1 := ternary[quad(red1, c)], ternary[quad(blue1, c)]
		base := w * NetStates
		redPlus[k], redMinus[k] = rowOf(base+r1+2*b1), rowOf(base+r0+2*b0)
		bluePlus[k], blueMinus[k] = rowOf(base+b1+2*r1), rowOf(base+b0+2*r0)
		k++
	}
	n.vec.rows(&dst[ataxx.Red], &src[ataxx.Red], &n.Feat, redPlus[:k], redMinus[:k])
	n.vec.rows(&dst[ataxx.Blue], &src[ataxx.Blue], &n.Feat, bluePlus[:k], blueMinus[:k])
}

// output scores the accumulator of a board whose pieces (both sides')
// are occupied for side, in hundredths of a piece.
func (n *Net) output(a *accumulator, side ataxx.Color, occupied ataxx.Bitboard) int {
	k := 0
	if n.Buckets > 1 {
		k = NetBucket(occupied.Count(), n.Buckets)
	}
	out := &n.Out[k]
	sum := n.vec.dot(&a[side], &out[0]) + n.vec.dot(&a[side.Other()], &out[1])
	return (sum/NetQA + int(n.OutBias[k])) * int(n.Scale) / (NetQA * NetQB)
}

// addRows and dot are the accumulator's arithmetic in portable Go; the
// vector kernels give the same numbers.

// addRows sets dst to src plus the rows of feat at the byte offsets plus,
// less those at minus.
func addRows(dst, src *[NetHidden]int16, feat *[NetFeatures][NetHidden]int16, plus, minus []uint32) {
	*dst = *src
	for _, o := range plus {
		row := &feat[o/rowBytes]
		for i := range dst {
			dst[i] += row[i]
		}
	}
	for _, o := range minus {
		row := &feat[o/rowBytes]
		for i := range dst {
			dst[i] -= row[i]
		}
	}
}

// dot takes slices of any width, so that tests check the vector kernel
// at widths other than this build's.

// dot sums the squared, clipped units of one view times the output
// weights w.
func dot(view, w []int16) int {
	w = w[:len(view)]
	sum := 0
	for i, x := range view {
		sum += screlu(x) * int(w[i])
	}
	return sum
}

// screlu clips a unit to [0, NetQA] and squares it, without branches
// (the units' signs are as good as random, so a branch would be
// mispredicted half the time).
func screlu(u int16) int {
	x := int(u)
	x &^= x >> 63 // below 0: 0
	d := x - NetQA
	x = NetQA + d&(d>>63) // above NetQA: NetQA
	return x * x
}

// Evaluate scores p for the side to move, in hundredths of a piece,
// summing the accumulator from nothing (the search updates it instead).
func (n *Net) Evaluate(p *ataxx.Position) int {
	var a accumulator
	n.refresh(&a, p.Pieces(ataxx.Red), p.Pieces(ataxx.Blue))
	return n.output(&a, p.Turn(), p.Pieces(ataxx.Red)|p.Pieces(ataxx.Blue))
}

// netStack keeps, by ply, the pieces of the search's current line and the
// accumulators computed so far: an accumulator is computed only when its
// node is evaluated, from the nearest computed one above it.
type netStack struct {
	red, blue [MaxPly + 2]ataxx.Bitboard
	acc       [MaxPly + 2]accumulator
	fresh     [MaxPly + 2]bool
	// score is the node's evaluation once scored (a node may be asked
	// more than once: for pruning, then at the horizon).
	score  [MaxPly + 2]int
	scored [MaxPly + 2]bool
}

// enter records the pieces of the node at ply (the root's accumulator is
// summed at once).
func (st *netStack) enter(n *Net, p *ataxx.Position, ply int) {
	st.red[ply], st.blue[ply] = p.Pieces(ataxx.Red), p.Pieces(ataxx.Blue)
	st.fresh[ply] = ply == 0
	st.scored[ply] = false
	if ply == 0 {
		n.refresh(&st.acc[0], st.red[0], st.blue[0])
	}
}

// evaluate scores the node at ply for side, bringing the accumulators
// down the line up to date.
func (st *netStack) evaluate(n *Net, ply int, side ataxx.Color) int {
	if st.scored[ply] {
		return st.score[ply]
	}
	k := ply
	for !st.fresh[k] {
		k--
	}
	for j := k + 1; j <= ply; j++ {
		n.update(&st.acc[j], &st.acc[j-1], st.red[j-1], st.blue[j-1], st.red[j], st.blue[j])
		st.fresh[j] = true
	}
	st.score[ply], st.scored[ply] = n.output(&st.acc[ply], side, st.red[ply]|st.blue[ply]), true
	return st.score[ply]
}
