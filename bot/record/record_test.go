package record_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/record"
)

// at is a time in UTC with nanoseconds, as the host stores times.
func at(sec, nsec int) time.Time {
	return time.Date(2026, 11, 24, 2, 30, sec, nsec, time.UTC)
}

func intp(v int) *int { return &v }

// recordCases are records as the host writes them, one of each shape.
func recordCases() []struct {
	name string
	rec  record.Record
} {
	ataxxState := json.RawMessage(`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"b6 f2"}`)
	return []struct {
		name string
		rec  record.Record
	}{
		{"fresh", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhaseSetup, UndoBy: -1,
			Seats: []record.Seat{{Kind: record.SeatOpen}, {Kind: record.SeatOpen}},
			State: json.RawMessage(`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1"}`)}},
		{"playing", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhasePlaying, UndoBy: -1, Seed: -1795487228311317091,
			Seats:   []record.Seat{{Kind: record.SeatHuman, UserID: "id-alice", Name: "alice"}, {Kind: record.SeatAI, Level: 3}},
			Updated: at(8, 312905003), ID: "17", Began: at(8, 311434856), Plies: 2, Movers: 3,
			Moves: []string{"a7-b6", "g1-f2"}, State: ataxxState}},
		{"over with winner seat 0", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhaseOver, UndoBy: 1, Verbose: true,
			Seats:  []record.Seat{{Kind: record.SeatHuman, UserID: "id-alice", Name: "alice"}, {Kind: record.SeatHuman, UserID: "id-bob", Name: "bob", Was: "id-carol"}},
			Result: "Red wins: Blue resigned.", Ending: record.EndResigned, Winner: intp(0), UndoAt: at(1, 1),
			DrawBy: 2, DrawAt: at(2, 999999999), RematchBy: "id-bob", Updated: at(3, 0), State: ataxxState}},
		{"drawn", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhaseOver, UndoBy: -1, Ending: record.EndAgreed,
			Result: "Drawn by agreement.", Seats: []record.Seat{{Kind: record.SeatHuman}, {Kind: record.SeatAI, Engine: "ugi-x", Level: -2}},
			State: ataxxState}},
		{"clocked", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhasePlaying, UndoBy: -1,
			Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "u1"}, {Kind: record.SeatAI, Level: 3}},
			Clock: &record.GameClock{Control: record.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second},
				LeftMS: []int64{604998, -1200}, Turn: 1, Since: at(8, 312895759)}, State: ataxxState}},
		{"correspondence clock not running", record.Record{Schema: 1, Game: "congo", Phase: record.PhaseSetup, UndoBy: -1,
			Clock: &record.GameClock{Control: record.TimeControl{Base: 72 * time.Hour, PerMove: true}, Turn: -1},
			State: json.RawMessage(`null`)}},
		{"hosted with windows", record.Record{Schema: 1, Game: "stratego", Phase: record.PhaseSetup, UndoBy: -1, Waiting: true,
			Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "id-alice", Name: "alice", Acted: true},
				{Kind: record.SeatInvited, UserID: "id-bob", Name: "bob", Expires: at(59, 5), Table: "discord:123456", Was: "id-bob"}},
			HostID: "crimson-otter", Windows: []string{"discord:123456", "irc:#other"}, Updated: at(0, 1),
			State: json.RawMessage(`{"armies":[null,null]}`)}},
		{"link", record.Record{Schema: 1, Game: "ataxx", Phase: record.PhaseSetup, UndoBy: -1, Link: "irc:#ataxx",
			State: json.RawMessage("null"), Updated: at(4, 4)}},
		{"unicode and empty strings", record.Record{Schema: 1, Game: "guess", Phase: record.PhasePlaying, UndoBy: -1,
			Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "id-ünï", Name: "ünï\x00\n"}}, Moves: []string{"", "→"},
			State: json.RawMessage(`"garbage"`)}},
		{"zero record of schema 1", record.Record{Schema: 1}},
	}
}

