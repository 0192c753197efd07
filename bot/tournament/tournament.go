// Package tournament runs competitions from a channel, as the UCC
// Programming Competition's manager did: a feature beside the core
// (package bot), which it reaches through Host.
//
//	!tournament KIND roundrobin|gauntlet|swiss PLAYER... [rounds N] [tc 2s+20ms]
//	!tournament join | begin | status | crosstable | stop
//
// A tournament is a record in the store (tournamentKey), marked as owed
// work while it runs, so any process that starts finds it (the host's
// Resume hands it the mark) and drives it on. Its games are ordinary
// tables: a game between programs is played at a table of its own that no
// channel shows (tourGameTable, claimed with the host's OwnTables), by the
// director's worker pool (Config.Games at once); a game with a person is
// played at the tournament's channel, one at a time, as any game there.
// Each game gets its archive id before it is made, so the tournament finds
// its result at its table or, later, in the archive: a game lost in a
// crash is made again, a game that ended with no result (aborted) is
// replayed. The driver (tourDriver) reads the record, looks at its games,
// starts the next ones and saves with compare-and-set, so two processes
// driving one tournament never start a game twice.
package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// Host is what the tournaments need of the game host (*bot.Bot).
type Host interface {
	Register(cs ...bot.HostCommand) error
	OwnOwed(prefix string, resume func(ctx context.Context, key, network string) error)
	OwnTables(o bot.OwnedTables)
	Prefix() string
	Config() bot.Config
	Kinds() []bot.Spec
	Store() bot.Store
	Clock() bot.Clock
	Logger() *slog.Logger
	Archive() bot.Archive
	NewGameID(ctx context.Context) (string, error)
	GameRef(id string) string
	AISeat(spec bot.Spec, w string) (seat bot.Seat, ok bool, err error)
	OpenGame(ctx context.Context, table bot.Table, o bot.Opening) ([]bot.Reply, error)
	StartAI(ctx context.Context, table bot.Table) error
	EndGame(ctx context.Context, table bot.Table, id string, res bot.Result, text string) ([]bot.Reply, error)
	PlayAITurn(ctx context.Context, table bot.Table) (replies []bot.Reply, more bool, err error)
	TableRecord(ctx context.Context, table bot.Table) (rec *bot.Record, owes bool, err error)
	Claim(table bot.Table) bool
	Release(table bot.Table)
	Say(ctx context.Context, table bot.Table, replies []bot.Reply) error
	Go(f func(ctx context.Context)) bool
}

var _ Host = (*bot.Bot)(nil)

// Config is how this process runs tournaments.
type Config struct {
	// Games is how many tournament games between programs this process
	// plays at once (each in the background, beside the chat's
	// searches); default 1.
	Games int
	// MaxPlies is the move limit of tournament games: a game that
	// reaches it is drawn ("move limit"), as a match runner adjudicates
	// (Congo and Abalone have no draw rule). Default 1000; negative:
	// none.
	MaxPlies int
	// PerUser is how many tournaments, waiting for players or running,
	// one identity (a user on a network) may have made at once; admins
	// are exempt. 0: no limit.
	PerUser int
	// Clock is the time control of a tournament created without one
	// ("tc CLOCK"); zero: untimed. cmd/ataxxbot gives it the config's
	// default clock, as games started without one get.
	Clock bot.TimeControl
}

func (c Config) withDefaults() Config {
	if c.Games <= 0 {
		c.Games = 1
	}
	if c.MaxPlies == 0 {
		c.MaxPlies = 1000
	}
	return c
}

// Director runs the host's tournaments: its command, the drivers of the
// tournaments this process drives, and the views of them.
type Director struct {
	host Host
	cfg  Config
	log  *slog.Logger

	mu    sync.Mutex
	runs  map[string]*tourRun            // tournaments this process drives (driver.go)
	slots chan struct{}                  // a place per game between programs it may play at once
	kit   picture.Lazy[*picture.Toolkit] // draws standings and crosstables

	acts  map[string]tourAct  // subcommands that manage a tournament
	looks map[string]tourLook // subcommands that show one
}

// Attach adds tournaments to host: it registers the tournament command,
// takes the tournaments' owed marks and the tables of their games between
// programs. Attach before the host handles its first message.
func Attach(host Host, cfg Config) (*Director, error) {
	cfg = cfg.withDefaults()
	d := &Director{host: host, cfg: cfg, log: host.Logger(), runs: map[string]*tourRun{}, slots: make(chan struct{}, cfg.Games)}
	d.acts, d.looks = subcommands()
	if err := host.Register(d.commands()...); err != nil {
		return nil, err
	}
	host.OwnOwed(tournamentPrefix, d.resumeTournament)
	host.OwnTables(bot.OwnedTables{Prefix: tourChannel, Sweep: d.sweepTourGame, Name: tourTableName})
	return d, nil
}

// maxAttempts is how often a tournament's save is tried again after
// another writer's came first.
const maxAttempts = 8

