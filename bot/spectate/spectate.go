// Package spectate is what spectators see of a host's games, anywhere
// (a web page): an index of running games kept in the store (the key
// index:running, updated by compare-and-set; channels only, never a
// private conversation), the games running now and any game by its
// archive id (live from its table while it runs, else from the archive),
// and its board's picture. Every view is the Spectator's, so a hidden
// kind shows nothing secret. The index also tells the core where a game
// runs (a bot.Locator), for anyone who looks a running game up by its id.
package spectate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

// Core is what the feature needs of the host's core (*bot.Bot).
type Core interface {
	Subscribe(s bot.Subscriber, only ...bot.Event)
	AddLocator(l bot.Locator)
	Store() bot.Store
	Logger() *slog.Logger
	Archive() bot.Archive
	DecodeArchived(g bot.ArchivedGame) (bot.Kind, bot.Spec, bot.State, error)
	GameAt(ctx context.Context, table bot.Table, id string) (*bot.Tx, error)
	Spectated(t *bot.Tx) bot.Spectated
	OwnedTableName(table bot.Table) (name string, owned bool)
	BoardPNG(st bot.State, viewer int, caption string) ([]byte, error)
}

var _ Core = (*bot.Bot)(nil)

// Spectators keeps a host's index of running games and gives its
// spectators' views; make it with Attach.
type Spectators struct {
	core Core
	log  *slog.Logger
}

// Attach keeps the index of core's running games from its events, makes
// it where core finds a running game by id, and returns the views.
func Attach(core Core) *Spectators {
	s := &Spectators{core: core, log: core.Logger()}
	core.Subscribe(s.told, bot.GameBegan{}, bot.GameEnded{})
	core.AddLocator(s.runningTx)
	return s
}

// runningKey is the store key of the index of running games: the tables
// where a game with an archive id began and has not ended. It is a
// record like a table's, versioned for compare-and-set.
const runningKey = "index:running"

// maxRunning bounds the index: past it, the oldest entries go (a table
// whose end was never recorded, after a crash, is the likeliest).
const maxRunning = 1000

// maxAttempts bounds the compare-and-set retries of one update.
const maxAttempts = 8

// runningEntry is one game in the index.
type runningEntry struct {
	ID    string `json:"id"`
	Table string `json:"table"`
}

// told keeps the index as saves change tables: it keeps the game that
// began playing and drops the one that ended, and the game a fresh one
// abandoned.
func (s *Spectators) told(ctx context.Context, e bot.Event) error {
	switch e := e.(type) {
	case bot.GameBegan:
		// Told when play began in the save, even if it ended there.
		if !e.Table.IsQuery() && e.Record.ID != "" && e.Record.Phase == bot.PhasePlaying {
			s.updateRunning(ctx, runningEntry{ID: e.Record.ID, Table: e.Table.Key()}, true)
		}
	case bot.GameEnded:
		switch {
		case e.Table.IsQuery(): // a private conversation is never listed
		case e.Abandoned:
			// Record is the fresh game. One that plays already began in
			// this save, and its entry replaced the abandoned game's.
			if e.Record.Phase != bot.PhasePlaying {
				s.updateRunning(ctx, runningEntry{Table: e.Table.Key()}, false)
			}
		case e.Record.ID != "":
			s.updateRunning(ctx, runningEntry{ID: e.Record.ID, Table: e.Table.Key()}, false)
		}
	}
	return nil
}

// updateRunning adds e to the index of running games (replacing any
// other game at its table) or removes it. A failure is logged: the game
// is saved, and the index is only what the web view lists.
func (s *Spectators) updateRunning(ctx context.Context, e runningEntry, add bool) {
	for range maxAttempts {
		list, version, err := s.loadRunning(ctx)
		if err != nil {
			s.log.Warn("index of running games", "err", err)
			return
		}
		list = slices.DeleteFunc(list, func(x runningEntry) bool { return x.Table == e.Table || e.ID != "" && x.ID == e.ID })
		if add {
			list = append(list, e)
			if len(list) > maxRunning {
				list = list[len(list)-maxRunning:]
			}
		}
		data, err := json.Marshal(list)
		if err != nil {
			return
		}
		_, err = s.core.Store().Save(ctx, runningKey, data, version, false)
		if errors.Is(err, bot.ErrConflict) {
			continue
		}
		if err != nil {
			s.log.Warn("index of running games", "err", err)
		}
		return
	}
	s.log.Warn("index of running games: busy, left as it was", "game", e.ID)
}

