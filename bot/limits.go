package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Limits are what one identity (a user id on a network, as the adapter
// knows it) may do, so that one person cannot flood a public channel or
// fill the host with games. An admin is exempt from all of them.
//
// The command rate is kept in this process's memory: a restart forgets it,
// and each process of several sharing a store counts only the lines it
// reads (one process reads a network's lines at a time). Games, challenges
// and tournaments are counted from the store, so every process sees the
// same ones.
type Limits struct {
	// Rate is how many commands a second one identity may give on
	// average, and Burst how many at once: a token bucket of Burst
	// tokens (at least 1) refilled at Rate. A line over the rate is
	// dropped; the identity is told once per Notice (default a minute),
	// never once per line. 0: no limit.
	Rate   float64
	Burst  int
	Notice time.Duration
	// Games is how many games in play one identity may hold a seat in at
	// once (counting a game in setup whose seats are all taken). 0: no
	// limit.
	Games int
	// Challenges is how many games in setup that wait for another player
	// (start @bob, an open start, host) one identity may have opened at
	// once; a challenge already open may still be taken up. 0: no limit.
	Challenges int
	// Tournaments is how many tournaments, waiting for players or
	// running, one identity may have made at once; what runs them reads
	// it (Config) and refuses more. 0: no limit.
	Tournaments int
	// Games and challenges are found in the player's seat index, which
	// keeps their last maxIndexed tables: a limit above that is no limit.
	// The zero Limits limit nothing (the host as a library, and tests);
	// the ataxxbot program's config gives every one a default.
}

func (l Limits) withDefaults() Limits {
	if l.Rate > 0 && l.Burst < 1 {
		l.Burst = 1
	}
	if l.Notice <= 0 {
		l.Notice = time.Minute
	}
	return l
}

// ErrLimit: an identity asked for more than the bot's limits allow.
var ErrLimit = errors.New("limit reached")

// identity is who a line is counted against: the user on their network.
func identity(m Message) string { return m.Network + ":" + m.UserID }

// rateLimiter is a token bucket per identity, in memory. Buckets that are
// full again and whose notice has passed are forgotten (a full bucket is
// what a new identity gets), so the map holds only identities active in
// the last few seconds.
type rateLimiter struct {
	rate   float64 // tokens a second; <= 0: no limit
	burst  float64
	notice time.Duration
	now    func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time // when idle buckets are next forgotten
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was counted
	told   time.Time // when the identity was last told it is over the rate
}

func newRateLimiter(l Limits, now func() time.Time) *rateLimiter {
	return &rateLimiter{rate: l.Rate, burst: float64(l.Burst), notice: l.Notice, now: now, buckets: map[string]*bucket{}}
}

// refill is how long an empty bucket takes to fill.
func (r *rateLimiter) refill() time.Duration {
	return time.Duration(r.burst / r.rate * float64(time.Second))
}

// allow takes a token from id's bucket. ok: the line may run. When it may
// not, tell says the identity has not been told within the notice window
// (and now counts as told).
func (r *rateLimiter) allow(id string) (ok, tell bool) {
	if r == nil || r.rate <= 0 {
		return true, false
	}
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if !now.Before(r.sweep) {
		r.forgetIdle(now)
	}
	b := r.buckets[id]
	if b == nil {
		b = &bucket{tokens: r.burst, at: now}
		r.buckets[id] = b
	} else if d := now.Sub(b.at); d > 0 {
		b.tokens = min(r.burst, b.tokens+d.Seconds()*r.rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, false
	}
	if !b.told.IsZero() && now.Sub(b.told) < r.notice {
		return false, false
	}
	b.told = now
	return false, true
}

// forgetIdle drops the buckets that are full at now and whose notice has
// passed; it runs once per refill or notice time, whichever is longer.
func (r *rateLimiter) forgetIdle(now time.Time) {
	for id, b := range r.buckets {
		full := b.tokens+now.Sub(b.at).Seconds()*r.rate >= r.burst
		if full && now.Sub(b.told) >= r.notice {
			delete(r.buckets, id)
		}
	}
	r.sweep = now.Add(max(r.refill(), r.notice))
}

// size is how many identities the limiter remembers.
func (r *rateLimiter) size() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.buckets)
}

// overRate answers a line dropped for the rate: the one-line notice, or
// nothing while the identity has been told within the window.
func (b *Bot) overRate(m Message) (drop bool, notice []Reply) {
	if b.isAdmin(m) {
		return false, nil
	}
	ok, tell := b.limiter.allow(identity(m))
	if ok {
		return false, nil
	}
	if !tell {
		return true, nil
	}
	b.log.Info("commands over the rate", "network", m.Network, "user", m.UserID)
	l := b.cfg.Limits
	text := fmt.Sprintf("%s, too many commands: at most %d at once and %s a second; the next ones are ignored until you slow down.",
		shownName(m), l.Burst, rateText(l.Rate))
	return true, []Reply{{Text: text, Error: true, User: User{ID: m.UserID, Name: m.Name}}}
}

// shownName is the speaker's name as a refusal addresses them.
func shownName(m Message) string {
	if m.Name != "" {
		return cut(m.Name, 40)
	}
	return "you"
}

