package backup_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
	"github.com/ataxxbot/ataxxbot/store/backup"
	"github.com/ataxxbot/ataxxbot/store/memory"
	"github.com/ataxxbot/ataxxbot/store/storetest"
)

// FuzzBackupFile: whatever a file holds, Open either refuses it or
// accepts a file whose every item Dump then gives, as many as Open
// counted; nothing panics.
func FuzzBackupFile(f *testing.F) {
	src := memory.New()
	storetest.Fill(f, src)
	var good bytes.Buffer
	if _, err := backup.Write(context.Background(), &good, src, "mem", created); err != nil {
		f.Fatal(err)
	}
	f.Add(good.Bytes())
	f.Add(good.Bytes()[:good.Len()/2])
	f.Add([]byte{})
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "fuzz.jsonl.gz")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		file, err := backup.Open(path)
		if err != nil {
			return
		}
		n := 0
		if err := file.Dump(context.Background(), func(migrate.Item) error { n++; return nil }); err != nil || n != file.Items {
			t.Fatalf("Dump of a file Open accepted: got %d items, %v; want %d", n, err, file.Items)
		}
	})
}
