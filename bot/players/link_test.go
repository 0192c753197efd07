package players_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot/players"
)

var linkCodeCases = []struct {
	name, in, want string
}{
	{"as shown", "ABCDE-FGH23", "ABCDEFGH23"},
	{"lower case", "abcde-fgh23", "ABCDEFGH23"},
	{"no dash", "ABCDEFGH23", "ABCDEFGH23"},
	{"spaces", "ABCDE FGH23", "ABCDEFGH23"},
	{"look-alikes", "OILoi-lAAAA", "011011AAAA"},
	{"too short", "ABCDE-FGH2", ""},
	{"too long", "ABCDE-FGH234", ""},
	{"U is no letter", "ABCDE-FGH2U", ""},
	{"punctuation", "ABCDE.FGH23", ""},
	{"non-ASCII", "ÀBCDE-FGH23", ""},
	{"empty", "", ""},
	{"list", "list", ""},
}

// TestParseLinkCode: a code is read as players type it.
func TestParseLinkCode(t *testing.T) {
	for _, c := range linkCodeCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := players.ParseLinkCode(c.in)
			if c.want == "" {
				if err == nil {
					t.Fatalf("ParseLinkCode(%q): got %q; want an error", c.in, got)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("ParseLinkCode(%q): got %q, %v; want %q", c.in, got, err, c.want)
			}
		})
	}
}

// FuzzParseLinkCode: any text gives an error or ten characters of the
// code alphabet, which read again give themselves.
func FuzzParseLinkCode(f *testing.F) {
	for _, c := range linkCodeCases {
		f.Add(c.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code, err := players.ParseLinkCode(s)
		if err != nil {
			return
		}
		if len(code) != 10 || strings.Trim(code, "0123456789ABCDEFGHJKMNPQRSTVWXYZ") != "" {
			t.Fatalf("ParseLinkCode(%q): got %q; want 10 characters of the alphabet", s, code)
		}
		if again, err := players.ParseLinkCode(code); err != nil || again != code {
			t.Fatalf("ParseLinkCode(%q): got %q, %v; want itself", code, again, err)
		}
	})
}
