package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"
)

// PlayerView returns the game at table as the person user sees it from
// their seat (their own secrets, the moves and commands open to them now,
// the clocks): what a play page shows. Someone who holds no seat sees the
// spectator's view with nothing to do. A table with no game, or one whose
// record cannot be read, gives an error wrapping ErrNotFound.
func (b *Bot) PlayerView(ctx context.Context, table Table, user User) (PlayView, error) {
	m := Message{Network: table.Network, Channel: table.Channel, UserID: user.ID, Name: user.Name}
	t, err := b.load(ctx, table, m)
	if err != nil {
		return PlayView{}, err
	}
	if t.empty() || t.damaged != nil || t.st == nil {
		return PlayView{}, fmt.Errorf("%w: no game at %s", ErrNotFound, table)
	}
	sp := t.speaker(m)
	seat := t.viewer(sp)
	v := PlayView{
		Seat:   seat,
		Seats:  slices.Clone(sp.seats),
		Phase:  string(t.rec.Phase),
		Status: t.status(sp),
		Board:  b.withNotes(t, t.st.Board(seat)).Text,
		Game:   t.GameView(),
		Menu:   b.menu(t.spec),
	}
	if s, ok := t.st.(Surfacer); ok {
		v.Surface = s.Surface(seat)
		v.Surface.Tools = t.toolsFor(sp, seat, v.Surface.Tools, v.Surface.Moves)
		if !slices.Contains(t.st.Pending(), seat) || t.rec.Phase != PhasePlaying {
			v.Surface.Moves = nil
		}
		if t.rec.Phase != PhasePlaying {
			v.Surface.Turn = -1
		}
	}
	v.Commands = t.actionsFor(sp)
	v.Clocks = t.clockViews()
	v.Version = viewDigest(v, t.version)
	return v, nil
}

// toolsFor keeps the tools the speaker may use now: one that says a
// setup command while they may configure the table; one that says an act,
// in setup while they may configure it (the guide's setup moves), in play
// while their seat owes an act that is not a move on the board (a
// Stratego army's swap, in the simultaneous setup).
func (t *tx) toolsFor(sp speaker, seat int, tools []Tool, moves []ClickMove) []Tool {
	var out []Tool
	for _, tool := range tools {
		verb, _, _ := strings.Cut(tool.Command, " ")
		c, ok := t.spec.Command(verb)
		switch {
		case !ok:
		case c.Use == Configure && t.canConfigure(sp) == nil:
			out = append(out, tool)
		case c.Use == Act && t.rec.Phase == PhaseSetup && t.canConfigure(sp) == nil:
			out = append(out, tool)
		case c.Use == Act && t.rec.Phase == PhasePlaying && slices.Contains(t.st.Pending(), seat) && len(moves) == 0:
			out = append(out, tool)
		}
	}
	return out
}

// GameView is the table's game as a list of games shows it: its id, kind,
// where it is played, its players (an AI seat by its level or program),
// moves and, once over, how it ended as announced. The views that show
// more (a spectator's status and board, a player's own) add theirs.
func (t *Tx) GameView() GameView {
	v := GameView{
		ID: t.rec.ID, Kind: strings.ToLower(t.spec.Name), Title: t.spec.Title,
		Network: t.table.Network, Channel: t.table.Channel,
		Running: t.rec.Phase != PhaseOver,
		Moves:   slices.Clone(t.rec.Moves),
		Began:   t.rec.Began,
	}
	if !v.Running {
		v.Result, v.Ended = t.rec.Result, t.rec.Updated
	}
	for i, s := range t.rec.Seats {
		p := PlayerView{Seat: t.spec.SeatName(i)}
		switch s.Kind {
		case SeatHuman:
			p.Name = s.Name
		case SeatAI:
			p.Name, p.AI = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(t.who(i), p.Seat+" "), "("), ")"), true
		}
		v.Players = append(v.Players, p)
	}
	return v
}

// actionsFor are the buttons for what the table allows the speaker now:
// Join while a seat is open to them; in play the kind's own for their
// seat to move (Pass, Ready), then Undo, Draw, Abort and Resign; after
// it, Rematch and New game.
func (t *tx) actionsFor(sp speaker) []Action {
	var acts []Action
	switch t.rec.Phase {
	case PhaseSetup:
		if !sp.seated() && (t.rec.Waiting && t.rec.FirstOpen() >= 0 || slices.ContainsFunc(t.rec.Seats, func(s Seat) bool { return s.Kind == SeatInvited && s.UserID == sp.UserID })) {
			acts = append(acts, Action{Label: "Join", Command: "join"})
		}
		if sp.seated() && !t.rec.Waiting {
			acts = append(acts, Action{Label: "Start", Command: "start"})
		}
	case PhasePlaying:
		if !sp.seated() {
			break
		}
		acts = t.kindActions(func(seat int) bool { return slices.Contains(sp.seats, seat) })
		if t.spec.Undo {
			acts = append(acts, Action{Label: "Undo", Command: "undo"})
		}
		draw := Action{Label: "Offer a draw", Command: "draw"}
		if t.rec.DrawBy > 0 && !slices.Contains(sp.seats, t.rec.DrawBy-1) && t.b.clock.Now().Sub(t.rec.DrawAt) <= t.b.cfg.DrawWindow {
			draw.Label = "Accept the draw"
		}
		acts = append(acts, draw, Action{Label: "Abort", Command: "abort"}, Action{Label: "Resign", Command: "resign"})
	case PhaseOver:
		if sp.seated() {
			acts = append(acts, Action{Label: "Rematch", Command: "rematch"})
		}
		acts = append(acts, Action{Label: "New game", Command: "new"})
	}
	return acts
}

// menu is every command a table of spec takes: the host's, then the
// kind's own.
func (b *Bot) menu(spec Spec) []CommandSpec {
	out := b.HostCommands()
	return append(out, spec.Commands...)
}

// clockViews are the seats' clocks as of now, for a page to tick: the
// seat to move has used the time since its turn began.
func (t *tx) clockViews() []ClockView {
	c := t.rec.Clock
	if c == nil {
		return nil
	}
	var out []ClockView
	for i, ms := range c.LeftMS {
		cv := ClockView{Seat: i, Left: time.Duration(ms) * time.Millisecond}
		if i == c.Turn && !c.Since.IsZero() && t.rec.Phase == PhasePlaying {
			cv.Running = true
			cv.Left = max(cv.Left-t.b.clock.Now().Sub(c.Since), 0) // correspondence: LeftMS is the move's whole time
		}
		out = append(out, cv)
	}
	return out
}

// viewDigest is a short digest of what a view shows, without what ticks
// (the clocks, and the status line and board that say them: the page ticks them
// itself) but with the record's stored version, which every change to the
// table changes.
func viewDigest(v PlayView, version uint64) string {
	v.Clocks, v.Status, v.Board = nil, "", ""
	data, _ := json.Marshal(v)
	h := fnv.New64a()
	h.Write(data)
	fmt.Fprintf(h, "|%d", version)
	return strconv.FormatUint(h.Sum64(), 36)
}
