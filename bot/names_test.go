package bot_test

import "testing"

// TestYouConjugates: the console's speaker "you" is
// conjugated as you, not as a third person.
func TestYouConjugates(t *testing.T) {
	h := newHarness(t, nil)
	want(t, h.in("#y", "you", "!guess start @bob"), "#y", "bob, you challenge you to")
	want(t, h.in("#z", "you", "!guess host z1"), "#z", "you host Guess as z1.")
}

// TestLookAlikeNames: a name with letters outside ASCII
// (a Cyrillic а in "аlice") is shown with its code points, so it cannot
// pass for the ASCII name.
func TestLookAlikeNames(t *testing.T) {
	h := newHarness(t, nil)
	h.in("#x", "alice", "!guess start")
	rs := h.in("#x", "\u0430lice", "!join")
	want(t, rs, "#x", "\u0430lice (U+0430)")
	want(t, h.in("#x", "x", "!status"), "#x", "West (\u0430lice (U+0430))")
	rs = h.in("#x2", "al\u200bice", "!guess start")
	want(t, rs, "#x2", "al?ice (U+200B)")
	rs = h.in("#x3", "\u202eecila", "!guess start")
	want(t, rs, "#x3", "?ecila (U+202E)")
	// A name of many non-ASCII letters is shown whole, its marks cut.
	rs = h.in("#x4", "абвгдe", "!guess start")
	want(t, rs, "#x4", "абвгдe (U+0430 U+0431 U+0432 ...)")
}
