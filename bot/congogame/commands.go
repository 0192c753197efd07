package congogame

import (
	"fmt"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/ai/congoai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// defaultBudget is the most the default engine thinks about a move.
const defaultBudget = 2 * time.Second

// showChoices are what show shows, as the guide's help page lists them.
var showChoices = []string{"board", "players", "moves", "game"}

// commands declares the guide's commands as chat verbs, and the kind's
// own: the host keeps help, so the guide's pages are under guide.
func commands() []bot.CommandSpec {
	return []bot.CommandSpec{
		{Name: "move", Use: bot.Act, Usage: "move FROM TO",
			Args:    []bot.Arg{{Name: "squares", Desc: "a2 a3, a2-a3, or a monkey's path b1-d3-f5", Type: bot.ArgRest, Required: true}},
			Summary: "move a piece (move a2 a3, or bare a2-a3); a monkey's jumps as one path (b1-d3-f5), or a jump at a time until stop"},
		{Name: "stop", Use: bot.Act, Summary: "end a monkey's jumps taken one at a time, where it stands (also move d3 d3)"},
		{Name: "show", Use: bot.Look, Args: []bot.Arg{{Name: "what", Desc: "board, players, moves or game (all)", Type: bot.ArgChoice, Choices: showChoices}},
			Summary: "the guide's board, players, legal moves, or all of them"},
		{Name: "advise", Use: bot.Look, Args: []bot.Arg{{Name: "adviser", Desc: "the guide's adviser", Type: bot.ArgChoice, Choices: []string{EngineNegamax, EngineRandom}}},
			Summary: "a move for the side to move, by the guide's negamax (or random) adviser"},
		{Name: "allow", Use: bot.Look, Summary: "the Congo commands you may give now"},
		{Name: "guide", Use: bot.Look, Args: []bot.Arg{{Name: "command", Desc: "a command of the guide"}},
			Summary: "the guide's manual page of a command (NAME, DESCRIPTION, USAGE), as its help does"},
		{Name: "fen", Use: bot.Look, Summary: "the position in Congo FEN"},
		{Name: "position", Aliases: []string{"setfen"}, Use: bot.Configure, Usage: "position standard|FEN",
			Args:    []bot.Arg{{Name: "fen", Desc: "standard, or a Congo FEN", Required: true}},
			Summary: "setup: start from the standard board or a Congo FEN (gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ/w/-1)"},
	}
}

// chatPages are the manual pages of the commands chat adds to the
// guide's, in the guide's form; the guide's own come from congo.Help.
var chatPages = map[string][2]string{
	"guide":    {"Shows the manual page of a command (the guide's help; help is the bot's).", "guide [allow|advise|guide|show|move|stop|fen|position]"},
	"stop":     {"Ends a monkey's jumps taken one at a time, where it stands.", "stop | move [a-g][1-7] [a-g][1-7] (the monkey's square twice)"},
	"fen":      {"Shows the position in Congo FEN.", "fen"},
	"position": {"Sets up the game from the standard board or a Congo FEN, before it begins.", "position standard|FEN"},
}

// chatCommands are the guide's commands that chat has, and chat's own,
// in the order allow lists them.
var chatCommands = []string{"allow", "advise", "guide", "show", "fen", "move", "stop"}

// page returns the manual page of command: the guide's, or chat's own;
// in chat (not guide) there is no page for help, which is the host's, nor
// for exit.
func page(command string, guide bool) (string, bool) {
	if p, ok := chatPages[command]; ok {
		return " NAME\n    " + command + "\n DESCRIPTION\n    " + p[0] + "\n USAGE\n    " + p[1] + "\n", true
	}
	switch command {
	case "help", "exit":
		if !guide {
			return "", false
		}
	}
	return congo.Help(command)
}

func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	g := s.game
	switch c.Verb {
	case "fen":
		if len(c.Args) > 0 {
			return bot.Reply{}, fmt.Errorf("fen takes no arguments (position FEN sets one up)")
		}
		return bot.Reply{Text: s.pos.FEN()}, nil
	case "allow":
		if g.opts.Guide {
			return bot.Reply{Text: g.line(congo.AllowedText())}, nil
		}
		return bot.Reply{Text: g.line(s.allowed(viewer))}, nil
	case "guide":
		name := "guide"
		if len(c.Args) > 0 {
			name = strings.ToLower(c.Args[0])
		}
		text, ok := page(name, g.opts.Guide)
		if !ok {
			// The guide's answer to a command it does not know.
			text = congo.UnsupportedText(cut(name))
			if !g.opts.Guide {
				text = strings.ReplaceAll(text, `"help help"`, `"guide guide"`)
			}
			return bot.Reply{Text: g.line(text)}, nil
		}
		// The guide prints a page without blank lines around it.
		return bot.Reply{Text: strings.TrimRight(text, "\n"), Mono: true}, nil
	case "advise":
		adviser := EngineNegamax
		if len(c.Args) > 0 {
			adviser = strings.ToLower(c.Args[0])
		}
		if err := s.mayAdvise(viewer); err != nil {
			return bot.Reply{}, err
		}
		var m congo.Move
		var err error
		switch adviser {
		case EngineNegamax:
			m, err = congoai.Negamax(s.pos, g.opts.AdviseDepth)
		case EngineRandom:
			m, err = congoai.Random(s.pos, int64(s.pos.Hash()>>1))
		default:
			return bot.Reply{}, fmt.Errorf("no adviser %q: say advise, advise negamax or advise random", cut(adviser))
		}
		if err != nil {
			return bot.Reply{}, fmt.Errorf("no move to advise: the game is over")
		}
		return bot.Reply{Text: g.line(congo.AdvisedText(m))}, nil
	case "show":
		what := "game"
		if len(c.Args) > 0 {
			what = strings.ToLower(c.Args[0])
		}
		switch what {
		case "board":
			return s.Board(viewer), nil
		case "players":
			return g.block(congo.PlayersText(&s.pos)), nil
		case "moves":
			return g.block(s.movesText()), nil
		case "game":
			return g.block(congo.BoardText(&s.pos) + "\n" + congo.PlayersText(&s.pos) + "\n" + s.movesText()), nil
		}
		return bot.Reply{}, fmt.Errorf("say show board, show players, show moves or show game")
	}
	return bot.Reply{}, fmt.Errorf("%s is not a Congo view", cut(c.Verb))
}

