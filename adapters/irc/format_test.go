package irc

import (
	"strings"
	"testing"
)

func TestStripFormatting(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain text is kept", "!status", "!status"},
		{"bold around a command", "\x02!start\x02 ai", "!start ai"},
		{"colour with a foreground inside a move", "!a7\x0304-b6", "!a7-b6"},
		{"reset at the end", "!status\x0f", "!status"},
		{"colour with one digit", "\x034!status", "!status"},
		{"colour with foreground and background", "\x0312,05!board", "!board"},
		{"colour with a one-digit background", "\x031,2!board", "!board"},
		{"colour takes at most two digits", "\x03123 stones", "3 stones"},
		{"bare colour keeps the text after it", "\x03!help", "!help"},
		{"comma after a colour without a background digit stays", "\x0304,x", ",x"},
		{"comma after a bare colour stays", "\x03,05x", ",05x"},
		{"hex colour", "\x04FF00aa!status", "!status"},
		{"hex colour with a background", "\x04ff0000,00FF00!status", "!status"},
		{"hex colour needs six digits", "\x04abc !status", "abc !status"},
		{"hex background needs six digits", "\x04ff0000,abc!status", ",abc!status"},
		{"italics underline strike monospace reverse", "\x1d!\x1fsta\x1etus\x11 \x16x", "!status x"},
		{"only codes", "\x02\x0f\x0304,05\x1d", ""},
		{"other control bytes are left for clean", "a\x01b\x07c", "a\x01b\x07c"},
		{"utf-8 is kept", "\x02é♟\x02", "é♟"},
		{"ends in a colour code", "x\x03", "x"},
		{"ends in a colour and comma", "x\x0301,", "x,"},
	}
	for _, tt := range tests {
		if got := stripFormatting(tt.in); got != tt.want {
			t.Errorf("%s: stripFormatting(%q) = %q; want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func FuzzStripFormatting(f *testing.F) {
	for _, s := range []string{"\x02!start\x02 ai", "!a7\x0304-b6", "!status\x0f", "\x0312,05x", "\x04ff0000,00FF00y", "\x03,", "\x04abc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := stripFormatting(s)
		if strings.ContainsAny(got, formatCodes) {
			t.Fatalf("stripFormatting(%q) = %q: a formatting code is left", s, got)
		}
		if again := stripFormatting(got); again != got {
			t.Fatalf("stripFormatting(%q) = %q, and again %q; want it unchanged", s, got, again)
		}
		if !strings.ContainsAny(s, formatCodes) && got != s {
			t.Fatalf("stripFormatting(%q) = %q; want text without codes unchanged", s, got)
		}
		// What is left is s with bytes taken out, in order.
		j := 0
		for i := 0; i < len(s) && j < len(got); i++ {
			if s[i] == got[j] {
				j++
			}
		}
		if j != len(got) {
			t.Fatalf("stripFormatting(%q) = %q: not s with bytes taken out", s, got)
		}
	})
}
