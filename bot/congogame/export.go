package congogame

import (
	"bytes"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// ExportMeta is what the host knows of a game and the record does not.
type ExportMeta struct {
	// Players are White's and Black's names, written in the file's
	// comments.
	Players [2]string
	// Date the game began.
	Date time.Time
	// Result is the host's, when the host ended the game without the
	// position ending it (a resignation, a draw agreed, a flag fallen):
	// the file's Result comment says it; the moves replay to the position
	// where it ended.
	Result bot.Result
}

// Export writes the game as a file the guide's program (cmd/congo)
// replays: started with the file's --board (the start FEN, or standard),
// its "load FILE" plays the moves as if typed, one command a line:
// "move a2 a3", a monkey's whole turn as its path ("move b1 d3 f5"), a
// single jump that ends the turn "move b1 d3 stop", and a turn taken a
// jump at a time as it was typed ("move b1 d3", then "stop" if the monkey
// stopped before it had to). Comment lines (#) before the moves give the
// players, the date, the start FEN, the result and the command line that
// replays it. Congo hides nothing, so any game, running or over, may be
// exported.
func (s *state) Export(m ExportMeta) (string, []byte, error) {
	var b bytes.Buffer
	board := s.Start
	if board == congo.StartFEN {
		board = "standard"
	}
	fmt.Fprintln(&b, "# Congo, exported by ataxxbot")
	if !m.Date.IsZero() {
		fmt.Fprintf(&b, "# Date: %s\n", m.Date.UTC().Format("2006-01-02"))
	}
	fmt.Fprintf(&b, "# White: %s\n# Black: %s\n", commentText(m.Players[0], "white"), commentText(m.Players[1], "black"))
	fmt.Fprintf(&b, "# Start: %s\n", s.Start)
	fmt.Fprintf(&b, "# Result: %s\n", s.resultText(m.Result))
	fmt.Fprintf(&b, "# Final: %s\n", s.pos.FEN())
	fmt.Fprintf(&b, "# Replay: congo --place=local --board=%s --white=hi/random --black=hi/random, then: load THIS_FILE\n", board)
	for _, a := range s.acts {
		fmt.Fprintln(&b, actCommand(a.move))
	}
	return bot.ExportName("congo", "txt", m.Date, m.Players[:], seats()), b.Bytes(), nil
}

// actCommand is the command that plays one recorded action in cmd/congo.
func actCommand(m congo.Move) string {
	if m.Jumps() == 0 && m.From() == m.To() {
		return "stop"
	}
	squares := strings.ReplaceAll(m.Closed().String(), "-", " ")
	if m.Jumps() == 1 && !m.IsOpen() {
		// Alone, one jump would leave the turn with the monkey.
		return "move " + squares + " stop"
	}
	return "move " + squares
}

// resultText says how the game stands, in the file's Result comment.
func (s *state) resultText(host bot.Result) string {
	r := s.Result()
	if !r.Over && host.Over {
		r = host
	}
	switch {
	case !r.Over:
		return fmt.Sprintf("running, %s to move", strings.ToLower(s.pos.Turn().String()))
	case r.Winner != 0 && r.Winner != 1:
		return "draw (" + commentText(string(r.Ending), "agreed") + ")"
	}
	return fmt.Sprintf("%s wins (%s)", [2]string{"White", "Black"}[r.Winner], commentText(string(r.Ending), "ended by the host"))
}

// commentText makes a name safe on a comment line: one line, printable,
// at most 60 runes (a line break would start a command of its own).
func commentText(name, alt string) string {
	var b strings.Builder
	n := 0
	for _, r := range name {
		if n == 60 {
			break
		}
		if !unicode.IsPrint(r) {
			r = ' '
		}
		b.WriteRune(r)
		n++
	}
	if t := strings.TrimSpace(b.String()); t != "" {
		return t
	}
	return alt
}