// TestRecordRoundTrip: every shape of record comes back from the binary
// encoding exactly, in UTC to the nanosecond, and the encoding is binary
// v1, much smaller than the JSON it replaces.
func TestRecordRoundTrip(t *testing.T) {
	for _, tt := range recordCases() {
		t.Run(tt.name, func(t *testing.T) {
			data, err := record.MarshalRecord(&tt.rec)
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			if data[0] != 0x01 {
				t.Fatalf("first byte: got %#x; want 0x01", data[0])
			}
			got, err := record.UnmarshalRecord(data)
			if err != nil {
				t.Fatalf("unmarshal: %v", err)
			}
			if !reflect.DeepEqual(*got, tt.rec) {
				t.Fatalf("round trip:\ngot  %+v\nwant %+v", *got, tt.rec)
			}
			old, _ := json.MarshalIndent(&tt.rec, "", " ")
			if len(data) >= len(old)/2 {
				t.Errorf("size: got %d bytes; want under half of the JSON's %d", len(data), len(old))
			}
			again := append([]byte("reused"), data...)
			if next, err := record.AppendRecord(again[:6], got); err != nil || !bytes.Equal(next[6:], data) || string(next[:6]) != "reused" {
				t.Errorf("AppendRecord after a prefix: got %q, %v; want the prefix then the same encoding", next, err)
			}
		})
	}
}

// TestRecordTimesAreUTC: a time in another zone is kept as its instant,
// read back in UTC.
func TestRecordTimesAreUTC(t *testing.T) {
	paris := time.FixedZone("CET", 3600)
	in := record.Record{Schema: 1, Phase: record.PhasePlaying, Updated: time.Date(2026, 11, 24, 3, 30, 0, 7, paris)}
	data, err := record.MarshalRecord(&in)
	if err != nil {
		t.Fatal(err)
	}
	got, err := record.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if want := at(0, 7); got.Updated != want {
		t.Errorf("updated: got %v; want %v", got.Updated, want)
	}
}

// fill sets every field of v, recursively, to a value that is not zero;
// n numbers the values so that no two fields get the same one. A kind it
// does not know fails the test: a new field of a new kind must be taught
// to the codec and to fill.
func fill(t *testing.T, v reflect.Value, path string, n *int) {
	*n++
	switch v.Type() {
	case reflect.TypeFor[record.Phase]():
		v.SetString(string(record.PhaseOver))
		return
	case reflect.TypeFor[record.SeatKind]():
		v.SetString(string(record.SeatInvited))
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(at(*n, *n*1000+7)))
		return
	case reflect.TypeFor[json.RawMessage]():
		v.SetBytes(fmt.Appendf(nil, `{"n":%d}`, *n))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("%s=%d", path, *n))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(-*n * 1001))
	case reflect.Uint64:
		v.SetUint(uint64(*n) << 40)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(t, v.Elem(), path, n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(t, v.Index(i), fmt.Sprintf("%s[%d]", path, i), n)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				t.Fatalf("fill: %s.%s is unexported: the codec cannot see it", path, f.Name)
			}
			fill(t, v.Field(i), path+"."+f.Name, n)
			if v.Field(i).IsZero() {
				t.Fatalf("fill: %s.%s is still zero", path, f.Name)
			}
		}
	default:
		t.Fatalf("fill: %s is a %s, which fill does not know: teach the codec and fill", path, v.Type())
	}
}

// TestRecordCodecCoversEveryField: a Record with every field set (in its
// seats and clock too) survives the binary encoding, so a field added to
// Record and forgotten in the codec fails here.
func TestRecordCodecCoversEveryField(t *testing.T) {
	var r record.Record
	n := 0
	fill(t, reflect.ValueOf(&r).Elem(), "Record", &n)
	r.Schema = record.SchemaVersion
	data, err := record.MarshalRecord(&r)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	got, err := record.UnmarshalRecord(data)
	if err != nil {
		t.Fatalf("unmarshal: %v", err)
	}
	if !reflect.DeepEqual(*got, r) {
		t.Fatalf("round trip of every field:\ngot  %+v\nwant %+v", *got, r)
	}
}

