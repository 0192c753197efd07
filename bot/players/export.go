package players

import (
	"context"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

// exportTable answers export with no id: the game at the speaker's table
// (in a private message, the game they hold a seat in) as it stands, in
// its kind's file format. A game of a hidden kind that is not over goes only to its own players, privately, each with their
// own view (the kind's Export hides the opponent's secrets); anyone may
// export any other game.
func (p *Players) exportTable(ctx context.Context, c *bot.Call) ([]bot.Reply, error) {
	t, err := p.core.TableOf(ctx, c)
	if err != nil {
		return nil, err
	}
	if !t.HasGame() || t.Record().Phase == bot.PhaseSetup && t.Record().Plies == 0 {
		return nil, fmt.Errorf("%w: no game here to export; say %sexport ID for an archived one", bot.ErrBadCommand, p.core.Prefix())
	}
	rec, hidden := t.Record(), t.Spec().Hidden
	over := rec.Phase == bot.PhaseOver
	seat := bot.Spectator
	for i, s := range rec.Seats {
		if s.Kind == bot.SeatHuman && s.UserID == c.UserID {
			seat = i
			break
		}
	}
	if hidden && !over && seat == bot.Spectator {
		return nil, fmt.Errorf("%w: the game is running and its secrets are hidden; its players may export it", bot.ErrNotSeated)
	}
	name, data, err := p.tableExport(t, seat)
	if err != nil {
		return nil, err
	}
	r := exportReply(name, data, c.Message)
	if hidden && !over {
		r.Private = true
	}
	return []bot.Reply{r}, nil
}

// tableExport is the game at t exported as seat sees it (Spectator: a
// hidden kind's secrets hidden until it is over, the kind's Export sees
// to that).
func (p *Players) tableExport(t *bot.Tx, seat int) (string, []byte, error) {
	ex, ok := t.Kind().(bot.Exporter)
	if !ok {
		return "", nil, fmt.Errorf("%w: %s games have no export format here", bot.ErrBadCommand, t.Spec().Title)
	}
	rec := t.Record()
	meta := bot.ExportMeta{Date: rec.Began, Seat: seat}
	if meta.Date.IsZero() {
		meta.Date = p.core.Now().UTC()
	}
	if rec.Phase == bot.PhaseOver {
		meta.Result = bot.Result{Over: true, Winner: -1, Ending: rec.Ending}
		if rec.Winner != nil {
			meta.Result.Winner = *rec.Winner
		}
	}
	for _, s := range rec.Seats {
		meta.Players = append(meta.Players, bot.PlayerName(s))
	}
	name, data, err := ex.Export(t.State(), meta)
	if err != nil {
		p.log.Warn("export failed", "table", t.Table().Key(), "err", err)
		return "", nil, fmt.Errorf("%w: this game cannot be exported: %w", bot.ErrBadCommand, err)
	}
	return name, data, nil
}

// exportReply is an export as one reply: the file as a monospaced block
// when it is short, else its name and size, with the file for a network
// that can keep it (Reply.File).
func exportReply(name string, data []byte, m bot.Message) bot.Reply {
	if len(data) > maxExportText {
		return bot.Reply{Text: fmt.Sprintf("%s is %d bytes: too long to show here.", name, len(data)), File: &bot.File{Name: name, Data: data}}
	}
	return bot.Reply{Text: name + ":\n" + strings.TrimRight(string(data), "\n"), Mono: true, User: bot.User{ID: m.UserID, Name: m.Name}}
}
