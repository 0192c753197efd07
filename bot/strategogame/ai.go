package strategogame

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ataxxbot/ataxxbot/ai/strategoai"
	"github.com/ataxxbot/ataxxbot/ai/strategoai/agent"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/stratego"
)

// aiLevel maps the host's levels (1 to 10) onto strategoai's (0 to 5):
// two host levels to each of ours, 1 and 2 the weakest search.
func aiLevel(l int) strategoai.Level {
	if l <= 0 {
		return 0
	}
	return strategoai.Level(min(int(strategoai.Levels)-1, (l+1)/2))
}

// opponentName is what an AI program is told it plays against.
const opponentName = "chat"

// AIAct chooses seat's action, seeing only what the seat may: its own
// army and the public result of every move (a quiet move's rank stays
// hidden). During the setup it sends an army, then ready.
func (s *state) AIAct(ctx context.Context, seat int, p bot.AIPlayer, seed int64) (bot.Command, error) {
	if err := ctx.Err(); err != nil {
		return bot.Command{}, err
	}
	if !slices.Contains(s.Pending(), seat) {
		return bot.Command{}, fmt.Errorf("%w: %s owes no action", bot.ErrNotYourTurn, colourName(seat))
	}
	if s.game == nil && s.rec.Setups[seat] != "" {
		return bot.Command{Verb: "ready"}, nil
	}
	if p.Engine != "" {
		return s.programAct(ctx, seat, p.Engine)
	}
	c := stratego.Colour(seat)
	ai := strategoai.New(c, aiLevel(p.Level), s.opts.Rules, uint64(seed))
	if p.Budget > 0 { // the game's clock: think no longer than its share
		cfg := strategoai.LevelConfig(aiLevel(p.Level))
		if cfg.Budget == 0 || cfg.Budget > p.Budget {
			cfg.Budget = p.Budget
		}
		ai.WithConfig(cfg)
	}
	if s.game == nil {
		lines := ai.Setup().Lines(c)
		return bot.Command{Verb: "setup", Args: lines[:]}, nil
	}
	if err := ai.UseSetup(s.setups[seat]); err != nil {
		return bot.Command{}, fmt.Errorf("AI army: %w", err)
	}
	for _, r := range s.game.History() {
		if err := ai.Observe(r.Public()); err != nil {
			return bot.Command{}, fmt.Errorf("AI observing %v: %w", r.Move, err)
		}
	}
	m := ai.Move()
	if m == stratego.NoMove {
		return bot.Command{}, fmt.Errorf("%w: the AI has no move", bot.ErrIllegal)
	}
	return bot.Command{Verb: "move", Args: []string{m.String()}}, nil
}

// programAct asks the AI program named for one action. The program is
// started for this action alone: during the setup it answers the setup
// query; during play it is brought to the position by replaying the game
// to it exactly as the manager would have told it (its answers to the
// recorded positions are ignored: the record wins), asked for one move,
// and killed and reaped. A failure of the program is its forfeit by the
// manual's rules; a program that is not configured or cannot be started
// is an error for the host to report (the operator's to fix; the game
// waits, and plays on once the program runs).
func (s *state) programAct(ctx context.Context, seat int, name string) (bot.Command, error) {
	cfg, ok := s.kind.programs[strings.ToLower(name)]
	if !ok {
		return bot.Command{}, fmt.Errorf("%w: no AI program %q is configured", ErrNoProgram, name)
	}
	prog, err := agent.StartProgram(cfg.Path, cfg.Timeout, nil)
	if err != nil {
		return bot.Command{}, fmt.Errorf("%w: %w", ErrNoProgram, err)
	}
	stop := context.AfterFunc(ctx, prog.Close)
	defer func() {
		stop()
		prog.Close()
	}()
	c := stratego.Colour(seat)
	lost := func(e bot.Ending) (bot.Command, error) {
		if ctx.Err() != nil {
			return bot.Command{}, ctx.Err() // killed for the host's reasons, not the program's
		}
		return bot.Command{Verb: forfeitVerb, Args: strings.Fields(string(e))}, nil
	}
	if s.game == nil {
		lines, err := prog.Setup(c, opponentName)
		if err != nil {
			return lost(EndBadSetup)
		}
		if _, err := stratego.ParseSetupLines(c, lines); err != nil {
			return lost(EndBadSetup)
		}
		return bot.Command{Verb: "setup", Args: lines}, nil
	}
	seatP := agent.NewSeat(prog, c)
	if err := seatP.Replay(opponentName, s.game.Start(), s.game.History()); err != nil {
		return lost(failure(err))
	}
	pos := s.game.Position()
	v := pos.View(stratego.SeatOf(c))
	answer, err := seatP.Ask(&v)
	if err != nil {
		return lost(failure(err))
	}
	vd := agent.Judge(&pos, answer, false)
	switch {
	case vd.Made:
		return bot.Command{Verb: "move", Args: []string{vd.Result.Move.String()}}, nil
	case vd.End == agent.Surrender:
		return lost(EndSurrender)
	case vd.Reason == agent.ReasonBadAnswer:
		return lost(EndBadAnswer)
	}
	return lost(EndIllegal)
}

// failure is the ending for a program that failed to answer.
func failure(err error) bot.Ending {
	switch {
	case errors.Is(err, agent.ErrTimeout):
		return EndTimeout
	case errors.Is(err, agent.ErrExited):
		return EndExited
	}
	return EndBadAnswer
}
