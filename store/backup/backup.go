// Package backup is a whole store in one file: what "ataxxbot backup"
// writes and "ataxxbot migrate -from file:PATH" reads.
//
// The file is gzip-compressed JSON lines (UTF-8, one JSON object a line):
//
//	{"format":"ataxxbot-backup","schema":1,"created":"2026-11-27T01:00:00Z","source":"bolt:ataxxbot.db"}
//	{"type":"record","key":"irc:#ataxx","data":"<base64>"}
//	{"type":"game","game":{"id":"1z","kind":"ataxx",...}}
//	...
//	{"end":true,"items":1234}
//
// The first line is the header: the format's name, its schema version (a
// reader refuses a newer one), when and from which store it was written
// (a Redis URL without its password). Then one migrate.Item a line, as JSON
// (byte fields in base64). The last line is the trailer with the number
// of items: a file without it, or with another count, was cut short and
// is refused whole, before anything is read from it.
package backup

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/migrate"
)

// Format is the header's format name; Schema the version this package
// writes and the newest it reads.
const (
	Format = "ataxxbot-backup"
	Schema = 1
)

// ErrBadFile: the file is not a whole backup this program can read.
var ErrBadFile = errors.New("not a whole backup file")

// maxLine bounds one line: an item is a record or a game, a few
// kilobytes; a store's records are bounded well below this.
const maxLine = 128 << 20

// Header is a backup's first line.
type Header struct {
	Format  string    `json:"format"`
	Schema  int       `json:"schema"`
	Created time.Time `json:"created"`
	Source  string    `json:"source,omitempty"`
}

// trailer is a backup's last line.
type trailer struct {
	End   bool `json:"end"`
	Items int  `json:"items"`
}

// line is any line, read to tell the trailer from an item.
type line struct {
	migrate.Item
	End   bool `json:"end"`
	Items int  `json:"items"`
}

// Write writes d's whole content to w as a backup and returns how many
// items it wrote.
func Write(ctx context.Context, w io.Writer, d migrate.Dumper, source string, created time.Time) (int, error) {
	zw := gzip.NewWriter(w)
	bw := bufio.NewWriterSize(zw, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(Header{Format: Format, Schema: Schema, Created: created.UTC(), Source: source}); err != nil {
		return 0, err
	}
	n := 0
	err := d.Dump(ctx, func(it migrate.Item) error {
		if it.Type == migrate.ItemSkipped {
			return nil // nothing to restore; the caller's Migrate of the store names it
		}
		n++
		return enc.Encode(it)
	})
	if err != nil {
		return n, err
	}
	if err := enc.Encode(trailer{End: true, Items: n}); err != nil {
		return n, err
	}
	if err := bw.Flush(); err != nil {
		return n, err
	}
	return n, zw.Close()
}

// WriteFile writes the backup to path whole or not at all: to a
// temporary file beside it, synced, then renamed over path.
func WriteFile(ctx context.Context, path string, d migrate.Dumper, source string, created time.Time) (int, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after the rename, there is nothing to remove
	n, err := Write(ctx, f, d, source, created)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o600)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		return 0, fmt.Errorf("backup %s: %w", path, err)
	}
	return n, nil
}

// File is a backup file to read: a migrate.Dumper.
type File struct {
	path   string
	Header Header
	Items  int // as the trailer says, and as counted
}

var _ migrate.Dumper = (*File)(nil)

// Open reads the whole file once, checking its header, every line and
// its trailer: a file cut short or of a newer schema is refused before
// anything is taken from it.
func Open(path string) (*File, error) {
	f := &File{path: path}
	n := 0
	err := f.read(context.Background(), func(h Header) error {
		f.Header = h
		return nil
	}, func(migrate.Item) error { n++; return nil })
	if err != nil {
		return nil, err
	}
	f.Items = n
	return f, nil
}

// Dump gives the file's items, in the order they were written.
func (f *File) Dump(ctx context.Context, each func(migrate.Item) error) error {
	return f.read(ctx, func(Header) error { return nil }, each)
}

// read reads the file: the header to head, each item to each, then
// checks the trailer.
func (f *File) read(ctx context.Context, head func(Header) error, each func(migrate.Item) error) error {
	fh, err := os.Open(f.path)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer fh.Close()
	bad := func(format string, v ...any) error {
		return fmt.Errorf("backup %s: %w: %s", f.path, ErrBadFile, fmt.Sprintf(format, v...))
	}
	zr, err := gzip.NewReader(bufio.NewReader(fh))
	if err != nil {
		return bad("not gzip: %v", err)
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	if !sc.Scan() {
		return bad("no header (%v)", sc.Err())
	}
	var h Header
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Format != Format {
		return bad("the first line is not an %s header", Format)
	}
	if h.Schema < 1 || h.Schema > Schema {
		return bad("schema %d; this program reads 1 to %d", h.Schema, Schema)
	}
	if err := head(h); err != nil {
		return err
	}
	n, ended := 0, false
	for sc.Scan() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if ended {
			return bad("lines after the trailer")
		}
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return bad("line %d: %v", n+2, err)
		}
		if l.End {
			if l.Items != n {
				return bad("the trailer counts %d items, the file holds %d", l.Items, n)
			}
			ended = true
			continue
		}
		if l.Type == "" {
			return bad("line %d has no type", n+2)
		}
		n++
		if err := each(l.Item); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return bad("after %d items: %v", n, err)
	}
	if !ended {
		return bad("no trailer after %d items: the file was cut short", n)
	}
	return nil
}