// rateText writes a rate without needless decimals: 2, 0.5.
func rateText(r float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", r), "0"), ".")
}

// stake is what a table holds for one person.
type stake int

const (
	stakeNone    stake = iota // no seat, or the game is over
	stakeWaiting              // a seat in a game in setup that waits for another player
	stakePlaying              // a seat in a game in play (or in setup with every seat taken)
)

// stakeIn is userID's stake in rec.
func stakeIn(rec *Record, userID string) stake {
	if rec == nil || rec.Link != "" || rec.Phase == PhaseOver || len(rec.seatsOf(userID)) == 0 {
		return stakeNone
	}
	if rec.Phase == PhaseSetup && !rec.filled() {
		return stakeWaiting
	}
	return stakePlaying
}

// stakeOf is the speaker's stake at a table in a transaction (a table
// with no game yet holds a fresh record with no seat taken).
func stakeOf(t *tx, userID string) stake {
	if t.damaged != nil {
		return stakeNone
	}
	return stakeIn(t.rec, userID)
}

// seatingVerbs are the commands that may begin a game with the speaker
// seated.
var seatingVerbs = map[string]bool{"start": true, "join": true, "host": true, "rematch": true}

// stakeBefore is the speaker's stake at the table before a command runs.
// A command that may begin a game for a speaker who plays none here is
// refused first when they already play Limits.Games elsewhere: refused
// after it ran, the game it began would have taken an archive id.
func (b *Bot) stakeBefore(ctx context.Context, t *tx, m Message, p parsed) (stake, error) {
	was := stakeOf(t, m.UserID)
	l := b.cfg.Limits
	if was == stakePlaying || l.Games <= 0 || !seatingVerbs[p.cmd.Verb] || b.isAdmin(m) {
		return was, nil
	}
	playing, _, err := b.stakesElsewhere(ctx, m, t.table, l.Games)
	if err != nil {
		return was, err
	}
	return was, tooManyGames(playing, l.Games)
}

// tooManyGames refuses one more game to a player in playing.
func tooManyGames(playing []Table, most int) error {
	if most > 0 && len(playing) >= most {
		return fmt.Errorf("%w: you play %d games already (%s), the most at once here; finish one first",
			ErrLimit, len(playing), tableNames(playing))
	}
	return nil
}

// limitStake refuses a command that gave the speaker a new game or a new
// challenge beyond their limits; was is their stake at the table before
// it ran. Only the speaker's own stake is checked: a challenge they opened
// may be taken up by someone else whatever their count.
func (b *Bot) limitStake(ctx context.Context, t *tx, m Message, was stake) error {
	now := stakeOf(t, m.UserID)
	if now <= was || !t.changed || b.isAdmin(m) {
		return nil
	}
	l := b.cfg.Limits
	most := l.Games // the smallest limit that applies; 0: none
	if now == stakeWaiting && l.Challenges > 0 && (most == 0 || l.Challenges < most) {
		most = l.Challenges
	}
	if most == 0 {
		return nil
	}
	playing, waiting, err := b.stakesElsewhere(ctx, m, t.table, most)
	if err != nil {
		return err
	}
	if err := tooManyGames(playing, l.Games); err != nil {
		return err
	}
	if now == stakeWaiting && l.Challenges > 0 && len(waiting) >= l.Challenges {
		return fmt.Errorf("%w: you have %d games waiting for players already (%s), the most at once here; begin or abandon one first",
			ErrLimit, len(waiting), tableNames(waiting))
	}
	return nil
}

// stakesElsewhere lists the tables other than here where the speaker holds
// a seat in a game in play and in a game waiting for players: the tables
// of their seat index and their private query. When there are fewer
// candidates than most, no count can reach a limit and nothing is read.
func (b *Bot) stakesElsewhere(ctx context.Context, m Message, here Table, most int) (playing, waiting []Table, err error) {
	keys, _, err := b.seatIndex(ctx, m.Network, m.UserID)
	if err != nil {
		return nil, nil, err
	}
	var tables []Table
	for _, key := range append(keys, QueryTable(m.Network, m.UserID).Key()) {
		if table, err := ParseTable(key); err == nil && table != here && table != m.Table() {
			tables = append(tables, table)
		}
	}
	if len(tables) < most {
		return nil, nil, nil
	}
	for _, table := range tables {
		data, _, err := b.store.Load(ctx, table.Key())
		if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged) {
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
		}
		rec, err := UnmarshalRecord(data)
		if err != nil {
			continue
		}
		switch stakeIn(rec, m.UserID) {
		case stakePlaying:
			playing = append(playing, table)
		case stakeWaiting:
			waiting = append(waiting, table)
		}
	}
	return playing, waiting, nil
}

// tableNames names tables for a refusal: channels, and "a private game"
// for a query.
func tableNames(tables []Table) string {
	var names []string
	for _, t := range tables {
		if t.IsQuery() {
			names = append(names, "a private game")
		} else {
			names = append(names, cut(t.Channel, 30))
		}
	}
	return cut(strings.Join(names, ", "), 120)
}
