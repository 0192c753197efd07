package ataxxgame

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// The state's record is the JSON that encoding/json writes for state
// (the struct's tags are the format). Every chat command reads a record
// and every change writes one, so both are done here by hand, without
// reflection: Encode writes exactly the bytes json.Marshal would, and
// decodeFast reads the records Encode writes, leaving anything else (other
// key spellings, escapes, null, non-ASCII text, unknown keys) to
// json.Unmarshal, so that old and odd records read as they always did.

// appendState appends s's record, byte for byte what json.Marshal writes
// for s once s.Moves holds its moves as text.
func (s *state) appendState(b []byte) ([]byte, error) {
	b = append(b, `{"rules":`...)
	b, err := appendJSONString(b, s.Rules)
	if err != nil {
		return nil, err
	}
	b = append(b, `,"start":`...)
	if b, err = appendJSONString(b, s.Start); err != nil {
		return nil, err
	}
	if len(s.moves) > 0 { // omitempty: every move's text is non-empty
		b = append(b, `,"moves":"`...)
		b = appendMoves(b, s.moves)
		b = append(b, '"')
	}
	if s.Began != 0 {
		b = append(b, `,"began":`...)
		b = strconv.AppendInt(b, int64(s.Began), 10)
	}
	return append(b, '}'), nil
}

// stateSize bounds the length of s's record, so that Encode allocates
// once: the keys, the two strings, at most five bytes a move, the number.
func (s *state) stateSize() int {
	return 64 + len(s.Rules) + len(s.Start) + 5*len(s.moves)
}

// appendJSONString appends str as a JSON string as json.Marshal writes
// it. Printable ASCII other than the quote, the backslash and the HTML
// characters json.Marshal escapes (<, >, &) is copied as it is; a string
// with anything else, never met in a record the bot writes, is left to
// encoding/json so that the escaping is its own.
func appendJSONString(b []byte, str string) ([]byte, error) {
	for i := 0; i < len(str); i++ {
		if c := str[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(str)
			if err != nil {
				return nil, fmt.Errorf("ataxx state: %w", err)
			}
			return append(b, q...), nil
		}
	}
	b = append(b, '"')
	b = append(b, str...)
	return append(b, '"'), nil
}

// appendMoves appends ms in UAI notation separated by spaces: the text
// of the record's moves.
func appendMoves(b []byte, ms []ataxx.Move) []byte {
	for i, m := range ms {
		if i > 0 {
			b = append(b, ' ')
		}
		switch {
		case m == ataxx.Pass:
			b = append(b, "0000"...)
		case m.IsJump():
			b = appendSquare(appendSquare(b, m.From()), m.To())
		case m.IsClone():
			b = appendSquare(b, m.To())
		default:
			b = append(b, m.String()...)
		}
	}
	return b
}

// appendSquare appends sq as Square.String writes it.
func appendSquare(b []byte, sq ataxx.Square) []byte {
	if !sq.Valid() {
		return append(b, sq.String()...)
	}
	return append(b, byte('a'+sq.File()), byte('1'+sq.Rank()))
}

