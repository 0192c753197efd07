package record

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// The binary record. Every command loads, decodes, changes,
// encodes and saves its table's record, so the record is encoded by hand:
// varints and length-prefixed strings in a fixed field order, no
// reflection, no indentation. The first byte names the encoding; it is
// never a byte that can begin a JSON text, so the JSON records written
// before it are still read (UnmarshalRecord tells them apart), and a
// later encoding can take the next byte. A field added to Record must be
// added here (TestRecordCodecCoversEveryField fails until it is); as a
// reader refuses bytes it does not expect, a changed layout takes a new
// format byte, and the reader keeps reading the layouts before it.
//
// Layout of binaryV1, after its byte:
//
//	varint schema, string game, byte phase, byte flags (waiting, verbose,
//	winner present, clock present), uvarint seat count and the seats,
//	varint seed, string result, string ending, [varint winner], varint
//	plies, varint undo_by, time undo_at, time updated, string host_id,
//	strings windows, string link, string id, time began, strings moves,
//	uvarint movers, varint draw_by, time draw_at, string rematch_by,
//	[clock], bytes state; nothing after it.
//
// A seat: byte kind, string user, string name, varint level, string
// engine, time expires, string table, string was, byte acted (0 or 1).
// A clock: varint base ns, varint increment ns, byte per_move, uvarint
// count and varint left_ms each, varint turn, time since.
// A string or bytes: uvarint length, then the bytes. Strings: uvarint
// count, then each string. A time: uvarint 0 for the zero time, else
// nanoseconds+1 then varint Unix seconds; it is read back in UTC.
const binaryV1 byte = 0x01

// The flags byte of binaryV1.
const (
	flagWaiting byte = 1 << iota
	flagVerbose
	flagWinner
	flagClock
	flagsKnown = flagWaiting | flagVerbose | flagWinner | flagClock
)

// phaseCodes and seatKindCodes number the values the codec knows; the
// empty value is 0, as the zero Record has it.
var (
	phaseCodes    = [...]Phase{"", PhaseSetup, PhasePlaying, PhaseOver}
	seatKindCodes = [...]SeatKind{"", SeatOpen, SeatHuman, SeatAI, SeatInvited}
)

func phaseCode(p Phase) (byte, bool) {
	for i, q := range phaseCodes {
		if p == q {
			return byte(i), true
		}
	}
	return 0, false
}

func seatKindCode(k SeatKind) (byte, bool) {
	for i, q := range seatKindCodes {
		if k == q {
			return byte(i), true
		}
	}
	return 0, false
}

// AppendRecord appends r's binary encoding to dst and returns the
// extended slice, so a caller that saves many records can reuse one
// buffer. It refuses a phase or seat kind it does not know: a reader
// would refuse it.
func AppendRecord(dst []byte, r *Record) ([]byte, error) {
	phase, ok := phaseCode(r.Phase)
	if !ok {
		return dst, fmt.Errorf("encode record: unknown phase %q", r.Phase)
	}
	var flags byte
	if r.Waiting {
		flags |= flagWaiting
	}
	if r.Verbose {
		flags |= flagVerbose
	}
	if r.Winner != nil {
		flags |= flagWinner
	}
	if r.Clock != nil {
		flags |= flagClock
	}
	b := append(dst, binaryV1)
	b = binary.AppendVarint(b, int64(r.Schema))
	b = appendString(b, r.Game)
	b = append(b, phase, flags)
	b = binary.AppendUvarint(b, uint64(len(r.Seats)))
	for i := range r.Seats {
		s := &r.Seats[i]
		kind, ok := seatKindCode(s.Kind)
		if !ok {
			return dst, fmt.Errorf("encode record: seat %d: unknown kind %q", i, s.Kind)
		}
		b = append(b, kind)
		b = appendString(b, s.UserID)
		b = appendString(b, s.Name)
		b = binary.AppendVarint(b, int64(s.Level))
		b = appendString(b, s.Engine)
		b = appendTime(b, s.Expires)
		b = appendString(b, s.Table)
		b = appendString(b, s.Was)
		b = append(b, boolByte(s.Acted))
	}
	b = binary.AppendVarint(b, r.Seed)
	b = appendString(b, r.Result)
	b = appendString(b, string(r.Ending))
	if r.Winner != nil {
		b = binary.AppendVarint(b, int64(*r.Winner))
	}
	b = binary.AppendVarint(b, int64(r.Plies))
	b = binary.AppendVarint(b, int64(r.UndoBy))
	b = appendTime(b, r.UndoAt)
	b = appendTime(b, r.Updated)
	b = appendString(b, r.HostID)
	b = appendStrings(b, r.Windows)
	b = appendString(b, r.Link)
	b = appendString(b, r.ID)
	b = appendTime(b, r.Began)
	b = appendStrings(b, r.Moves)
	b = binary.AppendUvarint(b, r.Movers)
	b = binary.AppendVarint(b, int64(r.DrawBy))
	b = appendTime(b, r.DrawAt)
	b = appendString(b, r.RematchBy)
	if c := r.Clock; c != nil {
		b = binary.AppendVarint(b, int64(c.Control.Base))
		b = binary.AppendVarint(b, int64(c.Control.Increment))
		b = append(b, boolByte(c.Control.PerMove))
		b = binary.AppendUvarint(b, uint64(len(c.LeftMS)))
		for _, ms := range c.LeftMS {
			b = binary.AppendVarint(b, ms)
		}
		b = binary.AppendVarint(b, int64(c.Turn))
		b = appendTime(b, c.Since)
	}
	b = binary.AppendUvarint(b, uint64(len(r.State)))
	b = append(b, r.State...)
	return b, nil
}