// mayAdvise says whether viewer may ask for advice: only the seat on move
// (a person who holds both seats is always on move; against the AI the
// person is on move whenever the AI is not thinking), never the opponent
// nor a spectator, who would otherwise coach a player or read the
// adviser's mind for the side to move. A finished game has no advice for
// anyone, which advise says itself.
func (s *state) mayAdvise(viewer int) error {
	if s.pos.Outcome() != congo.Ongoing {
		return nil
	}
	switch turn := int(s.pos.Turn()); {
	case viewer == bot.Spectator:
		return fmt.Errorf("only the player on move may ask for advice (you are not playing)")
	case viewer != turn:
		return fmt.Errorf("only the player on move may ask for advice (%s to move)", s.game.Spec().SeatName(turn))
	}
	return nil
}

// movesText lists the legal moves as the guide's show moves does.
func (s *state) movesText() string {
	moves := s.pos.LegalMoves()
	if len(moves) == 0 || s.pos.Outcome() != congo.Ongoing {
		return " No moves: the game is over.\n"
	}
	return congo.MovesText(moves)
}

// allowed answers allow as the guide's program does, for viewer: the
// commands they may give now, move, advise (and stop) only on their turn.
func (s *state) allowed(viewer int) string {
	var names []string
	mine := viewer == int(s.pos.Turn()) && s.pos.Outcome() == congo.Ongoing
	for _, n := range chatCommands {
		switch {
		case (n == "move" || n == "advise") && !mine, n == "stop" && !(mine && s.pos.Jumping()):
			continue
		}
		names = append(names, n)
	}
	return " Allowed commands are " + strings.Join(names, ", ") + ".\n"
}

// Board is the guide's board.
func (s *state) Board(viewer int) bot.Reply {
	text := congo.BoardText(&s.pos)
	if s.ended != nil {
		// The guide's board never says whose turn it is; a game the host
		// ended says that it is over, and how.
		text = strings.TrimRight(text, "\n") + "\n" + bot.OverText(seats(), *s.ended) + "\n"
	}
	return s.game.block(text)
}

// block is a block of the guide's text as a reply: in chat without its
// last newline; as the guide's program, with the blank line it prints
// before a block and the one after.
func (g *Game) block(text string) bot.Reply {
	if g.opts.Guide {
		return bot.Reply{Text: "\n" + text, Mono: true}
	}
	return bot.Reply{Text: strings.TrimRight(text, "\n"), Mono: true}
}

// line is one of the guide's lines as a reply: in chat without the
// leading space.
func (g *Game) line(text string) string {
	if g.opts.Guide {
		return strings.TrimRight(text, "\n")
	}
	return strings.TrimSpace(text)
}

// cut keeps an echoed word short.
func cut(s string) string {
	if len(s) > 20 {
		return s[:20] + "..."
	}
	return s
}

// guideForm writes a move's notation ("a2-a3", "b1-d3-f5") in the guide's
// view: "(a2,a3)", "(b1,d3,f5)".
func guideForm(notation string) string {
	return "(" + strings.ReplaceAll(notation, "-", ",") + ")"
}

// Phrase speaks the guide's words: a move is a transition, "White
// (alice): transition (a2,a3). Black (bob) to move."; as the guide's
// program (Options.Guide), only " transition (a2,a3)", the result and
// refusals are said, each line with the guide's leading space.
func (g *Game) Phrase(a bot.Announcement) string {
	switch a.Topic {
	case bot.TopicPlayed:
		tr := "transition " + guideForm(a.Notation)
		if g.opts.Guide {
			// The kind's own line about a monkey's jumps, if any, follows.
			if i := strings.Index(a.Text, "The monkey"); i >= 0 {
				if j := strings.Index(a.Text[i:], "."); j >= 0 {
					return " " + tr + "\n " + a.Text[i:i+j+1]
				}
			}
			return " " + tr
		}
		if strings.Contains(a.Text, " plays "+a.Notation+".") {
			return strings.Replace(a.Text, " plays "+a.Notation+".", ": "+tr+".", 1)
		}
		return a.Text
	case bot.TopicOver, bot.TopicRefused:
		if g.opts.Guide {
			return " " + a.Text
		}
	case bot.TopicChatter:
		if g.opts.Guide {
			return ""
		}
	}
	return a.Text
}
