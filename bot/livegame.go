package bot

import (
	"context"
	"fmt"
)

// LiveGame is the game at a table as it stands: its state, its record
// (shared: read it, never change it) and the host's caption under a
// picture of its board (each seat's player and, in a clocked game, their
// time left).
type LiveGame struct {
	State   State
	Record  *Record
	Caption string
}

// LiveGame returns the game at table as it stands now. A table with no
// game, or one whose record cannot be read, gives an error wrapping
// ErrNotFound.
func (b *Bot) LiveGame(ctx context.Context, table Table) (LiveGame, error) {
	t, err := b.load(ctx, table, Message{Network: table.Network, Channel: table.Channel})
	if err != nil {
		return LiveGame{}, err
	}
	if t.empty() || t.damaged != nil || t.st == nil {
		return LiveGame{}, fmt.Errorf("%w: no game at %s", ErrNotFound, table)
	}
	return LiveGame{State: t.st, Record: t.rec, Caption: t.pictureCaption()}, nil
}
