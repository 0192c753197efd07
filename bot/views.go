package bot

import (
	"context"
	"strings"
	"time"
)

// What a package beside the core needs to find where a game runs and to
// show it as a spectator sees it: locators that know which table holds
// a game, a table loaded when it still holds a game, and the spectator's
// status, board and caption of it.

// Locator finds the table where game id runs (or has just ended and is
// still shown), loaded for reading with GameAt; nil when it knows of no
// table that holds it.
type Locator func(ctx context.Context, id string) (*Tx, error)

// AddLocator adds l to what RunningTable asks, in order. Call it before
// the first Handle.
func (h *hooks) AddLocator(l Locator) { h.locators = append(h.locators, l) }

// locate asks the locators for the table where game id runs.
func (h *hooks) locate(ctx context.Context, id string) (*Tx, error) {
	for _, l := range h.locators {
		if t, err := l(ctx, id); err != nil || t != nil {
			return t, err
		}
	}
	return nil, nil
}

// GameAt loads table, for reading, if it holds game id now; nil when it
// holds another game or none, cannot be read, or is a private
// conversation.
func (b *Bot) GameAt(ctx context.Context, table Table, id string) (*Tx, error) {
	if table.IsQuery() {
		return nil, nil
	}
	t, err := b.load(ctx, table, Message{Network: table.Network, Channel: table.Channel})
	if err != nil {
		return nil, err
	}
	if t.empty() || t.damaged != nil || t.rec.ID != id || t.table != table {
		return nil, nil
	}
	return t, nil
}

// Spectated is the game at a table as a spectator at the table sees it.
type Spectated struct {
	// Status is the table's status line as it reads to nobody's seat.
	Status string
	// Board is the spectator's board with the referees' line under it.
	Board Reply
	// Caption is the line under a picture of the board.
	Caption string
	// Seats names each seat as replies do: "Red (alice)", "Blue (AI
	// level 3)".
	Seats []string
}

// Spectated is the game at t as a spectator sees it.
func (b *Bot) Spectated(t *Tx) Spectated {
	v := Spectated{
		Status:  t.status(speaker{}), // nobody's seat: a spectator
		Board:   b.withNotes(t, t.st.Board(Spectator)),
		Caption: t.pictureCaption(),
	}
	for i := range t.rec.Seats {
		v.Seats = append(v.Seats, t.who(i))
	}
	return v
}

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
	// Surface is the board for drawing, as a spectator sees it, when the
	// kind draws one (a Surfacer); nil otherwise.
	Surface *Surface
	// Replayable says ReplayGame steps through the game: it is over and
	// its kind gives its positions (a Replayer).
	Replayable bool
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
