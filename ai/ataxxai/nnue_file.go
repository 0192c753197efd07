package ataxxai

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// The magics that begin a network file (see NetFile): netMagic one of a
// single output, bucketsMagic one of an output for each bucket of pieces.
const (
	netMagic     = "ATAXXNN2"
	bucketsMagic = "ATAXXNN3"
)

// Widths a network file may have: the vector kernels take sixteen units
// at a time, and their int32 sums hold at least 1024 units.
const (
	netWidthStep = 16
	netMaxWidth  = 1024
)

// ErrNetFile reports bytes that are not a network file (or not one of
// the width asked for).
var ErrNetFile = errors.New("not a network file of this shape")

// NetFile is a network file of any hidden width: a trainer writes widths
// that the build it runs in does not evaluate (LoadNet takes only
// NetHidden). The file holds, all little endian: the magic, the hidden
// width and the scale (uint32 each), the input weights by feature
// ([NetFeatures][Hidden] int16), the hidden biases ([Hidden] int16), the
// output weights of the side to move's units then the other's ([2][Hidden]
// int16, each within ±128) and the output bias (int32): NetFileSizeOf(Hidden,
// 1) bytes. A network of several output buckets (see NetBucket) has the
// magic "ATAXXNN3", its bucket count (uint32) after the scale, and the
// output weights and then the output biases of each bucket in turn; one of
// a single output has the magic "ATAXXNN2".
type NetFile struct {
	Hidden  int
	Buckets int     // outputs, by the pieces on the board (see NetBucket)
	Scale   int32   // hundredths of a piece per unit of output
	Feat    []int16 // NetFeatures rows of Hidden, by feature
	Bias    []int16
	Out     [][2][]int16 // by bucket
	OutBias []int32      // by bucket
}

// NetFileSizeOf is the size of a network file of hidden units and
// buckets outputs.
func NetFileSizeOf(hidden, buckets int) int {
	size := len(netMagic) + 4 + 4 + 2*(NetFeatures*hidden+hidden) + buckets*(2*2*hidden+4)
	if buckets > 1 {
		size += 4
	}
	return size
}

// NetBucket is the output bucket of a board of pieces pieces (both sides'),
// for a network of buckets outputs: the buckets split the pieces a board
// may hold, 0 to 49, evenly, so that each output weighs the hidden units
// for its part of the game.
func NetBucket(pieces, buckets int) int { return pieces * buckets / (ataxx.NumSquares + 1) }

// ParseNetFile reads a network file of any width a build may compile
// (a multiple of 16 up to 1024) and of 1 to NetMaxBuckets outputs.
func ParseNetFile(b []byte) (*NetFile, error) {
	if len(b) < len(netMagic)+8 {
		return nil, fmt.Errorf("%w: %d bytes, too few for a network", ErrNetFile, len(b))
	}
	total := len(b)
	magic := string(b[:len(netMagic)])
	if magic != netMagic && magic != bucketsMagic {
		return nil, fmt.Errorf("%w: %d bytes without the magic %q or %q", ErrNetFile, len(b), netMagic, bucketsMagic)
	}
	b = b[len(netMagic):]
	h := binary.LittleEndian.Uint32(b)
	if h == 0 || h > netMaxWidth || h%netWidthStep != 0 {
		return nil, fmt.Errorf("%w: %d hidden units", ErrNetFile, h)
	}
	f := &NetFile{Hidden: int(h), Buckets: 1, Scale: int32(binary.LittleEndian.Uint32(b[4:]))}
	b = b[8:]
	if magic == bucketsMagic {
		if len(b) < 4 {
			return nil, fmt.Errorf("%w: %d bytes, too few for a network of buckets", ErrNetFile, total)
		}
		k := binary.LittleEndian.Uint32(b)
		if k < 2 || k > NetMaxBuckets {
			return nil, fmt.Errorf("%w: %d output buckets, want 2 to %d", ErrNetFile, k, NetMaxBuckets)
		}
		f.Buckets = int(k)
		b = b[4:]
	}
	if size := NetFileSizeOf(f.Hidden, f.Buckets); total != size {
		return nil, fmt.Errorf("%w: %d bytes; %d hidden units and %d outputs take %d", ErrNetFile, total, h, f.Buckets, size)
	}
	next := func(n int) []int16 {
		dst := make([]int16, n)
		for i := range dst {
			dst[i] = int16(binary.LittleEndian.Uint16(b[2*i:]))
		}
		b = b[2*n:]
		return dst
	}
	f.Feat = next(NetFeatures * f.Hidden)
	f.Bias = next(f.Hidden)
	f.Out = make([][2][]int16, f.Buckets)
	for k := range f.Out {
		f.Out[k] = [2][]int16{next(f.Hidden), next(f.Hidden)}
		for _, view := range f.Out[k] {
			for _, w := range view {
				if w < -maxOut || w > maxOut {
					return nil, fmt.Errorf("%w: an output weight of %d, beyond ±%d", ErrNetFile, w, maxOut)
				}
			}
		}
	}
	f.OutBias = make([]int32, f.Buckets)
	for k := range f.OutBias {
		f.OutBias[k] = int32(binary.LittleEndian.Uint32(b[4*k:]))
	}
	return f, nil
}

// Marshal writes f as a network file. Its slices must have the lengths
// its width and buckets give.
func (f *NetFile) Marshal() []byte {
	buckets := max(f.Buckets, 1)
	b := make([]byte, 0, NetFileSizeOf(f.Hidden, buckets))
	if buckets > 1 {
		b = append(b, bucketsMagic...)
	} else {
		b = append(b, netMagic...)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(f.Hidden))
	b = binary.LittleEndian.AppendUint32(b, uint32(f.Scale))
	if buckets > 1 {
		b = binary.LittleEndian.AppendUint32(b, uint32(buckets))
	}
	put := func(src []int16) {
		for _, v := range src {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	put(f.Feat)
	put(f.Bias)
	for k := range buckets {
		put(f.Out[k][0])
		put(f.Out[k][1])
	}
	for k := range buckets {
		b = binary.LittleEndian.AppendUint32(b, uint32(f.OutBias[k]))
	}
	return b
}
