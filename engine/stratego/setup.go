package stratego

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Setup is one side's 40 pieces in that side's own frame: Rows[0] is its
// back row, Rows[3] its front row, and column i is x = i on the board for
// both colours. Red's row i is y = i; Blue's row i is y = 9-i.
//
// The protocol writes a setup as 4 lines in board order (top to bottom):
// for Red back row first, for Blue front row first. Lines and
// ParseSetupLines convert.
type Setup struct {
	Rows [4][Width]Rank
}

// Validate checks the manual's counts: exactly 1,1,2,3,4,4,4,5,8,1,6,1.
func (s Setup) Validate() error {
	var n [NumRanks]int
	for _, row := range s.Rows {
		for _, r := range row {
			if r == NoRank || r >= NumRanks {
				return fmt.Errorf("unknown piece: %w", ErrInvalidSetup)
			}
			n[r]++
		}
	}
	for r := Marshal; r < NumRanks; r++ {
		if n[r] != ArmyCounts[r] {
			return fmt.Errorf("%d %c (%v) where the army has %d: %w", n[r], r.Token(), r, ArmyCounts[r], ErrInvalidSetup)
		}
	}
	return nil
}

func (s Setup) place(p *Position, c Colour) {
	for i, row := range s.Rows {
		y := i
		if c == Blue {
			y = Height - 1 - i
		}
		for x, r := range row {
			p.board[SquareAt(x, y)] = NewPiece(c, r)
			p.count(NewPiece(c, r), 1)
		}
	}
}

// Lines returns the setup as the protocol sends it for colour c: 4 lines
// of 10 letters in board order.
func (s Setup) Lines(c Colour) [4]string {
	var out [4]string
	for i, row := range s.Rows {
		b := make([]byte, Width)
		for x, r := range row {
			b[x] = r.Token()
		}
		j := i
		if c == Blue {
			j = 3 - i
		}
		out[j] = string(b)
	}
	return out
}

// String returns the setup in its own frame, back row first, rows joined
// by "/": "FB8sB479B8/BB31555583/6724898974/967B669999".
func (s Setup) String() string {
	l := s.Lines(Red)
	return strings.Join(l[:], "/")
}

// Mirror returns the setup reflected left to right (x → 9-x), an equally
// good formation that an opponent may not expect.
func (s Setup) Mirror() Setup {
	var m Setup
	for i, row := range s.Rows {
		for x, r := range row {
			m.Rows[i][Width-1-x] = r
		}
	}
	return m
}

// ParseSetupLines reads the 4 lines an agent answers the setup query
// with, in board order for colour c (Red: back row first; Blue: front row
// first). Each line must be exactly 10 letters; the counts must be the
// manual's.
func ParseSetupLines(c Colour, lines []string) (Setup, error) {
	var s Setup
	if len(lines) != 4 {
		return s, fmt.Errorf("%d lines, want 4: %w", len(lines), ErrInvalidSetup)
	}
	for j, line := range lines {
		if len(line) != Width {
			return Setup{}, fmt.Errorf("line %d %q has %d characters, want %d: %w", j+1, clip(line), len(line), Width, ErrInvalidSetup)
		}
		i := j
		if c == Blue {
			i = 3 - j
		}
		for x := 0; x < Width; x++ {
			r, ok := RankOfToken(line[x])
			if !ok {
				return Setup{}, fmt.Errorf("line %d: %q is not a piece: %w", j+1, line[x], ErrInvalidSetup)
			}
			s.Rows[i][x] = r
		}
	}
	if err := s.Validate(); err != nil {
		return Setup{}, err
	}
	return s, nil
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// ParseSetup reads a setup typed by a person: a formation name (see
// Formation), "random" (drawn from rng; nil means a fresh seed), or 4 rows
// of protocol letters in board order as ParseSetupLines, separated by
// newlines, spaces, commas or "/".
func ParseSetup(c Colour, text string, rng *rand.Rand) (Setup, error) {
	t := strings.TrimSpace(text)
	if t == "random" {
		if rng == nil {
			rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
		}
		return RandomSetup(rng), nil
	}
	if s, err := Formation(t); err == nil {
		return s, nil
	}
	rows := strings.FieldsFunc(t, func(r rune) bool {
		return r == '/' || r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t'
	})
	return ParseSetupLines(c, rows)
}

// formations are hand-made starting armies in their own frame (back row
// first). "progcomp" is the setup the 2012 sample agents always use.
var formations = []struct{ name, rows string }{
	{"progcomp", "FB8sB479B8/BB31555583/6724898974/967B669999"},
	{"fortress", "8BFB9958B9/7B6B4s6578/9531962874/48793B9956"},
	{"lakeside", "BFB8997B89/8B96685469/2s73B54B78/4967915359"},
	{"blitz", "FB87B9B858/B9646B7B69/48573s5729/9961899345"},
	{"shield", "9B8FB86979/B98B676859/5B97s24B39/4315974658"},
	{"corner", "FB98478B99/BB6537s695/579B486539/4896B12789"},
}

// Formations returns the names of the built-in formations.
func Formations() []string {
	out := make([]string, len(formations))
	for i, f := range formations {
		out[i] = f.name
	}
	return out
}

// Formation returns a built-in formation by name.
func Formation(name string) (Setup, error) {
	for _, f := range formations {
		if f.name == name {
			return ParseSetupLines(Red, strings.Split(f.rows, "/"))
		}
	}
	return Setup{}, fmt.Errorf("formation %q: %w", name, ErrUnknownFormation)
}

// RandomSetup returns the 40 pieces shuffled uniformly.
func RandomSetup(rng *rand.Rand) Setup {
	army := Army()
	rng.Shuffle(len(army), func(i, j int) { army[i], army[j] = army[j], army[i] })
	var s Setup
	for i, r := range army {
		s.Rows[i/Width][i%Width] = r
	}
	return s
}

// Army returns the 40 ranks of an army, strongest first.
func Army() []Rank {
	out := make([]Rank, 0, ArmySize)
	for r := Marshal; r < NumRanks; r++ {
		out = append(out, slices.Repeat([]Rank{r}, ArmyCounts[r])...)
	}
	return out
}