// spec is the hosted kind named kind (lower case).
func (d *Director) spec(kind string) (bot.Spec, bool) {
	for _, s := range d.host.Kinds() {
		if strings.EqualFold(s.Name, kind) {
			return s, true
		}
	}
	return bot.Spec{}, false
}

// Store keys of tournaments.
const (
	tournamentPrefix = "tournament:"    // + id: the tournament; its owed mark while it runs
	tournamentAtKey  = "tournament-at:" // + table key: the channel's latest tournament's id
	tourChannel      = "tour:"          // + id:game: the table of a game between programs
	// tournamentSeqKey is the counter of tournaments (decimal text): a
	// tournament is t1, t2, ..., numbered apart from the games.
	tournamentSeqKey = "index:tournament-seq"
	// finishedToursKey lists the ids of the tournaments that ended
	// lately, the newest last, for the web view (finishedTours of them).
	finishedToursKey = "index:tournaments-finished"
	finishedTours    = 20
)

// Tournament limits and pace.
const (
	tourTick    = time.Second // how often a driver looks at its games
	tourReplays = 3           // a game with no result is played at most this often
	tourNameLen = 24          // longest entrant name shown
	// tourQuiet is how long a game between programs that no process here
	// plays must go unsaved before this process takes it over: another
	// process may be thinking its move (a program has its move time and
	// two seconds more), and two would each think every move.
	tourQuiet = 15 * time.Second
)

// ErrTournament: a tournament command that cannot be done.
var ErrTournament = tourney.ErrTournament

// tourState is where a tournament is in its life.
type tourState string

// The states of a tournament.
const (
	tourWaiting  tourState = "waiting"  // for the people named to join
	tourRunning  tourState = "running"  // games are played
	tourFinished tourState = "finished" // every game has its result
	tourStopped  tourState = "stopped"  // stopped before the end
)

// gameState is where one game of a tournament is.
type gameState string

// The states of a tournament's game.
const (
	gamePending gameState = ""        // not begun
	gameRunning gameState = "running" // made (or being made) at its table
	gameDone    gameState = "done"    // has its result
	gameVoid    gameState = "void"    // no result after every replay: counts nothing
	gameStopped gameState = "stopped" // running when the tournament was stopped: aborted
)

// entrant is one player of a tournament.
type entrant struct {
	Name   string       `json:"name"` // as shown: "ai:3", "ai:tiny", "bob"
	Kind   bot.SeatKind `json:"kind"` // bot.SeatAI, bot.SeatHuman, or bot.SeatInvited until they join
	Level  int          `json:"level,omitempty"`
	Engine string       `json:"engine,omitempty"`
	UserID string       `json:"user,omitempty"`
}

// person reports whether a person plays the entrant's games.
func (e entrant) person() bool { return e.Kind != bot.SeatAI }

// seat is the entrant as a game's seat.
func (e entrant) seat() bot.Seat {
	if e.Kind == bot.SeatAI {
		return bot.Seat{Kind: bot.SeatAI, Level: e.Level, Engine: e.Engine}
	}
	return bot.Seat{Kind: bot.SeatHuman, UserID: e.UserID, Name: e.Name}
}

// tourGame is one game of a tournament.
type tourGame struct {
	tourney.Pairing
	State  gameState  `json:"state,omitempty"`
	Table  string     `json:"table,omitempty"` // the key of the table it is played at
	GameID string     `json:"game,omitempty"`  // its archive id
	Score  float64    `json:"score,omitempty"` // First's points, when done
	Ending bot.Ending `json:"ending,omitempty"`
	Tries  int        `json:"tries,omitempty"` // games made for it (replays after no result)
}

// tournament is a competition run from a channel, as stored.
type tournament struct {
	Schema   int              `json:"schema"`
	ID       string           `json:"id"`
	Kind     string           `json:"kind"`
	Format   tourney.Format   `json:"format"`
	Rounds   int              `json:"rounds"`
	Clock    *bot.TimeControl `json:"clock,omitempty"`
	MaxPlies int              `json:"max_plies,omitempty"` // a game this long is drawn; 0: no limit
	Table    string           `json:"table"`               // the channel's table key
	By       string           `json:"by"`                  // who made it (may stop it)
	State    tourState        `json:"state"`
	Entrants []entrant        `json:"entrants"`
	Games    []tourGame       `json:"games,omitempty"`
	Created  time.Time        `json:"created"`
	Ended    time.Time        `json:"ended,omitzero"`
}

// names are the entrants' names, in order.
func (tr *tournament) names() []string {
	out := make([]string, len(tr.Entrants))
	for i, e := range tr.Entrants {
		out[i] = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) {
				return '?' // an invisible or direction-changing character, as shown writes it
			}
			return r
		}, e.Name)
	}
	return out
}

// results are the games with a result, for the standings.
func (tr *tournament) results() []tourney.Result {
	var out []tourney.Result
	for _, g := range tr.Games {
		if g.State == gameDone {
			out = append(out, tourney.Result{Pairing: g.Pairing, Score: g.Score})
		}
	}
	return out
}

