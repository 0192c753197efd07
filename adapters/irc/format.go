package irc

import "strings"

// IRC clients format text with control codes inline: bold (\x02),
// colour (\x03 with an optional foreground of one or two digits and,
// after a comma, a background of one or two), hex colour (\x04 with an
// optional RRGGBB and ",RRGGBB"), reset (\x0f), monospace (\x11), reverse
// (\x16), italics (\x1d), strike-through (\x1e) and underline (\x1f).
// A command typed with any of them ("\x02!start\x02 ai", "!a7\x0304-b6")
// reads as the same command without them.

// formatCodes are the formatting control bytes stripFormatting removes.
const formatCodes = "\x02\x03\x04\x0f\x11\x16\x1d\x1e\x1f"

// stripFormatting removes IRC formatting codes from s, with the colour
// numbers that belong to them; everything else is kept as it is.
func stripFormatting(s string) string {
	if !strings.ContainsAny(s, formatCodes) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		i++
		switch c {
		case '\x02', '\x0f', '\x11', '\x16', '\x1d', '\x1e', '\x1f':
		case '\x03':
			if n := digits(s[i:], 2, isDigit); n > 0 {
				i += n
				if i+1 < len(s) && s[i] == ',' {
					if m := digits(s[i+1:], 2, isDigit); m > 0 {
						i += 1 + m
					}
				}
			}
		case '\x04':
			if n := digits(s[i:], 6, isHex); n == 6 {
				i += n
				if i+1 < len(s) && s[i] == ',' && digits(s[i+1:], 6, isHex) == 6 {
					i += 7
				}
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// digits counts the bytes at the start of s, at most max, that ok accepts.
func digits(s string, max int, ok func(byte) bool) int {
	n := 0
	for n < max && n < len(s) && ok(s[n]) {
		n++
	}
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
