package ataxx

import (
	"fmt"
	"strings"
)

// Rules is a rule set: how many consecutive non-extending plies (jumps and
// passes; a clone resets the count) end the game, and how that end is
// scored. Every other rule is the same in all sets.
type Rules uint8

// The rule sets.
const (
	// RulesManual is the users' guide (III.A.2): 45 jumps in a row end
	// the game, scored by piece count. The default.
	RulesManual Rules = iota
	// RulesCS61B is the CS61B project: 25 jumps in a row, scored by
	// piece count.
	RulesCS61B
	// RulesUAI is the modern engines' rule (the FEN halfmove clock):
	// 100 plies without a clone is a draw. Perft vectors use it.
	RulesUAI
)

// DefaultRules is the rule set of a new game.
const DefaultRules = RulesManual

// JumpLimit returns the number of consecutive non-extending plies that ends
// the game.
func (r Rules) JumpLimit() int {
	switch r {
	case RulesCS61B:
		return 25
	case RulesUAI:
		return 100
	default:
		return 45
	}
}

// LimitIsDraw reports whether reaching the jump limit is a draw (true) or
// scored by piece count (false).
func (r Rules) LimitIsDraw() bool { return r == RulesUAI }

// String returns the rule set's name: "manual", "cs61b" or "uai".
func (r Rules) String() string {
	switch r {
	case RulesCS61B:
		return "cs61b"
	case RulesUAI:
		return "uai"
	default:
		return "manual"
	}
}

// ParseRules reads a rule set name, case-insensitively.
func ParseRules(s string) (Rules, error) {
	for _, r := range []Rules{RulesManual, RulesCS61B, RulesUAI} {
		if strings.EqualFold(s, r.String()) {
			return r, nil
		}
	}
	return RulesManual, fmt.Errorf("%w: %q: want manual, cs61b or uai", ErrInvalidRules, s)
}

// Outcome is the state of a game's result.
type Outcome uint8

// The outcomes.
const (
	Ongoing Outcome = iota
	RedWins
	BlueWins
	Draw
)

// String returns "Red wins.", "Blue wins.", "Draw." or "Ongoing".
func (o Outcome) String() string {
	switch o {
	case RedWins:
		return "Red wins."
	case BlueWins:
		return "Blue wins."
	case Draw:
		return "Draw."
	default:
		return "Ongoing"
	}
}

// Winner returns the winning color and true, or false for a draw or an
// ongoing game.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case RedWins:
		return Red, true
	case BlueWins:
		return Blue, true
	}
	return Red, false
}

// WinFor returns the outcome in which c wins.
func WinFor(c Color) Outcome { return RedWins + Outcome(c) }
