package bot

import "context"

// Game is a kind of game the bot hosts. Implementations keep their rules,
// notation and rendering; the bot keeps seats, turns and the record.
type Game interface {
	// Name is the game's command word and record tag, like "ataxx".
	Name() string
	// Seats names the seats in turn order, like "red", "blue".
	Seats() []string
	// New returns a game in setup with the given rule set name ("" for
	// the game's default).
	New(rules string) (State, error)
	// Decode reads a State that Encode wrote.
	Decode(data []byte) (State, error)
	// Classify tells what a command is to this game.
	Classify(c Command) Kind
	// Help returns the game's own commands, one line each.
	Help() []HelpLine
}

// Kind is what a command is to a game.
type Kind int

// The kinds of game commands.
const (
	NotGame Kind = iota // not this game's command
	Move                // plays on the board: a setup move or a turn
	Setup               // changes the setup: allowed before the game begins
	View                // shows something: anyone, anytime
)

// HelpLine documents one command.
type HelpLine struct {
	Name    string // the verb, as help looks it up
	Usage   string // "move FROM-TO"
	Summary string
}

// Command is one parsed command for a game: the verb and its arguments.
type Command struct {
	Verb string
	Args []string
}

// Played describes a move a State made.
type Played struct {
	Seat     int    // who moved
	Notation string // the move as players write it, "a7-b6"
}

// Result is the end of a game.
type Result struct {
	Over   bool
	Winner int    // seat index, or -1 for a draw
	Score  string // "Red 30, Blue 19"
}

// State is one game in progress: position and history. The bot calls it
// with commands it has already checked against seats and phase.
type State interface {
	// Encode writes the state as readable text for the record.
	Encode() ([]byte, error)
	// Move plays a Move command for the side to move.
	Move(c Command) (Played, error)
	// Setup applies a Setup command.
	Setup(c Command) (string, error)
	// View answers a View command for the viewer's seat (-1: a
	// spectator), as a reply.
	View(c Command, viewer int) (Reply, error)
	// Begin ends the setup: setup moves so far stay, undo stops there.
	Begin()
	// ToMove returns the seat to move.
	ToMove() int
	// Result tells whether the game is over and how.
	Result() Result
	// Undo takes back plies moves, never past the start of play.
	Undo(plies int) error
	// Plies returns the number of moves made since the game began.
	Plies() int
	// AIMove chooses a move for the side to move, played by ai, as a
	// Command for Move. It stops when ctx is done.
	AIMove(ctx context.Context, ai AIPlayer, seed int64) (Command, error)
	// Summary is a one-line status: rules, score, whose turn.
	Summary() string
	// MustPass reports whether the side to move has no move but a pass.
	MustPass() bool
}

// AIPlayer is who plays an AI seat: the bot's own search at a level, or an
// external engine named in the configuration.
type AIPlayer struct {
	Level  int
	Engine string // "" for the bot's own
}
