package picture

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// PNG encodes img with the toolkit's Encoder.
func (tk *Toolkit) PNG(img image.Image) ([]byte, error) { return tk.enc.Encode(img) }

// encoderPool keeps the PNG encoder's buffers between pictures (a few
// hundred kilobytes each), so an encode allocates little more than its
// output.
type encoderPool struct{ p sync.Pool }

func (e *encoderPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}

func (e *encoderPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// Image is a finished picture: its pixels, and the colours it was drawn
// with, which its PNG's palette takes first.
type Image struct {
	*image.RGBA
	Colors []color.RGBA
	tk     *Toolkit
}

// Image returns the canvas's picture.
func (c *Canvas) Image() *Image { return &Image{RGBA: c.Img, Colors: c.used, tk: c.tk} }

// Release gives the picture's pixels back for the next canvas; the
// picture must not be used after. Whoever is done with a picture (the
// host, once it has the PNG) may call it; a picture never released is
// simply collected.
func (m *Image) Release() {
	if m.tk == nil || m.RGBA == nil {
		return
	}
	pix := m.RGBA.Pix[:0]
	m.RGBA = nil
	m.tk.spare.Put(&pix)
}

// Encoder writes PNG files, keeping its buffers between them. The zero
// Encoder is ready; it is safe for concurrent use.
type Encoder struct {
	pool   encoderPool
	quants sync.Pool // of *quantizer
	zips   sync.Pool // of *zipper
}

// zipper is a zlib writer and the buffer it writes to, kept together.
type zipper struct {
	buf bytes.Buffer
	w   *zlib.Writer
}

// Encode writes img as a PNG. A board is mostly flat colour with antialiased
// edges, so it is written with a palette of at most 256 colours: the
// colours the canvas was drawn with first, then the edge shades as they
// come, and a shade past the 256th as the nearest colour already in the
// palette. One byte a pixel instead of three, and no row filters, makes
// the encoding several times faster and the file smaller; the few edge
// shades that move are not visible. Its pixels are compressed with
// klauspost/compress's zlib at its fastest level, twice as fast as the
// standard library's and a little smaller.
//
// An *Image is written so; an *image.RGBA the same way with its shades
// taken as they come; any other picture (or one of more than maxShades
// colours) with image/png as it is.
func (e *Encoder) Encode(img image.Image) ([]byte, error) {
	var first []color.RGBA
	if m, ok := img.(*Image); ok {
		img, first = m.RGBA, m.Colors
	}
	if m, ok := img.(*image.RGBA); ok {
		q, _ := e.quants.Get().(*quantizer)
		if q == nil {
			q = newQuantizer()
		}
		defer e.quants.Put(q)
		if q.quantize(m, first) {
			return e.writePaletted(m.Rect.Dx(), m.Rect.Dy(), q.pal, q.raw)
		}
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &e.pool}
	if err := enc.Encode(&out, img); err != nil {
		return nil, fmt.Errorf("picture: encode: %w", err)
	}
	return out.Bytes(), nil
}

// writePaletted writes a PNG of colour type 3 (a palette, 8 bits a pixel)
// from raw, the rows each led by its filter byte (0, none).
func (e *Encoder) writePaletted(w, h int, pal []color.RGBA, raw []byte) ([]byte, error) {
	z, _ := e.zips.Get().(*zipper)
	if z == nil {
		z = &zipper{}
		var err error
		if z.w, err = zlib.NewWriterLevel(&z.buf, zlib.BestSpeed); err != nil {
			return nil, fmt.Errorf("picture: zlib: %w", err)
		}
	}
	defer e.zips.Put(z)
	z.buf.Reset()
	z.w.Reset(&z.buf)
	if _, err := z.w.Write(raw); err != nil {
		return nil, fmt.Errorf("picture: zlib: %w", err)
	}
	if err := z.w.Close(); err != nil {
		return nil, fmt.Errorf("picture: zlib: %w", err)
	}
	out := make([]byte, 0, 8+25+12+3*len(pal)+12+z.buf.Len()+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // bit depth, colour type: palette
	out = chunk(out, "IHDR", ihdr[:])
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		plte = append(plte, c.R, c.G, c.B)
	}
	out = chunk(out, "PLTE", plte)
	out = chunk(out, "IDAT", z.buf.Bytes())
	return chunk(out, "IEND", nil), nil
}

// chunk appends a PNG chunk: length, type, data, CRC of type and data.
func chunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// quantizer turns a picture into a paletted one. It keeps its table and
// pixel buffer between pictures (an Encoder pools them).
type quantizer struct {
	keys []uint32 // colour+1 by slot; 0 is an empty slot
	vals []uint8
	n    int
	pal  []color.RGBA
	rgb  []uint32
	raw  []uint8 // the rows, each led by its filter byte
}

const tableBits = 13

// maxShades is the most colours a picture may have and be written with a
// palette: a board has a few hundred to a few thousand, most of them
// antialiased edges drawn once or twice.
const maxShades = 4096

// nearestOf is how many of the palette's first colours a shade past the
// 256th is matched against.
const nearestOf = 96

func newQuantizer() *quantizer {
	return &quantizer{keys: make([]uint32, 1<<tableBits), vals: make([]uint8, 1<<tableBits)}
}

func (q *quantizer) reset() {
	clear(q.keys)
	q.n = 0
	q.pal = q.pal[:0]
	q.rgb = q.rgb[:0]
}

func hashSlot(c uint32) uint32 { return (c * 2654435761) >> (32 - tableBits) }

// index returns c's palette index (c is 0x00BBGGRR), adding c to the palette while it has
// room, else mapping it to the nearest colour in it.
func (q *quantizer) index(c uint32) uint8 {
	const mask = 1<<tableBits - 1
	i := hashSlot(c)
	for q.keys[i] != 0 {
		if q.keys[i] == c+1 {
			return q.vals[i]
		}
		i = (i + 1) & mask
	}
	var idx uint8
	if len(q.pal) < 256 {
		idx = uint8(len(q.pal))
		q.pal = append(q.pal, color.RGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), 255})
		q.rgb = append(q.rgb, c)
	} else {
		// The nearest of the first colours: the canvas's own and the
		// first shades. Searching all 256 for each of a thousand shades
		// would cost a millisecond.
		best := 1 << 30
		for j, p := range q.rgb[:nearestOf] {
			db := int(p>>16) - int(c>>16)
			dg := int(p>>8&255) - int(c>>8&255)
			dr := int(p&255) - int(c&255)
			if d := 2*dr*dr + 4*dg*dg + db*db; d < best {
				best, idx = d, uint8(j)
			}
		}
	}
	if q.n < len(q.keys)*3/4 { // past that, probing would slow: look up again
		q.keys[i], q.vals[i] = c+1, idx
		q.n++
	}
	return idx
}