// counts are the games played (done or void), running, and in all.
func (tr *tournament) counts() (played, running, total int) {
	for _, g := range tr.Games {
		if g.Second == tourney.Bye {
			continue
		}
		total++
		switch g.State {
		case gameDone, gameVoid:
			played++
		case gameRunning:
			running++
		}
	}
	switch {
	case tr.State == tourWaiting:
		// Not scheduled yet: as many as the players named now would play.
		if ps, err := tourney.Schedule(tr.Format, len(tr.Entrants), tr.Rounds); err == nil && ps != nil {
			total = len(ps)
		}
		if tr.Format == tourney.Swiss {
			total = tr.Rounds * (len(tr.Entrants) / 2)
		}
	case tr.Format == tourney.Swiss && tr.State == tourRunning:
		total = max(total, tr.Rounds*(len(tr.Entrants)/2))
	}
	return played, running, total
}

// round is the highest round paired so far.
func (tr *tournament) round() int {
	r := 0
	for _, g := range tr.Games {
		r = max(r, g.Round)
	}
	return r
}

func tournamentKey(id string) string { return tournamentPrefix + id }

// tourGameTable is the table of a tournament's game between programs:
// on the tournament's network, in a channel no chat has.
func tourGameTable(network, id string, game int) bot.Table {
	return bot.Table{Network: network, Channel: tourChannel + id + ":" + strconv.Itoa(game)}
}

// isTourGame reports whether table is a tournament's table for a game
// between programs: nobody reads it, so nothing is said there.
func isTourGame(t bot.Table) bool { return strings.HasPrefix(t.Channel, tourChannel) }

// tourTableName names where a game between programs is played, for the
// views: "tournament t5".
func tourTableName(t bot.Table) string {
	if id, _, ok := strings.Cut(strings.TrimPrefix(t.Channel, tourChannel), ":"); ok && isTourGame(t) {
		return "tournament " + id
	}
	return ""
}

// loadTournament reads a tournament and its version.
func (d *Director) loadTournament(ctx context.Context, id string) (*tournament, uint64, error) {
	data, version, err := d.host.Store().Load(ctx, tournamentKey(id))
	if err != nil {
		if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
			return nil, version, err
		}
		return nil, 0, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	tr := &tournament{}
	if err := json.Unmarshal(data, tr); err != nil {
		return nil, version, fmt.Errorf("%w: tournament %s: %w", bot.ErrDamaged, id, err)
	}
	return tr, version, nil
}

