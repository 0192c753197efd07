package pgn

import (
	"bytes"
	"os"
	"testing"
)

// FuzzRead: Read never panics, and what it accepts Write writes and Read
// reads back as the same games, which Write writes to the same bytes.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"testdata/cuteataxx.pgn", "testdata/cuteataxx-verbose.pgn", "testdata/cuteataxx-real.pgn", "testdata/cuteataxx-real-verbose.pgn"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		for i, g := range games {
			if err := Write(&out, g); err != nil {
				t.Fatalf("game %d read but not written: %v", i+1, err)
			}
		}
		again, err := Read(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("Read of Write: %v\n%s", err, out.Bytes())
		}
		if len(again) != len(games) {
			t.Fatalf("Read of Write: %d games; want %d", len(again), len(games))
		}
		var out2 bytes.Buffer
		for i := range again {
			sameGame(t, i+1, again[i], games[i])
			if err := Write(&out2, again[i]); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(out.Bytes(), out2.Bytes()) {
			t.Fatalf("Write not stable:\n%s\nthen\n%s", out.Bytes(), out2.Bytes())
		}
	})
}
