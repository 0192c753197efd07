package abalone

import (
	"fmt"
	"strings"
)

// Layout is a starting arrangement of the marbles.
type Layout uint8

const (
	// StandardLayout: Black on rows A, B and C3–C5, White opposite.
	StandardLayout Layout = iota
	// BelgianDaisy: two daisies of seven marbles a side.
	BelgianDaisy
	// GermanDaisy: the daisies moved in towards the centre.
	GermanDaisy
)

// layoutRows are the layouts as vectors.txt gives them (after
// Scriptim/Abalone-BoAI): rows I down to A, each from its lowest diagonal.
var layoutRows = [...][9]string{
	StandardLayout: {"WWWWW", "WWWWWW", "..WWW..", "........", ".........", "........", "..BBB..", "BBBBBB", "BBBBB"},
	BelgianDaisy:   {"WW.BB", "WWWBBB", ".WW.BB.", "........", ".........", "........", ".BB.WW.", "BBBWWW", "BB.WW"},
	GermanDaisy:    {".....", "WW..BB", "WWW.BBB", ".WW..BB.", ".........", ".BB..WW.", "BBB.WWW", "BB..WW", "....."},
}

var layoutNames = [...]string{StandardLayout: "standard", BelgianDaisy: "belgian", GermanDaisy: "german"}

// String returns the layout's name: "standard", "belgian" or "german".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return "unknown"
}

// ParseLayout reads a layout name: "standard" (or "start", "startpos"),
// "belgian" (or "belgian daisy", "belgian-daisy") and "german" likewise;
// case does not matter.
func ParseLayout(s string) (Layout, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.NewReplacer(" ", "", "-", "", "_", "").Replace(t)
	switch t {
	case "standard", "start", "startpos", "classic":
		return StandardLayout, nil
	case "belgian", "belgiandaisy":
		return BelgianDaisy, nil
	case "german", "germandaisy":
		return GermanDaisy, nil
	}
	return 0, fmt.Errorf("%w: %q: want a layout standard, belgian or german", ErrInvalidPosition, s)
}

// AllLayouts returns every layout.
func AllLayouts() []Layout { return []Layout{StandardLayout, BelgianDaisy, GermanDaisy} }

// NewPosition returns the layout with Black to move.
func NewPosition(l Layout) Position {
	var p Position
	if int(l) >= len(layoutRows) {
		l = StandardLayout
	}
	for i, row := range layoutRows[l] {
		r := 8 - i
		first := max(0, r-4)
		for j := range len(row) {
			switch row[j] {
			case 'B':
				p.marbles[Black] = p.marbles[Black].or(bit(int(NewCell(r, first+j))))
			case 'W':
				p.marbles[White] = p.marbles[White].or(bit(int(NewCell(r, first+j))))
			}
		}
	}
	p.hash = p.computeHash()
	return p
}

// StartPosition returns the standard layout with Black to move.
func StartPosition() Position { return NewPosition(StandardLayout) }
