package congogame

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/program"
	"github.com/ataxxbot/ataxxbot/engine/congo"
)

// programAct asks the UGI program pl, named name, for seat's turn: one
// process for the move, told the start position and the whole turns since
// in cmd/ugi's notation ("a2-a3", a monkey's path "b1-d3-f5"). Its answer
// is checked against the rules: a program that cannot answer or answers a
// move the rules refuse loses (program.Failed).
func (s *state) programAct(ctx context.Context, name string, pl ugi.Player, p bot.AIPlayer) (bot.Command, error) {
	start, moves := s.ugiGame()
	answer, err := pl.Choose(ctx, start, moves, p.Budget)
	if err != nil {
		return bot.Command{}, program.Failed(ctx, fmt.Errorf("AI program %s: %w", name, err))
	}
	pos := s.pos
	m, err := pos.ParseMove(answer)
	if err != nil {
		illegal := errors.Is(err, congo.ErrIllegalMove) || errors.Is(err, congo.ErrGameOver)
		return bot.Command{}, program.Refused(ctx, name, answer, err, illegal)
	}
	return MoveCommand(m), nil
}

// ugiGame is the game as a UGI program is told it: the start ("startpos"
// or the start FEN) and the whole turns since, a monkey's jumps taken one
// at a time joined into the path of their turn. While a turn is under way
// (a monkey stopped mid-jump), it is the current position, whose FEN says
// which monkey jumps, and no moves.
func (s *state) ugiGame() (start string, moves []string) {
	if s.pos.Jumping() {
		return s.pos.FEN(), nil
	}
	start = s.Start
	if start == congo.StartFEN {
		start = "startpos"
	}
	var turn []string // the squares of the turn under way
	for _, a := range s.acts {
		m := a.move
		if m.Jumps() > 0 || m.From() != m.To() { // not a stop
			path := m.Path()
			if len(turn) > 0 {
				path = path[1:] // the monkey's square, already in the path
			}
			for _, sq := range path {
				turn = append(turn, sq.String())
			}
		}
		if !m.IsOpen() {
			moves = append(moves, strings.Join(turn, "-"))
			turn = turn[:0]
		}
	}
	return start, moves
}