// quantize turns img (opaque) into q.raw and q.pal, the colours of first
// first in the palette. A picture of more than maxShades colours is no
// board (a photo, a gradient): quantize says false, and it is written as
// it is.
func (q *quantizer) quantize(img *image.RGBA, first []color.RGBA) bool {
	q.reset()
	for _, c := range first {
		if c.A == 255 {
			q.index(uint32(c.B)<<16 | uint32(c.G)<<8 | uint32(c.R))
		}
	}
	r := img.Rect
	w, h := r.Dx(), r.Dy()
	if cap(q.raw) < (w+1)*h {
		q.raw = make([]uint8, (w+1)*h)
	}
	q.raw = q.raw[:(w+1)*h]
	last := uint32(1 << 31)
	var li uint8
	for y := 0; y < h; y++ {
		src := img.Pix[y*img.Stride : y*img.Stride+4*w]
		q.raw[y*(w+1)] = 0 // filter: none
		dst := q.raw[y*(w+1)+1 : (y+1)*(w+1)]
		for x := range dst {
			// One load a pixel: 0x00BBGGRR (the canvas is opaque).
			c := binary.LittleEndian.Uint32(src[4*x:4*x+4]) & 0xFFFFFF
			if c != last {
				last = c
				if i := hashSlot(c); q.keys[i] == c+1 { // the usual case, inline
					li = q.vals[i]
				} else {
					if q.n >= maxShades {
						return false
					}
					li = q.index(c)
				}
			}
			dst[x] = li
		}
	}
	return true
}
