package abalonegame

import (
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/abalone"
)

var _ bot.Exporter = (*Game)(nil)

// ErrExport: a state this kind did not make.
var ErrExport = errors.New("cannot export this game")

// Export is the host's export (bot.Exporter): the aMalone save that load
// reads, as save writes it, in the table's notation.
func (g *Game) Export(st bot.State, meta bot.ExportMeta) (string, []byte, error) {
	s, ok := st.(*state)
	if !ok {
		return "", nil, fmt.Errorf("%w: not an Abalone game", ErrExport)
	}
	text, err := abalone.FormatGame(s.start, s.moves, s.notation)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrExport, err)
	}
	return bot.ExportName("abalone", "txt", meta.Date, meta.Players, seats()), []byte(text), nil
}
