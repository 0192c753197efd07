package abalonegame

import (
	"context"
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/ai/ugi"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/program"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

// programAct asks the UGI program pl, named name, for the move: one
// process for the move, told the start and the moves since in standard
// notation, as cmd/ugi reads them. Its answer is checked against the
// rules: a program that cannot answer or answers a move the rules refuse
// loses (program.Failed).
func (s *state) programAct(ctx context.Context, name string, pl ugi.Player, p bot.AIPlayer) (bot.Command, error) {
	start, moves := s.ugiGame()
	answer, err := pl.Choose(ctx, start, moves, p.Budget)
	if err != nil {
		return bot.Command{}, program.Failed(ctx, fmt.Errorf("AI program %s: %w", name, err))
	}
	m, err := s.pos.ParseMoveIn(answer, abalone.Standard)
	if err != nil {
		illegal := errors.Is(err, abalone.ErrIllegalMove) || errors.Is(err, abalone.ErrGameOver)
		return bot.Command{}, program.Refused(ctx, name, answer, err, illegal)
	}
	return bot.Command{Verb: "move", Args: []string{m.String()}}, nil
}

// ugiGame is the game as a UGI program is told it: "startpos" for the
// standard layout, else the start's position text, and the moves since.
func (s *state) ugiGame() (start string, moves []string) {
	start = "startpos"
	if s.start != abalone.StartPosition() {
		start = s.start.Text()
	}
	moves = make([]string, len(s.moves))
	for i, m := range s.moves {
		moves[i] = m.String()
	}
	return start, moves
}
