package strategogame

import (
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// readiness is each side's setup state as everyone may know it: ready or
// not, never whether an army was sent.
func (s *state) readiness() string {
	word := func(i int) string {
		if s.rec.Ready[i] {
			return colourName(i) + " ready"
		}
		return colourName(i) + " setting up"
	}
	return word(0) + ", " + word(1)
}

func (s *state) rulesText() string {
	limit := "no turn limit"
	if s.rec.Turns > 0 {
		limit = fmt.Sprintf("draw at turn %d", s.rec.Turns)
	}
	return fmt.Sprintf("%s rules, %s", s.rec.Rules, limit)
}

// Board is what viewer may see. During the setup: the readiness of both
// sides, and for a seat its own army. During play: the board from the
// seat's side with its own army and every enemy piece combat revealed;
// a spectator sees only what combat revealed. After the game: everything,
// for everyone.
func (s *state) Board(viewer int) bot.Reply {
	var b strings.Builder
	c, seated := seatOf(viewer)
	if s.game == nil && !s.over() {
		fmt.Fprintf(&b, "Stratego (%s): setup: %s.\n", s.rulesText(), s.readiness())
		if !seated || !s.rec.Began {
			return bot.Reply{Text: strings.TrimSpace(b.String()), Mono: true}
		}
		if s.rec.Setups[viewer] == "" {
			note := fmt.Sprintf("Send your army privately: setup random, setup NAME (%s) or setup ROW ROW ROW ROW (%s); then ready.",
				strings.Join(stratego.Formations(), ", "), rowOrder(c))
			b.WriteString(note)
			return bot.Reply{Text: b.String(), Mono: true, Note: note}
		}
		v, _, _ := s.boardView(viewer)
		b.WriteString(v.Render(c))
		lines := s.setups[viewer].Lines(c)
		note := fmt.Sprintf("Your army: %s", strings.Join(lines[:], " "))
		if !s.rec.Ready[viewer] {
			note += " (say ready when it is final)"
		}
		b.WriteString(note)
		return bot.Reply{Text: b.String(), Mono: true, Note: note}
	}
	if s.game == nil { // forfeited in the setup
		fmt.Fprintf(&b, "Stratego (%s): %s", s.rulesText(), s.status())
		return bot.Reply{Text: b.String(), Mono: true}
	}
	pos := s.game.Position()
	v, _, _ := s.boardView(viewer)
	fmt.Fprintf(&b, "Stratego (%s), turn %d: %s\n", s.rulesText(), pos.Turn(), s.status())
	b.WriteString(v.Render(c))
	if h := s.game.History(); len(h) > 0 {
		last := h[len(h)-1]
		mover := stratego.Colour((len(h) - 1) % 2)
		fmt.Fprintf(&b, "Last: %s %v", colourName(int(mover)), last.Move)
		if t := combatText(last, mover); t != "" {
			b.WriteString(" " + t)
		}
		b.WriteByte('\n')
	}
	b.WriteString("r/b: Red/Blue; 1 Marshal ... 9 Scout, s Spy, B Bomb, F Flag; # unknown")
	return bot.Reply{Text: b.String(), Mono: true}
}

// boardView is the board viewer may see now, the one Board and Picture
// show, and the side it is seen from (Red for a spectator): in the setup,
// a seat's own army once sent; in play, the seat's own army and every
// enemy piece combat revealed, or for a spectator only what combat
// revealed; after the game, everything. armies is false when the board
// shows no piece yet (the setup, before viewer sent an army).
func (s *state) boardView(viewer int) (v stratego.View, from stratego.Colour, armies bool) {
	c, seated := seatOf(viewer)
	if s.game == nil {
		p := stratego.EmptyPosition(s.opts)
		if seated && s.rec.Began && !s.over() && s.rec.Setups[viewer] != "" {
			place(&p, c, s.setups[viewer])
			return p.View(stratego.SeatOf(c)), c, true
		}
		return p.View(stratego.Spectator), c, false
	}
	seat := stratego.Spectator
	switch {
	case s.over():
		seat = stratego.Everyone
	case seated:
		seat = stratego.SeatOf(c)
	}
	pos := s.game.Position()
	return pos.View(seat), c, true
}

// place puts army on p for colour c.
func place(p *stratego.Position, c stratego.Colour, army stratego.Setup) {
	for i, row := range army.Rows {
		y := i
		if c == stratego.Blue {
			y = stratego.Height - 1 - i
		}
		for x, r := range row {
			_ = p.Put(stratego.SquareAt(x, y), stratego.NewPiece(c, r)) // a valid army on an empty half cannot fail
		}
	}
}

// status says whose move it is or how the game ended.
func (s *state) status() string {
	if h := s.rec.Host; h != nil {
		// The host ended it (a resignation, an agreed draw, the flag):
		// said as the host says it for every kind.
		return bot.OverText([]string{"red", "blue"}, bot.Result{Over: true, Winner: h.Winner, Ending: h.Ending})
	}
	if r := s.Result(); r.Over {
		w := "Draw"
		if r.Winner >= 0 {
			w = colourName(r.Winner) + " wins"
		}
		return fmt.Sprintf("%s (%s).", w, r.Ending)
	}
	if s.game == nil {
		return "setup."
	}
	p := s.game.Position()
	return colourName(int(p.Side())) + " to move."
}

// Summary is one public line: rules, turn, pieces left, and how it ended.
// Whose move it is the host says after it, with the player's name (as for
// every kind), so a running game's line does not say it too.
func (s *state) Summary(viewer int) string {
	if s.game == nil && !s.over() {
		return fmt.Sprintf("Stratego, %s; setup: %s.", s.rulesText(), s.readiness())
	}
	if s.game == nil {
		return fmt.Sprintf("Stratego, %s; %s", s.rulesText(), s.status())
	}
	p := s.game.Position()
	text := fmt.Sprintf("Stratego, %s; turn %d, pieces left: Red %d, Blue %d",
		s.rulesText(), p.Turn(), pieces(&p, stratego.Red), pieces(&p, stratego.Blue))
	if s.over() {
		return text + "; " + s.status()
	}
	return text + "."
}

func pieces(p *stratego.Position, c stratego.Colour) int {
	n := 0
	for r := stratego.Marshal; r < stratego.NumRanks; r++ {
		n += p.Count(c, r)
	}
	return n
}

// View answers the Look commands: pieces and moves.
func (s *state) View(c bot.Command, viewer int) (bot.Reply, error) {
	if len(c.Args) > 0 {
		return bot.Reply{}, fmt.Errorf("%s takes nothing", c.Verb)
	}
	switch c.Verb {
	case "pieces", "army":
		var parts []string
		for r := stratego.Marshal; r < stratego.NumRanks; r++ {
			parts = append(parts, fmt.Sprintf("%c %v x%d", r.Token(), r, stratego.ArmyCounts[r]))
		}
		return bot.Reply{Text: "An army: " + strings.Join(parts, ", ") + ". Formations: " +
			strings.Join(stratego.Formations(), ", ") + "."}, nil
	case "moves", "history":
		if s.game == nil || len(s.rec.Moves) == 0 {
			return bot.Reply{Text: "No moves yet."}, nil
		}
		var b strings.Builder
		for i, r := range s.game.History() {
			mover := stratego.Colour(i % 2)
			if i%2 == 0 {
				fmt.Fprintf(&b, "%d.", i/2+1)
			}
			fmt.Fprintf(&b, " %v", r.Move)
			if r.Combat() {
				fmt.Fprintf(&b, " (%s)", strings.TrimSuffix(combatText(r, mover), "."))
			}
			if mover == stratego.Blue {
				b.WriteByte('\n')
			}
		}
		return bot.Reply{Text: strings.TrimSpace(b.String()), Mono: true}, nil
	}
	return bot.Reply{}, fmt.Errorf("%s is not a look of Stratego", c.Verb)
}

// Actions offer a seat in the setup that is not ready a random army and
// the fortress formation (either replaces the army it has), and Ready
// once it has sent one.
func (s *state) Actions(seat int) []bot.Action {
	if !s.rec.Began || s.game != nil || s.over() || seat < 0 || seat > 1 || s.rec.Ready[seat] {
		return nil
	}
	acts := []bot.Action{{Label: "Random army", Command: "setup random"}, {Label: "Fortress", Command: "setup fortress"}}
	if s.rec.Setups[seat] != "" {
		acts = append(acts, bot.Action{Label: "Ready", Command: "ready"})
	}
	return acts
}

// Result tells whether the game is over: a flag captured, a side with no
// movable piece (both: a draw), a side boxed in, the turn limit (a draw),
// or an AI program's forfeit.
func (s *state) Result() bot.Result {
	if f := s.rec.Forfeit; f != nil {
		return bot.Result{Over: true, Winner: 1 - f.Seat, Ending: f.Ending, Score: s.score()}
	}
	if h := s.rec.Host; h != nil {
		return bot.Result{Over: true, Winner: h.Winner, Ending: h.Ending, Score: s.score()}
	}
	if s.game == nil {
		return bot.Result{Winner: -1}
	}
	st := s.game.Status()
	if !st.Over() {
		return bot.Result{Winner: -1}
	}
	r := bot.Result{Over: true, Winner: -1, Ending: bot.Ending(st.Reason.String()), Score: s.score()}
	if st.Reason == stratego.Attrition || st.Reason == stratego.NoMobilePieces {
		r.Ending = "no movable pieces"
	}
	if !st.Draw {
		r.Winner = int(st.Winner)
	}
	return r
}

func (s *state) score() string {
	if s.game == nil {
		return ""
	}
	p := s.game.Position()
	return fmt.Sprintf("Pieces left: Red %d, Blue %d.", pieces(&p, stratego.Red), pieces(&p, stratego.Blue))
}

// Undo is refused: a game of hidden armies does not take moves back (the
// taker would have seen what the move revealed).
func (s *state) Undo(seat int) (int, error) {
	return 0, fmt.Errorf("%w: Stratego moves cannot be taken back", bot.ErrNoUndo)
}
