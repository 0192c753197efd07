// Package metrics tells an operator's Observer what the host does: each
// command answered (its network, the kind of game it was about and its
// verb as declared: a bare move is "move", anything undeclared "other"),
// games started and finished, the AI's think time (from the core's
// events, see bot.Subscribe), and the store's failures (Store wraps the
// store the wiring gives the core). Labels never carry what a user
// typed.
package metrics

import (
	"context"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
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
	GameFinished(kind string, ending bot.Ending)
	// AIThought: an AI seat of kind took d from its turn's load to its
	// action's save (its search, nearly all of it).
	AIThought(kind string, d time.Duration)
	// StoreError: the store failed an operation (its method's name: "Load",
	// "Save", "History"...); a missing record or a lost compare-and-set
	// is no failure.
	StoreError(op string)
}

// Publisher is the core's side of Observe: its events (*bot.Bot).
type Publisher interface {
	Subscribe(s bot.Subscriber, only ...bot.Event)
}

// Observe makes the host p tell o what it does; nil tells nobody. Call it
// before the first Handle. Store failures are told by the store Store
// wraps, which the wiring gives to bot.New.
func Observe(p Publisher, o Observer) {
	if o == nil {
		return
	}
	p.Subscribe(func(_ context.Context, e bot.Event) error {
		switch e := e.(type) {
		case bot.CommandDone:
			o.CommandDone(e.Network, e.Kind, e.Verb, e.Took, e.Err)
		case bot.AIThought:
			o.AIThought(e.Kind, e.Took)
		case bot.GameBegan:
			o.GameStarted(strings.ToLower(e.Record.Game))
		case bot.GameEnded:
			ending := e.Record.Ending
			if e.Abandoned {
				ending = bot.EndAbandoned // by new, without an end
			}
			o.GameFinished(strings.ToLower(e.Record.Game), ending)
		}
		return nil
	}, bot.CommandDone{}, bot.AIThought{}, bot.GameBegan{}, bot.GameEnded{})
}
