package bot

import (
	"context"
	"errors"
	"fmt"
	"time"
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
	now func() time.Time // nil: time.Now (the tests' clock otherwise)
}

// recordMaxAge is how long a kept record may be used. A copy kept from
// before the store lost the record (expired, flushed, rolled back) can
// never pass for the record saved since, even at the same count of saves:
// each save's version carries its own random stamp (see NextVersion), so
// the look's confirmation and the compare-and-set both refuse the copy.
// The age bounds only how long a quiet table's copy takes memory: moves
// come seconds or minutes apart; a table quiet for longer is read from
// the store once.
const recordMaxAge = 10 * time.Minute

// cachedRecord is a stored record, its version and when it was kept; rec
// and st, when not nil, are that record decoded, owned by the cache until
// taken. data is never modified: a save stores new bytes.
type cachedRecord struct {
	data    []byte
	version uint64
	kept    time.Time
	rec     *Record
	st      State
}

func (c *recordCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

// take returns the record kept under key, unless it is older than
// recordMaxAge (then it is forgotten), handing its decoded copy (if any)
// to the caller: the cache keeps only the bytes until the next save.
func (c *recordCache) take(key string) (cachedRecord, bool) {
	r, ok := c.modify(key, func(e *cachedRecord) { e.rec, e.st = nil, nil })
	if ok && c.clock().Sub(r.kept) > recordMaxAge {
		c.drop(key)
		return cachedRecord{}, false
	}
	return r, ok
}

// remember keeps what the table's key holds after a load or save, and
// after a save (decoded) a copy of the game as decoded objects. Only a
// table's own running game is kept: a window's link and a damaged record
// are read from the store every time, and so is a game in setup or over,
// saved as done: the store may let it expire at any moment, and a copy
// of it would mostly cost a refused save.
func (c *recordCache) remember(t *tx, data []byte, version uint64, decoded bool) {
	if old, ok := c.lru.get(t.table.Key()); ok && versionAfter(old.version, version) {
		return // a read that a newer save overtook
	}
	if t.rec == nil || t.rec.Link != "" || t.damaged != nil || t.stale || version == 0 || t.rec.Phase != PhasePlaying {
		// Not kept; nor is what was kept before it, which it replaced (a
		// game that ended): the next command would work on the old one,
		// only to find it stale when it saves (an AI program asked for a
		// move twice).
		c.drop(t.table.Key())
		return
	}
	e := cachedRecord{data: data, version: version, kept: c.clock()}
	if cl, ok := t.st.(Cloner); ok && decoded {
		e.rec, e.st = t.rec.Clone(), cl.Clone()
	}
	c.put(t.table.Key(), e)
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