// saveTournament writes tr if version is still current.
func (d *Director) saveTournament(ctx context.Context, tr *tournament, version uint64) (uint64, error) {
	data, err := json.Marshal(tr)
	if err != nil {
		return 0, err
	}
	done := tr.State == tourFinished || tr.State == tourStopped
	v, err := d.host.Store().Save(ctx, tournamentKey(tr.ID), data, version, done)
	if err != nil && !errors.Is(err, bot.ErrConflict) {
		return 0, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return v, err
}

// channelTournament is the id of the latest tournament at table ("" if
// none) and the version of that pointer.
func (d *Director) channelTournament(ctx context.Context, table bot.Table) (string, uint64, error) {
	data, version, err := d.host.Store().Load(ctx, tournamentAtKey+table.Key())
	switch {
	case errors.Is(err, bot.ErrNotFound):
		return "", 0, nil
	case errors.Is(err, bot.ErrDamaged):
		return "", version, nil
	case err != nil:
		return "", 0, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return string(data), version, nil
}

// updateTournament loads the tournament id, runs fn and saves, again from
// the load when another save came first. fn returns false to save
// nothing.
func (d *Director) updateTournament(ctx context.Context, id string, fn func(tr *tournament) (bool, error)) (*tournament, error) {
	for range maxAttempts {
		tr, version, err := d.loadTournament(ctx, id)
		if err != nil {
			return nil, err
		}
		save, err := fn(tr)
		if err != nil || !save {
			return tr, err
		}
		if _, err := d.saveTournament(ctx, tr, version); errors.Is(err, bot.ErrConflict) {
			continue
		} else if err != nil {
			return nil, err
		}
		return tr, nil
	}
	return nil, fmt.Errorf("%w: tournament %s: too many writers", bot.ErrUnavailable, id)
}

// commands is the command that runs competitions.
func (d *Director) commands() []bot.HostCommand {
	return []bot.HostCommand{{CommandSpec: bot.CommandSpec{Name: "tournament", Aliases: []string{"tourney"}, Use: bot.Look, Usage: "tournament KIND roundrobin|gauntlet|swiss PLAYER... [rounds N] [tc CLOCK] | status|crosstable|games [ID] | join | begin | stop",
		Summary: "run a competition here: players are ai:LEVEL, ai:PROGRAM and @people; games between programs run in the background, a person's here when paired; status shows the standings (points, Elo ± interval, Sonneborn-Berger)",
		Args:    []bot.Arg{{Name: "what", Desc: "KIND FORMAT PLAYER... [rounds N] [tc CLOCK], or status, crosstable, games [ID], join, begin, stop", Type: bot.ArgRest}}},
		Alone: func(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
			return d.tournamentCommand(ctx, c)
		}}}
}

// tourAct is a subcommand that manages a tournament (by its id).
type tourAct func(d *Director, ctx context.Context, c *bot.Call, id string) ([]bot.Reply, error)

// tourLook is a subcommand that shows a tournament.
type tourLook func(d *Director, tr *tournament) []bot.Reply

// subcommands are the subcommands of tournament that name a tournament
// (the channel's latest, or the ID after them): those that manage it and
// those that show it. Any other first word makes one.
func subcommands() (map[string]tourAct, map[string]tourLook) {
	standings := func(d *Director, tr *tournament) []bot.Reply {
		return []bot.Reply{{Text: d.tourHeadline(tr)}, d.standingsReply(tr)}
	}
	crosstable := func(d *Director, tr *tournament) []bot.Reply { return []bot.Reply{d.crosstableReply(tr)} }
	return map[string]tourAct{
			"join": func(d *Director, ctx context.Context, c *bot.Call, id string) ([]bot.Reply, error) {
				return d.joinTournament(ctx, c.Message, id)
			},
			"begin": (*Director).beginTournament,
			"stop":  (*Director).stopTournament,
		}, map[string]tourLook{
			"status": standings, "standings": standings,
			"crosstable": crosstable, "cross": crosstable, "table": crosstable,
			"games": func(d *Director, tr *tournament) []bot.Reply {
				return []bot.Reply{{Text: d.tourGamesText(tr), Mono: true}}
			},
		}
}

// tournamentCommand answers !tournament.
func (d *Director) tournamentCommand(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
	m, args := c.Message, c.Args
	verb := "status"
	if len(args) > 0 {
		verb = strings.ToLower(args[0])
	}
	act, manages := d.acts[verb]
	look, looks := d.looks[verb]
	if c.Kind != "" && !looks && !manages && verb != "help" {
		args = append([]string{c.Kind}, args...) // "!ataxx tournament swiss ..."
	}
	table := m.Table()
	switch {
	case verb == "help":
		return []bot.Reply{{Text: d.tournamentUsage()}}, nil
	case !looks && !manages:
		return d.createTournament(ctx, c, table, args)
	case len(args) > 2, len(args) == 2 && (manages || !validTourID(args[1])):
		return nil, fmt.Errorf("%w: say %stournament %s%s", bot.ErrBadCommand, d.host.Prefix(), verb, map[bool]string{true: " [ID]"}[looks])
	}
	var id string
	if len(args) == 2 {
		id = strings.ToLower(args[1]) // another tournament than this channel's latest
	} else {
		var err error
		if id, _, err = d.channelTournament(ctx, table); err != nil {
			return nil, err
		}
	}
	if id == "" {
		if verb == "status" && len(args) == 0 {
			return []bot.Reply{{Text: "No tournament here yet. " + d.tournamentUsage()}}, nil
		}
		return nil, fmt.Errorf("%w: no tournament here yet. %s", bot.ErrBadCommand, d.tournamentUsage())
	}
	if manages {
		return act(d, ctx, c, id)
	}
	tr, _, err := d.loadTournament(ctx, id)
	if err != nil {
		if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
			return nil, fmt.Errorf("%w: no tournament %s can be read", bot.ErrBadCommand, bot.Cut(id, 20))
		}
		return nil, err
	}
	return look(d, tr), nil
}

// validTourID reports whether s may be a tournament's id: "t" and a
// number ("t12"), or a game id in base 36 as tournaments were numbered
// before they had their own counter ("t1k").
func validTourID(s string) bool {
	s = strings.ToLower(s)
	if len(s) < 2 || len(s) > 14 || s[0] != 't' {
		return false
	}
	for _, c := range s[1:] {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// tournamentUsage says how to run one.
func (d *Director) tournamentUsage() string {
	p := d.host.Prefix()
	return fmt.Sprintf("Say %stournament KIND roundrobin|gauntlet|swiss PLAYER... [rounds N] [tc 2s+20ms] "+
		"(players: ai:LEVEL, ai:PROGRAM, @person), then %stournament status, crosstable or games [ID], join, begin or stop.", p, p)
}

// createTournament reads "KIND FORMAT PLAYER... [rounds N] [tc CLOCK]".
func (d *Director) createTournament(ctx context.Context, c *bot.Call, table bot.Table, args []string) ([]bot.Reply, error) {
	m := c.Message
	a := d.host.Archive()
	if a == nil {
		return nil, fmt.Errorf("%w: tournaments need the archive, and this bot keeps none", bot.ErrBadCommand)
	}
	if len(args) < 2 {
		return nil, fmt.Errorf("%w: %s", bot.ErrBadCommand, d.tournamentUsage())
	}
	kind := strings.ToLower(args[0])
	spec, ok := d.spec(kind)
	if !ok {
		return nil, fmt.Errorf("%w: no game %q here; say %sgames", bot.ErrBadCommand, bot.Cut(args[0], 20), d.host.Prefix())
	}
	if len(spec.Seats) != 2 || spec.Live {
		return nil, fmt.Errorf("%w: %s is not a game for two that a tournament can play", bot.ErrBadCommand, spec.Title)
	}
	format, err := tourney.ParseFormat(args[1])
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrBadCommand, err)
	}
	tr := &tournament{Schema: 1, Kind: kind, Format: format, Table: table.Key(), By: m.UserID,
		State: tourRunning, Created: d.host.Clock().Now().UTC(), MaxPlies: max(d.cfg.MaxPlies, 0)}
	people := 0
	for i := 2; i < len(args); i++ {
		w := strings.ToLower(args[i])
		switch {
		case w == "rounds" || w == "tc" || w == "clock":
			if i+1 >= len(args) {
				return nil, fmt.Errorf("%w: %s needs a value", bot.ErrBadCommand, w)
			}
			i++
			if w == "rounds" {
				n, err := strconv.Atoi(args[i])
				if err != nil || n < 1 || n > tourney.MaxCycles {
					return nil, fmt.Errorf("%w: rounds is a number from 1 to %d", bot.ErrBadCommand, tourney.MaxCycles)
				}
				tr.Rounds = n
				continue
			}
			tc, err := bot.ParseTimeControl(args[i])
			if err != nil {
				return nil, fmt.Errorf("%w: %w", bot.ErrBadCommand, err)
			}
			if !tc.IsZero() {
				tr.Clock = &tc
			}
		default:
			e, err := d.entrantOf(spec, m, args[i], people)
			if err != nil {
				return nil, err
			}
			if e.person() {
				people++
			}
			for _, o := range tr.Entrants {
				if strings.EqualFold(o.Name, e.Name) || (e.UserID != "" && o.UserID == e.UserID) {
					return nil, fmt.Errorf("%w: %s is named twice", bot.ErrBadCommand, bot.Shown(e.Name))
				}
			}
			tr.Entrants = append(tr.Entrants, e)
		}
	}
	n := len(tr.Entrants)
	if n < 2 || n > tourney.MaxEntrants {
		return nil, fmt.Errorf("%w: a tournament takes 2 to %d players", bot.ErrBadCommand, tourney.MaxEntrants)
	}
	if tr.Rounds == 0 {
		tr.Rounds = tourney.DefaultRounds(format, n)
	}
	if _, err := tourney.Schedule(format, n, tr.Rounds); err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrBadCommand, err)
	}
	if tc := d.cfg.Clock; tr.Clock == nil && !tc.IsZero() {
		tr.Clock = &tc
	}
	if err := d.limitTournaments(ctx, c); err != nil {
		return nil, err
	}
	if slices.ContainsFunc(tr.Entrants, func(e entrant) bool { return e.Kind == bot.SeatInvited }) {
		tr.State = tourWaiting
	}
	// The channel's pointer first: of two tournaments made at once here,
	// one gets it.
	old, version, err := d.channelTournament(ctx, table)
	if err != nil {
		return nil, err
	}
	if old != "" {
		if o, _, err := d.loadTournament(ctx, old); err == nil && (o.State == tourRunning || o.State == tourWaiting) {
			return nil, fmt.Errorf("%w: tournament %s is on here; %stournament stop ends it", bot.ErrBadCommand, o.ID, d.host.Prefix())
		}
	}
	if tr.ID, err = d.nextTournamentID(ctx); err != nil {
		return nil, err
	}
	if tr.State == tourRunning {
		if err := tr.schedule(); err != nil {
			return nil, fmt.Errorf("%w: %w", bot.ErrBadCommand, err)
		}
	}
	if _, err := d.saveTournament(ctx, tr, 0); err != nil {
		return nil, err
	}
	if _, err := d.host.Store().Save(ctx, tournamentAtKey+table.Key(), []byte(tr.ID), version, false); errors.Is(err, bot.ErrConflict) {
		return nil, fmt.Errorf("%w: another tournament was made here just now; say %stournament status", bot.ErrBadCommand, d.host.Prefix())
	} else if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	d.log.Info("tournament made", "tournament", tr.ID, "kind", kind, "format", format, "entrants", n, "table", table.Key())
	replies := []bot.Reply{{Text: d.tourHeadline(tr)}}
	if tr.State == tourWaiting {
		// Marked while it waits too, so that the web view lists it.
		if err := d.host.Store().SetOwed(ctx, tournamentKey(tr.ID), true); err != nil {
			return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
		for _, e := range tr.Entrants {
			if e.Kind == bot.SeatInvited {
				replies = append(replies, bot.Reply{Text: fmt.Sprintf("%s, you are invited to tournament %s: say %stournament join.",
					bot.Shown(e.Name), tr.ID, d.host.Prefix()), Mention: e.UserID})
			}
		}
		return replies, nil
	}
	more, err := d.startTournament(ctx, tr)
	if err != nil {
		return nil, err
	}
	return append(replies, more...), nil
}

