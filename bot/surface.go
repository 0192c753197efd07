package bot

import (
	"errors"
	"time"
)

// ErrLink is a play link that does not open: its signature is wrong, it
// has expired, or it names no seat of the game at its table any more.
var ErrLink = errors.New("this play link does not work")

// Surfacer is implemented by a State whose board can be drawn and played
// by clicks (the web's play page): the board as viewer may see it, and
// the moves viewer may make now. viewer is as for Board: a seat or
// Spectator, and a hidden kind's surface shows only what that viewer may
// see.
type Surfacer interface {
	Surface(viewer int) Surface
}

// Replayer is implemented by a State that can give every position of its
// game since play began, for a finished game's replay. hide[s] true
// draws seat s's pieces as the opponent saw them (a Stratego army kept
// hidden, as the manager's -r and -b do); a kind without hidden pieces
// ignores it. The host asks only a finished game.
type Replayer interface {
	Frames(hide []bool) ([]Frame, error)
}

// Surface is a board as a page draws it and plays it by clicks.
type Surface struct {
	// Shape is "square" or "hex": how a cell is drawn (a unit square, or
	// a hexagon of unit width with a pointy top).
	Shape string
	// Width and Height are the board's extent in cell units, for the
	// drawing's viewBox.
	Width, Height float64
	Cells         []Cell
	// Pieces tells how each piece text found in Cells (and in a Frame)
	// is drawn and read out.
	Pieces map[string]PieceLook
	// Last are the squares of the last move, marked on the board.
	Last []string
	// Moves are the moves the viewer may make now, by clicks; none when
	// it is not their turn (or they watch).
	Moves []ClickMove
	// Tools are what the viewer may do to the board by clicking squares
	// before play (a setup): put a piece, a block, swap two pieces.
	Tools []Tool
	// Turn is the seat to move, -1 when nobody's (a setup, over).
	Turn int
	// Flip says the viewer's side is drawn at the top as the kind lays
	// the cells out: a page may turn the board so it is at the bottom.
	Flip bool
}

// Cell is one square (or hexagon) of a Surface.
type Cell struct {
	// Name is the square's name as the table writes it: "a7", aMalone's
	// "A0" or standard "a1", "b4".
	Name string
	// X and Y are the cell's centre in cell units from the top left.
	X, Y float64
	// Piece is what stands there as the text board prints it ("r", "L",
	// "?"); "" when empty.
	Piece string
	// Class is what the square is, for the drawing: "" plain, "block",
	// "water", "river", "castle".
	Class string
}

// PieceLook is how a piece is drawn and read out.
type PieceLook struct {
	Label string // for people and screen readers: "red piece", "blue marshal", "hidden blue piece"
	Side  int    // the seat it belongs to; -1 none (a block)
	Glyph string // what is written on it: "9", "L"; "" for a plain disc
}

// ClickMove is one legal move as clicks: first the squares to select (in
// any order: the piece, or up to three marbles), then the squares to
// click in order (the target, or each landing of a chain of jumps). The
// page says Text as the player's command when the last click is made.
type ClickMove struct {
	Select []string
	Path   []string
	Text   string
	// Mark is how the targets are drawn: "clone", "jump", "push",
	// "capture", "attack"; "" plain.
	Mark string
}

// Tool is one way to change the board in a setup by clicking squares:
// Command is said with "{1}" (and "{2}" when Squares is 2) replaced by the
// clicked squares' names ("block {1}", "swap {1} {2}").
type Tool struct {
	Label   string // "Red piece", "Block", "Swap"
	Command string
	Squares int // 1 or 2
	// Button is the mouse button that uses the tool without choosing it
	// first: "left", "right"; "" none (aMalone: left puts the side to
	// move's marble, right the opponent's).
	Button string
	// Private says the command carries a secret (an army): the page says
	// it to the bot privately.
	Private bool
}

// Frame is the board after one move of a replay (the first: before any).
type Frame struct {
	// Pieces are the cells' pieces, in the order of the Surface's Cells.
	Pieces []string
	Last   []string // the squares of the move that led here
	Move   string   // that move as the record writes it; "" for the first
}

// PlayView is a table as one player sees it on a play page: their own
// view (a hidden kind's secrets are theirs only), the moves and commands
// open to them now, and the clocks.
type PlayView struct {
	Game GameView // the game as a spectator sees it (players, moves, result)
	// Seat is the viewer's seat, Spectator when they hold none (a page
	// for someone who left).
	Seat int
	// Seats are the viewer's seats, when they hold several (a game
	// against themself); Seat is the one to move now, or the first.
	Seats []int
	// Phase is "setup", "playing" or "over"; "" when the table has no
	// game.
	Phase string
	// Status is the table's status line as the viewer reads it.
	Status string
	// Board is the text board as the viewer may see it, for copying and
	// screen readers.
	Board   string
	Surface Surface
	// Commands are the buttons for what the table allows the viewer now
	// (the kind's: Pass, Ready; the host's: Undo, Resign, Draw, Abort,
	// Rematch, Join, Start).
	Commands []Action
	// Menu is every command of the table's kind and host, for the page's
	// menu and its help; each is said as typed.
	Menu   []CommandSpec
	Clocks []ClockView
	// Version changes whenever anything the view shows changes.
	Version string
}

// ClockView is one seat's clock for a page to tick: the time left when
// the view was made, and whether it runs now.
type ClockView struct {
	Seat    int
	Left    time.Duration
	Running bool
}
