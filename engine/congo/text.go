package congo

import (
	"fmt"
	"strings"
)

// The texts of the guide's program. Every line begins with a space and
// ends with a newline, as the guide prints them; the program prints a
// blank line before a board, players or moves block.

// Prompt is the guide's input prompt.
const Prompt = " > "

// Banner is the greeting the guide's program prints first.
const Banner = "   ____\n" +
	"  / ___|___  _ __   __ _  ___\n" +
	" | |   / _ \\| '_ \\ / _` |/ _ \\\n" +
	" | |__| (_) | | | | (_| | (_) |\n" +
	"  \\____\\___/|_| |_|\\__, |\\___/\n" +
	"                   |___/\n"

// WrongMoveText answers a move that is not legal.
const WrongMoveText = " Entered move is wrong. Consult \"show moves\".\n"

// ExitText is the program's last line; the guide prints it without the
// leading space.
const ExitText = "The program is terminated...\n"

// BoardText returns the guide's board: ranks 7 to 1 with their numbers,
// pieces by their FEN letters, '-' for an empty square and '+' for an
// empty river square, then a blank line and the files' footer.
func BoardText(p *Position) string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		fmt.Fprintf(&b, " %d  ", r+1)
		for f := range 7 {
			s := NewSquare(f, r)
			c := p.board[s].Letter()
			if p.board[s] == NoPiece && s.IsRiver() {
				c = '+'
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("\n /   a b c d e f g\n")
	return b.String()
}

// playerKinds is the order of the guide's players line.
var playerKinds = [numKinds]Kind{Elephant, Zebra, Giraffe, Crocodile, Pawn, Superpawn, Lion, Monkey}

// PlayersText returns the guide's players lines: a star before the side
// to move, then each side's count of every animal.
func PlayersText(p *Position) string {
	var b strings.Builder
	for _, c := range [2]Color{White, Black} {
		mark := ' '
		if c == p.turn {
			mark = '*'
		}
		fmt.Fprintf(&b, " %c %s", mark, c)
		for _, k := range playerKinds {
			fmt.Fprintf(&b, " %d%c", p.Count(c, k), NewPiece(c, k).Letter())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// MovesText returns moves as the guide's "show moves" does: each in the
// guide's view, "(a2,a3)", wrapped so that no line passes 40 columns.
func MovesText(moves []Move) string {
	var b strings.Builder
	col := 0
	for _, m := range moves {
		v := " " + m.GuideString()
		if col > 0 && col+len(v) > 40 {
			b.WriteByte('\n')
			col = 0
		}
		b.WriteString(v)
		col += len(v)
	}
	b.WriteByte('\n')
	return b.String()
}

// TransitionText announces a move played, as the guide does before the
// new board.
func TransitionText(m Move) string { return " transition " + m.GuideString() + "\n" }

// AdvisedText answers the guide's advise command.
func AdvisedText(m Move) string { return " Advised move is " + m.GuideString() + ".\n" }

// UnsupportedText answers a command the program does not know.
func UnsupportedText(command string) string {
	return fmt.Sprintf(" Command %s is not supported. Consult \"help help\".\n", command)
}

// commands are the guide's commands, in the order its allow lists them.
var commands = [...]string{"allow", "advise", "help", "show", "exit", "move"}

// Commands returns the guide's commands in the order allow lists them.
func Commands() []string { return commands[:] }

// AllowedText answers the guide's allow command.
func AllowedText() string {
	return " Allowed commands are " + strings.Join(commands[:], ", ") + ".\n"
}

// helpPages are the manual pages of the guide's commands: name,
// description, usage.
var helpPages = map[string][2]string{
	"allow":  {"Lists the commands the program accepts.", "allow"},
	"advise": {"Advises a move for the player to move, by the player's algorithm.", "advise"},
	"help":   {"Shows the manual page of a command.", "help [allow|advise|help|show|exit|move]"},
	"show":   {"Shows the board, the players, the moves of the player to move, or all of them.", "show [board|players|moves|game]"},
	"exit":   {"Terminates the program.", "exit"},
	"move":   {"Moves a certain piece from a square to a square.", "move [a-g][1-7] [a-g][1-7]"},
}

// Help returns the guide's manual page of command (NAME, DESCRIPTION,
// USAGE), and whether the command exists.
func Help(command string) (string, bool) {
	page, ok := helpPages[command]
	if !ok {
		return "", false
	}
	return " NAME\n    " + command + "\n DESCRIPTION\n    " + page[0] + "\n USAGE\n    " + page[1] + "\n", true
}
