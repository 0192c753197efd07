package web

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ataxxbot/ataxxbot/bot"
)

// sayCases are say bodies and what parseSay makes of them.
var sayCases = []struct {
	name, body string
	line       string // "" refused
	private    bool
}{
	{"a move", `{"line":"a7-b6","private":false}`, "a7-b6", false},
	{"private", `{"line":"setup random","private":true}`, "setup random", true},
	{"spaces about it", `{"line":"  pass \t"}`, "pass", false},
	{"a long line", `{"line":"` + strings.Repeat("x", maxSayLine) + `"}`, strings.Repeat("x", maxSayLine), false},
	{"too long", `{"line":"` + strings.Repeat("x", maxSayLine+1) + `"}`, "", false},
	{"two lines", `{"line":"a\nb"}`, "", false},
	{"a tab inside", `{"line":"a\tb"}`, "", false},
	{"a NUL", `{"line":"a\u0000b"}`, "", false},
	{"a paragraph separator", `{"line":"a\u2029b"}`, "", false},
	{"blank", `{"line":""}`, "", false},
	{"no line", `{}`, "", false},
	{"an unknown field", `{"line":"a","user":"bob"}`, "", false},
	{"more after", `{"line":"a"} x`, "", false},
	{"an array", `["a"]`, "", false},
	{"nothing", ``, "", false},
	{"bytes not UTF-8 read as U+FFFD, as encoding/json reads them", "{\"line\":\"\xff\"}", "\ufffd", false},
}

// TestParseSay: the say bodies taken and refused.
func TestParseSay(t *testing.T) {
	for _, c := range sayCases {
		t.Run(c.name, func(t *testing.T) {
			line, private, err := parseSay([]byte(c.body))
			if c.line == "" {
				if err == nil {
					t.Errorf("got %q; want refused", line)
				}
				return
			}
			if err != nil || line != c.line || private != c.private {
				t.Errorf("got %q %v %v; want %q %v", line, private, err, c.line, c.private)
			}
		})
	}
}

// FuzzParseSay: whatever a body holds, parseSay never panics, and a line
// it takes is one line of text, not blank, within the limit, and what
// the JSON said (trimmed).
func FuzzParseSay(f *testing.F) {
	for _, c := range sayCases {
		f.Add([]byte(c.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		line, _, err := parseSay(body)
		if err != nil {
			return
		}
		if line == "" || len(line) > maxSayLine || !utf8.ValidString(line) || strings.TrimSpace(line) != line {
			t.Fatalf("body %q: took %q; want one trimmed line of text", body, line)
		}
		for _, r := range line {
			if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
				t.Fatalf("body %q: took %q with %U; want one line", body, line, r)
			}
		}
		var req sayRequest
		if json.Unmarshal(body, &req) != nil || strings.TrimSpace(req.Line) != line {
			t.Fatalf("body %q: took %q; want the JSON's line", body, line)
		}
	})
}

// hideCases are hide parameters and the hide they make ("" refused,
// "-" none).
var hideCases = []struct{ in, want string }{
	{"", "-"}, {"0", "[true]"}, {"1", "[false true]"}, {"0,1", "[true true]"}, {"1,1", "[false true]"},
	{"7", "[false false false false false false false true]"},
	{"8", ""}, {"-1", ""}, {"+1", ""}, {"01", ""}, {"0,", ""}, {",", ""}, {"a", ""}, {"0 1", ""}, {"99999999999999999999", ""},
}

// TestParseHide: the hide parameters taken and refused.
func TestParseHide(t *testing.T) {
	for _, c := range hideCases {
		hide, err := parseHide(c.in)
		got := "-"
		switch {
		case err != nil:
			got = ""
		case hide != nil:
			got = boolsText(hide)
		}
		if got != c.want {
			t.Errorf("parseHide(%q): got %q (%v); want %q", c.in, got, err, c.want)
		}
	}
}

func boolsText(b []bool) string {
	var parts []string
	for _, x := range b {
		parts = append(parts, strconv.FormatBool(x))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// FuzzParseHide: a hide parameter taken names seats 0 to 7, and hides
// exactly the seats it lists.
func FuzzParseHide(f *testing.F) {
	for _, c := range hideCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		hide, err := parseHide(in)
		if err != nil {
			return
		}
		if len(hide) > maxHideSeat {
			t.Fatalf("parseHide(%q): %d seats; want at most %d", in, len(hide), maxHideSeat)
		}
		listed := map[int]bool{}
		if in != "" {
			for _, f := range strings.Split(in, ",") {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("parseHide(%q) took %q", in, f)
				}
				listed[n] = true
			}
		}
		for i, h := range hide {
			if h != listed[i] {
				t.Fatalf("parseHide(%q): seat %d hidden %v; want %v", in, i, h, listed[i])
			}
		}
		if len(hide) > 0 && !hide[len(hide)-1] {
			t.Fatalf("parseHide(%q): %v ends with a seat not hidden", in, hide)
		}
	})
}

// TestValidToken: only short base64url-and-dot tokens are asked about.
func TestValidToken(t *testing.T) {
	cases := []struct {
		token string
		want  bool
	}{
		{"abc.DEF-ghi_0", true}, {strings.Repeat("a", maxToken), true}, {strings.Repeat("a", maxToken+1), false},
		{"", false}, {"a b", false}, {"a/b", false}, {"a+b", false}, {"a=b", false}, {"é", false}, {"<x>", false},
	}
	for _, c := range cases {
		if got := validToken(c.token); got != c.want {
			t.Errorf("validToken(%q): got %v; want %v", c.token, got, c.want)
		}
	}
}

// TestDrawBoard: a Surface's drawing: flipped positions, hexagons,
// labels read out, a piece of an unknown look, a board without extent.
func TestDrawBoard(t *testing.T) {
	sf := bot.Surface{Shape: "hex", Width: 4, Height: 3, Flip: true,
		Pieces: map[string]bot.PieceLook{"W": {Label: "white marble", Side: 1}},
		Cells:  []bot.Cell{{Name: "A1", X: 1, Y: 0.5, Piece: "W"}, {Name: "B2", X: 3.5, Y: 2, Piece: "?"}, {Name: "C3", X: 2, Y: 1, Class: "river"}},
		Last:   []string{"C3"}}
	b := drawBoard(sf, false)
	got := []string{b.ViewBox, b.Shape}
	for _, c := range b.Cells {
		got = append(got, c.Name+" "+c.Class+" "+c.Transform+" "+c.Label)
		if c.Piece != nil {
			got = append(got, c.Piece.Class+" "+strconv.FormatBool(c.Piece.Disc))
		}
	}
	want := []string{"0 0 4 3", "hex",
		"A1 cell translate(3 2.5) A1, white marble", "piece side-1 c-white true",
		"B2 cell translate(0.5 1) B2, ?", "piece side-none false",
		"C3 cell river last translate(2 2) C3, river, last move"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if pts := b.HexPoints(); pts != "0,-0.577 0.5,-0.289 0.5,0.289 0,0.577 -0.5,0.289 -0.5,-0.289" {
		t.Errorf("hexagon: got %q; want a pointy-top hexagon of unit width", pts)
	}
	if b := drawBoard(bot.Surface{Width: -1}, true); b.ViewBox != "0 0 1 1" || b.Shape != "square" {
		t.Errorf("a board without extent: got %q %q; want 0 0 1 1, square", b.ViewBox, b.Shape)
	}
}
