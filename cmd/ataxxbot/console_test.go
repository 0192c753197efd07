package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// consoleGreeting is the console's first line with the default games.
const consoleGreeting = "Games here: Ataxx, Congo, Abalone, Stratego. Type help for the commands, start to play Ataxx against the AI (congo start for Congo), quit to leave."

// TestConsoleGreetsWithHelpAndTheGames: the console's first line names
// help and every game it hosts, and how to start the default one; the
// CS61B dialect, whose expected output has no such line, starts silent.
func TestConsoleGreetsWithHelpAndTheGames(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	congo := filepath.Join(t.TempDir(), "congo.yaml")
	os.WriteFile(congo, []byte("default_game: congo\n"), 0o644)
	for _, tt := range []struct {
		name  string
		args  []string
		first string // the first line printed for the input "dump"
	}{
		{"the console", nil, consoleGreeting},
		{"the console subcommand", []string{"console"}, consoleGreeting},
		{"another default game", []string{"-config", congo}, "Games here: Ataxx, Congo, Abalone, Stratego. Type help for the commands, start to play Congo against the AI (ataxx start for Ataxx), quit to leave."},
		{"the CS61B dialect starts silent", []string{"console", "-cs61b"}, "==="},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := runBot(t, bin, "dump\n", tt.args...)
			first, _, _ := strings.Cut(out, "\n")
			if first != tt.first {
				t.Errorf("first line: got %q; want %q", first, tt.first)
			}
		})
	}
}

// TestChannelFlagAndJoinAreOneTable: -channel '#tA' and /join #TA name one
// channel, as on IRC, so the game started under the one is there under
// the other.
func TestChannelFlagAndJoinAreOneTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the bot")
	}
	bin := buildBot(t)
	for _, tt := range []struct{ name, flag, join string }{
		{"upper case typed", "#tA", "#TA"},
		{"lower case typed", "#tA", "#ta"},
		{"RFC 1459 brackets", "#t[A]", "#t{a}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out := runBot(t, bin, "start ai\n/join #elsewhere\n/join "+tt.join+"\nstatus\n", "-channel", tt.flag)
			if !strings.Contains(out, "Ataxx: Red (you), Blue (AI level 3).") {
				t.Errorf("after /join %s, status: got\n%s\nwant the game started under -channel %s", tt.join, out, tt.flag)
			}
		})
	}
}