// nextTournamentID returns a new tournament id, "t" and the next number of
// the tournaments' own counter (compare-and-set, so no two processes get
// one number). Tournaments made before the counter were numbered from
// the games' counter ("t5", "t1k"): a number whose id such a tournament
// holds is passed over, so an old tournament is found under its id still.
func (d *Director) nextTournamentID(ctx context.Context) (string, error) {
	for range 64 {
		data, version, err := d.host.Store().Load(ctx, tournamentSeqKey)
		var n uint64
		switch {
		case errors.Is(err, bot.ErrNotFound):
		case errors.Is(err, bot.ErrDamaged):
			d.log.Error("tournament counter cannot be read; counting on from 0, past the ids taken", "err", err)
		case err != nil:
			return "", fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		default:
			if n, err = strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64); err != nil {
				d.log.Error("tournament counter cannot be read; counting on from 0, past the ids taken", "err", err)
				n = 0
			}
		}
		n++
		_, err = d.host.Store().Save(ctx, tournamentSeqKey, []byte(strconv.FormatUint(n, 10)), version, false)
		if errors.Is(err, bot.ErrConflict) {
			continue // another process took this number
		}
		if err != nil {
			return "", fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
		id := "t" + strconv.FormatUint(n, 10)
		switch _, _, err := d.host.Store().Load(ctx, tournamentKey(id)); {
		case errors.Is(err, bot.ErrNotFound):
			return id, nil
		case err != nil && !errors.Is(err, bot.ErrDamaged):
			return "", fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
		}
		// An old tournament holds this id: the next number.
	}
	return "", fmt.Errorf("%w: no free tournament id after many tries", bot.ErrUnavailable)
}

