package bot

import (
	"context"
	"errors"
	"fmt"
)

// recordCache keeps the records of recent tables as this process last
// saved or read them, with their versions. A command that changes the
// game works from the cached record and saves it by compare-and-set on
// the cached version: one store round trip instead of two. Where another
// process saved since, the save conflicts and the command runs again on
// the record read from the store. A command that changes nothing (a
// look, a refusal) is checked against the store's version before its
// reply stands, so no reply is built from an old record.
//
// After a save, the cache also keeps the game decoded (a copy of the
// record and, for a kind whose state is a Cloner, of the state): the
// next command takes that copy for its own (take) instead of decoding
// the bytes, and nobody else can have it; a command that finds it taken
// decodes the bytes.
type recordCache struct {
	lru[string, cachedRecord]
}

// cachedRecord is a stored record and its version; rec and st, when not
// nil, are that record decoded, owned by the cache until taken. data is
// never modified: a save stores new bytes.
type cachedRecord struct {
	data    []byte
	version uint64
	rec     *Record
	st      State
}

// remember keeps what the table's key holds after a load or save, and
// after a save (decoded) a copy of the game as decoded objects. Only a
// table's own game is kept: a window's link and a damaged record are
// read from the store every time.
func (c *recordCache) remember(t *tx, data []byte, version uint64, decoded bool) {
	if t.rec == nil || t.rec.Link != "" || t.damaged != nil || t.stale || version == 0 {
		return
	}
	e := cachedRecord{data: data, version: version}
	if cl, ok := t.st.(Cloner); ok && decoded {
		e.rec, e.st = t.rec.clone(), cl.Clone()
	}
	c.put(t.table.Key(), e)
}

// take returns the table's entry, handing its decoded copy (if any) to
// the caller: the cache keeps only the bytes until the next save.
func (c *recordCache) take(key string) (cachedRecord, bool) {
	return c.modify(key, func(e *cachedRecord) { e.rec, e.st = nil, nil })
}

// confirm checks that a transaction built from the cache saw the version
// the store holds. false: the table changed elsewhere (and is forgotten
// here); the caller runs the command again from the store.
func (b *Bot) confirm(ctx context.Context, t *tx) (bool, error) {
	_, version, err := b.store.Load(ctx, t.table.Key())
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrDamaged) {
		return false, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	if err == nil && version == t.version {
		return true, nil
	}
	b.records.drop(t.table.Key())
	return false, nil
}
