package bolt_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/store/bolt"
	bbolt "go.etcd.io/bbolt"
)

// The bbolt page header: id u64, flags u16, count u16, overflow u32.
const (
	flagsAt    = 8
	countAt    = 10
	headerSize = 16
)

// layout is where the pages of interest lie in a database file.
type layout struct {
	pageSize int
	leaf     int // a leaf page of the games bucket
	freelist int
	freeIDs  int // free page ids the freelist page lists
}

// filled writes a database with records large enough to need pages of
// their own and a free list that is not empty, closes it and returns its
// path and layout.
func filled(t *testing.T) (string, layout) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "games.db")
	s := open(t, path)
	for i := range 8 {
		key := fmt.Sprintf("irc:#chan%d", i)
		v, err := s.Save(ctx, key, bytes.Repeat([]byte{'a' + byte(i)}, 1500), 0, false)
		if err != nil {
			t.Fatal(err)
		}
		// Rewrite it: the pages it had go to the free list.
		if _, err := s.Save(ctx, key, bytes.Repeat([]byte{'A' + byte(i)}, 1500), v, false); err != nil {
			t.Fatal(err)
		}
		if err := s.SetOwed(ctx, key, i%2 == 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path, pages(t, path)
}

// pages finds a leaf page of the games bucket and the free list page.
func pages(t *testing.T, path string) layout {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, PreLoadFreelist: true, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l := layout{pageSize: db.Info().PageSize, leaf: -1, freelist: -1}
	err = db.View(func(tx *bbolt.Tx) error {
		for id := 2; ; id++ {
			p, err := tx.Page(id)
			if err != nil {
				return err
			}
			if p == nil {
				return nil
			}
			switch p.Type {
			case "leaf":
				if l.leaf < 0 && p.Count > 1 {
					l.leaf = id
				}
			case "freelist":
				l.freelist, l.freeIDs = id, p.Count
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if l.leaf < 0 || l.freelist < 0 || l.freeIDs < 2 {
		t.Fatalf("test database has no leaf page with records or no free list of two ids: %+v", l)
	}
	return l
}

// patch writes b at offset at of the file.
func patch(t *testing.T, path string, at int, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(b, int64(at)); err != nil {
		t.Fatal(err)
	}
}

func u16(v uint16) []byte { return binary.LittleEndian.AppendUint16(nil, v) }
func u64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// damage is one way to spoil a database file.
type damage struct {
	name string
	do   func(t *testing.T, path string, l layout)
}

var damages = []damage{
	{"data page of unknown type", func(t *testing.T, path string, l layout) {
		patch(t, path, l.leaf*l.pageSize+flagsAt, u16(0x40))
	}},
	{"data page claims to be another page", func(t *testing.T, path string, l layout) {
		patch(t, path, l.leaf*l.pageSize, u64(uint64(l.leaf+1)))
	}},
	{"data page with too many records", func(t *testing.T, path string, l layout) {
		patch(t, path, l.leaf*l.pageSize+countAt, u16(0xffff))
	}},
	{"data page record past the end of the file", func(t *testing.T, path string, l layout) {
		// The first leaf element: flags u32, pos u32, ksize u32, vsize u32.
		patch(t, path, l.leaf*l.pageSize+headerSize+4, binary.LittleEndian.AppendUint32(nil, 1<<30))
	}},
	{"data page zeroed", func(t *testing.T, path string, l layout) {
		patch(t, path, l.leaf*l.pageSize, make([]byte, l.pageSize))
	}},
	{"freelist page of another type", func(t *testing.T, path string, l layout) {
		patch(t, path, l.freelist*l.pageSize+flagsAt, u16(0x02)) // a leaf
	}},
	{"freelist page with a huge count", func(t *testing.T, path string, l layout) {
		// A count of 0xffff means the real count is the first element.
		patch(t, path, l.freelist*l.pageSize+countAt, u16(0xffff))
		patch(t, path, l.freelist*l.pageSize+headerSize, u64(1<<40))
	}},
	{"freelist page frees a page twice", func(t *testing.T, path string, l layout) {
		first := make([]byte, 8)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.ReadAt(first, int64(l.freelist*l.pageSize+headerSize))
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		patch(t, path, l.freelist*l.pageSize+headerSize+8, first)
	}},
	{"freelist page frees a page in use", func(t *testing.T, path string, l layout) {
		patch(t, path, l.freelist*l.pageSize+headerSize, u64(uint64(l.leaf)))
	}},
	{"freelist page lists pages past the end", func(t *testing.T, path string, l layout) {
		patch(t, path, l.freelist*l.pageSize+headerSize+8, u64(1<<40))
	}},
	{"file truncated", func(t *testing.T, path string, l layout) {
		if err := os.Truncate(path, int64(l.pageSize*4)); err != nil {
			t.Fatal(err)
		}
	}},
}

// openNoPanic opens path and fails the test, rather than crashing it, if
// Open panics.
func openNoPanic(t *testing.T, path string) (s *bolt.Store, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Open panicked: %v", r)
		}
	}()
	return bolt.Open(path)
}

// TestDamagedFileIsAnError: a database with a damaged data or freelist
// page does not open, with an error wrapping ErrCorrupt, and nothing
// panics.
func TestDamagedFileIsAnError(t *testing.T) {
	for _, d := range damages {
		t.Run(d.name, func(t *testing.T) {
			path, l := filled(t)
			d.do(t, path, l)
			s, err := openNoPanic(t, path)
			if err == nil {
				s.Close()
				t.Fatalf("Open of a damaged file: got no error; want %v", bolt.ErrCorrupt)
			}
			if !errors.Is(err, bolt.ErrCorrupt) {
				t.Fatalf("Open: got %v; want an error wrapping %v", err, bolt.ErrCorrupt)
			}
		})
	}
}

// TestDamageWhileOpen: a page damaged under a running store makes its
// reads and writes errors wrapping ErrCorrupt, not panics.
func TestDamageWhileOpen(t *testing.T) {
	ctx := context.Background()
	path, l := filled(t)
	s := open(t, path)
	defer s.Close()
	if err := s.SetOwed(ctx, "irc:#new", true); err != nil {
		t.Fatal(err)
	}
	versions := make([]uint64, 8) // each record's version before the damage
	for i := range versions {
		var err error
		if _, versions[i], err = s.Load(ctx, fmt.Sprintf("irc:#chan%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	keys, err := s.Owed(ctx)
	if err != nil || len(keys) == 0 {
		t.Fatalf("Owed before damage: got %q, %v; want keys", keys, err)
	}
	// The store maps the file shared: the damage shows at once.
	patch(t, path, l.leaf*l.pageSize+flagsAt, u16(0x40)) // the games bucket is as filled left it

	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("a store call panicked: %v", r)
		}
	}()
	sawCorrupt := false
	for i := range 8 {
		_, _, err := s.Load(ctx, fmt.Sprintf("irc:#chan%d", i))
		if err != nil && !errors.Is(err, bolt.ErrCorrupt) {
			t.Errorf("Load: got %v; want nil or an error wrapping %v", err, bolt.ErrCorrupt)
		}
		sawCorrupt = sawCorrupt || err != nil
	}
	if !sawCorrupt {
		t.Errorf("Load of every record under a damaged page: got no error; want one wrapping %v", bolt.ErrCorrupt)
	}
	for i := range 8 {
		_, err := s.Save(ctx, fmt.Sprintf("irc:#chan%d", i), []byte("x"), versions[i], false)
		if err != nil && !errors.Is(err, bolt.ErrCorrupt) {
			t.Errorf("Save: got %v; want nil or an error wrapping %v", err, bolt.ErrCorrupt)
		}
	}
}