// noteFinishedTournament adds id to the list of tournaments that ended
// lately. A failure is logged: the tournament is saved, and the list is
// only what the web view shows.
func (d *Director) noteFinishedTournament(ctx context.Context, id string) {
	for range maxAttempts {
		data, version, err := d.host.Store().Load(ctx, finishedToursKey)
		var ids []string
		switch {
		case errors.Is(err, bot.ErrNotFound), errors.Is(err, bot.ErrDamaged):
		case err != nil:
			d.log.Warn("list of finished tournaments", "err", err)
			return
		default:
			if err := json.Unmarshal(data, &ids); err != nil {
				d.log.Error("list of finished tournaments cannot be read; it will be replaced", "err", err)
				ids = nil
			}
		}
		ids = append(slices.DeleteFunc(ids, func(x string) bool { return x == id }), id)
		if len(ids) > finishedTours {
			ids = ids[len(ids)-finishedTours:]
		}
		data, _ = json.Marshal(ids)
		_, err = d.host.Store().Save(ctx, finishedToursKey, data, version, false)
		if errors.Is(err, bot.ErrConflict) {
			continue
		}
		if err != nil {
			d.log.Warn("list of finished tournaments", "err", err)
		}
		return
	}
	d.log.Warn("list of finished tournaments: busy, left as it was", "tournament", id)
}

// entrantOf reads one player of a tournament: ai (the default level),
// ai:LEVEL, ai:PROGRAM, or a person (@name, a mention). nth is how many
// people came before, to pair names with the network's mentions.
func (d *Director) entrantOf(spec bot.Spec, m bot.Message, w string, nth int) (entrant, error) {
	if seat, ok, err := d.host.AISeat(spec, w); ok {
		if err != nil {
			return entrant{}, err
		}
		name := "ai:" + strconv.Itoa(seat.Level)
		if seat.Engine != "" {
			name = "ai:" + seat.Engine
		}
		return entrant{Name: name, Kind: bot.SeatAI, Level: seat.Level, Engine: seat.Engine}, nil
	}
	name := strings.TrimPrefix(w, "@")
	if name == "" || len(name) > 64 || !bot.Printable(name) || strings.ContainsAny(name, ":") {
		return entrant{}, fmt.Errorf("%w: %q is no player: say ai:LEVEL, ai:PROGRAM or @person", bot.ErrBadCommand, bot.Cut(w, 20))
	}
	e := entrant{Name: name, Kind: bot.SeatInvited}
	for _, u := range m.Mentions {
		if u.ID != "" && (strings.EqualFold(u.Name, name) || u.ID == name) {
			e.UserID, e.Name = u.ID, u.Name
		}
	}
	if e.UserID == "" && nth < len(m.Mentions) && m.Mentions[nth].ID != "" && !strings.HasPrefix(w, "@") {
		e.UserID, e.Name = m.Mentions[nth].ID, m.Mentions[nth].Name
	}
	if e.UserID == m.UserID || (e.UserID == "" && strings.EqualFold(name, m.Name)) {
		e.UserID, e.Name, e.Kind = m.UserID, m.Name, bot.SeatHuman // the maker plays: joined
	}
	e.Name = bot.Cut(e.Name, tourNameLen)
	return e, nil
}

