package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"
)

// GameView is a game as a spectator sees it, anywhere: what a web page
// shows. Nothing in it is hidden from a spectator at the table (a hidden
// kind's board is its Spectator view until the game is over); names are
// as players chose them, for the caller to escape.
type GameView struct {
	ID    string // the archive id
	Kind  string // the kind's name: "ataxx"
	Title string // "Ataxx"
	// Network and Channel are where the game is played.
	Network, Channel string
	Running          bool // false: finished (archived, or over at its table)
	Players          []PlayerView
	// Status is the table's status line as a spectator reads it: seats,
	// score, whose turn, the clocks.
	Status string
	Board  string // the board, monospaced
	Moves  []string
	Result string // how it ended; "" while running
	Began  time.Time
	Ended  time.Time // zero while running
	// Exportable says ExportGame gives a file now: the kind writes one,
	// and it is not a hidden kind's running game.
	Exportable bool
	// Picture says GamePicture draws the board (the kind is a
	// Picturer); Version changes whenever what it draws changes, for a
	// page to ask for the new picture.
	Picture bool
	Version string
}

// Where says where the game is played, for a page: the network and the
// channel ("irc #ataxx"), the network alone where the channel has its name
// (the console's one channel, "console"), "" when not known.
func (v GameView) Where() string {
	switch {
	case v.Channel == "" || strings.EqualFold(v.Channel, v.Network):
		return v.Network
	case v.Network == "":
		return v.Channel
	}
	return v.Network + " " + v.Channel
}

// PlayerView is one seat of a GameView.
type PlayerView struct {
	Seat string // "Red"
	Name string // the player's display name, "AI level 3", or "" for an open seat
	AI   bool
}

// Ranking is one line of a leaderboard as a page shows it.
type Ranking struct {
	Rank   int
	Name   string // the player's display name (or their player id)
	Rating string // "1612 ±48", "1500 ±350?" when provisional
}

// runningKey is the store key of the index of running games: the tables
// where a game with an archive id began and has not ended. It is a
// record like a table's, versioned for compare-and-set.
const runningKey = "index:running"

// maxRunning bounds the index: past it, the oldest entries go (a table
// whose end was never recorded, after a crash, is the likeliest).
const maxRunning = 1000

// runningEntry is one game in the index.
type runningEntry struct {
	ID    string `json:"id"`
	Table string `json:"table"`
}

// noteSaved is what follows a successful save of t, before its archiving:
// the index of running games keeps the game that began and drops the one
// that ended.
func (b *Bot) noteSaved(ctx context.Context, t *tx) {
	if t.rec == nil || t.table.IsQuery() {
		return // a private conversation is never listed
	}
	if t.dropped && !(t.begun && t.rec.Phase == PhasePlaying) {
		b.updateRunning(ctx, runningEntry{Table: t.table.Key()}, false) // the table's game was abandoned
	}
	if t.rec.ID == "" {
		return // no id to show it under
	}
	switch {
	case t.begun && t.rec.Phase == PhasePlaying:
		b.updateRunning(ctx, runningEntry{ID: t.rec.ID, Table: t.table.Key()}, true)
	case t.rec.Phase == PhaseOver && (t.ended || t.rec.Ending == EndAborted):
		b.updateRunning(ctx, runningEntry{ID: t.rec.ID, Table: t.table.Key()}, false)
	}
}

