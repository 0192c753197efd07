// Package players is the host's memory of finished games and of the
// people who played them: it archives every game that ends (Config.Archive),
// rates two-seat games with Glicko-2, joins a person's identities on
// several networks into one player (link), and answers the commands and
// the web views that read them: history, game, export, rating, top, link,
// unlink, RecentGames, Leaderboard and ExportGame.
//
// A tour: New attaches the feature to the core, registering its commands
// and subscribing to the core's events. archive.go keeps a finished game
// (bot.GameEnded, and again, idempotently, bot.GameReplaced); rating.go
// rates it; commands.go answers the archive's commands; link.go links
// identities; export.go exports the game at a table; views.go is what the
// web pages read.
package players

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Core is what the feature needs of the host's core (*bot.Bot).
type Core interface {
	Register(cs ...bot.HostCommand) error
	Subscribe(s bot.Subscriber, only ...bot.Event)
	Kinds() []bot.Spec
	Prefix() string
	Archive() bot.Archive
	Now() time.Time
	HostedKind(name string) (bot.Kind, bot.Spec, bool)
	DecodeArchived(g bot.ArchivedGame) (bot.Kind, bot.Spec, bot.State, error)
	AttachPicture(r *bot.Reply, kind string, st bot.State, viewer int, caption string)
	RunningTable(ctx context.Context, id string) (*bot.Tx, error)
	SpectatorReplies(t *bot.Tx) []bot.Reply
	TableOf(ctx context.Context, c *bot.Call) (*bot.Tx, error)
}

var _ Core = (*bot.Bot)(nil)

// Players is the feature attached to one host: its commands answer, and
// its views read, the host's archive.
type Players struct {
	core  Core
	log   *slog.Logger
	specs map[string]bot.Spec // the hosted kinds by lower-case name
	order []string            // their lower-case names, in the host's order
}

// maxAttempts bounds the compare-and-set retries of one write.
const maxAttempts = 8

// New attaches the feature to core: it registers the archive's commands
// and archives (and rates) every game that ends. Without an archive
// (Config.Archive off, or a store without one) its commands say so, and
// export without an id still exports the table's game.
func New(core Core, log *slog.Logger) (*Players, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	p := &Players{core: core, log: log, specs: map[string]bot.Spec{}}
	for _, s := range core.Kinds() {
		name := strings.ToLower(s.Name)
		p.specs[name] = s
		p.order = append(p.order, name)
	}
	if err := core.Register(p.commands()...); err != nil {
		return nil, fmt.Errorf("players: %w", err)
	}
	core.Subscribe(p.saved, bot.GameEnded{}, bot.GameReplaced{})
	return p, nil
}

// hosted reports whether kind (lower case) is hosted here.
func (p *Players) hosted(kind string) bool {
	_, ok := p.specs[kind]
	return ok
}

// The host's own ways of writing counts and user text, as its other
// lines write them.
func plural(n int, noun string) string { return bot.Plural(n, noun) }
func cut(s string, n int) string       { return bot.Cut(s, n) }
func printable(s string) bool          { return bot.Printable(s) }
