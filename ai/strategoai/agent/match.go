package agent

import (
	"errors"
	"strings"
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
	var news [2][]string
	news[stratego.Red] = []string{"START"}

	end := func(c stratego.Colour, o Outcome, reason string) Result {
		r := Result{Name: names[c], Colour: c.String(), Outcome: o, Turn: pos.Turn(),
			RedValue: pos.Value(stratego.Red), BlueValue: pos.Value(stratego.Blue), Reason: reason}
		if cfg.Hooks.End != nil {
			cfg.Hooks.End(r, &pos)
		}
		players[c].Quit(news[c], r.String())
		players[c.Other()].Close()
		return r
	}
	for {
		c := pos.Side()
		turn := pos.Turn()
		v := pos.View(stratego.SeatOf(c))
		text, err := players[c].Move(news[c], &v)
		news[c] = nil
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
		a := ParseAnswer(text)
		var conf string
		switch a.Kind {
		case AnswerSurrender:
			moveHook(cfg, c, turn, text, &pos)
			return end(c, Surrender, ReasonSurrender)
		case AnswerBadDirection:
			if !cfg.IgnoreIllegal {
				moveHook(cfg, c, turn, text+" ILLEGAL", &pos)
				return end(c, Illegal, ReasonBadAnswer)
			}
			conf = text
			pos.SetSide(c.Other())
			advance(&pos, c)
		case AnswerMalformed, AnswerMove:
			if a.Kind == AnswerMalformed || pos.Legal(a.Move) != nil {
				if !cfg.IgnoreIllegal {
					moveHook(cfg, c, turn, text+" ILLEGAL", &pos)
					return end(c, Illegal, ReasonIllegal)
				}
				conf = text + " ILLEGAL"
				pos.SetSide(c.Other())
				advance(&pos, c)
				break
			}
			u := pos.MakeMove(a.Move)
			res := u.Result()
			if res.Outcome == stratego.CapturesFlag {
				moveHook(cfg, c, turn, text+" VICTORY_FLAG", &pos)
				return end(c, Victory, ReasonFlag)
			}
			if pos.Mobile(c.Other()) == 0 {
				if pos.Mobile(c) == 0 {
					moveHook(cfg, c, turn, Confirm(text, res), &pos)
					return end(c, Draw, ReasonImmobile)
				}
				moveHook(cfg, c, turn, text+" VICTORY_ATTRITION", &pos)
				return end(c, Victory, ReasonAttrition)
			}
			conf = Confirm(text, res)
		}
		moveHook(cfg, c, turn, conf, &pos)
		news[stratego.Red] = append(news[stratego.Red], conf)
		news[stratego.Blue] = append(news[stratego.Blue], conf)
		if cfg.Stall > 0 {
			time.Sleep(cfg.Stall)
		}
		if c == stratego.Blue && pos.TurnLimit() > 0 && pos.Turn() >= pos.TurnLimit() {
			return end(c, DrawDefault, ReasonTurns)
		}
	}
}

// advance moves the turn counter after a lost turn as MakeMove does after
// a move: it goes up after Blue's.
func advance(pos *stratego.Position, mover stratego.Colour) {
	if mover == stratego.Blue {
		pos.SetTurn(pos.Turn() + 1)
	}
}

func moveHook(cfg Config, c stratego.Colour, turn int, text string, pos *stratego.Position) {
	if cfg.Hooks.Move != nil {
		cfg.Hooks.Move(c, turn, strings.TrimRight(text, "\n"), pos)
	}
}
