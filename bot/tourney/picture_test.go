package tourney

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot/picture"
)

func TestPicture(t *testing.T) {
	tk, err := picture.New()
	if err != nil {
		t.Fatal(err)
	}
	standings := StandingsText(names5, Standings(5, swiss5))
	cross := CrosstableText(names5, swiss5)
	tests := []struct {
		name, title, text string
	}{
		{"standings", "Swiss, round 2", standings},
		{"crosstable", "Crosstable", cross},
		{"no title", "", cross},
		{"a long title over a short text", strings.Repeat("Ataxx ", 30), "1\n"},
		{"nothing", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Picture(tk, tt.title, tt.text)
			if err != nil {
				t.Fatalf("Picture: %v", err)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("decode: %v", err)
			}
			lines, cols := 0, 0
			for _, l := range strings.Split(strings.TrimRight(tt.text, "\n"), "\n") {
				if l != "" {
					lines++
				}
				cols = max(cols, len([]rune(l)))
			}
			size := img.Bounds().Size()
			// A character cell of the body face is 8 to 12 pixels wide
			// and a line 16 to 26 high, in a margin of 16 all round.
			minW, maxW := 32+8*cols, 32+12*max(cols, len([]rune(tt.title)))
			if size.X < minW || size.X > maxW {
				t.Errorf("width: got %d; want %d to %d for %d columns", size.X, minW, maxW, cols)
			}
			if minH, maxH := 32+16*lines, 32+26*lines+40; size.Y < minH || size.Y > maxH {
				t.Errorf("height: got %d; want %d to %d for %d lines", size.Y, minH, maxH, lines)
			}
			r, g, bl, _ := img.At(0, 0).RGBA()
			p := picture.Paper()
			if uint8(r>>8) != p.R || uint8(g>>8) != p.G || uint8(bl>>8) != p.B {
				t.Errorf("corner: got %v; want paper %v", img.At(0, 0), p)
			}
			if tt.text != "" && !hasInk(img, picture.Ink()) {
				t.Errorf("no pixel in the ink colour")
			}
		})
	}
}

func TestPictureRefuses(t *testing.T) {
	tk, err := picture.New()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Picture(nil, "t", "x"); err == nil {
		t.Errorf("Picture(nil, …): got no error; want one")
	}
	huge := strings.Repeat("x\n", maxPictureLines+1)
	if _, err := Picture(tk, "t", huge); !errors.Is(err, ErrTournament) {
		t.Errorf("Picture of %d lines: got %v; want ErrTournament", maxPictureLines+1, err)
	}
	wide := strings.Repeat("x", maxPictureRunes+1)
	if _, err := Picture(tk, "t", wide); !errors.Is(err, ErrTournament) {
		t.Errorf("Picture of a line of %d characters: got %v; want ErrTournament", maxPictureRunes+1, err)
	}
}

// hasInk says some pixel of img is col.
func hasInk(img image.Image, col color.RGBA) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == col {
				return true
			}
		}
	}
	return false
}
