package ataxxgame

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/engine/ataxx/pgn"
)

var _ bot.Exporter = (*Game)(nil)

// ErrExport: a state this kind did not make.
var ErrExport = errors.New("cannot export this game")

// Export writes the game as PGN as cuteataxx writes it: Black is the first
// player (x, Red), White the second; the FEN tag is the position play
// began from (after any setup moves, blocks included); the result is the
// host's ("1-0" when the first player won, a resignation included).
func (g *Game) Export(st bot.State, meta bot.ExportMeta) (string, []byte, error) {
	s, ok := st.(*state)
	if !ok {
		return "", nil, fmt.Errorf("%w: not an Ataxx game", ErrExport)
	}
	start, err := ataxx.ParseFEN(s.Start)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrExport, err)
	}
	if rules, err := ataxx.ParseRules(s.Rules); err == nil {
		start.SetRules(rules)
	}
	for _, m := range s.moves[:s.Began] {
		if _, _, err := start.Play(m); err != nil {
			return "", nil, fmt.Errorf("%w: setup move %s: %w", ErrExport, m, err)
		}
	}
	result := pgn.Unknown
	if meta.Result.Over {
		switch meta.Result.Winner {
		case 0:
			result = pgn.BlackWins
		case 1:
			result = pgn.WhiteWins
		default:
			result = pgn.Draw
		}
	} else if r := st.Result(); r.Over {
		result = pgn.ResultOf(s.pos.Outcome())
	}
	info := pgn.Info{Event: "ataxxbot", Site: "ataxxbot", Date: meta.Date.UTC()}
	if len(meta.Players) == 2 {
		info.Black, info.White = meta.Players[0], meta.Players[1]
	}
	game, err := pgn.NewGame(info, start, s.moves[s.Began:], result)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrExport, err)
	}
	var buf bytes.Buffer
	if err := pgn.Write(&buf, game); err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrExport, err)
	}
	return bot.ExportName("ataxx", "pgn", meta.Date, meta.Players, seats()), buf.Bytes(), nil
}

var _ bot.RuleSetter = (*state)(nil)

// RuleSet names the game's rules for the archive.
func (s *state) RuleSet() string { return s.Rules }
