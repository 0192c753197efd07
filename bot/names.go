package bot

import (
	"fmt"
	"strings"
	"unicode"
)

// shown is a player's name as the host shows it. A name with characters
// outside ASCII gets their code points after it, "аlice (U+0430)", so that
// a look-alike (a Cyrillic а, an invisible zero-width space) cannot pass
// for the ASCII name it imitates; an invisible or direction-changing
// character is shown as "?" ("al?ice (U+200B)"). ASCII names are shown as
// they are.
func shown(name string) string {
	var marks []string
	seen := map[rune]bool{}
	var sb strings.Builder
	for _, r := range name {
		if unicode.Is(unicode.Cf, r) || unicode.IsControl(r) {
			sb.WriteByte('?')
		} else {
			sb.WriteRune(r)
		}
		if r < 0x80 || seen[r] || len(marks) > 3 {
			continue
		}
		seen[r] = true
		if len(marks) == 3 {
			marks = append(marks, "...") // the name goes on whole; its marks stop here
			continue
		}
		marks = append(marks, fmt.Sprintf("U+%04X", r))
	}
	if len(marks) == 0 {
		return sb.String()
	}
	return sb.String() + " (" + strings.Join(marks, " ") + ")"
}

// subject is name doing verb, written in the third person ("alice
// challenges"): the console's speaker is "you", who "challenge".
func subject(name, verb string) string {
	if name == "you" {
		first, rest, _ := strings.Cut(verb, " ")
		verb = strings.TrimSuffix(first, "s")
		if rest != "" {
			verb += " " + rest
		}
		return "you " + verb
	}
	return shown(name) + " " + verb
}
