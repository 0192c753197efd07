package limits

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// identity is who a line is counted against: the user on their network.
func identity(m bot.Message) string { return m.Network + ":" + m.UserID }

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

func newRateLimiter(c Config, now func() time.Time) *rateLimiter {
	return &rateLimiter{rate: c.Rate, burst: float64(c.Burst), notice: c.Notice, now: now, buckets: map[string]*bucket{}}
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

// overRate is the gate of the command rate: it drops a line over the
// rate, with the one-line notice, or nothing while the identity has been
// told within the window.
func (l *Guard) overRate(_ context.Context, m bot.Message, admin bool) (drop bool, notice []bot.Reply) {
	if admin {
		return false, nil
	}
	ok, tell := l.rate.allow(identity(m))
	if ok {
		return false, nil
	}
	if !tell {
		return true, nil
	}
	l.log.Info("commands over the rate", "network", m.Network, "user", m.UserID)
	text := fmt.Sprintf("%s, too many commands: at most %d at once and %s a second; the next ones are ignored until you slow down.",
		shownName(m), l.cfg.Burst, rateText(l.cfg.Rate))
	return true, []bot.Reply{{Text: text, Error: true, User: bot.User{ID: m.UserID, Name: m.Name}}}
}

// shownName is the speaker's name as a refusal addresses them.
func shownName(m bot.Message) string {
	if m.Name != "" {
		return cut(m.Name, 40)
	}
	return "you"
}

// rateText writes a rate without needless decimals: 2, 0.5.
func rateText(r float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", r), "0"), ".")
}
