package agent

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// ErrProtocol: a line that is not what the protocol allows there.
var ErrProtocol = errors.New("protocol error")

// SetupQuery returns the first line the manager sends an agent:
// "RED <opponent> 10 10" or "BLUE <opponent> 10 10".
func SetupQuery(c stratego.Colour, opponent string) string {
	return fmt.Sprintf("%v %s %d %d", c, opponent, stratego.Width, stratego.Height)
}

// Name returns an agent's name as the manager uses it in messages: the
// path as given, cut at the first space.
func Name(path string) string {
	name, _, _ := strings.Cut(path, " ")
	return name
}

// AnswerKind classifies an agent's answer to a move request.
type AnswerKind uint8

const (
	// AnswerMove: "X Y DIR [N]" that names a straight move on the board
	// (legal or not: that is the position's business).
	AnswerMove AnswerKind = iota
	// AnswerSurrender: "SURRENDER".
	AnswerSurrender
	// AnswerBadDirection: the third word is not UP, DOWN, LEFT or RIGHT
	// (or missing). The program ends the game, or under -i echoes the
	// answer with no outcome at all and the turn is lost.
	AnswerBadDirection
	// AnswerMalformed: a direction but bad numbers, a bad multiplier, a
	// destination off the board or extra words: an illegal move (echoed
	// with " ILLEGAL" under -i).
	AnswerMalformed
)

// Answer is an agent's reply to a move request, classified.
type Answer struct {
	Text string // verbatim, as echoed in confirmations
	Kind AnswerKind
	Move stratego.Move // for AnswerMove
}

// ParseAnswer classifies a move answer.
func ParseAnswer(text string) Answer {
	a := Answer{Text: text}
	if text == "SURRENDER" {
		a.Kind = AnswerSurrender
		return a
	}
	f := strings.Fields(text)
	if len(f) < 3 {
		a.Kind = AnswerBadDirection
		return a
	}
	if _, ok := stratego.ParseDirection(f[2]); !ok {
		a.Kind = AnswerBadDirection
		return a
	}
	m, err := stratego.ParseProtocolMove(text)
	if err != nil {
		a.Kind = AnswerMalformed
		return a
	}
	a.Kind, a.Move = AnswerMove, m
	return a
}

// Confirm returns the confirmation of a made move: the answer verbatim,
// a space and the outcome ("0 6 UP 2 OK", "2 2 UP 1 KILLS 3 8",
// "0 5 UP BOTHDIE 9 9").
func Confirm(answer string, r stratego.Result) string {
	if r.Outcome == stratego.Moved {
		return answer + " OK"
	}
	return fmt.Sprintf("%s %v %c %c", answer, r.Outcome, r.Attacker.Token(), r.Defender.Token())
}

// Confirmation is a confirmation line as an agent reads it.
type Confirmation struct {
	By   stratego.Colour // who moved; the line does not say, the order does
	Text string
	// Move is the move; NoMove when the answer was not a move at all.
	Move stratego.Move
	// Illegal is set for "… ILLEGAL" and for an answer echoed with no
	// outcome: the move was not made and the turn was lost.
	Illegal bool
	Result  stratego.Result
}

// ParseConfirmation reads a confirmation line.
func ParseConfirmation(line string) (Confirmation, error) {
	c := Confirmation{Text: line}
	f := strings.Fields(line)
	n := len(f)
	switch {
	case n >= 1 && f[n-1] == "ILLEGAL":
		c.Illegal = true
		if m, err := stratego.ParseProtocolMove(strings.Join(f[:n-1], " ")); err == nil {
			c.Move = m
		}
		return c, nil
	case n >= 4 && f[n-1] == "OK":
		m, err := stratego.ParseProtocolMove(strings.Join(f[:n-1], " "))
		if err != nil {
			break
		}
		c.Move = m
		c.Result = stratego.Result{Move: m, Outcome: stratego.Moved}
		return c, nil
	case n >= 6:
		var o stratego.Outcome
		switch f[n-3] {
		case "KILLS":
			o = stratego.Kills
		case "DIES":
			o = stratego.Dies
		case "BOTHDIE":
			o = stratego.BothDie
		default:
			c.Illegal = true
			return c, nil
		}
		m, err := stratego.ParseProtocolMove(strings.Join(f[:n-3], " "))
		a, ok1 := rankOf(f[n-2])
		d, ok2 := rankOf(f[n-1])
		if err != nil || !ok1 || !ok2 {
			return c, fmt.Errorf("confirmation %q: %w", line, ErrProtocol)
		}
		c.Move = m
		c.Result = stratego.Result{Move: m, Outcome: o, Attacker: a, Defender: d}
		return c, nil
	}
	// An answer echoed with no outcome (a bad direction under -i).
	c.Illegal = true
	return c, nil
}

