package ataxxai

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// netMagic begins a network file (see NetFile).
const netMagic = "ATAXXNN2"

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
// NetHidden). The file holds, all little endian: the magic "ATAXXNN2",
// the hidden width and the scale (uint32 each), the input weights by
// feature ([NetFeatures][Hidden] int16), the hidden biases ([Hidden]
// int16), the output weights of the side to move's units then the
// other's ([2][Hidden] int16, each within ±128) and the output bias
// (int32): NetFileSizeOf(Hidden) bytes.
type NetFile struct {
	Hidden  int
	Scale   int32   // hundredths of a piece per unit of output
	Feat    []int16 // NetFeatures rows of Hidden, by feature
	Bias    []int16
	Out     [2][]int16
	OutBias int32
}

// NetFileSizeOf is the size of a network file of hidden units.
func NetFileSizeOf(hidden int) int {
	return len(netMagic) + 4 + 4 + 2*(NetFeatures*hidden+3*hidden) + 4
}

// ParseNetFile reads a network file of any width a build may compile
// (a multiple of 16 up to 1024).
func ParseNetFile(b []byte) (*NetFile, error) {
	if len(b) < len(netMagic)+8 || string(b[:len(netMagic)]) != netMagic {
		return nil, fmt.Errorf("%w: %d bytes without the magic %q", ErrNetFile, len(b), netMagic)
	}
	b = b[len(netMagic):]
	h := binary.LittleEndian.Uint32(b)
	if h == 0 || h > netMaxWidth || h%netWidthStep != 0 {
		return nil, fmt.Errorf("%w: %d hidden units", ErrNetFile, h)
	}
	f := &NetFile{Hidden: int(h), Scale: int32(binary.LittleEndian.Uint32(b[4:]))}
	if size := NetFileSizeOf(f.Hidden); len(b)+len(netMagic) != size {
		return nil, fmt.Errorf("%w: %d bytes; %d hidden units take %d", ErrNetFile, len(b)+len(netMagic), h, size)
	}
	b = b[8:]
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
	f.Out[0] = next(f.Hidden)
	f.Out[1] = next(f.Hidden)
	f.OutBias = int32(binary.LittleEndian.Uint32(b))
	for k := range f.Out {
		for _, w := range f.Out[k] {
			if w < -maxOut || w > maxOut {
				return nil, fmt.Errorf("%w: an output weight of %d, beyond ±%d", ErrNetFile, w, maxOut)
			}
		}
	}
	return f, nil
}

// Marshal writes f as a network file. Its slices must have the lengths
// its width gives.
func (f *NetFile) Marshal() []byte {
	b := make([]byte, 0, NetFileSizeOf(f.Hidden))
	b = append(b, netMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(f.Hidden))
	b = binary.LittleEndian.AppendUint32(b, uint32(f.Scale))
	put := func(src []int16) {
		for _, v := range src {
			b = binary.LittleEndian.AppendUint16(b, uint16(v))
		}
	}
	put(f.Feat)
	put(f.Bias)
	put(f.Out[0])
	put(f.Out[1])
	return binary.LittleEndian.AppendUint32(b, uint32(f.OutBias))
}
