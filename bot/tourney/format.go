package tourney

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// ErrTournament is wrapped by every refusal of this package: an unknown
// format, too few or too many entrants, too many rounds.
var ErrTournament = errors.New("bad tournament")

// MaxEntrants is the most entrants a tournament takes.
const MaxEntrants = 32

// MaxCycles is the most cycles of a round robin or a gauntlet, and the
// most rounds of a Swiss.
const MaxCycles = 20

// MaxGames is the most games a round robin may schedule.
const MaxGames = 2000

// Format is how a tournament pairs its entrants.
type Format string

// The formats.
const (
	RoundRobin Format = "roundrobin" // everyone meets everyone, once a cycle
	Gauntlet   Format = "gauntlet"   // entrant 0 meets everyone else, once a cycle
	Swiss      Format = "swiss"      // paired round by round by score
)

// ParseFormat reads a format's name, in any case: "roundrobin" (or "rr",
// "round-robin", "robin"), "gauntlet" or "swiss".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "roundrobin", "round-robin", "rr", "robin":
		return RoundRobin, nil
	case "gauntlet":
		return Gauntlet, nil
	case "swiss":
		return Swiss, nil
	}
	return "", fmt.Errorf("%w: unknown format %q (roundrobin, gauntlet or swiss)", ErrTournament, cut(s, 20))
}

// Title is the format's name in a sentence: "round robin", "gauntlet",
// "Swiss".
func (f Format) Title() string {
	switch f {
	case RoundRobin:
		return "round robin"
	case Gauntlet:
		return "gauntlet"
	case Swiss:
		return "Swiss"
	}
	return string(f)
}

// DefaultRounds is the number of rounds to play when none is asked for:
// two cycles of a round robin or a gauntlet (each pair plays both
// colours), and for a Swiss of n entrants ceil(log2 n)+1 rounds, at
// least 3 and at most MaxCycles.
func DefaultRounds(f Format, n int) int {
	if f != Swiss {
		return 2
	}
	r := 1
	if n > 1 {
		r = bits.Len(uint(n-1)) + 1 // ceil(log2 n) + 1
	}
	return min(max(r, 3), MaxCycles)
}

// cut returns s cut to at most n runes, the last one "…" when cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	var b strings.Builder
	i := 0
	for _, r := range s {
		if i == n-1 {
			break
		}
		b.WriteRune(r)
		i++
	}
	b.WriteString("…")
	return b.String()
}
