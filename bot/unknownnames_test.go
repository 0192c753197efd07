package bot_test

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
)

// TestStartNamesTheConfiguredPrograms: start ai:NAME with a name no
// program has says so and names the programs that are configured (or
// that none is); a number out of range is still a level's refusal.
func TestStartNamesTheConfiguredPrograms(t *testing.T) {
	none := ataxxgame.New(nil, ataxxgame.Options{})
	two := ataxxgame.New(nil, ataxxgame.Options{Engines: map[string]ataxxgame.Engine{"tiny": ataxxgame.Greedy{}, "deep": ataxxgame.Greedy{}}})
	for _, c := range []struct {
		name string
		kind bot.Kind
		line string
		want string
	}{
		{"no program configured", none, "!ataxx start ai:foo", `no AI program named "foo" is configured for Ataxx (none is)`},
		{"two programs configured", two, "!ataxx start ai:foo", `no AI program named "foo" is configured for Ataxx; the configured ones are deep, tiny`},
		{"a level out of range", none, "!ataxx start ai:99", "AI level must be a number from 1 to 10"},
		{"a long number is a level", two, "!ataxx start ai:12345", "AI level must be a number from 1 to 10"},
		{"a configured program plays", two, "!ataxx start ai:tiny", "Game on: Red (alice) vs Blue (AI tiny)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil, c.kind)
			if got := text(h.in("#s", "alice", c.line)); !strings.Contains(got, c.want) {
				t.Errorf("%s: got\n%s\nwant %q", c.line, got, c.want)
			}
		})
	}
}

// TestHelpNamesTheGameThatHasTheCommand: help for another game's command
// says which game has it and what this table's game has.
func TestHelpNamesTheGameThatHasTheCommand(t *testing.T) {
	for _, c := range []struct {
		name, line, want string
	}{
		{"Stratego's command at an Ataxx table", "!help setup", "setup is a Stratego command (!stratego help setup). Ataxx's commands here: move, pass,"},
		{"Congo's command at an Ataxx table", "!help guide", "guide is a Congo command (!congo help guide). Ataxx's commands here:"},
		{"the table's own command", "!help dump", "!dump - "},
		{"nobody's command", "!help zzz", `No command "zzz". Say !help for the list.`},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, nil, realKinds(t)[1:]...) // Ataxx first: the default
			if got := text(h.in("#h", "alice", c.line)); !strings.Contains(got, c.want) {
				t.Errorf("%s: got\n%s\nwant %q", c.line, got, c.want)
			}
		})
	}
}