// oldRecord is a record as the bot stored it before the binary encoding
// (json.MarshalIndent), taken from a bolt store after "start ai 10m+5s"
// and "a7-b6" in the console.
const oldRecord = `{
 "schema": 1,
 "game": "ataxx",
 "phase": "playing",
 "seats": [
  {
   "kind": "human",
   "user": "you",
   "name": "you"
  },
  {
   "kind": "ai",
   "level": 3
  }
 ],
 "seed": 1795487228311317091,
 "plies": 1,
 "undo_by": -1,
 "updated": "2026-11-24T02:27:08.312905003Z",
 "id": "1",
 "began": "2026-11-24T02:27:08.311434856Z",
 "moves": [
  "a7-b6"
 ],
 "movers": 1,
 "clock": {
  "control": "10m+5s",
  "left_ms": [
   604998,
   600000
  ],
  "turn": 1,
  "since": "2026-11-24T02:27:08.312895759Z"
 },
 "state": {
  "rules": "manual",
  "start": "x5o/7/7/7/7/7/o5x x 0 1",
  "moves": "b6"
 }
}`

// compactState is r with its state compacted: JSON records hold the
// state indented, and no state as null.
func compactState(t *testing.T, r record.Record) record.Record {
	t.Helper()
	if len(r.State) == 0 {
		r.State = json.RawMessage("null")
	} else {
		var b bytes.Buffer
		if err := json.Compact(&b, r.State); err != nil {
			t.Fatalf("state %q: %v", r.State, err)
		}
		r.State = b.Bytes()
	}
	return r
}

// TestJSONRecordsStillRead: the records stored as JSON before the binary
// encoding (indented, or compact as tests write them) decode to the same
// Record, which then survives the binary encoding exactly.
func TestJSONRecordsStillRead(t *testing.T) {
	when := func(s string) time.Time { v, _ := time.Parse(time.RFC3339Nano, s); return v }
	tests := []struct {
		name string
		data string
		want record.Record
	}{
		{"stored by the bot, indented", oldRecord, record.Record{Schema: 1, Game: "ataxx", Phase: record.PhasePlaying,
			Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "you", Name: "you"}, {Kind: record.SeatAI, Level: 3}},
			Seed:  1795487228311317091, Plies: 1, UndoBy: -1, Updated: when("2026-11-24T02:27:08.312905003Z"), ID: "1",
			Began: when("2026-11-24T02:27:08.311434856Z"), Moves: []string{"a7-b6"}, Movers: 1,
			Clock: &record.GameClock{Control: record.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second},
				LeftMS: []int64{604998, 600000}, Turn: 1, Since: when("2026-11-24T02:27:08.312895759Z")},
			State: json.RawMessage(`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"b6"}`)}},
		{"compact, as tests write it", `{"schema":1,"game":"guess","phase":"playing","seats":[{"kind":"human","user":"id-alice","name":"alice"},{"kind":"ai","level":3}],"updated":"2026-11-22T12:00:00Z","state":"garbage"}`,
			record.Record{Schema: 1, Game: "guess", Phase: record.PhasePlaying, Updated: when("2026-11-22T12:00:00Z"),
				Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "id-alice", Name: "alice"}, {Kind: record.SeatAI, Level: 3}},
				State: json.RawMessage(`"garbage"`)}},
		{"white space first", " \r\n\t{\"schema\":1,\"phase\":\"over\",\"winner\":1}\n", record.Record{Schema: 1, Phase: record.PhaseOver, Winner: intp(1)}},
	}
	for _, c := range recordCases() {
		data, _ := json.MarshalIndent(&c.rec, "", " ") // as MarshalRecord wrote it
		tests = append(tests, struct {
			name string
			data string
			want record.Record
		}{"MarshalIndent of " + c.name, string(data), c.rec})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := record.UnmarshalRecord([]byte(tt.data))
			if err != nil {
				t.Fatalf("unmarshal: %v", err)
			}
			if g, w := compactState(t, *got), compactState(t, tt.want); !reflect.DeepEqual(g, w) {
				t.Fatalf("decoded:\ngot  %+v\nwant %+v", g, w)
			}
			data, err := record.MarshalRecord(got)
			if err != nil {
				t.Fatalf("marshal: %v", err)
			}
			again, err := record.UnmarshalRecord(data)
			if err != nil || !reflect.DeepEqual(again, got) {
				t.Fatalf("binary after JSON: got %+v, %v; want %+v", again, err, got)
			}
		})
	}
}

