// Package pgn reads and writes Ataxx game records in PGN as kz04px's
// cuteataxx writes them (src/core/pgn.cpp) and libataxx's Move and FEN
// parsers read them:
//
//	[Event "ataxx-match"]
//	[Site "ataxx-match"]
//	[Date "2026.11.23"]
//	[Round "1"]
//	[Black "first player"]
//	[White "second player"]
//	[Result "1-0"]
//	[FEN "x5o/7/7/7/7/7/o5x x 0 1"]
//	[FinalFEN "..."]
//	[Winner "first player"]
//	[Loser "second player"]
//	[PlyCount "3"]
//	[Material "+5"]
//
//	1. g2 a2 2. a7c5 *
//
// Black is x in FEN (ataxx.Red, the side that moves from the standard
// start), White is o (ataxx.Blue); "1-0" is a win for Black. Moves are in
// UAI notation: "b6" for a clone, "a7c5" for a jump, "0000" for a pass.
// Move numbers count from 1 at the first ply whatever the FEN's fullmove
// number, and a game whose first ply is White's starts "1... ". The move
// text is one line, as cuteataxx writes it.
package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Errors of Read and Write, wrapped with the game, line or ply.
var (
	ErrSyntax      = errors.New("pgn: syntax error")
	ErrIllegalMove = errors.New("pgn: illegal move")
	ErrBadGame     = errors.New("pgn: cannot write game")
)

// The results, from Black's (the first player's, x's) side.
const (
	BlackWins = "1-0"
	WhiteWins = "0-1"
	Draw      = "1/2-1/2"
	Unknown   = "*"
)

// Tag is one header line, [Name "Value"].
type Tag struct{ Name, Value string }

// Game is one game record. Start is the position before the first move
// (ataxx.NewPosition for the standard start; its FEN is written in the
// FEN tag). Write takes the Result and FEN tags from Result and Start
// wherever they stand in Tags (adding them when missing) and writes the
// other tags as they are: cuteataxx's FinalFEN, for one, is the position
// before the last move when that move lost on time.
type Game struct {
	Tags   []Tag
	Start  ataxx.Position
	Moves  []ataxx.Move
	Result string
}

// Tag returns the value of the first tag called name.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// ResultOf returns the result string of an outcome: "1-0" when Red (x,
// Black) won, "0-1" when Blue (o, White) won, "1/2-1/2" for a draw and
// "*" for a game still going.
func ResultOf(o ataxx.Outcome) string {
	switch o {
	case ataxx.RedWins:
		return BlackWins
	case ataxx.BlueWins:
		return WhiteWins
	case ataxx.Draw:
		return Draw
	}
	return Unknown
}

// Info is what NewGame needs besides the moves.
type Info struct {
	Event, Site string
	Date        time.Time
	Round       string
	Black       string // the player of x (Red)
	White       string // the player of o (Blue)
	// Adjudicated says why the game ended other than by the rules, in
	// cuteataxx's words ("Out of time", "Illegal move", "Max game length
	// reached", "Material imbalance", "Easy fill"); empty for none.
	Adjudicated string
}

// NewGame makes a record with cuteataxx's tags in cuteataxx's order:
// Event, Site, Date, Round, Black, White, Result, FEN, FinalFEN,
// Adjudicated (when set), Winner and Loser (when decided), PlyCount and
// Material (x's pieces minus o's at the end, signed). The Date is the
// PGN standard's YYYY.MM.DD. The moves are checked by replay.
func NewGame(info Info, start ataxx.Position, moves []ataxx.Move, result string) (Game, error) {
	end, err := replay(start, moves)
	if err != nil {
		return Game{}, fmt.Errorf("%w: %w", ErrBadGame, err)
	}
	site, round := info.Site, info.Round
	if site == "" {
		site = "?"
	}
	if round == "" {
		round = "1"
	}
	date := "????.??.??"
	if !info.Date.IsZero() {
		date = info.Date.Format("2006.01.02")
	}
	g := Game{Start: start, Moves: append([]ataxx.Move(nil), moves...), Result: result}
	g.Tags = []Tag{
		{"Event", info.Event}, {"Site", site}, {"Date", date}, {"Round", round},
		{"Black", info.Black}, {"White", info.White},
		{"Result", result}, {"FEN", start.FEN()}, {"FinalFEN", end.FEN()},
	}
	if info.Adjudicated != "" {
		g.Tags = append(g.Tags, Tag{"Adjudicated", info.Adjudicated})
	}
	switch result {
	case BlackWins:
		g.Tags = append(g.Tags, Tag{"Winner", info.Black}, Tag{"Loser", info.White})
	case WhiteWins:
		g.Tags = append(g.Tags, Tag{"Winner", info.White}, Tag{"Loser", info.Black})
	}
	material := end.Count(ataxx.Red) - end.Count(ataxx.Blue)
	sign := ""
	if material >= 0 {
		sign = "+"
	}
	g.Tags = append(g.Tags, Tag{"PlyCount", strconv.Itoa(len(moves))}, Tag{"Material", sign + strconv.Itoa(material)})
	return g, nil
}

// replay plays moves from start and returns the final position.
func replay(start ataxx.Position, moves []ataxx.Move) (ataxx.Position, error) {
	pos := start
	for i, m := range moves {
		if _, _, err := pos.Play(m); err != nil {
			return pos, fmt.Errorf("ply %d (%v): %w", i+1, m, err)
		}
	}
	return pos, nil
}

func validResult(s string) bool {
	return s == BlackWins || s == WhiteWins || s == Draw || s == Unknown
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// Write writes g as cuteataxx does: the tags, a blank line, the moves on
// one line ending with the result, and two blank lines. It refuses (with
// ErrBadGame) a result other than the four, a tag name other than
// letters, digits and _, a value holding a line break, and a move that is
// illegal where it stands.
func Write(w io.Writer, g Game) error {
	if !validResult(g.Result) {
		return fmt.Errorf("%w: result %q: want 1-0, 0-1, 1/2-1/2 or *", ErrBadGame, g.Result)
	}
	if _, err := replay(g.Start, g.Moves); err != nil {
		return fmt.Errorf("%w: %w", ErrBadGame, err)
	}
	derived := map[string]string{"Result": g.Result, "FEN": g.Start.FEN()}
	var b strings.Builder
	seen := map[string]bool{}
	put := func(name, value string) error {
		if !validName(name) {
			return fmt.Errorf("%w: tag name %q: want letters, digits and _", ErrBadGame, name)
		}
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("%w: tag %s: a value cannot hold a line break", ErrBadGame, name)
		}
		if v, ok := derived[name]; ok {
			value = v
			seen[name] = true
		}
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
		return nil
	}
	for _, t := range g.Tags {
		if err := put(t.Name, t.Value); err != nil {
			return err
		}
	}
	for _, name := range []string{"Result", "FEN"} {
		if !seen[name] {
			if err := put(name, ""); err != nil {
				return err
			}
		}
	}
	b.WriteString("\n")
	ply := 0
	if g.Start.Turn() == ataxx.Blue {
		b.WriteString("1... ")
		ply++
	}
	for _, m := range g.Moves {
		if ply%2 == 0 {
			b.WriteString(strconv.Itoa(ply/2+1) + ". ")
		}
		b.WriteString(m.String() + " ")
		ply++
	}
	b.WriteString(g.Result + "\n\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}
