// Package limits holds each identity (a user id on a network, as the
// adapter knows it) to what one person may do, so that one person cannot
// flood a public channel or fill the host with games: a command rate, and
// how many games in play and challenges open they may hold at once. An
// admin is exempt from all of them.
//
// Attach puts the limits on a host: the rate is a gate every line for the
// host passes before it reads any table (bot.Gate), the games and
// challenges a check on every command at a table, before it runs and
// before its save (bot.CommandCheck), so a refused command changes
// nothing.
//
// The command rate is kept in this process's memory: a restart forgets it,
// and each process of several sharing a store counts only the lines it
// reads (one process reads a network's lines at a time). Games and
// challenges are counted from the store, so every process sees the same
// ones.
package limits

import (
	"context"
	"log/slog"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Config is what one identity may do.
type Config struct {
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
	// Games and challenges are found in the player's seat index
	// (bot.Bot.SeatTables), which keeps their last 32 tables: a limit
	// above that is no limit. The zero Config limits nothing (the host as
	// a library, and tests); the ataxxbot program's config gives every
	// one a default.
}

func (c Config) withDefaults() Config {
	if c.Rate > 0 && c.Burst < 1 {
		c.Burst = 1
	}
	if c.Notice <= 0 {
		c.Notice = time.Minute
	}
	return c
}

// Host is what the limits need of the host.
type Host interface {
	AddGate(bot.Gate)
	AddCheck(bot.CommandCheck)
	SeatTables(ctx context.Context, network, userID string) ([]bot.Table, error)
	StakeAt(ctx context.Context, table bot.Table, userID string) (bot.Stake, error)
}

var _ Host = (*bot.Bot)(nil)

// Guard holds one host's identities to their limits.
type Guard struct {
	cfg  Config
	host Host
	rate *rateLimiter
	log  *slog.Logger
}

// Attach puts cfg's limits on host, before its first line. clock (nil:
// the system's) times the command rate; log (nil: none) notes who goes
// over it. A limit that is 0 costs nothing.
func Attach(host Host, cfg Config, clock bot.Clock, log *slog.Logger) *Guard {
	if clock == nil {
		clock = bot.SystemClock{}
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	l := &Guard{cfg: cfg, host: host, rate: newRateLimiter(cfg, clock.Now), log: log}
	if cfg.Rate > 0 {
		host.AddGate(l.overRate)
	}
	if cfg.Games > 0 || cfg.Challenges > 0 {
		host.AddCheck(bot.CommandCheck{Before: l.stakeBefore, After: l.limitStake})
	}
	return l
}
