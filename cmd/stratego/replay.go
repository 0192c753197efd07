package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

var errLog = errors.New("bad log file")

// record is a game read back from the manager's log: each side's name,
// setup lines and answers, and why the game ended.
type record struct {
	names   [2]string
	setups  [2][]string
	answers [2][]string
	reason  string
	// turnLimit is the -m of a game the turn limit ended (0 otherwise),
	// for a replay without -m.
	turnLimit int
}

// turnLimitReason is the log's reason for a game the turn limit ended, in
// the 2012 manager's words: it names the limit, so that -f needs no -m.
const turnLimitReason = "Game declared a draw after %d turns"

// logReason is the reason the log gives for how r ended.
func logReason(r agent.Result) string {
	if r.Outcome == agent.DrawDefault {
		return fmt.Sprintf(turnLimitReason, r.Turn)
	}
	return r.Reason
}

func readLogFile(path string) (*record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	rec, err := parseLog(lines)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// parseLog reads the -o format:
//
//	<name> RED SETUP / 4 lines / <name> BLUE SETUP / 4 lines
//	<turn> RED: <answer> <outcome>      (BLU for Blue)
//	Game ends on <COLOUR>'s turn - REASON: <reason>
//	<result line>
//
// A game the turn limit ended gives the limit in its reason, as the 2012
// manager writes it ("Game declared a draw after N turns"), or, in logs
// written before this program did the same, in its result line
// (DRAW_DEFAULT N): the replay then needs no -m.
func parseLog(lines []string) (*record, error) {
	rec := &record{}
	i := 0
	isHeader := func(l string, c stratego.Colour) bool {
		f := strings.Fields(l)
		return len(f) == 3 && f[1] == c.String() && f[2] == "SETUP"
	}
	for c := stratego.Red; c <= stratego.Blue; c++ {
		if i >= len(lines) || !isHeader(lines[i], c) {
			return nil, fmt.Errorf("line %d: want \"<name> %v SETUP\": %w", i+1, c, errLog)
		}
		rec.names[c] = strings.Fields(lines[i])[0]
		i++
		for j := 0; j < 4 && i < len(lines); j++ {
			if c == stratego.Red && isHeader(lines[i], stratego.Blue) {
				break
			}
			if strings.HasPrefix(lines[i], "Game ends ") {
				break
			}
			rec.setups[c] = append(rec.setups[c], lines[i])
			i++
		}
	}
	type moveLine struct {
		c    stratego.Colour
		text string
	}
	var moves []moveLine
	for ; i < len(lines); i++ {
		l := lines[i]
		if r, ok := strings.CutPrefix(l, "Game ends "); ok {
			_, reason, ok := strings.Cut(r, "REASON: ")
			if !ok {
				return nil, fmt.Errorf("line %d: no REASON: %w", i+1, errLog)
			}
			rec.reason = reason
			var n int
			if _, err := fmt.Sscanf(reason, turnLimitReason, &n); err == nil && n > 0 {
				rec.turnLimit = n
			} else if i+1 < len(lines) {
				if r, err := agent.ParseResult(lines[i+1]); err == nil && r.Outcome == agent.DrawDefault && r.Turn > 0 {
					rec.turnLimit = r.Turn
				}
			}
			break
		}
		num, rest, ok := strings.Cut(l, " ")
		if _, err := strconv.Atoi(num); !ok || err != nil {
			return nil, fmt.Errorf("line %d %q: want \"<turn> RED: <move>\": %w", i+1, l, errLog)
		}
		var c stratego.Colour
		switch {
		case strings.HasPrefix(rest, "RED: "):
			c = stratego.Red
		case strings.HasPrefix(rest, "BLU: "):
			c = stratego.Blue
		default:
			return nil, fmt.Errorf("line %d %q: want RED: or BLU: %w", i+1, l, errLog)
		}
		moves = append(moves, moveLine{c, rest[5:]})
	}
	for k, m := range moves {
		final := k == len(moves)-1 && (rec.reason == agent.ReasonIllegal || rec.reason == agent.ReasonBadAnswer)
		rec.answers[m.c] = append(rec.answers[m.c], answerOf(m.text, final))
	}
	return rec, nil
}

// answerOf recovers an agent's answer from a move line. The manager
// appends an outcome to every answer except one whose direction word was
// bad, which -i echoes verbatim; the move that ends a game as ILLEGAL is
// always logged with " ILLEGAL".
func answerOf(text string, finalIllegal bool) string {
	if finalIllegal {
		a, _ := strings.CutSuffix(text, " ILLEGAL")
		return a
	}
	a := stripOutcome(text)
	if agent.ParseAnswer(a).Kind == agent.AnswerBadDirection {
		return text
	}
	return a
}

func (rec *record) players() (agent.Player, agent.Player) {
	return &replayer{rec: rec, c: stratego.Red}, &replayer{rec: rec, c: stratego.Blue}
}

// replayer is a side of a recorded game as a Player: it answers what the
// log says it answered, and when its answers run out it fails as the
// original did (a timeout, an exit).
type replayer struct {
	rec  *record
	c    stratego.Colour
	next int
}

func (r *replayer) Name() string { return r.rec.names[r.c] }

func (r *replayer) Setup(stratego.Colour, string) ([]string, error) {
	lines := r.rec.setups[r.c]
	if len(lines) < 4 {
		return lines, r.failure()
	}
	return lines, nil
}

func (r *replayer) Move([]string, *stratego.View) (string, error) {
	if r.next >= len(r.rec.answers[r.c]) {
		return "", r.failure()
	}
	r.next++
	return r.rec.answers[r.c][r.next-1], nil
}

func (r *replayer) failure() error {
	switch r.rec.reason {
	case agent.ReasonTimeout:
		return fmt.Errorf("replay: %w", agent.ErrTimeout)
	case agent.ReasonExited:
		return fmt.Errorf("replay: %w", agent.ErrExited)
	}
	return fmt.Errorf("replay: the log has no more moves for %v: %w", r.c, agent.ErrGarbage)
}

func (r *replayer) Quit([]string, string) {}
func (r *replayer) Close()                {}