// decodeFast reads a record of the form Encode writes into s's Rules,
// Start and Began and returns the text of its moves (a part of data). It
// reports false, having perhaps set some of those fields, for anything it
// does not read exactly as json.Unmarshal would; the caller then starts
// again with json.Unmarshal on a fresh state.
func (s *state) decodeFast(data []byte) (moves []byte, ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return nil, skipSpace(data, i+1) == len(data)
	}
	for {
		key, j, ok := plainString(data, i)
		if !ok {
			return nil, false
		}
		i = skipSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}
		i = skipSpace(data, i+1)
		switch string(key) {
		case "began":
			n, j, ok := plainInt(data, i)
			if !ok {
				return nil, false
			}
			s.Began, i = n, j
		case "rules", "start", "moves":
			v, j, ok := plainString(data, i)
			if !ok {
				return nil, false
			}
			switch string(key) {
			case "rules":
				s.Rules = internRules(v)
			case "start":
				s.Start = internStart(v)
			default:
				moves = v
			}
			i = j
		default:
			return nil, false
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return nil, false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return moves, skipSpace(data, i+1) == len(data)
		default:
			return nil, false
		}
	}
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// plainString reads the JSON string starting at data[i] if it holds only
// printable ASCII without escapes, and returns its contents (a part of
// data) and the index after its closing quote.
func plainString(data []byte, i int) (text []byte, end int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return data[i+1 : j], j + 1, true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// plainInt reads the JSON integer starting at data[i] if it has at most
// nine digits (no int overflows; no real record comes near) and is not
// followed by a fraction or an exponent, and returns it and the index
// after it.
func plainInt(data []byte, i int) (n, end int, ok bool) {
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		n = n*10 + int(data[i]-'0')
		i++
	}
	switch digits := i - start; {
	case digits == 0 || digits > 9:
		return 0, 0, false
	case digits > 1 && data[start] == '0': // not JSON
		return 0, 0, false
	}
	if i < len(data) && (data[i] == '.' || data[i] == 'e' || data[i] == 'E') {
		return 0, 0, false
	}
	if neg {
		n = -n
	}
	return n, i, true
}

// internRules returns the rules' name as a string, without allocating for
// the names Encode writes.
func internRules(b []byte) string {
	for _, name := range [...]string{"manual", "cs61b", "uai"} {
		if string(b) == name {
			return name
		}
	}
	return string(b)
}

// internStart returns the starting FEN as a string, without allocating
// for the usual one.
func internStart(b []byte) string {
	if string(b) == ataxx.StartFEN {
		return ataxx.StartFEN
	}
	return string(b)
}

// replayText rebuilds s's position from Start and the moves in text, as
// replay does from s.Moves, without splitting the text into strings:
// moves in UAI notation are read in place and checked by surelyLegal, the
// rest read by ataxx.ParseMove and checked by Position.Play. Text that is
// not ASCII, and any refusal, is handed to replay, which knows Unicode's
// white space and words the refusal.
func replayText[T string | []byte](s *state, text T) error {
	slow := func() error {
		s.Moves = string(text)
		return s.replay()
	}
	rules, err := parseRules(s.Rules)
	if err != nil {
		return err
	}
	var pos ataxx.Position
	if s.Start == ataxx.StartFEN {
		pos = ataxx.NewPosition()
	} else if pos, err = ataxx.ParseFEN(s.Start); err != nil {
		return err
	}
	pos.SetRules(rules)
	moves := s.moves[:0]
	if guess := len(text)/3 + 1; cap(moves) < guess { // mostly clones: 2 bytes and a space
		moves = make([]ataxx.Move, 0, guess)
	}
	var undo ataxx.Undo // of the last move, to step back to prev at the end
	for i := 0; i < len(text); {
		c := text[i]
		if isASCIISpace(c) {
			i++
			continue
		}
		j := i
		for ; j < len(text) && !isASCIISpace(text[j]); j++ {
			if text[j] >= 0x80 {
				return slow()
			}
		}
		word := text[i:j]
		i = j
		m, ok := parseUAIMove(word)
		switch {
		case ok && surelyLegal(&pos, m):
			undo = pos.MakeMove(m)
		default:
			if !ok {
				if m, err = ataxx.ParseMove(string(word)); err != nil {
					return slow()
				}
			}
			if m, undo, err = pos.Play(m); err != nil {
				return slow()
			}
		}
		moves = append(moves, m)
	}
	if n := len(moves); n > 0 {
		s.prev = pos
		s.prev.UnmakeMove(moves[n-1], undo)
	}
	s.moves = moves
	if s.Began < 0 || s.Began > len(moves) {
		return fmt.Errorf("ataxx state: began %d outside 0..%d", s.Began, len(moves))
	}
	s.pos = pos
	return nil
}

