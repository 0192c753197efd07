package congogame

import (
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
)

var _ bot.Exporter = (*Game)(nil)

// ErrExport: a state this kind did not make.
var ErrExport = errors.New("cannot export this game")

// Export is the host's export (bot.Exporter): the file cmd/congo
// --board=FEN and load replay (see state.Export).
func (g *Game) Export(st bot.State, meta bot.ExportMeta) (string, []byte, error) {
	s, ok := st.(*state)
	if !ok {
		return "", nil, fmt.Errorf("%w: not a Congo game", ErrExport)
	}
	m := ExportMeta{Date: meta.Date, Result: meta.Result}
	copy(m.Players[:], meta.Players)
	return s.Export(m)
}
