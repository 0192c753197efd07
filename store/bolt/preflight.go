package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
)

// The parts of bbolt's file format that preflight reads (bbolt's
// internal/common: a page header, then the meta page body).
const (
	pageHeaderSize   = 16
	metaSize         = 64 // magic, version, page size, flags, root bucket (16), free list, high water mark, txid, checksum
	metaChecksumAt   = 56
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	freelistPageFlag = 0x10
	noFreelist       = ^uint64(0)
)

// meta is the part of a bbolt meta page that preflight uses.
type meta struct {
	pageSize, freelist, pgid, txid uint64
}

// readMeta decodes and validates a meta page body as bbolt does (magic,
// version, FNV-64a checksum); ok is false for one bbolt would not use.
func readMeta(b []byte) (m meta, ok bool) {
	if len(b) < metaSize {
		return meta{}, false
	}
	le := binary.LittleEndian
	if le.Uint32(b[0:]) != boltMagic || le.Uint32(b[4:]) != boltVersion {
		return meta{}, false
	}
	h := fnv.New64a()
	h.Write(b[:metaChecksumAt])
	if h.Sum64() != le.Uint64(b[metaChecksumAt:]) {
		return meta{}, false
	}
	return meta{pageSize: uint64(le.Uint32(b[8:])), freelist: le.Uint64(b[32:]), pgid: le.Uint64(b[40:]), txid: le.Uint64(b[48:])}, true
}

// preflight checks, before bbolt opens path, the one page bbolt reads at
// open without bounds: the free list, whose count bbolt trusts to size an
// allocation (a damaged count is a fatal out-of-memory, which no recover
// catches). It also checks that the file holds every page the meta page
// counts. What it cannot read (no file yet, an unknown header) it leaves
// to bbolt, whose own checks refuse it with an error.
func preflight(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	size := uint64(info.Size())
	if size == 0 {
		return nil // bbolt writes a new file's header
	}
	// bbolt keeps two meta pages and uses the valid one with the higher
	// transaction id; the page size is in the first.
	head := make([]byte, pageHeaderSize+metaSize)
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil
	}
	m0, ok0 := readMeta(head[pageHeaderSize:])
	if !ok0 {
		return nil
	}
	m := m0
	if _, err := f.ReadAt(head, int64(m0.pageSize)); err == nil {
		if m1, ok := readMeta(head[pageHeaderSize:]); ok && m1.txid > m0.txid {
			m = m1
		}
	}
	ps := m.pageSize
	if ps < 512 || ps > 1<<20 || m.pgid < 2 || m.pgid > size/ps {
		return fmt.Errorf("%w: %d bytes, but the header counts %d pages of %d bytes", ErrCorrupt, size, m.pgid, ps)
	}
	if m.freelist == noFreelist {
		return nil
	}
	if m.freelist < 2 || m.freelist >= m.pgid {
		return fmt.Errorf("%w: free list at page %d of %d", ErrCorrupt, m.freelist, m.pgid)
	}
	hdr := make([]byte, pageHeaderSize+8)
	if _, err := f.ReadAt(hdr, int64(m.freelist*ps)); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	le := binary.LittleEndian
	flags, count, overflow := le.Uint16(hdr[8:]), uint64(le.Uint16(hdr[10:])), uint64(le.Uint32(hdr[12:]))
	if flags&freelistPageFlag == 0 {
		return fmt.Errorf("%w: free list page %d has flags %#x", ErrCorrupt, m.freelist, flags)
	}
	if m.freelist+overflow >= m.pgid {
		return fmt.Errorf("%w: free list page %d runs %d pages past the last", ErrCorrupt, m.freelist, overflow)
	}
	slots := count
	if count == 0xFFFF {
		count = le.Uint64(hdr[pageHeaderSize:])
		slots = count + 1
	}
	if count > m.pgid || slots*8 > (overflow+1)*ps-pageHeaderSize {
		return fmt.Errorf("%w: free list page %d lists %d pages, more than it holds or the file has", ErrCorrupt, m.freelist, count)
	}
	return nil
}
