package strategogame

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// ErrExport: a game that cannot be exported (not begun, or hidden from
// the one asking).
var ErrExport = errors.New("cannot export this game")

// ExportMeta is what the host knows of a game and the record does not.
type ExportMeta struct {
	// Players are Red's and Blue's names, the log's agent names (made one
	// word: anything but letters, digits and ._-:@/ becomes _).
	Players [2]string
	// Date the game began (names the file).
	Date time.Time
	// AsPlayer and Seat: the export is for the player of Seat (0 Red, 1
	// Blue), who may have a game still running; the opponent's army is
	// then written as # until the game is over. Without AsPlayer only a
	// finished game is exported.
	AsPlayer bool
	Seat     int
	// Result is the host's, when the host ended the game without the
	// game knowing (a draw agreed, a flag fallen): used when the game's
	// own result is not over. A win is written as the loser's SURRENDER
	// (the ending of a resignation), a draw as the manager's DRAW.
	Result bot.Result
}

// turnLimitReason is the 2012 manager's reason for a game the turn limit
// ended; cmd/stratego -f reads the limit from it.
const turnLimitReason = "Game declared a draw after %d turns"

// Reasons for ILLEGAL endings whose answer is not in the record: not the
// manager's own words, which tell -f that the last move line is the
// offending answer.
const (
	reasonUnkept  = " (the answer was not kept)"
	reasonBoxedIn = "No legal move"
	// reasonAgreed: a draw the host ended the game with.
	reasonAgreed = "Draw agreed"
)