// updateRunning adds e to the index of running games (replacing any
// other game at its table) or removes it. A failure is logged: the game
// is saved, and the index is only what the web view lists.
func (b *Bot) updateRunning(ctx context.Context, e runningEntry, add bool) {
	for range maxAttempts {
		list, version, err := b.loadRunning(ctx)
		if err != nil {
			b.log.Warn("index of running games", "err", err)
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
		_, err = b.store.Save(ctx, runningKey, data, version, false)
		if errors.Is(err, ErrConflict) {
			continue
		}
		if err != nil {
			b.log.Warn("index of running games", "err", err)
		}
		return
	}
	b.log.Warn("index of running games: busy, left as it was", "game", e.ID)
}

// loadRunning reads the index; a damaged one is read as empty, and
// replaced at the next update.
func (b *Bot) loadRunning(ctx context.Context) ([]runningEntry, uint64, error) {
	data, version, err := b.store.Load(ctx, runningKey)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, 0, nil
	case errors.Is(err, ErrDamaged):
		return nil, version, nil
	case err != nil:
		return nil, 0, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var list []runningEntry
	if err := json.Unmarshal(data, &list); err != nil {
		b.log.Error("index of running games cannot be read; it will be replaced", "err", err)
		return nil, version, nil
	}
	return list, version, nil
}

// RunningGames returns up to n games running now, newest first, as a
// spectator sees them: games with an archive id, at tables that are not
// private conversations. An entry whose table holds another game now is
// left out.
func (b *Bot) RunningGames(ctx context.Context, n int) ([]GameView, error) {
	list, _, err := b.loadRunning(ctx)
	if err != nil {
		return nil, err
	}
	var out []GameView
	for i := len(list) - 1; i >= 0 && len(out) < n; i-- {
		v, ok, err := b.tableView(ctx, list[i])
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
func (b *Bot) ViewGame(ctx context.Context, id string) (GameView, error) {
	list, _, err := b.loadRunning(ctx)
	if err != nil {
		return GameView{}, err
	}
	for _, e := range list {
		if e.ID != id {
			continue
		}
		v, ok, err := b.tableView(ctx, e)
		if err != nil {
			return GameView{}, err
		}
		if ok {
			return v, nil
		}
	}
	g, err := b.archivedByID(ctx, id)
	if err != nil {
		return GameView{}, err
	}
	return b.archivedView(g)
}

// entryTx loads the table of entry e if it still holds e's game; nil
// when it holds another game or none.
func (b *Bot) entryTx(ctx context.Context, e runningEntry) (*tx, error) {
	table, err := ParseTable(e.Table)
	if err != nil || table.IsQuery() {
		return nil, nil
	}
	t, err := b.load(ctx, table, Message{Network: table.Network, Channel: table.Channel})
	if err != nil {
		return nil, err
	}
	if t.empty() || t.damaged != nil || t.rec.ID != e.ID || t.table != table {
		return nil, nil
	}
	return t, nil
}

// tableView is the game of entry e at its table, if the table still
// holds it; ok is false when it holds another game or none.
func (b *Bot) tableView(ctx context.Context, e runningEntry) (GameView, bool, error) {
	t, err := b.entryTx(ctx, e)
	if err != nil || t == nil {
		return GameView{}, false, err
	}
	table := t.table
	v := GameView{
		ID: t.rec.ID, Kind: strings.ToLower(t.spec.Name), Title: t.spec.Title,
		Network: table.Network, Channel: table.Channel,
		Running: t.rec.Phase != PhaseOver,
		Status:  t.status(speaker{}), // nobody's seat: a spectator
		Board:   b.withNotes(t, t.st.Board(Spectator)).Text,
		Moves:   slices.Clone(t.rec.Moves),
		Began:   t.rec.Began,
	}
	if name, owned := b.OwnedTableName(table); owned && name != "" {
		v.Channel = name // a table no channel shows, named by its owner
	}
	_, exports := t.kind.(Exporter)
	v.Exportable = exports && (!t.spec.Hidden || !v.Running)
	_, v.Picture = t.st.(Picturer)
	v.Version = viewVersion(v.Board, v.Status, t.pictureCaption())
	if !v.Running {
		v.Result, v.Ended = t.rec.Result, t.rec.Updated
	}
	for i, s := range t.rec.Seats {
		p := PlayerView{Seat: t.spec.SeatName(i)}
		switch s.Kind {
		case SeatHuman:
			p.Name = s.Name
		case SeatAI:
			p.Name, p.AI = strings.TrimPrefix(t.who(i), t.spec.SeatName(i)+" "), true
			p.Name = strings.TrimSuffix(strings.TrimPrefix(p.Name, "("), ")")
		}
		v.Players = append(v.Players, p)
	}
	return v, true, nil
}

// archivedView is a finished game from the archive. It is over, so a
// hidden kind's board shows what its state shows when over.
func (b *Bot) archivedView(g ArchivedGame) (GameView, error) {
	_, spec, st, err := b.DecodeArchived(g)
	if err != nil {
		return GameView{}, err
	}
	endState(st, Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	v := GameView{
		ID: g.ID, Kind: strings.ToLower(spec.Name), Title: spec.Title,
		Status: fmt.Sprintf("%s: %s. %s", spec.Title, g.PlayersText(), g.OutcomeText()),
		Board:  st.Board(Spectator).Text,
		Moves:  slices.Clone(g.Moves),
		Result: g.OutcomeText(),
		Began:  g.Began, Ended: g.Ended,
	}
	_, v.Exportable = b.kinds[strings.ToLower(spec.Name)].(Exporter)
	_, v.Picture = st.(Picturer)
	v.Version = viewVersion(v.Board, v.Status, archivedCaption(g))
	if len(g.Networks) > 0 {
		v.Network = g.Networks[0]
	}
	for i, p := range g.Players {
		pv := PlayerView{Seat: spec.SeatName(i), Name: p.Name, AI: p.AI > 0}
		if p.AI > 0 && p.Name == "" {
			pv.Name = fmt.Sprintf("AI level %d", p.AI)
		}
		v.Players = append(v.Players, pv)
	}
	return v, nil
}

// runningTx loads the table where game id runs (or has just ended and
// is still shown), or nil when no table holds it.
func (b *Bot) runningTx(ctx context.Context, id string) (*tx, error) {
	list, _, err := b.loadRunning(ctx)
	if err != nil {
		return nil, err
	}
	for _, e := range list {
		if e.ID != id {
			continue
		}
		if t, err := b.entryTx(ctx, e); err != nil || t != nil {
			return t, err
		}
	}
	return nil, nil
}

// archivedByID reads game id from the archive: ErrNotFound when there is
// no archive, no such game or it cannot be read.
func (b *Bot) archivedByID(ctx context.Context, id string) (ArchivedGame, error) {
	a := b.archive()
	if a == nil {
		return ArchivedGame{}, fmt.Errorf("%w: game %s", ErrNotFound, id)
	}
	g, err := a.ArchivedGame(ctx, id)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrDamaged) {
		return ArchivedGame{}, fmt.Errorf("%w: game %s", ErrNotFound, id)
	}
	if err != nil {
		return ArchivedGame{}, fmt.Errorf("%w: %w", ErrUnavailable, err)
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
func (b *Bot) GamePicture(ctx context.Context, id string) ([]byte, error) {
	t, err := b.runningTx(ctx, id)
	if err != nil {
		return nil, err
	}
	if t != nil {
		return b.BoardPNG(t.st, Spectator, t.pictureCaption())
	}
	g, err := b.archivedByID(ctx, id)
	if err != nil {
		return nil, err
	}
	_, _, st, err := b.DecodeArchived(g)
	if err != nil {
		return nil, err
	}
	endState(st, Result{Over: true, Winner: g.Winner, Ending: g.Ending}) // a resignation the state did not see
	return b.BoardPNG(st, Spectator, archivedCaption(g))
}
