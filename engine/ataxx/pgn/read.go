package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// Read reads every game in r. It takes the tags ([Name "Value"], with \"
// and \\ escapes), the FEN tag for the start (the standard start without
// one), and the move text: moves in UAI notation (or the manual's a7-b6
// and -), move numbers "1." and "1...", comments {...} and ; to the end of
// the line, % escape lines, NAGs ($1), !? suffixes and variations (...),
// which it skips; a game ends with its result (1-0, 0-1, 1/2-1/2 or *),
// which must agree with its Result tag. Every move is replayed from the
// start under the rules cuteataxx plays by (ataxx.RulesUAI); an illegal
// one is an error naming the game and the ply.
func Read(r io.Reader) ([]Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	p := &parser{data: data, line: 1}
	var games []Game
	for {
		g, ok, err := p.game(len(games) + 1)
		if err != nil {
			return games, err
		}
		if !ok {
			return games, nil
		}
		games = append(games, g)
	}
}

type parser struct {
	data []byte
	i    int
	line int
}

func (p *parser) errorf(n int, format string, args ...any) error {
	return fmt.Errorf("%w: game %d, line %d: %s", ErrSyntax, n, p.line, fmt.Sprintf(format, args...))
}

// skip passes over white space, comments, escape lines, NAGs and
// variations.
func (p *parser) skip(n int) error {
	depth := 0
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '\n':
			p.line++
			p.i++
			if p.i < len(p.data) && p.data[p.i] == '%' {
				p.skipLine()
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p.i++
		case c == '{':
			end := bytes.IndexByte(p.data[p.i:], '}')
			if end < 0 {
				return p.errorf(n, "comment { without }")
			}
			p.line += bytes.Count(p.data[p.i:p.i+end], []byte{'\n'})
			p.i += end + 1
		case c == ';':
			p.skipLine()
		case c == '%' && p.i == 0:
			p.skipLine()
		case c == '$':
			p.i++
			for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
				p.i++
			}
		case c == '(':
			depth++
			p.i++
		case c == ')':
			if depth == 0 {
				return p.errorf(n, "unexpected )")
			}
			depth--
			p.i++
		case depth > 0:
			// Inside a variation: skip its moves and numbers.
			if c == '[' || c == '"' {
				return p.errorf(n, "variation ( without )")
			}
			p.i++
		default:
			return nil
		}
	}
	if depth > 0 {
		return p.errorf(n, "variation ( without )")
	}
	return nil
}

func (p *parser) skipLine() {
	end := bytes.IndexByte(p.data[p.i:], '\n')
	if end < 0 {
		p.i = len(p.data)
		return
	}
	p.i += end // the newline itself is counted by skip
}

// tag reads [Name "Value"].
func (p *parser) tag(n int) (Tag, error) {
	p.i++ // [
	p.skipSpaces()
	start := p.i
	for p.i < len(p.data) && isNameByte(p.data[p.i]) {
		p.i++
	}
	name := string(p.data[start:p.i])
	if name == "" {
		return Tag{}, p.errorf(n, "tag without a name")
	}
	p.skipSpaces()
	if p.i >= len(p.data) || p.data[p.i] != '"' {
		return Tag{}, p.errorf(n, "tag %s: want a \"quoted\" value", name)
	}
	p.i++
	var v strings.Builder
	for {
		if p.i >= len(p.data) || p.data[p.i] == '\n' || p.data[p.i] == '\r' {
			return Tag{}, p.errorf(n, "tag %s: value without closing \"", name)
		}
		c := p.data[p.i]
		p.i++
		if c == '"' {
			break
		}
		if c == '\\' && p.i < len(p.data) && (p.data[p.i] == '"' || p.data[p.i] == '\\') {
			c = p.data[p.i]
			p.i++
		}
		v.WriteByte(c)
	}
	p.skipSpaces()
	if p.i >= len(p.data) || p.data[p.i] != ']' {
		return Tag{}, p.errorf(n, "tag %s: want ] after the value", name)
	}
	p.i++
	return Tag{name, v.String()}, nil
}

func (p *parser) skipSpaces() {
	for p.i < len(p.data) && (p.data[p.i] == ' ' || p.data[p.i] == '\t') {
		p.i++
	}
}

// token reads a move-text word.
func (p *parser) token() string {
	start := p.i
	for p.i < len(p.data) && !strings.ContainsRune(" \t\r\n\f\v{};$()[]\"%", rune(p.data[p.i])) {
		p.i++
	}
	return string(p.data[start:p.i])
}

// game reads the next game; ok is false at the end of the input.
func (p *parser) game(n int) (g Game, ok bool, err error) {
	if err := p.skip(n); err != nil {
		return g, false, err
	}
	if p.i >= len(p.data) {
		return g, false, nil
	}
	for p.i < len(p.data) && p.data[p.i] == '[' {
		t, err := p.tag(n)
		if err != nil {
			return g, false, err
		}
		g.Tags = append(g.Tags, t)
		if err := p.skip(n); err != nil {
			return g, false, err
		}
	}
	g.Start = ataxx.NewPosition()
	if fen, ok := g.Tag("FEN"); ok {
		if g.Start, err = ataxx.ParseFEN(fen); err != nil {
			return g, false, p.errorf(n, "FEN tag: %v", err)
		}
	}
	g.Start.SetRules(ataxx.RulesUAI)
	pos := g.Start
	for {
		if err := p.skip(n); err != nil {
			return g, false, err
		}
		if p.i >= len(p.data) || p.data[p.i] == '[' {
			return g, false, p.errorf(n, "the moves end without a result (1-0, 0-1, 1/2-1/2 or *)")
		}
		tok := p.token()
		if tok == "" {
			return g, false, p.errorf(n, "unexpected %q", p.data[p.i])
		}
		if validResult(tok) {
			g.Result = tok
			break
		}
		// A move number: digits and dots, maybe glued to the move.
		if j := strings.IndexFunc(tok, func(r rune) bool { return r < '0' || r > '9' }); j > 0 && tok[j] == '.' {
			tok = strings.TrimLeft(tok[j:], ".")
			if tok == "" {
				continue
			}
		}
		tok = strings.TrimRight(tok, "!?")
		m, err := ataxx.ParseMove(tok)
		if err != nil || tok == "" {
			return g, false, p.errorf(n, "ply %d: %q is not a move", len(g.Moves)+1, tok)
		}
		played, _, err := pos.Play(m)
		if err != nil {
			return g, false, fmt.Errorf("%w: game %d, ply %d (%s): %w", ErrIllegalMove, n, len(g.Moves)+1, tok, err)
		}
		g.Moves = append(g.Moves, played)
	}
	if r, ok := g.Tag("Result"); ok && r != g.Result {
		return g, false, p.errorf(n, "Result tag %q but the moves end %q", r, g.Result)
	}
	return g, true, nil
}