// encodedSize is about r's binary size (a little more as a rule), so
// MarshalRecord allocates once.
func encodedSize(r *Record) int {
	const str = 2 // the length of a string under 16 KiB
	n := 96 + 7*str + len(r.Game) + len(r.Result) + len(r.Ending) + len(r.HostID) + len(r.Link) + len(r.ID) +
		len(r.RematchBy) + len(r.State)
	for i := range r.Seats {
		s := &r.Seats[i]
		n += 16 + 5*str + len(s.UserID) + len(s.Name) + len(s.Engine) + len(s.Table) + len(s.Was)
	}
	for _, w := range r.Windows {
		n += str + len(w)
	}
	for _, m := range r.Moves {
		n += str + len(m)
	}
	if r.Clock != nil {
		n += 32 + 5*len(r.Clock.LeftMS)
	}
	return n
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

func appendTime(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return append(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(t.Nanosecond())+1)
	return binary.AppendVarint(b, t.Unix())
}

// decoder reads a binaryV1 record. The first error sticks: later reads
// return zero values, and the caller checks err once at the end.
type decoder struct {
	data []byte
	off  int
	err  error
	// text is data copied once into a string, made at the first string
	// read: every string of the record is a part of it, so the strings
	// take one allocation, not one each (a game's moves are many).
	text string
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: binary record: at byte %d: %s", ErrDamaged, d.off, fmt.Sprintf(format, args...))
	}
}

func (d *decoder) rest() int { return len(d.data) - d.off }

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if d.rest() < 1 {
		d.fail("truncated")
		return 0
	}
	c := d.data[d.off]
	d.off++
	return c
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 {
		d.fail("truncated or overlong varint")
		return 0
	}
	d.off += n
	return v
}

// varint reads a signed varint: binary.AppendVarint's zig-zag form of an
// unsigned one.
func (d *decoder) varint() int64 {
	u := d.uvarint()
	v := int64(u >> 1)
	if u&1 != 0 {
		v = ^v
	}
	return v
}

// int reads a varint that must fit an int.
func (d *decoder) int() int {
	v := d.varint()
	if v < math.MinInt || v > math.MaxInt {
		d.fail("%d does not fit an int", v)
		return 0
	}
	return int(v)
}

// count reads a length or a number of items, each taking at least size
// bytes of what remains: a hostile length cannot make a huge allocation.
func (d *decoder) count(size int) int {
	v := d.uvarint()
	if d.err == nil && v > uint64(d.rest()/size) {
		d.fail("%d items of at least %d bytes beyond the %d bytes left", v, size, d.rest())
		return 0
	}
	return int(v)
}

