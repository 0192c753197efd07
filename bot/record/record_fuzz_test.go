package record_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot/record"
)

// FuzzUnmarshalRecord feeds UnmarshalRecord any bytes (the seed corpus
// holds both encodings, cut and damaged ones): it never panics, every
// error says the record is damaged, and a record it reads is encoded
// again to bytes that decode to the same encoding.
func FuzzUnmarshalRecord(f *testing.F) {
	for _, c := range recordCases() {
		data, _ := record.MarshalRecord(&c.rec)
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte(oldRecord))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := record.UnmarshalRecord(data)
		if err != nil {
			if !errors.Is(err, record.ErrDamaged) {
				t.Fatalf("error %v does not wrap ErrDamaged", err)
			}
			return
		}
		first, err := record.MarshalRecord(r)
		if err != nil {
			t.Fatalf("a record that was read cannot be written: %v", err)
		}
		again, err := record.UnmarshalRecord(first)
		if err != nil {
			t.Fatalf("reading what was written: %v", err)
		}
		second, err := record.MarshalRecord(again)
		if err != nil || !bytes.Equal(first, second) {
			t.Fatalf("written twice: got %q, %v; want %q", second, err, first)
		}
	})
}
