package strategogame

import (
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
)

var _ bot.Exporter = (*Kind)(nil)

// Export is the host's export (bot.Exporter): the 2012 manager's -o log
// that cmd/stratego -f replays (see state.Export). A game not over is
// exported only to a player of it (meta.Seat), the opponent's army hidden.
func (k *Kind) Export(st bot.State, meta bot.ExportMeta) (string, []byte, error) {
	s, ok := st.(*state)
	if !ok {
		return "", nil, fmt.Errorf("%w: not a Stratego game", ErrExport)
	}
	m := ExportMeta{Date: meta.Date, Result: meta.Result, AsPlayer: meta.Seat >= 0, Seat: max(meta.Seat, 0)}
	copy(m.Players[:], meta.Players)
	return s.Export(m)
}

var _ bot.RuleSetter = (*state)(nil)

// RuleSet names the game's rules for the archive.
func (s *state) RuleSet() string { return s.rec.Rules }
