package metrics

import (
	"context"
	"errors"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Store returns st telling o of its failures, where they happen, whatever
// the caller makes of them: an Archive still when st is one. Give it to
// bot.New in st's place; nil o gives st.
func Store(st bot.Store, o Observer) bot.Store {
	if o == nil {
		return st
	}
	if a, ok := st.(bot.Archive); ok {
		return observedArchive{observedStore{st, o}, a}
	}
	return observedStore{st, o}
}

// observedStore is a store that tells an Observer of its failures.
type observedStore struct {
	s   bot.Store
	obs Observer
}

// failed tells the observer of err, unless it is an answer (not found, a
// lost race) or the caller giving up.
func (o observedStore) failed(op string, err error) {
	if err != nil && !errors.Is(err, bot.ErrNotFound) && !errors.Is(err, bot.ErrConflict) &&
		!errors.Is(err, context.Canceled) {
		o.obs.StoreError(op)
	}
}

func (o observedStore) Load(ctx context.Context, key string) ([]byte, uint64, error) {
	data, v, err := o.s.Load(ctx, key)
	o.failed("Load", err)
	return data, v, err
}

func (o observedStore) Save(ctx context.Context, key string, data []byte, version uint64, done bool) (uint64, error) {
	v, err := o.s.Save(ctx, key, data, version, done)
	o.failed("Save", err)
	return v, err
}

func (o observedStore) SetOwed(ctx context.Context, key string, owed bool) error {
	err := o.s.SetOwed(ctx, key, owed)
	o.failed("SetOwed", err)
	return err
}

func (o observedStore) Owed(ctx context.Context) ([]string, error) {
	keys, err := o.s.Owed(ctx)
	o.failed("Owed", err)
	return keys, err
}

// observedArchive is an observedStore whose store is an Archive too.
type observedArchive struct {
	observedStore
	a bot.Archive
}

var (
	_ bot.Store   = observedStore{}
	_ bot.Archive = observedArchive{}
)

func (o observedArchive) NextGameID(ctx context.Context) (string, error) {
	id, err := o.a.NextGameID(ctx)
	o.failed("NextGameID", err)
	return id, err
}

func (o observedArchive) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	err := o.a.ArchiveGame(ctx, g)
	o.failed("ArchiveGame", err)
	return err
}

func (o observedArchive) ArchivedGame(ctx context.Context, id string) (bot.ArchivedGame, error) {
	g, err := o.a.ArchivedGame(ctx, id)
	o.failed("ArchivedGame", err)
	return g, err
}

func (o observedArchive) History(ctx context.Context, user, kind, before string, n int) ([]bot.ArchivedGame, string, error) {
	gs, next, err := o.a.History(ctx, user, kind, before, n)
	o.failed("History", err)
	return gs, next, err
}

func (o observedArchive) Rating(ctx context.Context, kind, player string) ([]byte, uint64, error) {
	data, v, err := o.a.Rating(ctx, kind, player)
	o.failed("Rating", err)
	return data, v, err
}

func (o observedArchive) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	v, err := o.a.SaveRating(ctx, kind, player, data, version)
	o.failed("SaveRating", err)
	return v, err
}

func (o observedArchive) SetRank(ctx context.Context, kind, player string, score float64) error {
	err := o.a.SetRank(ctx, kind, player, score)
	o.failed("SetRank", err)
	return err
}

func (o observedArchive) Top(ctx context.Context, kind string, n int) ([]bot.Ranked, error) {
	r, err := o.a.Top(ctx, kind, n)
	o.failed("Top", err)
	return r, err
}

func (o observedArchive) PutLinkCode(ctx context.Context, code, player string, now, expires time.Time) error {
	err := o.a.PutLinkCode(ctx, code, player, now, expires)
	o.failed("PutLinkCode", err)
	return err
}

func (o observedArchive) TakeLinkCode(ctx context.Context, code string, now time.Time) (string, error) {
	p, err := o.a.TakeLinkCode(ctx, code, now)
	o.failed("TakeLinkCode", err)
	return p, err
}

func (o observedArchive) LinkIdentity(ctx context.Context, identity, player string) error {
	err := o.a.LinkIdentity(ctx, identity, player)
	o.failed("LinkIdentity", err)
	return err
}

func (o observedArchive) UnlinkIdentity(ctx context.Context, identity, player string) error {
	err := o.a.UnlinkIdentity(ctx, identity, player)
	o.failed("UnlinkIdentity", err)
	return err
}

func (o observedArchive) PlayerOf(ctx context.Context, identity string) (string, error) {
	p, err := o.a.PlayerOf(ctx, identity)
	o.failed("PlayerOf", err)
	return p, err
}

func (o observedArchive) Identities(ctx context.Context, player string) ([]string, error) {
	ids, err := o.a.Identities(ctx, player)
	o.failed("Identities", err)
	return ids, err
}
