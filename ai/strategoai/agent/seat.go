package agent

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// Seat is one player of a game together with what it has yet to be told,
// so that a host running the game itself (a chat game against an agent
// program) tells the player exactly what the manager would: START before
// Red's first move, then before each move the confirmations since its
// last one, then the board; at the end its news and QUIT.
type Seat struct {
	Player Player
	Colour stratego.Colour
	news   []string
}

// NewSeat seats p as colour c at the start of a game.
func NewSeat(p Player, c stratego.Colour) *Seat {
	s := &Seat{Player: p, Colour: c}
	if c == stratego.Red {
		s.news = []string{"START"}
	}
	return s
}

// Tell queues a confirmation (either side's move) for the player.
func (s *Seat) Tell(confirmation string) { s.news = append(s.news, confirmation) }

// Ask delivers the news and the board of v and returns the answer.
func (s *Seat) Ask(v *stratego.View) (string, error) {
	n := s.news
	s.news = nil
	return s.Player.Move(n, v)
}

// Quit delivers the news and "QUIT <result>" and lets the player go.
func (s *Seat) Quit(result string) {
	n := s.news
	s.news = nil
	s.Player.Quit(n, result)
}

// Replay brings a freshly started player to a recorded game, for a host
// that restarted: it asks the setup query and ignores the army answered
// (the record's army, in start, is the one on the board, and the board
// messages show it), then walks the record: at each of the player's own
// moves it asks for a move as the manager would and ignores the answer
// (the record wins), and it tells every recorded move's confirmation. A
// player that fails meanwhile (timeout, exit) returns the error; the
// host then ends the game for it by the rules. Replaying costs the
// player's thinking time for each of its recorded moves.
func (s *Seat) Replay(opponent string, start stratego.Position, history []stratego.Result) error {
	if _, err := s.Player.Setup(s.Colour, opponent); err != nil {
		return fmt.Errorf("replay setup: %w", err)
	}
	pos := start
	for i, r := range history {
		if pos.Side() == s.Colour {
			v := pos.View(stratego.SeatOf(s.Colour))
			if _, err := s.Ask(&v); err != nil {
				return fmt.Errorf("replay move %d: %w", i+1, err)
			}
		}
		if _, err := pos.Play(r.Move); err != nil {
			return fmt.Errorf("replay move %d: %w", i+1, err)
		}
		s.Tell(Confirm(r.Move.Protocol(), r))
	}
	return nil
}