// loadRunning reads the index; a damaged one is read as empty, and
// replaced at the next update.
func (s *Spectators) loadRunning(ctx context.Context) ([]runningEntry, uint64, error) {
	data, version, err := s.core.Store().Load(ctx, runningKey)
	switch {
	case errors.Is(err, bot.ErrNotFound):
		return nil, 0, nil
	case errors.Is(err, bot.ErrDamaged):
		return nil, version, nil
	case err != nil:
		return nil, 0, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var list []runningEntry
	if err := json.Unmarshal(data, &list); err != nil {
		s.log.Error("index of running games cannot be read; it will be replaced", "err", err)
		return nil, version, nil
	}
	return list, version, nil
}

// RunningGames returns up to n games running now, newest first, as a
// spectator sees them: games with an archive id, at tables that are not
// private conversations. An entry whose table holds another game now is
// left out.
func (s *Spectators) RunningGames(ctx context.Context, n int) ([]bot.GameView, error) {
	list, _, err := s.loadRunning(ctx)
	if err != nil {
		return nil, err
	}
	var out []bot.GameView
	for i := len(list) - 1; i >= 0 && len(out) < n; i-- {
		v, ok, err := s.tableView(ctx, list[i])
		if err != nil {
			return nil, err
		}
		if ok && v.Running {
			out = append(out, v)
		}
	}
	return out, nil
}

// ViewGame returns game id as a spectator sees it: live from its table
// while it runs (or until its table holds another game), else from the
// archive. ErrNotFound when neither has it.
func (s *Spectators) ViewGame(ctx context.Context, id string) (bot.GameView, error) {
	list, _, err := s.loadRunning(ctx)
	if err != nil {
		return bot.GameView{}, err
	}
	for _, e := range list {
		if e.ID != id {
			continue
		}
		v, ok, err := s.tableView(ctx, e)
		if err != nil {
			return bot.GameView{}, err
		}
		if ok {
			return v, nil
		}
	}
	g, err := s.archivedByID(ctx, id)
	if err != nil {
		return bot.GameView{}, err
	}
	return s.archivedView(g)
}

// entryTx loads the table of entry e if it still holds e's game; nil
// when it holds another game or none.
func (s *Spectators) entryTx(ctx context.Context, e runningEntry) (*bot.Tx, error) {
	table, err := bot.ParseTable(e.Table)
	if err != nil {
		return nil, nil
	}
	return s.core.GameAt(ctx, table, e.ID)
}

// tableView is the game of entry e at its table, if the table still
// holds it; ok is false when it holds another game or none.
func (s *Spectators) tableView(ctx context.Context, e runningEntry) (bot.GameView, bool, error) {
	t, err := s.entryTx(ctx, e)
	if err != nil || t == nil {
		return bot.GameView{}, false, err
	}
	table, spec := t.Table(), t.Spec()
	seen := s.core.Spectated(t)
	v := t.GameView()
	v.Status, v.Board = seen.Status, seen.Board.Text
	if name, owned := s.core.OwnedTableName(table); owned && name != "" {
		v.Channel = name // a table no channel shows, named by its owner
	}
	_, exports := t.Kind().(bot.Exporter)
	v.Exportable = exports && (!spec.Hidden || !v.Running)
	_, v.Picture = t.State().(bot.Picturer)
	v.Surface = spectatorSurface(t.State())
	v.Replayable = replayable(t.State()) && !v.Running
	v.Version = viewVersion(v.Board, v.Status, seen.Caption)
	return v, true, nil
}

// archivedView is a finished game from the archive. It is over, so a
// hidden kind's board shows what its state shows when over.
func (s *Spectators) archivedView(g bot.ArchivedGame) (bot.GameView, error) {
	kind, spec, st, err := s.core.DecodeArchived(g)
	if err != nil {
		return bot.GameView{}, err
	}
	bot.EndState(st, bot.Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	v := bot.GameView{
		ID: g.ID, Kind: strings.ToLower(spec.Name), Title: spec.Title,
		Status: fmt.Sprintf("%s: %s. %s", spec.Title, g.PlayersText(), g.OutcomeText()),
		Board:  st.Board(bot.Spectator).Text,
		Moves:  slices.Clone(g.Moves),
		Result: g.OutcomeText(),
		Began:  g.Began, Ended: g.Ended,
	}
	_, v.Exportable = kind.(bot.Exporter)
	_, v.Picture = st.(bot.Picturer)
	v.Surface = spectatorSurface(st)
	v.Replayable = replayable(st)
	v.Version = viewVersion(v.Board, v.Status, g.Caption())
	if len(g.Networks) > 0 {
		v.Network = g.Networks[0]
	}
	for i, p := range g.Players {
		pv := bot.PlayerView{Seat: spec.SeatName(i), Name: p.Name, AI: p.AI > 0}
		if p.AI > 0 && p.Name == "" {
			pv.Name = fmt.Sprintf("AI level %d", p.AI)
		}
		v.Players = append(v.Players, pv)
	}
	return v, nil
}

// runningTx loads the table where game id runs (or has just ended and
// is still shown), or nil when no table holds it.
func (s *Spectators) runningTx(ctx context.Context, id string) (*bot.Tx, error) {
	list, _, err := s.loadRunning(ctx)
	if err != nil {
		return nil, err
	}
	for _, e := range list {
		if e.ID != id {
			continue
		}
		if t, err := s.entryTx(ctx, e); err != nil || t != nil {
			return t, err
		}
	}
	return nil, nil
}

// archivedByID reads game id from the archive: ErrNotFound when there is
// no archive, no such game or it cannot be read.
func (s *Spectators) archivedByID(ctx context.Context, id string) (bot.ArchivedGame, error) {
	a := s.core.Archive()
	if a == nil {
		return bot.ArchivedGame{}, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	g, err := a.ArchivedGame(ctx, id)
	if errors.Is(err, bot.ErrNotFound) || errors.Is(err, bot.ErrDamaged) {
		return bot.ArchivedGame{}, fmt.Errorf("%w: game %s", bot.ErrNotFound, id)
	}
	if err != nil {
		return bot.ArchivedGame{}, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	return g, nil
}

// viewVersion is a short digest of what a view shows.
func viewVersion(parts ...string) string {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return strconv.FormatUint(h.Sum64(), 36)
}

// GamePicture returns the PNG of game id's board as a spectator sees it:
// live from its table while it runs, else from the archive (over, so a
// hidden kind shows what its state shows when over). ErrNotFound when
// neither has it; ErrNoPicture when its kind does not draw.
func (s *Spectators) GamePicture(ctx context.Context, id string) ([]byte, error) {
	t, err := s.runningTx(ctx, id)
	if err != nil {
		return nil, err
	}
	if t != nil {
		return s.core.BoardPNG(t.State(), bot.Spectator, s.core.Spectated(t).Caption)
	}
	g, err := s.archivedByID(ctx, id)
	if err != nil {
		return nil, err
	}
	_, _, st, err := s.core.DecodeArchived(g)
	if err != nil {
		return nil, err
	}
	bot.EndState(st, bot.Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	return s.core.BoardPNG(st, bot.Spectator, g.Caption())
}

// spectatorSurface is st's board for drawing as a spectator sees it,
// with nothing to do on it; nil when the kind draws none.
func spectatorSurface(st bot.State) *bot.Surface {
	s, ok := st.(bot.Surfacer)
	if !ok {
		return nil
	}
	sf := s.Surface(bot.Spectator)
	sf.Moves, sf.Tools = nil, nil
	return &sf
}

// replayable says st gives its game's positions.
func replayable(st bot.State) bool {
	_, ok := st.(bot.Replayer)
	return ok
}

// ReplayGame returns a finished game's board and its positions since play
// began, from the archive; hide[s] keeps seat s's hidden pieces hidden (a
// hidden kind's). A game still running gives an error wrapping
// bot.ErrNotSeated (its secrets are its players'); one not in the archive,
// or whose kind gives no positions, bot.ErrNotFound.
func (s *Spectators) ReplayGame(ctx context.Context, id string, hide []bool) (bot.Surface, []bot.Frame, error) {
	t, err := s.runningTx(ctx, id)
	if err != nil {
		return bot.Surface{}, nil, err
	}
	if t != nil && t.Record().Phase != bot.PhaseOver {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s is still running", bot.ErrNotSeated, id)
	}
	g, err := s.archivedByID(ctx, id)
	if err != nil {
		return bot.Surface{}, nil, err
	}
	_, _, st, err := s.core.DecodeArchived(g)
	if err != nil {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s: %w", bot.ErrNotFound, id, err)
	}
	bot.EndState(st, bot.Result{Over: true, Winner: g.Winner, Ending: g.Ending})
	r, ok := st.(bot.Replayer)
	sf := spectatorSurface(st)
	if !ok || sf == nil {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s has no replay", bot.ErrNotFound, id)
	}
	frames, err := r.Frames(hide)
	if err != nil {
		return bot.Surface{}, nil, fmt.Errorf("%w: game %s: %w", bot.ErrNotFound, id, err)
	}
	return *sf, frames, nil
}