// schedule lays out the games: every game of a round robin or a
// gauntlet, the first round of a Swiss.
func (tr *tournament) schedule() error {
	n := len(tr.Entrants)
	if tr.Format == tourney.Swiss {
		tr.Games = nil
		tr.addSwissRound()
		return nil
	}
	ps, err := tourney.Schedule(tr.Format, n, tr.Rounds)
	if err != nil {
		return err
	}
	if len(ps) > tourney.MaxGames {
		return fmt.Errorf("%w: %d games are too many (at most %d)", ErrTournament, len(ps), tourney.MaxGames)
	}
	tr.Games = make([]tourGame, len(ps))
	for i, p := range ps {
		tr.Games[i] = tourGame{Pairing: p}
	}
	return nil
}

// addSwissRound pairs the next round of a Swiss; a bye is a point at
// once.
func (tr *tournament) addSwissRound() {
	next := tr.round() + 1
	for _, p := range tourney.SwissRound(len(tr.Entrants), next, tr.results()) {
		g := tourGame{Pairing: p}
		if p.Second == tourney.Bye {
			g.State, g.Score = gameDone, 1
		}
		tr.Games = append(tr.Games, g)
	}
}

// startTournament marks the tournament as owed work and starts driving
// it; it returns what the channel is told: the first round's pairings of
// a Swiss.
func (d *Director) startTournament(ctx context.Context, tr *tournament) ([]bot.Reply, error) {
	if err := d.host.Store().SetOwed(ctx, tournamentKey(tr.ID), true); err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	d.driveTournament(tr.ID)
	if tr.Format == tourney.Swiss {
		return []bot.Reply{{Text: tr.pairingsLine(1)}}, nil
	}
	return nil, nil
}