// Export writes the game as the 2012 manager's -o log, which cmd/stratego
// -f (and the manager) replays to the same result line: "NAME RED SETUP"
// and Red's 4 rows, the same for Blue, a line "TURN RED: X Y DIR [N]
// OUTCOME" (BLU for Blue) per move as the manager confirms it, "Game ends
// on COLOUR's turn - REASON: ..." and the result line.
//
// Endings the manager does not have are written as the nearest it has:
//   - a resignation (or any host ending) during play is the resigner's
//     SURRENDER ("TURN RED: SURRENDER", result "NAME RED SURRENDER ...").
//     The manager takes SURRENDER only from the side to move: a
//     resignation made while the opponent was to move keeps the true
//     result line in the file, but -f cannot reproduce it (it stops at
//     the missing move of the side to move and blames that side);
//   - a resignation or an AI program's failure before both armies were
//     ready is a BAD_SETUP of that side, its rows left out; an opponent
//     who had given no army yet is written with the first built-in
//     formation (the manager asks both sides before judging either);
//   - a side to move that is boxed in (pieces that could move, none
//     free), which the engine ends at once, is that side's ILLEGAL, as
//     the manager finds it at its next answer (REASON: No legal move);
//   - an AI program's illegal move, bad answer, timeout or exit is an
//     ILLEGAL of that side with the manager's reason; the offending
//     answer itself is not in the record, so no line is written for it
//     and the reason says so ("Illegal move (the answer was not kept)":
//     the manager's bare reason would make -f take the last line for the
//     offending answer); -f gives the same result line.
//
// A draw the host ends the game with (ExportMeta.Result) is the
// manager's DRAW ("REASON: Draw agreed"; in setup "neither BOTH DRAW 0 0
// 0"): the file's result line is the game's, but -f, which has no agreed
// draw, cannot replay it.
//
// The manager knows progcomp rules only: a game under manual rules is
// written with its own rules' outcomes, which -f replays as progcomp (the
// same until a piece other than a Miner attacks a Bomb).
func (s *state) Export(m ExportMeta) (string, []byte, error) {
	over := s.over()
	f := s.rec.Forfeit
	hostDraw := false
	res := m.Result
	if h := s.rec.Host; h != nil {
		over, res = false, bot.Result{Over: true, Winner: h.Winner, Ending: h.Ending}
	}
	if !over && res.Over {
		over = true
		switch w := res.Winner; w {
		case 0, 1:
			f = &forfeit{Seat: 1 - w, Ending: res.Ending}
		default:
			hostDraw = true
		}
	}
	switch {
	case !s.rec.Began:
		return "", nil, fmt.Errorf("%w: it has not begun", ErrExport)
	case !over && (!m.AsPlayer || m.Seat < 0 || m.Seat > 1):
		return "", nil, fmt.Errorf("%w: the game is running and its armies are hidden; its players may export it", ErrExport)
	}
	names := [2]string{logName(m.Players[0], "red"), logName(m.Players[1], "blue")}
	visible := func(c stratego.Colour) bool { return over || int(c) == m.Seat }
	var b bytes.Buffer

	if s.game == nil {
		// In setup: a forfeit there is a bad setup.
		for c := stratego.Red; c <= stratego.Blue; c++ {
			fmt.Fprintf(&b, "%s %v SETUP\n", names[c], c)
			switch {
			case f != nil && int(c) == f.Seat:
			case s.rec.Setups[c] != "" && visible(c):
				for _, l := range strings.Split(s.rec.Setups[c], "/") {
					fmt.Fprintln(&b, l)
				}
			case f != nil || hostDraw:
				army, err := stratego.Formation(stratego.Formations()[0])
				if err != nil {
					return "", nil, err
				}
				for _, l := range army.Lines(c) {
					fmt.Fprintln(&b, l)
				}
			}
		}
		if hostDraw {
			r := agent.Result{Name: "neither", Colour: "BOTH", Outcome: agent.Draw}
			fmt.Fprintf(&b, "Game ends during setup - REASON: %s\n%v\n", reasonAgreed, r)
		}
		if f != nil {
			bad := stratego.Colour(f.Seat)
			r := agent.Result{Name: names[bad], Colour: bad.String(), Outcome: agent.BadSetup}
			if bad == stratego.Red {
				r.BlueValue = 148
			} else {
				r.RedValue = 148
			}
			fmt.Fprintf(&b, "Game ends during setup - REASON: %s\n%v\n", agent.ReasonBadSetup, r)
		}
		return exportName(m, names), b.Bytes(), nil
	}

	for c := stratego.Red; c <= stratego.Blue; c++ {
		fmt.Fprintf(&b, "%s %v SETUP\n", names[c], c)
		for _, l := range s.setups[c].Lines(c) {
			if !visible(c) {
				l = strings.Repeat("#", len(l))
			}
			fmt.Fprintln(&b, l)
		}
	}
	pos, err := stratego.NewPosition(s.setups[0], s.setups[1], s.opts)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrRecord, err)
	}
	ended := false
	end := func(c stratego.Colour, o agent.Outcome, reason string) {
		ended = true
		r := agent.Result{Name: names[c], Colour: c.String(), Outcome: o, Turn: pos.Turn(),
			RedValue: pos.Value(stratego.Red), BlueValue: pos.Value(stratego.Blue)}
		if o == agent.DrawDefault {
			reason = fmt.Sprintf(turnLimitReason, r.Turn)
		}
		fmt.Fprintf(&b, "Game ends on %v's turn - REASON: %s\n%v\n", c, reason, r)
	}
	for i, text := range s.rec.Moves {
		mv, err := stratego.ParseChatMove(text)
		if err != nil {
			return "", nil, fmt.Errorf("%w: move %d %q: %w", ErrRecord, i+1, text, err)
		}
		c, turn := pos.Side(), pos.Turn()
		vd := agent.Judge(&pos, mv.Protocol(), false)
		fmt.Fprintf(&b, "%d %s: %s\n", turn, short(c), vd.Log)
		if vd.End != "" {
			if i != len(s.rec.Moves)-1 {
				return "", nil, fmt.Errorf("%w: the game ended at move %d of %d", ErrRecord, i+1, len(s.rec.Moves))
			}
			end(c, vd.End, vd.Reason)
		}
	}
	if st := s.game.Status(); st.Reason == stratego.NoMoves && !ended {
		// The engine ends a game whose side to move is boxed in; the
		// manager asks that side anyway, and any answer is illegal.
		end(pos.Side(), agent.Illegal, reasonBoxedIn)
	}
	if hostDraw && !ended {
		end(pos.Side(), agent.Draw, reasonAgreed)
	}
	if f != nil && !ended {
		c := stratego.Colour(f.Seat)
		switch f.Ending {
		case EndIllegal:
			end(c, agent.Illegal, agent.ReasonIllegal+reasonUnkept)
		case EndBadAnswer:
			end(c, agent.Illegal, agent.ReasonBadAnswer+reasonUnkept)
		case EndTimeout:
			end(c, agent.Illegal, agent.ReasonTimeout)
		case EndExited:
			end(c, agent.Illegal, agent.ReasonExited)
		default: // surrendered, resigned, or any ending of the host's
			fmt.Fprintf(&b, "%d %s: SURRENDER\n", pos.Turn(), short(c))
			end(c, agent.Surrender, agent.ReasonSurrender)
		}
	}
	return exportName(m, names), b.Bytes(), nil
}

// short is the log's colour word on a move line: RED or BLU.
func short(c stratego.Colour) string {
	if c == stratego.Blue {
		return "BLU"
	}
	return "RED"
}

// logName makes name one word the log's "NAME COLOUR SETUP" line and the
// result line carry: letters, digits and ._-:@/ kept, anything else _,
// at most 40 runes; alt if nothing is left.
func logName(name, alt string) string {
	var b strings.Builder
	n := 0
	for _, r := range name {
		if n == 40 {
			break
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("._-:@/", r) {
			r = '_'
		}
		b.WriteRune(r)
		n++
	}
	if strings.Trim(b.String(), "_") == "" {
		return alt
	}
	return b.String()
}

// exportName is the file's name: stratego-DATE-RED-BLUE.log, safe as a
// file name anywhere.
func exportName(m ExportMeta, names [2]string) string {
	return bot.ExportName("stratego", "log", m.Date, names[:], []string{"red", "blue"})
}
