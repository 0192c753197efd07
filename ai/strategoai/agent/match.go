package agent

import (
	"errors"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Config are the manager's switches that change a game.
type Config struct {
	Options stratego.Options // rules and -m (TurnLimit 0 is "inf")
	// IgnoreIllegal is -i: an illegal move loses the turn instead of the
	// game.
	IgnoreIllegal bool
	// Stall is -t: a pause after every move.
	Stall time.Duration
	Hooks Hooks
}

// Hooks let the caller watch a game (print boards, write the log). Any
// may be nil.
type Hooks struct {
	// Setup: what a side answered to the setup query.
	Setup func(c stratego.Colour, name string, lines []string)
	// Move: one move line of the log, "<answer> <outcome>" as the log
	// writes it (VICTORY_FLAG and VICTORY_ATTRITION for moves that end the
	// game), with the position after it.
	Move func(c stratego.Colour, turn int, text string, pos *stratego.Position)
	// End: the result and the position at the end.
	End func(r Result, pos *stratego.Position)
}

// Reasons written after "REASON:" in the log.
const (
	ReasonFlag      = "Captured the flag"
	ReasonAttrition = "Destroyed all mobile enemy pieces"
	ReasonImmobile  = "Neither player has mobile pieces"
	ReasonTurns     = "Exceeded the maximum number of turns"
	ReasonIllegal   = "Illegal move"
	ReasonBadAnswer = "Bad response"
	ReasonTimeout   = "Timed out"
	ReasonExited    = "Agent exited"
	ReasonSurrender = "Surrendered"
	ReasonBadSetup  = "Bad setup"
)

// Run manages one game between red and blue as the progcomp manager does
// and returns its result; both players are let go (Quit or Close) before
// it returns.
//
// Each player is told exactly what the program's agents read: the setup
// query; then, when on move, START (Red's first move) or the
// confirmations of the moves since its last one (its own first), and the
// board; at the end, the player whose turn it was gets its news and
// "QUIT <result>", the other (paused, in the program) nothing.
func Run(red, blue Player, cfg Config) Result {
	players := [2]Player{red, blue}
	names := [2]string{red.Name(), blue.Name()}
	var setups [2]stratego.Setup
	var bad [2]bool
	for c := stratego.Red; c <= stratego.Blue; c++ {
		lines, err := players[c].Setup(c, names[c.Other()])
		if cfg.Hooks.Setup != nil {
			cfg.Hooks.Setup(c, names[c], lines)
		}
		if err == nil {
			setups[c], err = stratego.ParseSetupLines(c, lines)
		}
		bad[c] = err != nil
	}
	if bad[stratego.Red] || bad[stratego.Blue] {
		r := Result{Outcome: BadSetup, Reason: ReasonBadSetup}
		switch {
		case bad[stratego.Red] && bad[stratego.Blue]:
			r.Name, r.Colour = "neither", "BOTH"
		case bad[stratego.Red]:
			r.Name, r.Colour, r.BlueValue = names[stratego.Red], "RED", 148
		default:
			r.Name, r.Colour, r.RedValue = names[stratego.Blue], "BLUE", 148
		}
		pos := stratego.EmptyPosition(cfg.Options)
		if cfg.Hooks.End != nil {
			cfg.Hooks.End(r, &pos)
		}
		red.Quit(nil, r.String())
		blue.Quit(nil, r.String())
		return r
	}
	pos, _ := stratego.NewPosition(setups[stratego.Red], setups[stratego.Blue], cfg.Options)
	seats := [2]*Seat{NewSeat(red, stratego.Red), NewSeat(blue, stratego.Blue)}
	end := func(c stratego.Colour, o Outcome, reason string) Result {
		r := Result{Name: names[c], Colour: c.String(), Outcome: o, Turn: pos.Turn(),
			RedValue: pos.Value(stratego.Red), BlueValue: pos.Value(stratego.Blue), Reason: reason}
		if cfg.Hooks.End != nil {
			cfg.Hooks.End(r, &pos)
		}
		seats[c].Quit(r.String())
		players[c.Other()].Close()
		return r
	}
	for {
		c := pos.Side()
		turn := pos.Turn()
		v := pos.View(stratego.SeatOf(c))
		text, err := seats[c].Ask(&v)
		if err != nil {
			reason := ReasonBadAnswer
			switch {
			case errors.Is(err, ErrTimeout):
				reason = ReasonTimeout
			case errors.Is(err, ErrExited):
				reason = ReasonExited
			}
			return end(c, Illegal, reason)
		}
		vd := Judge(&pos, text, cfg.IgnoreIllegal)
		if cfg.Hooks.Move != nil {
			cfg.Hooks.Move(c, turn, vd.Log, &pos)
		}
		if vd.Confirmation != "" {
			seats[stratego.Red].Tell(vd.Confirmation)
			seats[stratego.Blue].Tell(vd.Confirmation)
		}
		if vd.End != "" {
			return end(c, vd.End, vd.Reason)
		}
		if cfg.Stall > 0 {
			time.Sleep(cfg.Stall)
		}
	}
}

// Verdict is what the manager makes of one answer of the side to move.
type Verdict struct {
	// Log is the move's text in the manager's log: the answer and its
	// outcome ("0 3 DOWN OK", "0 1 UP VICTORY_FLAG", "0 0 DOWN ILLEGAL").
	Log string
	// Confirmation is the line both sides are told, or "" when the move
	// ended the game (those are not broadcast) or was SURRENDER.
	Confirmation string
	// Made is set when a move was made; Result says what it did.
	Made   bool
	Result stratego.Result
	// End is the outcome when the answer ended the game ("" if it goes
	// on), with the log's reason.
	End    Outcome
	Reason string
}

// Judge applies the answer text of the side to move to pos exactly as
// the manager does: SURRENDER; a bad direction (ends the game, or under
// ignoreIllegal is echoed verbatim and the turn lost); a malformed or
// illegal move (ends the game, or "… ILLEGAL" and the turn lost); a
// legal move is made, and the game ends if it took the Flag, left the
// opponent without moving pieces (a draw if the mover has none either)
// or, after Blue's move, brought the turn counter to the limit. A host
// that runs a game itself (a chat game against an agent program) judges
// the agent's answers with it.
func Judge(pos *stratego.Position, text string, ignoreIllegal bool) Verdict {
	c := pos.Side()
	a := ParseAnswer(text)
	var v Verdict
	switch a.Kind {
	case AnswerSurrender:
		return Verdict{Log: text, End: Surrender, Reason: ReasonSurrender}
	case AnswerBadDirection:
		if !ignoreIllegal {
			return Verdict{Log: text + " ILLEGAL", End: Illegal, Reason: ReasonBadAnswer}
		}
		v.Log, v.Confirmation = text, text
		pos.SetSide(c.Other())
		advance(pos, c)
	case AnswerMalformed, AnswerMove:
		if a.Kind == AnswerMalformed || pos.Legal(a.Move) != nil {
			if !ignoreIllegal {
				return Verdict{Log: text + " ILLEGAL", End: Illegal, Reason: ReasonIllegal}
			}
			v.Log = text + " ILLEGAL"
			v.Confirmation = v.Log
			pos.SetSide(c.Other())
			advance(pos, c)
			break
		}
		u := pos.MakeMove(a.Move)
		v.Made, v.Result = true, u.Result()
		switch {
		case v.Result.Outcome == stratego.CapturesFlag:
			return Verdict{Log: text + " VICTORY_FLAG", Made: true, Result: v.Result, End: Victory, Reason: ReasonFlag}
		case pos.Mobile(c.Other()) == 0 && pos.Mobile(c) == 0:
			return Verdict{Log: Confirm(text, v.Result), Made: true, Result: v.Result, End: Draw, Reason: ReasonImmobile}
		case pos.Mobile(c.Other()) == 0:
			return Verdict{Log: text + " VICTORY_ATTRITION", Made: true, Result: v.Result, End: Victory, Reason: ReasonAttrition}
		}
		v.Log = Confirm(text, v.Result)
		v.Confirmation = v.Log
	}
	if c == stratego.Blue && pos.TurnLimit() > 0 && pos.Turn() >= pos.TurnLimit() {
		v.End, v.Reason = DrawDefault, ReasonTurns
	}
	return v
}

// advance moves the turn counter after a lost turn as MakeMove does after
// a move: it goes up after Blue's.
func advance(pos *stratego.Position, mover stratego.Colour) {
	if mover == stratego.Blue {
		pos.SetTurn(pos.Turn() + 1)
	}
}