func (d *decoder) bytes() []byte {
	n := d.count(1)
	if d.err != nil || n == 0 {
		return nil
	}
	b := d.data[d.off : d.off+n]
	d.off += n
	return b
}

// string is a string of the record, copied out of the input (the caller
// may reuse it).
func (d *decoder) string() string {
	n := d.count(1)
	if d.err != nil || n == 0 {
		return ""
	}
	if d.text == "" {
		d.text = string(d.data)
	}
	s := d.text[d.off : d.off+n]
	d.off += n
	return s
}

func (d *decoder) strings() []string {
	n := d.count(1)
	if d.err != nil || n == 0 {
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = d.string()
	}
	return ss
}

func (d *decoder) bool() bool {
	switch c := d.byte(); c {
	case 0:
		return false
	case 1:
		return true
	default:
		d.fail("bool byte %d", c)
		return false
	}
}

func (d *decoder) time() time.Time {
	ns := d.uvarint()
	if ns == 0 || d.err != nil {
		return time.Time{}
	}
	if ns > 1e9 {
		d.fail("nanoseconds %d", ns-1)
		return time.Time{}
	}
	sec := d.varint()
	if d.err != nil {
		return time.Time{}
	}
	t := time.Unix(sec, int64(ns-1)).UTC()
	if t.IsZero() { // written as 0, never as the zero instant
		d.fail("the zero time written as a time")
	}
	return t
}

// minSeatSize is the fewest bytes a seat takes: nine fields of a byte.
const minSeatSize = 9

// decodeBinary reads a binaryV1 record (data without its format byte).
func decodeBinary(data []byte) (*Record, error) {
	d := &decoder{data: data}
	r := &Record{}
	r.Schema = d.int()
	r.Game = d.string()
	if p := d.byte(); int(p) < len(phaseCodes) {
		r.Phase = phaseCodes[p]
	} else {
		d.fail("unknown phase %d", p)
	}
	flags := d.byte()
	if flags&^flagsKnown != 0 {
		d.fail("unknown flags %#x", flags)
	}
	r.Waiting, r.Verbose = flags&flagWaiting != 0, flags&flagVerbose != 0
	if n := d.count(minSeatSize); n > 0 {
		r.Seats = make([]Seat, n)
		for i := range r.Seats {
			s := &r.Seats[i]
			if k := d.byte(); int(k) < len(seatKindCodes) {
				s.Kind = seatKindCodes[k]
			} else {
				d.fail("seat %d: unknown kind %d", i, k)
			}
			s.UserID = d.string()
			s.Name = d.string()
			s.Level = d.int()
			s.Engine = d.string()
			s.Expires = d.time()
			s.Table = d.string()
			s.Was = d.string()
			s.Acted = d.bool()
			if d.err != nil {
				return nil, d.err
			}
		}
	}
	r.Seed = d.varint()
	r.Result = d.string()
	r.Ending = Ending(d.string())
	if flags&flagWinner != 0 {
		w := d.int()
		r.Winner = &w
	}
	r.Plies = d.int()
	r.UndoBy = d.int()
	r.UndoAt = d.time()
	r.Updated = d.time()
	r.HostID = d.string()
	r.Windows = d.strings()
	r.Link = d.string()
	r.ID = d.string()
	r.Began = d.time()
	r.Moves = d.strings()
	r.Movers = d.uvarint()
	r.DrawBy = d.int()
	r.DrawAt = d.time()
	r.RematchBy = d.string()
	if flags&flagClock != 0 {
		c := &GameClock{}
		c.Control.Base = time.Duration(d.varint())
		c.Control.Increment = time.Duration(d.varint())
		c.Control.PerMove = d.bool()
		if n := d.count(1); n > 0 {
			c.LeftMS = make([]int64, n)
			for i := range c.LeftMS {
				c.LeftMS[i] = d.varint()
			}
		}
		c.Turn = d.int()
		c.Since = d.time()
		r.Clock = c
	}
	if state := d.bytes(); state != nil {
		r.State = append(json.RawMessage(nil), state...)
	}
	if d.err == nil && d.rest() > 0 {
		d.fail("%d bytes after the record", d.rest())
	}
	if d.err != nil {
		return nil, d.err
	}
	return r, nil
}
