package bot

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"

	"github.com/ataxxbot/ataxxbot/bot/picture"
)

// ErrNoPicture: the game's kind does not draw its board (it has only the
// text board).
var ErrNoPicture = errors.New("no picture of this board")

// pictureCacheSize is how many pictures the host keeps: a board is 15 to
// 30 KB, so a few megabytes, and enough for every board of a few hundred
// busy tables to be asked for again (Discord and the web view ask for the
// same position many times) without drawing it again.
const pictureCacheSize = 256

// pictureCache keeps the PNGs of recent positions, least recently used
// first out. A Bot's field, never shared between bots; New sets its size.
type pictureCache struct {
	lru[[32]byte, []byte]
	enc    picture.Encoder
	hits   atomic.Uint64
	misses atomic.Uint64
}

// pictureKey is what a picture depends on: the state's type and encoded
// text (a hidden kind's includes every secret, so the viewer must be in
// the key too), how it ended (the host's ending is not in every kind's
// text), the viewer and the caption.
func pictureKey(st State, data []byte, viewer int, caption string) [32]byte {
	h := sha256.New()
	h.Write([]byte(reflect.TypeOf(st).String()))
	h.Write([]byte{0})
	if res := st.Result(); res.Over {
		fmt.Fprintf(h, "over %d %q", res.Winner, res.Ending)
	}
	h.Write([]byte{0})
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(data)))
	h.Write(n[:])
	h.Write(data)
	binary.BigEndian.PutUint64(n[:], uint64(int64(viewer)))
	h.Write(n[:])
	h.Write([]byte(caption))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func (c *pictureCache) get(k [32]byte) ([]byte, bool) {
	png, ok := c.lru.get(k)
	if ok {
		c.hits.Add(1)
	} else {
		c.misses.Add(1)
	}
	return png, ok
}

// PictureStats are the picture cache's counts, for metrics.
type PictureStats struct {
	Entries      int
	Hits, Misses uint64
}

// PictureStats returns the picture cache's counts.
func (b *Bot) PictureStats() PictureStats {
	return PictureStats{Entries: b.pictures.len(), Hits: b.pictures.hits.Load(), Misses: b.pictures.misses.Load()}
}

// BoardPNG draws st's board as viewer may see it (a seat or Spectator)
// with caption under it, as a PNG. The same state, viewer and caption
// give the same bytes, from the cache after the first time. A kind that
// does not draw gives an error wrapping ErrNoPicture.
func (b *Bot) BoardPNG(st State, viewer int, caption string) ([]byte, error) {
	p, ok := st.(Picturer)
	if !ok {
		return nil, fmt.Errorf("%w: the kind draws no picture", ErrNoPicture)
	}
	data, err := st.Encode()
	if err != nil {
		return nil, fmt.Errorf("picture: %w", err)
	}
	k := pictureKey(st, data, viewer, caption)
	if png, ok := b.pictures.get(k); ok {
		return png, nil
	}
	img, err := p.Picture(viewer, caption)
	if err != nil {
		return nil, fmt.Errorf("picture: %w", err)
	}
	png, err := b.pictures.enc.Encode(img)
	if r, ok := img.(interface{ Release() }); ok {
		r.Release() // its pixels go to the next picture
	}
	if err != nil {
		return nil, err
	}
	b.pictures.put(k, png)
	return png, nil
}

// pictureCaption is the host's line under a board: each seat's player
// and the referees' words after it, "Red: alice 9:41 (to move) · Blue: AI
// level 3 10:05".
func (t *tx) pictureCaption() string {
	parts := make([]string, len(t.rec.Seats))
	for i, s := range t.rec.Seats {
		name := PlayerName(s)
		switch s.Kind {
		case SeatOpen:
			name = "open"
		case SeatInvited:
			name = cmp.Or(s.Name, s.UserID) + " (invited)"
		}
		parts[i] = t.spec.SeatName(i) + ": " + name + t.b.seatWords(t, i)
	}
	return strings.Join(parts, " · ")
}