// TestDamagedRecords: what is not a record, or not one this bot can
// read, is an error that says the record is damaged, never a panic.
func TestDamagedRecords(t *testing.T) {
	var playing, clocked record.Record
	for _, c := range recordCases() {
		switch c.name {
		case "playing":
			playing = c.rec
		case "clocked":
			clocked = c.rec
		}
	}
	good, _ := record.MarshalRecord(&playing)
	edit := func(f func(b []byte) []byte) string { return string(f(bytes.Clone(good))) }
	// The layout's first bytes: format, schema, game "ataxx", phase, flags, seats.
	const phaseAt, flagsAt, seatsAt, kindAt = 8, 9, 10, 11
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "empty"},
		{"white space", " \n", "unknown format byte"},
		{"unknown format byte", "\x02" + string(good[1:]), "unknown format byte 0x02"},
		{"format byte 0", "\x00", "unknown format byte"},
		{"a JSON array", "[1]", "unknown format byte"},
		{"JSON cut short", `{"schema":1,`, "unexpected end of JSON"},
		{"JSON unknown phase", `{"schema":1,"phase":"paused"}`, `unknown phase "paused"`},
		{"JSON unknown seat kind", `{"schema":1,"phase":"setup","seats":[{"kind":"robot"}]}`, `seat 0: unknown kind "robot"`},
		{"JSON newer schema", `{"schema":2,"phase":"setup"}`, "schema 2, this bot reads 1 to 1"},
		{"JSON no schema", `{"phase":"setup"}`, "schema 0"},
		{"binary newer schema", edit(func(b []byte) []byte { b[1] = 4; return b }), "schema 2"},
		{"unknown phase", edit(func(b []byte) []byte { b[phaseAt] = 9; return b }), "unknown phase 9"},
		{"unknown flags", edit(func(b []byte) []byte { b[flagsAt] |= 0x80; return b }), "unknown flags"},
		{"unknown seat kind", edit(func(b []byte) []byte { b[kindAt] = 5; return b }), "seat 0: unknown kind 5"},
		{"huge seat count", edit(func(b []byte) []byte {
			return append(append(b[:seatsAt:seatsAt], 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01), b[seatsAt+1:]...)
		}), "items of at least 9 bytes beyond"},
		{"huge game length", "\x01\x02\xff\xff\xff\xff\x0fataxx", "beyond the"},
		{"overlong varint", "\x01\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01", "overlong varint"},
		{"trailing byte", string(good) + "\x00", "1 bytes after the record"},
		{"clock flag without a clock", edit(func(b []byte) []byte { b[flagsAt] |= 0x08; return b }), ""},
	}
	for n := range len(good) {
		tests = append(tests, struct{ name, data, want string }{fmt.Sprintf("cut to %d bytes", n), string(good[:n]), ""})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := record.UnmarshalRecord([]byte(tt.data))
			if err == nil || !errors.Is(err, record.ErrDamaged) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %+v, %v; want an error wrapping ErrDamaged saying %q", r, err, tt.want)
			}
		})
	}
	// Any byte changed: an error or a record, never a panic.
	data, _ := record.MarshalRecord(&clocked)
	for i := range data {
		for _, x := range []byte{0x01, 0x80, 0xff} {
			bad := bytes.Clone(data)
			bad[i] ^= x
			record.UnmarshalRecord(bad)
		}
	}
}

