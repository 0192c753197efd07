package tourney

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// nameWidth is the most runes of a name the tables show.
const nameWidth = 18

// StandingsText writes st as a table in monospace, a line an entrant
// after a header:
//
//	#  Player  Pts  Games  W-D-L  Elo           SB
//	1  Ann       2      2  2-0-0  >+800        1.0
//	2  Bob     0.5      2  0-1-1  -191 ± >800  0.3
//	2  Cid     0.5      2  0-1-1  -191 ± >800  0.3
//
// Each column is as wide as its widest cell. names[i] is entrant i's
// name, cut to 18 runes (a name missing or empty is "#i+1"). Points are
// written "2.5", SB with one decimal, Elo with EloText.
func StandingsText(names []string, st []Standing) string {
	t := table{
		head:  []string{"#", "Player", "Pts", "Games", "W-D-L", "Elo", "SB"},
		right: []bool{false, false, true, true, false, false, true},
	}
	for _, s := range st {
		t.rows = append(t.rows, []string{
			strconv.Itoa(s.Rank),
			name(names, s.Entrant),
			PointsText(s.Points),
			strconv.Itoa(s.Games),
			strconv.Itoa(s.Wins) + "-" + strconv.Itoa(s.Draws) + "-" + strconv.Itoa(s.Losses),
			EloText(s.Elo, s.Margin, s.Games),
			SBText(s.SB),
		})
	}
	return t.String()
}

// CrosstableText writes the crosstable of the entrants named by names
// after results: a row an entrant, its number and name, then its points
// against each column's entrant summed over their games ("1½"), "·"
// where they have played no game yet and "x" against itself, then its
// total. Byes show nowhere but count in the total.
func CrosstableText(names []string, results []Result) string {
	n := len(names)
	pts := make([][]float64, n)
	playedPair := make([][]bool, n)
	for i := range pts {
		pts[i] = make([]float64, n)
		playedPair[i] = make([]bool, n)
	}
	total := make([]float64, n)
	for _, r := range results {
		if !valid(n, r.Pairing) {
			continue
		}
		total[r.First] += r.Score
		if r.IsBye() {
			continue
		}
		total[r.Second] += 1 - r.Score
		pts[r.First][r.Second] += r.Score
		pts[r.Second][r.First] += 1 - r.Score
		playedPair[r.First][r.Second] = true
		playedPair[r.Second][r.First] = true
	}
	t := table{head: []string{"", ""}, right: []bool{true, false}}
	for j := range n {
		t.head = append(t.head, strconv.Itoa(j+1))
		t.right = append(t.right, true)
	}
	t.head = append(t.head, "Total")
	t.right = append(t.right, true)
	for i := range n {
		row := []string{strconv.Itoa(i + 1), name(names, i)}
		for j := range n {
			switch {
			case i == j:
				row = append(row, "x")
			case !playedPair[i][j]:
				row = append(row, "·")
			default:
				row = append(row, halvesText(pts[i][j]))
			}
		}
		t.rows = append(t.rows, append(row, halvesText(total[i])))
	}
	return t.String()
}

// table lays out columns of text in monospace, two spaces apart, each
// as wide as its widest cell.
type table struct {
	head  []string
	right []bool // right-aligned columns
	rows  [][]string
}

func (t table) String() string {
	width := make([]int, len(t.head))
	for _, row := range append([][]string{t.head}, t.rows...) {
		for c, cell := range row {
			width[c] = max(width[c], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, row := range append([][]string{t.head}, t.rows...) {
		var line strings.Builder
		for c, cell := range row {
			if c > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[c]-utf8.RuneCountInString(cell))
			if t.right[c] {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// name returns entrant i's name fit for a table: cut to nameWidth runes,
// control characters (a line break would cut the table) as spaces, and
// "#i+1" when names has none.
func name(names []string, i int) string {
	if i < 0 || i >= len(names) || names[i] == "" {
		return "#" + strconv.Itoa(i+1)
	}
	s := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, names[i])
	return cut(s, nameWidth)
}

// pointsText writes points as "3" or "2.5".
func PointsText(p float64) string { return strconv.FormatFloat(p, 'f', -1, 64) }

// halvesText writes points with a half as "½": "1½", "½", "2", "0".
func halvesText(p float64) string {
	whole, frac := math.Modf(p)
	switch {
	case frac == 0:
		return fmtInt(whole)
	case frac == 0.5 && whole == 0:
		return "½"
	case frac == 0.5:
		return fmtInt(whole) + "½"
	}
	return PointsText(p)
}

// SBText writes a Sonneborn-Berger score with one decimal, halves
// rounded up: SB is a sum of quarters, and 0.25 and 0.75 should not
// round different ways.
func SBText(sb float64) string {
	return strconv.FormatFloat(math.Round(sb*10)/10, 'f', 1, 64)
}

// ScoreText writes one game's result from the first player's points:
// "1-0", "½-½", "0-1".
func ScoreText(first float64) string {
	switch first {
	case 1:
		return "1-0"
	case 0:
		return "0-1"
	}
	return "½-½"
}

// fmtInt writes a whole number.
func fmtInt(f float64) string { return strconv.FormatFloat(f, 'f', 0, 64) }

// fmtSigned writes a whole number with its sign: "+12", "-3".
func fmtSigned(f float64) string {
	if f > 0 {
		return "+" + fmtInt(f)
	}
	return fmtInt(f)
}