func rankOf(s string) (stratego.Rank, bool) {
	if len(s) != 1 {
		return stratego.NoRank, false
	}
	return stratego.RankOfToken(s[0])
}

// Outcome is how a managed game ended, as the result line spells it.
type Outcome string

const (
	Victory     Outcome = "VICTORY"
	Illegal     Outcome = "ILLEGAL"
	DrawDefault Outcome = "DRAW_DEFAULT"
	Draw        Outcome = "DRAW"
	Surrender   Outcome = "SURRENDER"
	BadSetup    Outcome = "BAD_SETUP"
)

// Result is the manager's result line: NAME COLOUR OUTCOME TURN RED_VALUE
// BLUE_VALUE. NAME and COLOUR are the player whose turn it was when the
// game ended (the winner for VICTORY, the offender for ILLEGAL); for a
// setup both sides got wrong they are "neither" and "BOTH".
type Result struct {
	Name      string
	Colour    string
	Outcome   Outcome
	Turn      int
	RedValue  int
	BlueValue int
	// Reason is the log's "REASON:" text; not part of the line.
	Reason string
}

// String returns the result line.
func (r Result) String() string {
	return fmt.Sprintf("%s %s %s %d %d %d", r.Name, r.Colour, r.Outcome, r.Turn, r.RedValue, r.BlueValue)
}

// ParseResult reads a result line.
func ParseResult(line string) (Result, error) {
	f := strings.Fields(line)
	if len(f) != 6 {
		return Result{}, fmt.Errorf("result %q: %w", line, ErrProtocol)
	}
	r := Result{Name: f[0], Colour: f[1], Outcome: Outcome(f[2])}
	var err1, err2, err3 error
	r.Turn, err1 = strconv.Atoi(f[3])
	r.RedValue, err2 = strconv.Atoi(f[4])
	r.BlueValue, err3 = strconv.Atoi(f[5])
	if err1 != nil || err2 != nil || err3 != nil {
		return Result{}, fmt.Errorf("result %q: %w", line, ErrProtocol)
	}
	switch r.Outcome {
	case Victory, Illegal, DrawDefault, Draw, Surrender, BadSetup:
	default:
		return Result{}, fmt.Errorf("result %q: unknown outcome: %w", line, ErrProtocol)
	}
	return r, nil
}

// ParseBoard reads the board message as colour c's agent receives it
// into a View of c's seat: c's pieces by letter, '#' an enemy piece of
// unknown rank, '+' a lake, '.' empty.
func ParseBoard(c stratego.Colour, lines [stratego.Height]string) (stratego.View, error) {
	v := stratego.View{Seat: stratego.SeatOf(c), Side: c}
	for y, l := range lines {
		if len(l) != stratego.Width {
			return v, fmt.Errorf("board line %d %q: %w", y, l, ErrProtocol)
		}
		for x := 0; x < stratego.Width; x++ {
			s := stratego.SquareAt(x, y)
			var pc stratego.Piece
			switch b := l[x]; b {
			case '.':
			case '+':
				pc = stratego.Lake
			case '#':
				pc = stratego.NewPiece(c.Other(), stratego.NoRank)
			default:
				r, ok := stratego.RankOfToken(b)
				if !ok {
					return v, fmt.Errorf("board line %d %q: %w", y, l, ErrProtocol)
				}
				pc = stratego.NewPiece(c, r)
			}
			if (pc == stratego.Lake) != s.IsLake() {
				return v, fmt.Errorf("board line %d %q: lakes misplaced: %w", y, l, ErrProtocol)
			}
			v.Board[s] = pc
		}
	}
	return v, nil
}
