package agent

import (
	"fmt"
	"io"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Player is one side of a managed game, as the manager sees it: an agent
// program (Program), a person, or a recorded game. The manager decides
// what each side is told; the player only delivers it and answers.
type Player interface {
	// Name is the name the opponent is told and the result line shows.
	Name() string
	// Setup answers the setup query with the 4 lines of an army in board
	// order; an error (timeout, crash) is a bad setup.
	Setup(c stratego.Colour, opponent string) ([]string, error)
	// Move delivers news (START or the confirmations since the player's
	// last move) and the board as the player sees it, and returns the
	// answer verbatim. An error ends the game as ILLEGAL for the player.
	Move(news []string, view *stratego.View) (string, error)
	// Quit delivers the last news and "QUIT <result>" to the player on
	// move when the game ended, and lets it go.
	Quit(news []string, result string)
	// Close lets the player go without a word (the side not on move at
	// the end, which the program leaves paused and kills).
	Close()
}

// DefaultTimeout is the manager's time for every line an agent writes.
const DefaultTimeout = 2 * time.Second

// Program is an agent program as a Player: every line it must write has
// Timeout, it is paused (SIGSTOP) while not on move and resumed to read,
// as the progcomp manager does, and it is killed and reaped when let go.
// A crash, a hang or garbage ends its game by the rules; it never reaches
// the caller as anything but an error from Setup or Move.
type Program struct {
	proc    *Process
	name    string
	Timeout time.Duration
}

var _ Player = (*Program)(nil)

// StartProgram starts the agent at path (no arguments); its name is the
// path cut at the first space. Its standard error goes to stderr (nil
// discards).
func StartProgram(path string, timeout time.Duration, stderr io.Writer) (*Program, error) {
	p, err := Start(path, stderr)
	if err != nil {
		return nil, err
	}
	return &Program{proc: p, name: Name(path), Timeout: timeout}, nil
}

// Name returns the program's name.
func (p *Program) Name() string { return p.name }

// Process returns the running process.
func (p *Program) Process() *Process { return p.proc }

// Setup sends the setup query and reads 4 lines.
func (p *Program) Setup(c stratego.Colour, opponent string) ([]string, error) {
	p.proc.Resume()
	defer p.proc.Pause()
	if err := p.proc.Send(SetupQuery(c, opponent)); err != nil {
		return nil, err
	}
	var lines []string
	for len(lines) < 4 {
		l, err := p.proc.ReadLine(p.Timeout)
		if err != nil {
			return lines, fmt.Errorf("%s setup line %d: %w", p.name, len(lines)+1, err)
		}
		lines = append(lines, l)
	}
	return lines, nil
}

// Move sends the news and the protocol's board and reads one line.
func (p *Program) Move(news []string, view *stratego.View) (string, error) {
	p.proc.Resume()
	defer p.proc.Pause()
	board := view.ProtocolLines()
	if err := p.proc.Send(append(news, board[:]...)...); err != nil {
		return "", err
	}
	l, err := p.proc.ReadLine(p.Timeout)
	if err != nil {
		return "", fmt.Errorf("%s move: %w", p.name, err)
	}
	return l, nil
}

// Quit sends the news and the QUIT line, gives the program its timeout
// to exit, then kills it.
func (p *Program) Quit(news []string, result string) {
	p.proc.Resume()
	p.proc.Send(append(news, "QUIT "+result)...)
	p.proc.Close(p.Timeout)
}

// Close kills the program and reaps it.
func (p *Program) Close() { p.proc.Kill() }