// TestMarshalRefusesUnknownValues: a phase or seat kind a reader would
// refuse is not written.
func TestMarshalRefusesUnknownValues(t *testing.T) {
	for _, tt := range []struct {
		name string
		rec  record.Record
		want string
	}{
		{"phase", record.Record{Schema: 1, Phase: "paused"}, `unknown phase "paused"`},
		{"seat kind", record.Record{Schema: 1, Seats: []record.Seat{{Kind: record.SeatAI}, {Kind: "robot"}}}, `seat 1: unknown kind "robot"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := record.MarshalRecord(&tt.rec); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v; want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestUnmarshalCopiesOut: the decoded record shares no memory with the
// input, which the caller may reuse.
func TestUnmarshalCopiesOut(t *testing.T) {
	rec := recordCases()[2].rec
	data, _ := record.MarshalRecord(&rec)
	got, err := record.UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	clear(data)
	if !reflect.DeepEqual(*got, rec) {
		t.Fatalf("after the input was cleared:\ngot  %+v\nwant %+v", *got, rec)
	}
}

// TestUnmarshalAllocations: decoding allocates the record, its slices,
// the winner and the clock, and one copy of the input for all its
// strings, nothing more.
func TestUnmarshalAllocations(t *testing.T) {
	for _, tt := range recordCases() {
		t.Run(tt.name, func(t *testing.T) {
			data, _ := record.MarshalRecord(&tt.rec)
			r := tt.rec
			want := 1 // the Record
			strs := slices.Concat([]string{r.Game, r.Result, string(r.Ending), r.HostID, r.Link, r.ID, r.RematchBy}, r.Windows, r.Moves)
			for _, s := range r.Seats {
				strs = append(strs, s.UserID, s.Name, s.Engine, s.Table, s.Was)
			}
			if strings.Join(strs, "") != "" {
				want++
			}
			for _, n := range []int{len(r.Seats), len(r.Windows), len(r.Moves), len(r.State)} {
				if n > 0 {
					want++
				}
			}
			if r.Winner != nil {
				want++
			}
			if r.Clock != nil {
				want++
				if len(r.Clock.LeftMS) > 0 {
					want++
				}
			}
			got := testing.AllocsPerRun(100, func() { record.UnmarshalRecord(data) })
			if got > float64(want) {
				t.Errorf("allocations: got %v; want at most %d", got, want)
			}
		})
	}
}

// TestRecordJSON: the operator's view of either encoding is the indented
// JSON records were stored as, with the game's state as its JSON; a
// state that is not JSON is shown as a string.
func TestRecordJSON(t *testing.T) {
	playing := recordCases()[1].rec
	binary, _ := record.MarshalRecord(&playing)
	notJSON := playing
	notJSON.State = json.RawMessage("x5o/7 \"quoted\"")
	notJSONData, _ := record.MarshalRecord(&notJSON)
	for _, tt := range []struct {
		name, data string
		want       []string
	}{
		{"binary", string(binary), []string{"{\n \"schema\": 1,\n \"game\": \"ataxx\",\n \"phase\": \"playing\",", `"user": "id-alice"`,
			"\"state\": {\n  \"rules\": \"manual\",", `"updated": "2026-11-24T02:30:08.312905003Z"`, `"moves": [`}},
		{"old JSON", oldRecord, []string{oldRecord}},
		{"a state that is not JSON", string(notJSONData), []string{`"state": "x5o/7 \"quoted\""`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := record.RecordJSON([]byte(tt.data))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("got\n%s\nwant it to hold\n%s", got, w)
				}
			}
		})
	}
	if _, err := record.RecordJSON([]byte("\x01\x02")); !errors.Is(err, record.ErrDamaged) {
		t.Errorf("RecordJSON of a damaged record: got %v; want ErrDamaged", err)
	}
}

// benchRecord is an Ataxx game well under way, with a clock: what a
// command loads and saves.
func benchRecord() *record.Record {
	var moves []string
	var state strings.Builder
	state.WriteString(`{"rules":"manual","start":"x5o/7/7/7/7/7/o5x x 0 1","moves":"`)
	for i := range 60 {
		moves = append(moves, fmt.Sprintf("%c%d-%c%d", 'a'+i%7, 1+i%7, 'a'+(i+1)%7, 1+(i+2)%7))
		if i > 0 {
			state.WriteByte(' ')
		}
		fmt.Fprintf(&state, "%c%d", 'a'+(i+1)%7, 1+(i+2)%7)
	}
	state.WriteString(`"}`)
	return &record.Record{Schema: 1, Game: "ataxx", Phase: record.PhasePlaying, Seed: 1795487228311317091, UndoBy: -1,
		Seats: []record.Seat{{Kind: record.SeatHuman, UserID: "id-alice", Name: "alice"}, {Kind: record.SeatAI, Level: 3}},
		Plies: 60, Updated: at(8, 312905003), ID: "1234", Began: at(1, 311434856), Moves: moves, Movers: 3,
		Clock: &record.GameClock{Control: record.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second},
			LeftMS: []int64{604998, 600000}, Turn: 1, Since: at(8, 312895759)},
		State: json.RawMessage(state.String())}
}

// BenchmarkMarshalRecord compares the JSON the record was stored as with
// the binary encoding, fresh and into a reused buffer.
func BenchmarkMarshalRecord(b *testing.B) {
	r := benchRecord()
	b.Run("json-then", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, _ := json.MarshalIndent(r, "", " ")
			b.SetBytes(int64(len(data)))
		}
	})
	b.Run("binary-now", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, _ := record.MarshalRecord(r)
			b.SetBytes(int64(len(data)))
		}
	})
	b.Run("binary-append", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf, _ = record.AppendRecord(buf[:0], r)
			b.SetBytes(int64(len(buf)))
		}
	})
}

