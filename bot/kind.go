package bot

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"time"
)

// Kind is a kind of game the host carries (Ataxx, Congo, ...). It declares
// itself in a Spec and makes and decodes the State of one table. Kinds keep
// their rules, notation, views and AI; the host keeps tables, seats, turns
// owed, challenges, delivery and the record.
type Kind interface {
	// Spec declares the kind: name, seats, commands, hidden information.
	Spec() Spec
	// New returns a fresh game under the named rule set ("" for the
	// kind's default).
	New(rules string) (State, error)
	// Decode reads a State that Encode wrote.
	Decode(data []byte) (State, error)
}

// Spec is what a kind tells the host about itself.
type Spec struct {
	Name  string   // command word and record tag: "guess"
	Title string   // for people: "Guess"
	Seats []string // seat names in turn order: "red", "blue"
	// Commands are the kind's own commands; the host's verbs (start, join,
	// resign, ...) are not listed here.
	Commands []CommandSpec
	// BareMove recognises a move typed as the first word ("!a7-b6"),
	// from the text alone. nil: the kind has none.
	BareMove func(word string) bool
	// Hidden says seats see different things: after every action each
	// seat gets its own view privately and refusals go to the speaker
	// alone.
	Hidden bool
	// Undo says players may take moves back.
	Undo bool
	// Rules are the rule set names; the first is the default.
	Rules []string
	// Notations are the move notations the kind reads, the first the one
	// it writes by default.
	Notations []string
	// Engines are the AI programs players may name: start ai:NAME.
	Engines []string
	// Live makes a table play from its first command: the speaker takes
	// the first seat and the AI the others (a console dialect).
	Live bool
}

// Use says when a kind's command may be given.
type Use int

// The uses of commands.
const (
	Configure Use = iota + 1 // before play: rules, blocks, a position
	Act                      // on the board, by a seat that owes an action
	Look                     // shows something: anyone, any time
)

func (u Use) String() string {
	switch u {
	case Configure:
		return "configure"
	case Act:
		return "act"
	case Look:
		return "look"
	}
	return "?"
}

// ArgType is the type of a command's argument.
type ArgType int

// The argument types.
const (
	ArgWord   ArgType = iota // one word
	ArgNumber                // a whole number
	ArgChoice                // one of Choices
	ArgRest                  // the rest of the line, spaces and all
)

// Arg is one argument of a command.
type Arg struct {
	Name     string
	Desc     string
	Type     ArgType
	Required bool
	Choices  []string
	Min, Max int // for ArgNumber, when Max > Min
}

// CommandSpec declares one command of a kind.
type CommandSpec struct {
	Name    string
	Aliases []string
	Use     Use
	Args    []Arg
	Usage   string // "move FROM-TO"; default: the name and the arguments
	Summary string
	// Private says the command carries hidden information (a Stratego
	// army): the host accepts it only in a private message, and refuses
	// it in a channel, before anything changes, without repeating it.
	Private bool
}

// Names returns the command's name and aliases.
func (c CommandSpec) Names() []string { return append([]string{c.Name}, c.Aliases...) }

