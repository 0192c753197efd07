package stratego

import "fmt"

// Rules selects the rule set. The two differ only when a piece other than
// a Miner attacks a Bomb.
type Rules uint8

const (
	// Progcomp is what the 2012 manager program does, and the default: the
	// attacker dies and the Bomb stays.
	Progcomp Rules = iota
	// Manual is what its manual says: "both pieces are destroyed".
	Manual
)

// String returns "progcomp" or "manual".
func (r Rules) String() string {
	if r == Manual {
		return "manual"
	}
	return "progcomp"
}

// ParseRules reads "progcomp" or "manual".
func ParseRules(s string) (Rules, error) {
	switch s {
	case "progcomp", "":
		return Progcomp, nil
	case "manual":
		return Manual, nil
	}
	return Progcomp, fmt.Errorf("rules %q: %w", s, ErrInvalidRules)
}

// Outcome is what a move did.
type Outcome uint8

const (
	// Moved: the destination was empty (the protocol's OK).
	Moved Outcome = iota
	// Kills: the attacker destroyed the defender and took its square.
	Kills
	// Dies: the defender destroyed the attacker.
	Dies
	// BothDie: both pieces were destroyed.
	BothDie
	// CapturesFlag: the attacker took the Flag; the game is won.
	CapturesFlag
)

var outcomeWords = [...]string{"OK", "KILLS", "DIES", "BOTHDIE", "FLAG"}

// String returns the protocol's word: OK, KILLS, DIES, BOTHDIE, or FLAG.
func (o Outcome) String() string {
	if int(o) >= len(outcomeWords) {
		return fmt.Sprintf("Outcome(%d)", uint8(o))
	}
	return outcomeWords[o]
}

// Combat returns what happens when a piece of rank attacker moves onto a
// piece of rank defender under rules r:
//
//   - the Flag is taken by anything (CapturesFlag);
//   - a Miner takes a Bomb (Kills); anything else that attacks a Bomb Dies
//     under Progcomp and BothDie under Manual;
//   - a Spy that attacks the Marshal Kills it (a Marshal that attacks the
//     Spy kills it by the general rule);
//   - equal ranks BothDie;
//   - otherwise the lower number (the higher rank) wins.
//
// Bombs and Flags never attack; Combat treats an attacking Bomb or Flag
// as losing, which the move generator never asks.
func Combat(attacker, defender Rank, r Rules) Outcome {
	switch {
	case !attacker.Movable():
		return Dies
	case defender == Flag:
		return CapturesFlag
	case defender == Bomb:
		if attacker == Miner {
			return Kills
		}
		if r == Manual {
			return BothDie
		}
		return Dies
	case attacker == Spy && defender == Marshal:
		return Kills
	case attacker == defender:
		return BothDie
	case attacker < defender:
		return Kills
	}
	return Dies
}