// BenchmarkUnmarshalRecord compares decoding the JSON record with the
// binary one.
func BenchmarkUnmarshalRecord(b *testing.B) {
	r := benchRecord()
	old, _ := json.MarshalIndent(r, "", " ")
	now, _ := record.MarshalRecord(r)
	for _, bb := range []struct {
		name string
		data []byte
	}{{"json-then", old}, {"binary-now", now}} {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bb.data)))
			for b.Loop() {
				if _, err := record.UnmarshalRecord(bb.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// scribble changes every value reachable from v in place, through its
// slices and pointers, except a State (json.RawMessage), whose bytes
// records share by design (a new state is new bytes).
func scribble(v reflect.Value) {
	switch v.Type() {
	case reflect.TypeFor[json.RawMessage]():
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(v.Interface().(time.Time).Add(time.Second)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + "!")
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Pointer:
		if !v.IsNil() {
			scribble(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			scribble(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			scribble(v.Field(i))
		}
	}
}

// TestRecordCloneSharesNothing: the host keeps a clone of a saved record
// while the command that saved it goes on with the original, so changing
// every field of the clone, through its slices and pointers, leaves the
// original as it was; a field added to Record with a slice or pointer
// and forgotten in clone fails here.
func TestRecordCloneSharesNothing(t *testing.T) {
	var orig, want record.Record
	n := 0
	fill(t, reflect.ValueOf(&orig).Elem(), "Record", &n)
	n = 0
	fill(t, reflect.ValueOf(&want).Elem(), "Record", &n)
	c := orig.Clone()
	if !reflect.DeepEqual(*c, orig) {
		t.Fatalf("clone: got %+v; want %+v", *c, orig)
	}
	scribble(reflect.ValueOf(c).Elem())
	if !reflect.DeepEqual(orig, want) {
		t.Fatalf("changing the clone changed the original: got %+v; want %+v", orig, want)
	}
}
