package bot

import (
	"context"
	"errors"
	"strings"
	"time"
)

// Observer is told what the bot does, for an operator's metrics. Its
// methods are called from any goroutine, concurrently, and must not
// block. Every string it is given comes from a small set the host or a
// kind declares, never from what a user typed: a verb nobody declared is
// "other", a command about no game has kind "".
type Observer interface {
	// CommandDone: a command (network, the kind of game it was about,
	// its verb) was answered after d; err is why it was refused, nil when
	// it was carried out.
	CommandDone(network, kind, verb string, d time.Duration, err error)
	// GameStarted: play began in a game of kind (saved).
	GameStarted(kind string)
	// GameFinished: a game of kind ended, as ending says (saved).
	GameFinished(kind string, ending Ending)
	// AIThought: an AI seat of kind took d from its turn's load to its
	// action's save (its search, nearly all of it).
	AIThought(kind string, d time.Duration)
	// StoreError: the store failed an operation (its method's name: "Load",
	// "Save", "History"...); a missing record or a lost compare-and-set
	// is no failure.
	StoreError(op string)
}

// VerbMove is the verb a bare move ("!a7-b6") is observed under; a verb
// no kind or the host declares is VerbOther.
const (
	VerbMove  = "move"
	VerbOther = "other"
)

// ErrRefused is what an Observer is told for a command the bot refused
// when no more precise error is known.
var ErrRefused = errors.New("refused")

// Observe makes the bot tell o what it does; nil tells nobody. Call it
// before the first Handle, like Async.
func (b *Bot) Observe(o Observer) {
	b.obs = o
	if o == nil {
		return
	}
	// Store failures are seen where they happen, whatever the caller
	// makes of them.
	if a, ok := b.store.(Archive); ok {
		b.store = observedArchive{observedStore{b.store, o}, a}
	} else {
		b.store = observedStore{b.store, o}
	}
}

// observeCommand tells the observer about a command Handle answered.
func (b *Bot) observeCommand(m Message, p parsed, res *txResult, err *error, start time.Time, out *[]Reply) {
	if b.obs == nil {
		return
	}
	kind := p.kind
	var spec *Spec
	if res.spec != nil && res.spec.Name != "" {
		kind, spec = strings.ToLower(res.spec.Name), res.spec
	} else if s, ok := b.specs[kind]; ok {
		spec = &s
	}
	e := *err
	if e == nil {
		for _, r := range *out {
			if r.Error && r.User.ID == m.UserID {
				e = ErrRefused // a refusal made inside (an archive command's)
				break
			}
		}
	}
	b.obs.CommandDone(m.Network, kind, b.verbLabel(p.cmd.Verb, spec), time.Since(start), e)
}

// verbLabel is verb as an Observer sees it: a declared command's own name
// (aliases folded into it), VerbMove for a bare move, else VerbOther.
func (b *Bot) verbLabel(verb string, spec *Spec) string {
	verb = strings.ToLower(verb)
	switch {
	case verb == "":
		return VerbOther
	case verb == "?":
		return "help"
	case verb == "colour":
		return "color"
	}
	if c, ok := b.commands.lookup(verb); ok {
		return strings.ToLower(c.Name)
	}
	specs := b.order
	if spec != nil {
		specs = []string{strings.ToLower(spec.Name)}
	}
	for _, name := range specs {
		s := b.specs[name]
		if c, ok := s.Command(verb); ok {
			return strings.ToLower(c.Name)
		}
		if s.BareMove != nil && s.BareMove(verb) {
			return VerbMove
		}
	}
	return VerbOther
}

// observeSaved tells the observer what a saved transaction began or
// ended. Called once per successful save, before the archive is written
// (which clears t.ended).
func (b *Bot) observeSaved(t *tx) {
	if b.obs == nil || t.rec == nil {
		return
	}
	kind := strings.ToLower(t.spec.Name)
	if t.begun && t.rec.Phase != PhaseSetup {
		b.obs.GameStarted(kind)
	}
	if t.rec.Phase == PhaseOver && (t.ended || t.rec.Ending == EndAborted) {
		b.obs.GameFinished(kind, t.rec.Ending)
	}
	if t.dropped {
		b.obs.GameFinished(kind, EndAbandoned) // by new, without an end
	}
}

// observeAI tells the observer an AI seat at t acted after d.
func (b *Bot) observeAI(t *tx, d time.Duration) {
	if b.obs != nil && t != nil {
		b.obs.AIThought(strings.ToLower(t.spec.Name), d)
	}
}

// observedStore is a Store that tells an Observer of its failures.
type observedStore struct {
	s   Store
	obs Observer
}

// failed tells the observer of err, unless it is an answer (not found, a
// lost race) or the caller giving up.
func (o observedStore) failed(op string, err error) {
	if err != nil && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrConflict) &&
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
	a Archive
}

var (
	_ Store   = observedStore{}
	_ Archive = observedArchive{}
)

func (o observedArchive) NextGameID(ctx context.Context) (string, error) {
	id, err := o.a.NextGameID(ctx)
	o.failed("NextGameID", err)
	return id, err
}

func (o observedArchive) ArchiveGame(ctx context.Context, g ArchivedGame) error {
	err := o.a.ArchiveGame(ctx, g)
	o.failed("ArchiveGame", err)
	return err
}

func (o observedArchive) ArchivedGame(ctx context.Context, id string) (ArchivedGame, error) {
	g, err := o.a.ArchivedGame(ctx, id)
	o.failed("ArchivedGame", err)
	return g, err
}

func (o observedArchive) History(ctx context.Context, user, kind, before string, n int) ([]ArchivedGame, string, error) {
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

func (o observedArchive) Top(ctx context.Context, kind string, n int) ([]Ranked, error) {
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
