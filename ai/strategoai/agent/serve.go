package agent

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Brain is the mind of an agent program, driven by Serve.
type Brain interface {
	// Setup returns the army for colour c.
	Setup(c stratego.Colour, opponent string) stratego.Setup
	// Observe is told every confirmation, both sides', in order.
	Observe(c Confirmation)
	// Move returns the move to make on the board the manager sent (the
	// protocol's 10 lines); NoMove surrenders.
	Move(board [stratego.Height]string) stratego.Move
}

// Serve speaks the protocol from the agent's side on r and w until QUIT
// or the end of r: it answers the setup query with Brain.Setup, passes
// every confirmation to Brain.Observe (marking who moved: confirmations
// alternate from Red's first move), and answers each board with
// Brain.Move in the protocol's form.
func Serve(r io.Reader, w io.Writer, b Brain) error {
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 0, 256), MaxLine)
	out := bufio.NewWriter(w)
	next := func() (string, error) {
		if !in.Scan() {
			if err := in.Err(); err != nil {
				return "", fmt.Errorf("read: %v: %w", err, ErrExited)
			}
			return "", fmt.Errorf("input ended: %w", ErrExited)
		}
		return strings.TrimRight(in.Text(), "\r"), nil
	}
	first, err := next()
	if err != nil {
		return err
	}
	f := strings.Fields(first)
	if len(f) != 4 || f[2] != "10" || f[3] != "10" || (f[0] != "RED" && f[0] != "BLUE") {
		return fmt.Errorf("setup query %q: %w", first, ErrProtocol)
	}
	colour := stratego.Red
	if f[0] == "BLUE" {
		colour = stratego.Blue
	}
	lines := b.Setup(colour, f[1]).Lines(colour)
	for _, l := range lines {
		out.WriteString(l + "\n")
	}
	if err := out.Flush(); err != nil {
		return err
	}
	confirmations := 0
	for {
		line, err := next()
		if err != nil {
			return err
		}
		switch {
		case line == "START":
		case strings.HasPrefix(line, "QUIT"):
			return nil
		case isBoardLine(line):
			var board [stratego.Height]string
			board[0] = line
			for i := 1; i < stratego.Height; i++ {
				if board[i], err = next(); err != nil {
					return err
				}
			}
			m := b.Move(board)
			answer := "SURRENDER"
			if m != stratego.NoMove {
				answer = m.Protocol()
			}
			out.WriteString(answer + "\n")
			if err := out.Flush(); err != nil {
				return err
			}
		default:
			c, err := ParseConfirmation(line)
			if err != nil {
				return err
			}
			c.By = stratego.Colour(confirmations % 2)
			confirmations++
			b.Observe(c)
		}
	}
}

func isBoardLine(s string) bool {
	if len(s) != stratego.Width {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(".+#123456789sBF", rune(s[i])) {
			return false
		}
	}
	return true
}
