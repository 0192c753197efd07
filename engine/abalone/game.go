package abalone

import (
	"fmt"
	"strconv"
	"strings"
)

// A saved game is text: the word "abalone", the start position (a layout
// name when it is one with Black to move, else the position text), then
// the moves in either notation, numbered in pairs ("1. a1b2 i5h5 2. …").
// Line breaks are spaces, so the text fits on one chat line as well as in
// a file:
//
//	abalone belgian
//	1. a1b2 i5h5 2. a2b3 i6h6

// FormatGame writes the game from start through moves in notation n. It
// replays the moves, since aMalone's notation depends on the position,
// and fails with ErrIllegalMove on the first that is not legal.
func FormatGame(start Position, moves []Move, n Notation) (string, error) {
	var b strings.Builder
	b.WriteString("abalone ")
	b.WriteString(startName(start))
	p := start
	col := 80
	for i, m := range moves {
		if o := p.Outcome(); o != Ongoing {
			return "", fmt.Errorf("%w: move %d %v: %v", ErrGameOver, i+1, m, o)
		}
		if !p.IsLegal(m) {
			return "", fmt.Errorf("%w: move %d %v: %s", ErrIllegalMove, i+1, m, p.whyIllegal(m))
		}
		tok := p.FormatMove(m, n)
		switch {
		case i == 0 && start.turn == White:
			tok = "1... " + tok
		case (i+int(start.turn))%2 == 0:
			tok = strconv.Itoa((i+int(start.turn))/2+1) + ". " + tok
		}
		if col+1+len(tok) > 72 {
			b.WriteByte('\n')
			col = 0
		} else {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(tok)
		col += len(tok)
		p.MakeMove(m)
	}
	b.WriteByte('\n')
	return b.String(), nil
}

// startName returns the layout name of p if it is one with Black to move,
// else its position text.
func startName(p Position) string {
	for _, l := range AllLayouts() {
		if NewPosition(l) == p {
			return l.String()
		}
	}
	return p.Text()
}

// ParseGame reads a saved game (see FormatGame) and replays it, checking
// every move. The word "abalone" is optional, and so are the move
// numbers; moves may be in either notation, even mixed. Errors wrap
// ErrInvalidGame and the cause (ErrInvalidPosition, ErrInvalidMove,
// ErrIllegalMove, ErrGameOver). Lines that start with "#" are comments.
func ParseGame(text string) (start Position, moves []Move, err error) {
	var body strings.Builder
	for line := range strings.Lines(text) {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			body.WriteString(line)
			body.WriteByte(' ')
		}
	}
	toks := strings.Fields(body.String())
	if len(toks) > 0 && strings.EqualFold(toks[0], "abalone") {
		toks = toks[1:]
	}
	if len(toks) > 0 && strings.EqualFold(toks[0], "load") {
		toks = toks[1:] // the bot's save: the command that loads it
	}
	if len(toks) == 0 {
		return Position{}, nil, fmt.Errorf("%w: no start position", ErrInvalidGame)
	}
	used := 1
	if _, lerr := ParseLayout(toks[0]); lerr != nil && !strings.Contains(toks[0], "=") && len(toks) > 1 {
		used = 2 // position text: rows and side to move, maybe the lost counts
		if len(toks) > 3 && isNumber(toks[2]) && isNumber(toks[3]) {
			used = 4
		}
	}
	start, err = ParsePosition(strings.Join(toks[:used], " "))
	if err != nil {
		return Position{}, nil, fmt.Errorf("%w: %w", ErrInvalidGame, err)
	}
	p := start
	for _, tok := range toks[used:] {
		tok = stripNumber(tok)
		if tok == "" {
			continue
		}
		m, err := p.ParseMove(tok)
		if err != nil {
			return Position{}, nil, fmt.Errorf("%w: ply %d: %w", ErrInvalidGame, len(moves)+1, err)
		}
		moves = append(moves, m)
		p.MakeMove(m)
	}
	return start, moves, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// stripNumber drops a leading move number "12." or "12..." from tok.
func stripNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return tok
	}
	return strings.TrimLeft(tok[i:], ".")
}

// Replay plays moves from start, checking each, and returns the position
// reached.
func Replay(start Position, moves []Move) (Position, error) {
	p := start
	for i, m := range moves {
		if _, _, err := p.Play(m); err != nil {
			return p, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	return p, nil
}