// surelyLegal reports whether m, as parseUAIMove reads it (a clone
// without its origin, a jump of 2 squares, or a pass), is legal in pos,
// cheaply: Position.Legal asks first whether the game is over, which costs
// a look at both sides' moves, but a side with a clone or jump of its own
// is not stuck, so only the piece counts and the jump limit can have ended
// the game. A false answer is not a refusal: the caller asks
// Position.Play, which refuses in its own words.
func surelyLegal(pos *ataxx.Position, m ataxx.Move) bool {
	if !m.IsClone() && !m.IsJump() { // a pass: legal only without a move
		return false
	}
	us := pos.Turn()
	mine := pos.Pieces(us)
	if mine == 0 || pos.Pieces(us.Other()) == 0 || pos.Halfmove() >= pos.Rules().JumpLimit() {
		return false
	}
	to := m.To()
	if !pos.Empty().Has(to) {
		return false
	}
	if m.IsJump() { // at distance 2: parseUAIMove checked
		return mine.Has(m.From())
	}
	return ataxx.Adjacent(to)&mine != 0
}

// parseRules is ataxx.ParseRules, quicker for the names Encode writes.
func parseRules(name string) (ataxx.Rules, error) {
	switch name {
	case "manual":
		return ataxx.RulesManual, nil
	case "cs61b":
		return ataxx.RulesCS61B, nil
	case "uai":
		return ataxx.RulesUAI, nil
	}
	return ataxx.ParseRules(name)
}

// asciiSpaces has bit c set for each ASCII byte c that strings.Fields
// splits at.
const asciiSpaces = 1<<' ' | 1<<'\t' | 1<<'\n' | 1<<'\v' | 1<<'\f' | 1<<'\r'

// isASCIISpace reports whether c is white space to strings.Fields.
func isASCIISpace(c byte) bool {
	return c <= ' ' && asciiSpaces&(uint64(1)<<c) != 0
}

// parseUAIMove reads the moves Encode writes: "b6" (a clone), "a7c5" (a
// jump) and "0000" (a pass), in lower case. It reports false for
// anything else, which ataxx.ParseMove then reads, or refuses, as always.
func parseUAIMove[T string | []byte](w T) (ataxx.Move, bool) {
	switch len(w) {
	case 2:
		to, ok := uaiSquare(w[0], w[1])
		return ataxx.Clone(to), ok
	case 4:
		if string(w) == "0000" {
			return ataxx.Pass, true
		}
		from, ok1 := uaiSquare(w[0], w[1])
		to, ok2 := uaiSquare(w[2], w[3])
		if !ok1 || !ok2 || max(absDiff(w[0], w[2]), absDiff(w[1], w[3])) != 2 {
			return ataxx.NoMove, false
		}
		return ataxx.Jump(from, to), true
	}
	return ataxx.NoMove, false
}

// absDiff returns |a-b|.
func absDiff(a, b byte) byte {
	if a < b {
		return b - a
	}
	return a - b
}

// uaiSquare reads a square from its file letter (lower case) and rank.
func uaiSquare(file, rank byte) (ataxx.Square, bool) {
	if file < 'a' || file > 'g' || rank < '1' || rank > '7' {
		return ataxx.NoSquare, false
	}
	return ataxx.NewSquare(int(file-'a'), int(rank-'1')), true
}

// joinMoves writes ms in UAI notation separated by spaces: the record's
// text of them.
func joinMoves(ms []ataxx.Move) string {
	return string(appendMoves(make([]byte, 0, 5*len(ms)), ms))
}

// Clone copies the state (bot.Cloner), so that the host can keep the game
// decoded between commands: the positions are values, the move list is
// copied.
func (s *state) Clone() bot.State {
	c := *s
	c.moves = slices.Clone(s.moves)
	return &c
}