// joinTournament seats the speaker in the waiting tournament: a person it
// names, or anyone while it waits.
func (d *Director) joinTournament(ctx context.Context, m bot.Message, id string) ([]bot.Reply, error) {
	began := false
	tr, err := d.updateTournament(ctx, id, func(tr *tournament) (bool, error) {
		if tr.State != tourWaiting {
			return false, fmt.Errorf("%w: tournament %s is %s: it takes no more players", bot.ErrBadCommand, tr.ID, tr.State)
		}
		i := slices.IndexFunc(tr.Entrants, func(e entrant) bool {
			return e.UserID == m.UserID && m.UserID != "" || e.UserID == "" && strings.EqualFold(e.Name, m.Name)
		})
		switch {
		case i >= 0 && tr.Entrants[i].Kind == bot.SeatHuman:
			return false, fmt.Errorf("%w: you are in tournament %s already", bot.ErrBadCommand, tr.ID)
		case i >= 0:
			tr.Entrants[i] = entrant{Name: bot.Cut(m.Name, tourNameLen), Kind: bot.SeatHuman, UserID: m.UserID}
		case len(tr.Entrants) >= tourney.MaxEntrants:
			return false, fmt.Errorf("%w: tournament %s is full", bot.ErrBadCommand, tr.ID)
		default:
			tr.Entrants = append(tr.Entrants, entrant{Name: bot.Cut(m.Name, tourNameLen), Kind: bot.SeatHuman, UserID: m.UserID})
		}
		began = !slices.ContainsFunc(tr.Entrants, func(e entrant) bool { return e.Kind == bot.SeatInvited })
		if began {
			if err := tr.begin(); err != nil {
				return false, err
			}
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	replies := []bot.Reply{{Text: fmt.Sprintf("%s joins tournament %s.", bot.Shown(m.Name), tr.ID)}}
	if began {
		more, err := d.startTournament(ctx, tr)
		if err != nil {
			return nil, err
		}
		replies = append(append(replies, bot.Reply{Text: d.tourHeadline(tr)}), more...)
	}
	return replies, nil
}

// begin starts a waiting tournament with the players who joined.
func (tr *tournament) begin() error {
	tr.Entrants = slices.DeleteFunc(tr.Entrants, func(e entrant) bool { return e.Kind == bot.SeatInvited })
	if len(tr.Entrants) < 2 {
		return fmt.Errorf("%w: a tournament needs two players who joined", bot.ErrBadCommand)
	}
	if _, err := tourney.Schedule(tr.Format, len(tr.Entrants), tr.Rounds); err != nil {
		return fmt.Errorf("%w: %w", bot.ErrBadCommand, err)
	}
	tr.State = tourRunning
	return tr.schedule()
}

// mayManage reports whether the speaker made the tournament or is an
// admin.
func mayManage(tr *tournament, c *bot.Call) bool {
	return c.UserID != "" && c.UserID == tr.By || c.Admin()
}

// beginTournament starts a waiting tournament without the people who
// have not joined.
func (d *Director) beginTournament(ctx context.Context, c *bot.Call, id string) ([]bot.Reply, error) {
	tr, err := d.updateTournament(ctx, id, func(tr *tournament) (bool, error) {
		if tr.State != tourWaiting {
			return false, fmt.Errorf("%w: tournament %s is %s already", bot.ErrBadCommand, tr.ID, tr.State)
		}
		if !mayManage(tr, c) {
			return false, fmt.Errorf("%w: only who made tournament %s (or an admin) may begin it", bot.ErrBadCommand, tr.ID)
		}
		return true, tr.begin()
	})
	if err != nil {
		return nil, err
	}
	more, err := d.startTournament(ctx, tr)
	if err != nil {
		return nil, err
	}
	return append([]bot.Reply{{Text: d.tourHeadline(tr)}}, more...), nil
}

// stopTournament ends the tournament where it stands: its games between
// programs are aborted, a person's game at the channel plays on
// unrated by it.
func (d *Director) stopTournament(ctx context.Context, c *bot.Call, id string) ([]bot.Reply, error) {
	m := c.Message
	tr, err := d.updateTournament(ctx, id, func(tr *tournament) (bool, error) {
		if tr.State != tourWaiting && tr.State != tourRunning {
			return false, fmt.Errorf("%w: tournament %s is %s already", bot.ErrBadCommand, tr.ID, tr.State)
		}
		if !mayManage(tr, c) {
			return false, fmt.Errorf("%w: only who made tournament %s (or an admin) may stop it", bot.ErrBadCommand, tr.ID)
		}
		tr.State, tr.Ended = tourStopped, d.host.Clock().Now().UTC()
		for i := range tr.Games {
			if tr.Games[i].State == gameRunning {
				tr.Games[i].State = gameStopped
			}
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	d.stopRun(tr.ID)
	d.abortTourGames(ctx, tr)
	if err := d.host.Store().SetOwed(ctx, tournamentKey(tr.ID), false); err != nil {
		d.log.Warn("clearing a tournament's mark", "tournament", tr.ID, "err", err)
	}
	d.noteFinishedTournament(ctx, tr.ID)
	d.log.Info("tournament stopped", "tournament", tr.ID, "by", m.UserID)
	return []bot.Reply{{Text: fmt.Sprintf("Tournament %s is stopped. The standings as they stand:", tr.ID)}, d.standingsReply(tr)}, nil
}

// abortTourGames ends the stopped tournament's running games between
// programs with no result.
func (d *Director) abortTourGames(ctx context.Context, tr *tournament) {
	for _, g := range tr.Games {
		table, err := bot.ParseTable(g.Table)
		if g.State != gameStopped || err != nil || !isTourGame(table) {
			continue
		}
		_, err = d.host.EndGame(ctx, table, g.GameID, bot.Result{Over: true, Winner: -1, Ending: bot.EndAborted}, "The tournament was stopped.")
		if err != nil {
			d.log.Warn("aborting a stopped tournament's game", "tournament", tr.ID, "table", g.Table, "err", err)
		}
		if err := d.host.Store().SetOwed(ctx, table.Key(), false); err != nil {
			d.log.Warn("clearing a stopped tournament game's mark", "table", g.Table, "err", err)
		}
	}
}

// resumeTournament drives the tournament under an owed mark on network
// (after a restart), or clears a mark that names nothing to drive.
func (d *Director) resumeTournament(ctx context.Context, key, network string) error {
	id := strings.TrimPrefix(key, tournamentPrefix)
	tr, _, err := d.loadTournament(ctx, id)
	switch {
	case errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged):
		d.log.Error("owed tournament cannot be read; clearing its mark", "tournament", id, "err", err)
		return d.host.Store().SetOwed(ctx, key, false)
	case err != nil:
		return err
	}
	table, err := bot.ParseTable(tr.Table)
	if err != nil || table.Network != network {
		return nil
	}
	switch tr.State {
	case tourWaiting:
		return nil // its players join; its mark lists it meanwhile
	case tourRunning:
		d.driveTournament(id)
		return nil
	}
	return d.host.Store().SetOwed(ctx, key, false)
}

// limitTournaments refuses a new tournament from someone who has made
// Config.PerUser that wait or run. Tournaments that wait or
// run are the ones marked as owed work.
func (d *Director) limitTournaments(ctx context.Context, c *bot.Call) error {
	most := d.cfg.PerUser
	if most <= 0 || c.Admin() {
		return nil
	}
	keys, err := d.host.Store().Owed(ctx)
	if err != nil {
		return fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var mine []string
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, tournamentPrefix)
		if !ok {
			continue
		}
		tr, _, err := d.loadTournament(ctx, id)
		if err != nil || tr.By != c.UserID || (tr.State != tourWaiting && tr.State != tourRunning) {
			continue
		}
		if table, err := bot.ParseTable(tr.Table); err == nil && table.Network == c.Network {
			mine = append(mine, tr.ID)
		}
	}
	if len(mine) >= most {
		return fmt.Errorf("%w: you run %d tournaments already (%s), the most at once here; stop one or let it end first",
			bot.ErrLimit, len(mine), bot.Cut(strings.Join(mine, ", "), 80))
	}
	return nil
}
