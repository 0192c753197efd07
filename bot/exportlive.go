package bot

import (
	"context"
	"fmt"
	"strings"
)

// exportTable answers export with no id: the game at the speaker's table
// (in a private message, the game they hold a seat in) as it stands, in
// its kind's file format. A game of a hidden kind that is not over goes only to its own players, privately, each with their
// own view (the kind's Export hides the opponent's secrets); anyone may
// export any other game.
func (b *Bot) exportTable(ctx context.Context, m Message, p parsed) ([]Reply, error) {
	table, err := b.route(ctx, m, p)
	if err != nil {
		return nil, err
	}
	t, err := b.load(ctx, table, m)
	if err != nil {
		return nil, err
	}
	if t.empty() || t.damaged != nil || t.rec.Phase == PhaseSetup && t.rec.Plies == 0 {
		return nil, fmt.Errorf("%w: no game here to export; say %sexport ID for an archived one", ErrBadCommand, b.cfg.Prefix)
	}
	over := t.rec.Phase == PhaseOver
	seat := Spectator
	if s := t.rec.seatsOf(m.UserID); len(s) > 0 {
		seat = s[0]
	}
	if t.spec.Hidden && !over && seat == Spectator {
		return nil, fmt.Errorf("%w: the game is running and its secrets are hidden; its players may export it", ErrNotSeated)
	}
	name, data, err := b.tableExport(t, seat)
	if err != nil {
		return nil, err
	}
	r := exportReply(name, data, m)
	if t.spec.Hidden && !over {
		r.Private = true
	}
	return []Reply{r}, nil
}

// tableExport is the game at t exported as seat sees it (Spectator: a
// hidden kind's secrets hidden until it is over, the kind's Export sees
// to that).
func (b *Bot) tableExport(t *tx, seat int) (string, []byte, error) {
	ex, ok := t.kind.(Exporter)
	if !ok {
		return "", nil, fmt.Errorf("%w: %s games have no export format here", ErrBadCommand, t.spec.Title)
	}
	meta := ExportMeta{Date: t.rec.Began, Seat: seat}
	if meta.Date.IsZero() {
		meta.Date = b.clock.Now().UTC()
	}
	if t.rec.Phase == PhaseOver {
		meta.Result = Result{Over: true, Winner: -1, Ending: t.rec.Ending}
		if t.rec.Winner != nil {
			meta.Result.Winner = *t.rec.Winner
		}
	}
	for i := range t.rec.Seats {
		meta.Players = append(meta.Players, b.playerName(t.rec.Seats[i]))
	}
	name, data, err := ex.Export(t.st, meta)
	if err != nil {
		b.log.Warn("export failed", "table", t.table.Key(), "err", err)
		return "", nil, fmt.Errorf("%w: this game cannot be exported: %w", ErrBadCommand, err)
	}
	return name, data, nil
}

// playerName is the name an export gives a seat's player.
func (b *Bot) playerName(s Seat) string {
	switch {
	case s.Kind == SeatHuman && s.Name != "":
		return s.Name
	case s.Kind == SeatHuman:
		return s.UserID
	case s.Kind == SeatAI && s.Engine != "":
		return "AI " + s.Engine
	case s.Kind == SeatAI:
		return fmt.Sprintf("AI level %d", s.Level)
	}
	return "nobody"
}

// exportReply is an export as one reply: the file as a monospaced block
// when it is short, else its name and size, with the file for a network
// that can keep it (Reply.File).
func exportReply(name string, data []byte, m Message) Reply {
	if len(data) > maxExportText {
		return Reply{Text: fmt.Sprintf("%s is %d bytes: too long to show here.", name, len(data)), File: &File{Name: name, Data: data}}
	}
	return Reply{Text: name + ":\n" + strings.TrimRight(string(data), "\n"), Mono: true, User: User{ID: m.UserID, Name: m.Name}}
}