// UsageText is the usage line of the command.
func (c CommandSpec) UsageText() string {
	if c.Usage != "" {
		return c.Usage
	}
	parts := []string{c.Name}
	for _, a := range c.Args {
		w := strings.ToUpper(a.Name)
		if len(a.Choices) > 0 {
			w = strings.Join(a.Choices, "|")
		}
		if !a.Required {
			w = "[" + w + "]"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// Command finds a command by name or alias.
func (s Spec) Command(verb string) (CommandSpec, bool) {
	for _, c := range s.Commands {
		for _, n := range c.Names() {
			if strings.EqualFold(n, verb) {
				return c, true
			}
		}
	}
	return CommandSpec{}, false
}

// SeatName is seat i's name with a capital: "Red".
func (s Spec) SeatName(i int) string {
	if i < 0 || i >= len(s.Seats) || s.Seats[i] == "" {
		return "?"
	}
	n := s.Seats[i]
	return strings.ToUpper(n[:1]) + n[1:]
}

// Command is one parsed command: the verb and its arguments.
type Command struct {
	Verb string
	Args []string
}

// Spectator is the viewer who holds no seat.
const Spectator = -1

// State is one table's game: position and history. The host calls it with
// commands it has checked against seats and phase.
type State interface {
	// Encode writes the state as readable text for the record.
	Encode() ([]byte, error)
	// Pending lists the seats that owe an action now: one during turns,
	// several during a simultaneous setup, none when the game is over.
	Pending() []int
	// Act plays an Act command for seat, which the host has checked is
	// pending.
	Act(seat int, c Command) (Played, error)
	// Configure applies a Configure command before play begins.
	Configure(c Command) (string, error)
	// Begin ends the configuring: play starts from here, undo stops here.
	Begin() error
	// View answers a Look command for viewer (a seat, or Spectator).
	View(c Command, viewer int) (Reply, error)
	// Board is the view shown after actions: the board as viewer may see
	// it.
	Board(viewer int) Reply
	// Summary is one line for viewer: rules, score, whose turn.
	Summary(viewer int) string
	// Actions are the commands that fit seat now, for buttons (Pass,
	// Ready); the host adds its own (Resign, Undo, Board).
	Actions(seat int) []Action
	// Result tells whether the game is over and how.
	Result() Result
	// Undo takes back the moves since seat's last turn, that turn
	// included, or the last move when seat is -1; it returns how many
	// moves it took back, or an error wrapping ErrNoUndo when there is
	// nothing to take back or the game forbids it.
	Undo(seat int) (int, error)
	// AIAct chooses an action for seat, played by p, seeing only what
	// seat may see. It stops when ctx is done.
	AIAct(ctx context.Context, seat int, p AIPlayer, seed int64) (Command, error)
}

// Cloner is implemented by a State that copies itself, so that the host
// can keep a game decoded between commands instead of decoding its text
// each time. The copy shares nothing that either copy changes, and is in
// every way the state that Decode(Encode()) would give.
type Cloner interface {
	Clone() State
}

// Ender is implemented by a State that must know when the host ends its
// game (a resignation): from then on the state is over, and a hidden kind's
// views may show everything.
type Ender interface {
	End(res Result)
}

// Picturer is implemented by a State that draws its board as a picture
// (for Discord and the web view): the board with its coordinates, the last
// move marked, what it took or turned, the side to move, and under it the
// host's caption line (seats, clocks), which the host writes. viewer is
// as for Board: a seat or Spectator, and a hidden kind's picture shows
// only what that viewer may see.
type Picturer interface {
	Picture(viewer int, caption string) (image.Image, error)
}

// Rematcher is implemented by a State that knows its game's start
// settings (a start position, blocks, rules, limits): Rematch returns a
// fresh state in setup with those settings and none of the moves or
// hidden setups, which the host begins for a rematch with the colours
// swapped. A State without it is rematched from Kind.New.
type Rematcher interface {
	Rematch() (State, error)
}

// Played describes an action a State made.
type Played struct {
	// Notation is the move as players write it ("a7-b6"); "" for an act
	// that is not a move (a ready setup).
	Notation string
	// Pass says the move was a pass: "Red (alice) passes."
	Pass bool
	// Public is more for everyone: a combat's outcome, "is ready".
	Public string
	// Private is for the acting seat alone: "setup saved".
	Private string
}

// AIPlayer is who plays an AI seat: the kind's own search at a level, or an
// AI program named in the configuration.
type AIPlayer struct {
	Level  int
	Engine string // "" for the kind's own
	// Budget is the most the AI may think on this move, from the game's
	// clock; 0: the level's own time. A kind's AI keeps to the smaller
	// of the two.
	Budget time.Duration
}

// Voice is implemented by a kind that speaks a dialect (the CS61B console):
// it rewrites or silences the host's announcements.
type Voice interface {
	// Phrase returns the text to say for a, or "" to say nothing.
	Phrase(a Announcement) string
}

// Topic is what an announcement is about.
type Topic int

// The topics of announcements.
const (
	TopicChatter Topic = iota // seats, settings, setup confirmations
	TopicPlayed               // a move: Seat, AI, Notation
	TopicOver                 // the result: Winner
	TopicRefused              // a refusal
)

// Announcement is a line the host is about to say, for a Voice.
type Announcement struct {
	Topic    Topic
	Text     string // what the host would say
	Seat     int    // who played (TopicPlayed)
	AI       bool   // the AI played it
	Notation string
	Winner   int // -1 draw (TopicOver)
	Seats    []string
}

// Errors of the kind contract.
var (
	// ErrNoUndo: nothing to take back, or the game forbids it.
	ErrNoUndo = errors.New("nothing to take back")
	// ErrIllegal: an action the rules do not allow.
	ErrIllegal = errors.New("not allowed")
	// ErrProgram: an AI program failed its move: it crashed, hung,
	// answered garbage or an illegal move. By the progcomp manager's rules
	// its seat loses the game: a kind's AIAct wraps it, and the host ends
	// the game. A program that is not configured or cannot be started is
	// the operator's to fix, not this.
	ErrProgram = errors.New("the AI program failed")
)

// ProgramError is an AI program's failure, with the plain words the
// channel hears (never what the program wrote), which are also the game's
// ending; it wraps ErrProgram and the detail, which the log keeps.
type ProgramError struct {
	Reason Ending // "timed out", "illegal move"; "": EndProgram
	Err    error
}

func (e *ProgramError) Error() string {
	return "the AI program failed: " + string(e.Reason) + ": " + e.Err.Error()
}

// Unwrap gives ErrProgram and the detail.
func (e *ProgramError) Unwrap() []error { return []error{ErrProgram, e.Err} }

// EndProgram is the ending of a game an AI program lost by failing.
const EndProgram Ending = "program failed"

// OverText says how a finished game ended, in the same words for every
// kind and every view of it (status, the board, game ID): "Game over:
// Blue resigned; Red wins." seats are the kind's seat names (Spec.Seats)
// and res is the ending the host recorded, or the rules' own ("Game
// over: Red wins (no moves left).").
func OverText(seats []string, res Result) string {
	name := func(i int) string { return Spec{Seats: seats}.SeatName(i) }
	// loser is the seat that lost a two-seat game, -1 otherwise.
	loser := -1
	if len(seats) == 2 && (res.Winner == 0 || res.Winner == 1) {
		loser = 1 - res.Winner
	}
	outcome := "draw"
	if res.Winner >= 0 && res.Winner < len(seats) {
		outcome = name(res.Winner) + " wins"
	}
	switch {
	case res.Ending == EndResigned && loser >= 0:
		return fmt.Sprintf("Game over: %s resigned; %s.", name(loser), outcome)
	case res.Ending == EndTime && loser >= 0:
		return fmt.Sprintf("Game over: %s ran out of time; %s.", name(loser), outcome)
	case res.Ending == EndAgreed:
		return "Game over: drawn by agreement."
	case res.Ending == EndAborted:
		return "Game over: aborted; no result."
	case res.Ending == EndAbandoned:
		return "Game over: abandoned; no result."
	case res.Ending == EndMoveLimit && res.Winner < 0:
		return "Game over: drawn at the move limit."
	case res.Ending == "":
		return "Game over: " + capitalFirst(outcome) + "."
	}
	return fmt.Sprintf("Game over: %s (%s).", capitalFirst(outcome), res.Ending)
}

// capitalFirst is s with its first letter in capitals.
func capitalFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
