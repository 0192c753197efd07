package record_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/record"
)

var clockCases = []struct {
	name, spec string
	want       record.TimeControl
	err        bool
}{
	{name: "fischer", spec: "10m+5s", want: record.TimeControl{Base: 10 * time.Minute, Increment: 5 * time.Second}},
	{name: "no increment", spec: "5m", want: record.TimeControl{Base: 5 * time.Minute}},
	{name: "sums of units", spec: "1h30m+30s", want: record.TimeControl{Base: 90 * time.Minute, Increment: 30 * time.Second}},
	{name: "zero increment", spec: "3m+0", want: record.TimeControl{Base: 3 * time.Minute}},
	{name: "upper case", spec: "2M+1S", want: record.TimeControl{Base: 2 * time.Minute, Increment: time.Second}},
	{name: "a day is correspondence", spec: "1d", want: record.TimeControl{Base: 24 * time.Hour, PerMove: true}},
	{name: "three days a move", spec: "3d", want: record.TimeControl{Base: 72 * time.Hour, PerMove: true}},
	{name: "per move", spec: "12h/move", want: record.TimeControl{Base: 12 * time.Hour, PerMove: true}},
	{name: "a day with increment is fischer", spec: "1d+1h", want: record.TimeControl{Base: 24 * time.Hour, Increment: time.Hour}},
	{name: "days and hours is fischer", spec: "1d12h", want: record.TimeControl{Base: 36 * time.Hour}},
	{name: "thirty days", spec: "30d", want: record.TimeControl{Base: 30 * 24 * time.Hour, PerMove: true}},
	{name: "one second", spec: "1s", want: record.TimeControl{Base: time.Second}},
	{name: "an engine match", spec: "2s+20ms", want: record.TimeControl{Base: 2 * time.Second, Increment: 20 * time.Millisecond}},
	{name: "milliseconds in a sum", spec: "1s500ms+1s5ms", want: record.TimeControl{Base: 1500 * time.Millisecond, Increment: 1005 * time.Millisecond}},
	{name: "under a second in milliseconds", spec: "999ms", err: true},
	{name: "milliseconds twice", spec: "1s5ms5ms", err: true},
	{name: "none", spec: "none", want: record.TimeControl{}},
	{name: "untimed", spec: "untimed", want: record.TimeControl{}},
	{name: "under a second", spec: "0s", err: true},
	{name: "over thirty days", spec: "31d", err: true},
	{name: "huge number", spec: "9999999d", err: true},
	{name: "increment over a day", spec: "5m+2d", err: true},
	{name: "no unit", spec: "10", err: true},
	{name: "unknown unit", spec: "10y", err: true},
	{name: "unit twice", spec: "1m1m", err: true},
	{name: "empty", spec: "", err: true},
	{name: "empty increment", spec: "5m+", err: true},
	{name: "two pluses", spec: "5m+1s+1s", err: true},
	{name: "negative", spec: "-5m", err: true},
	{name: "fraction", spec: "1.5m", err: true},
	{name: "per move out of range", spec: "0s/move", err: true},
}

func TestParseTimeControl(t *testing.T) {
	for _, c := range clockCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := record.ParseTimeControl(c.spec)
			if c.err {
				if err == nil || !errors.Is(err, record.ErrBadClock) {
					t.Fatalf("ParseTimeControl(%q): got %+v, %v; want an error wrapping ErrBadClock", c.spec, got, err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("ParseTimeControl(%q): got %+v, %v; want %+v", c.spec, got, err, c.want)
			}
			back, err := record.ParseTimeControl(got.String())
			if err != nil || back != got {
				t.Fatalf("round trip of %q through %q: got %+v, %v; want %+v", c.spec, got.String(), back, err, got)
			}
		})
	}
}

// FuzzParseTimeControl: any text is read or refused with ErrBadClock; a
// control read is within the limits and its String reads back the same.
func FuzzParseTimeControl(f *testing.F) {
	for _, c := range clockCases {
		f.Add(c.spec)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := record.ParseTimeControl(s)
		if err != nil {
			if !errors.Is(err, record.ErrBadClock) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseTimeControl(%q): got error %v; want one line wrapping ErrBadClock", s, err)
			}
			return
		}
		if !tc.IsZero() && (tc.Base < record.MinClock || tc.Base > record.MaxClock || tc.Increment < 0 || tc.Increment > record.MaxIncrement) {
			t.Fatalf("ParseTimeControl(%q): got %+v; want within the limits", s, tc)
		}
		if tc.PerMove && tc.Increment != 0 {
			t.Fatalf("ParseTimeControl(%q): got %+v; want no increment per move", s, tc)
		}
		back, err := record.ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("round trip of %q through %q: got %+v, %v; want %+v", s, tc.String(), back, err, tc)
		}
	})
}
