package backup_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/backup"
	"github.com/ataxxbot/ataxxbot/store/memory"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

var created = time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC)

// TestBackupRoundTrips: a store written to a file and migrated from it
// into an empty store is the same store, item for item.
func TestBackupRoundTrips(t *testing.T) {
	ctx := context.Background()
	src := memory.New()
	want := storetest.Fill(t, src)
	path := filepath.Join(t.TempDir(), "b.jsonl.gz")
	n, err := backup.WriteFile(ctx, path, src, "mem", created)
	if err != nil || n != len(want) {
		t.Fatalf("WriteFile: got %d items, %v; want %d", n, err, len(want))
	}
	f, err := backup.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Header.Schema != backup.Schema || !f.Header.Created.Equal(created) || f.Header.Source != "mem" || f.Items != n {
		t.Errorf("header: got %+v, %d items; want schema %d, created %v, source mem, %d items", f.Header, f.Items, backup.Schema, created, n)
	}
	if got := storetest.Dumped(t, f); !slices.Equal(got, want) {
		t.Fatalf("the file's items:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	dst := memory.New()
	if r, err := migrate.Migrate(ctx, f, dst); err != nil {
		t.Fatalf("Migrate from the file: %v\n%s", err, r)
	}
	if got := storetest.Dumped(t, dst); !slices.Equal(got, want) {
		t.Fatalf("the store restored from the file:\ngot  %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the file's mode: got %v, %v; want 0600 (it holds the players' games and links)", info.Mode(), err)
	}
}

// TestBackupRefusesWhatIsNotWhole: a file cut short, of a newer schema,
// or not a backup at all is refused at Open, so nothing of it is
// restored.
func TestBackupRefusesWhatIsNotWhole(t *testing.T) {
	ctx := context.Background()
	src := memory.New()
	storetest.Fill(t, src)
	var good bytes.Buffer
	if _, err := backup.Write(ctx, &good, src, "mem", created); err != nil {
		t.Fatal(err)
	}
	plain := gunzip(t, good.Bytes())
	lines := strings.SplitAfter(strings.TrimSuffix(plain, "\n"), "\n")
	for _, c := range []struct {
		name, text, want string
	}{
		{"no trailer", strings.Join(lines[:len(lines)-1], ""), "cut short"},
		{"an item missing", strings.Join(append(slices.Clone(lines[:2]), lines[3:]...), ""), "the trailer counts"},
		{"a newer schema", strings.Replace(plain, `"schema":1`, `"schema":2`, 1), "schema 2"},
		{"not a backup", "{\"hello\":1}\n", "header"},
		{"a line after the trailer", plain + lines[1], "after the trailer"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "b.jsonl.gz")
			if err := os.WriteFile(path, gzipped(t, c.text), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := backup.Open(path)
			if !errors.Is(err, backup.ErrBadFile) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Open: got %v; want ErrBadFile saying %q", err, c.want)
			}
		})
	}
	t.Run("cut inside the gzip stream", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "b.jsonl.gz")
		os.WriteFile(path, good.Bytes()[:good.Len()-12], 0o600)
		if _, err := backup.Open(path); !errors.Is(err, backup.ErrBadFile) {
			t.Fatalf("Open: got %v; want ErrBadFile", err)
		}
	})
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := out.ReadFrom(zr); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}
